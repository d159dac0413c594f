package harness

import (
	"bytes"
	"encoding/hex"
	"fmt"

	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
)

// Batch cases: one call works on a batch of consecutive dataset items (the
// call for item i takes items i, i+1, ..., i+n-1, wrapping around the
// dataset), and the reports give the cost per item beside the cost per
// call.
//
//   - schnorr_verify_batch_n<N>_cores<1|all>: N BIP-340 signatures with
//     their parsed x-only keys -> one bool, true iff all are valid, on one
//     core or on all of them (GOMAXPROCS). Its ratio column divides the
//     cost per signature by the baseline's schnorr_verify_preparsed median
//     (a single verification), which every run that selects a batch case
//     also measures.
//   - schnorr_verify_batch_invalid_n<N>_k<K>_cores1: the same batch of N
//     on one core with K of its signatures invalid (the hash of the items at
//     the positions InvalidPositions(N, K) of the call flipped in its first
//     byte: spread evenly), answered with Verify and Invalid: -> the
//     indices Invalid reports (two bytes each, big-endian), and ok = the
//     batch was rejected. It measures what a client sending forgeries can
//     cost a verifier. The ratio column divides as for
//     schnorr_verify_batch.
//   - msm_n<N>: N parsed public keys P_j and scalars k_j (the item's 32-byte
//     hash reduced mod n) -> Σ k_j·P_j, serialized compressed (33 bytes; a
//     single 0x00 byte for the identity), on one core. There is no ratio:
//     libsecp256k1 exports no multi-scalar multiplication.

// BatchKind is the operation of a batch case.
type BatchKind string

// The batch kinds.
const (
	KindSchnorrVerifyBatch        BatchKind = "schnorr_verify_batch"
	KindSchnorrVerifyBatchInvalid BatchKind = "schnorr_verify_batch_invalid"
	KindMSM                       BatchKind = "msm"
)

// IsSchnorrBatch reports whether k is a BIP-340 batch verification kind,
// whose ratio divides by a single verification.
func (k BatchKind) IsSchnorrBatch() bool {
	return k == KindSchnorrVerifyBatch || k == KindSchnorrVerifyBatchInvalid
}

// BatchSpec describes a batch case.
type BatchSpec struct {
	Kind BatchKind
	// N is the number of items per call.
	N int
	// AllCores says the call may use every core (GOMAXPROCS goroutines);
	// otherwise it runs on the calling goroutine only.
	AllCores bool
	// Invalid is the number of invalid signatures in each call
	// (schnorr_verify_batch_invalid).
	Invalid int
}

// The batch sizes of the cases, and the numbers of invalid signatures in
// the invalid-batch cases (of SchnorrInvalidBatchSize: one, 1%, 10%, all).
var (
	SchnorrBatchSizes       = []int{1, 8, 64, 1024, 8192}
	SchnorrInvalidBatchSize = 1024
	SchnorrInvalidCounts    = []int{1, 10, 102, 1024}
	MSMSizes                = []int{2, 8, 32, 128, 512, 2048, 8192}
)

// BatchCases maps every batch case to its description.
var BatchCases = map[Case]BatchSpec{}

// SchnorrVerifyBatchCase returns the batch verification case for n
// signatures on one or all cores.
func SchnorrVerifyBatchCase(n int, allCores bool) Case {
	cores := "1"
	if allCores {
		cores = "all"
	}
	return Case(fmt.Sprintf("%s_n%d_cores%s", KindSchnorrVerifyBatch, n, cores))
}

// SchnorrVerifyBatchInvalidCase returns the invalid-batch case for n
// signatures of which k are invalid, on one core.
func SchnorrVerifyBatchInvalidCase(n, k int) Case {
	return Case(fmt.Sprintf("%s_n%d_k%d_cores1", KindSchnorrVerifyBatchInvalid, n, k))
}

// InvalidPositions returns the positions, within a call of n items, of
// the k invalid signatures of an invalid-batch case: j·n/k for j < k,
// spread evenly.
func InvalidPositions(n, k int) []int {
	pos := make([]int, k)
	for j := range pos {
		pos[j] = j * n / k
	}
	return pos
}

// EncodeIndices encodes indices below 2^16 as two big-endian bytes each:
// the output of an invalid-batch call.
func EncodeIndices(idx []int) []byte {
	out := make([]byte, 0, 2*len(idx))
	for _, i := range idx {
		out = append(out, byte(i>>8), byte(i))
	}
	return out
}

// MSMCase returns the multi-scalar multiplication case for n points.
func MSMCase(n int) Case { return Case(fmt.Sprintf("%s_n%d", KindMSM, n)) }

func init() {
	for _, n := range SchnorrBatchSizes {
		for _, all := range []bool{false, true} {
			c := SchnorrVerifyBatchCase(n, all)
			BatchCases[c] = BatchSpec{Kind: KindSchnorrVerifyBatch, N: n, AllCores: all}
			where := "on one core"
			if all {
				where = "on all cores (GOMAXPROCS)"
			}
			CaseDoc[c] = fmt.Sprintf("%d parsed x-only keys + messages + signatures -> bool (all valid?), one batch %s; reported per signature", n, where)
			AllCases = append(AllCases, c)
		}
	}
	for _, k := range SchnorrInvalidCounts {
		n := SchnorrInvalidBatchSize
		c := SchnorrVerifyBatchInvalidCase(n, k)
		BatchCases[c] = BatchSpec{Kind: KindSchnorrVerifyBatchInvalid, N: n, Invalid: k}
		CaseDoc[c] = fmt.Sprintf("%d parsed x-only keys + messages + signatures, %d of them invalid (spread evenly) -> the indices of the invalid ones (Verify + Invalid), one batch on one core; reported per signature", n, k)
		AllCases = append(AllCases, c)
	}
	for _, n := range MSMSizes {
		c := MSMCase(n)
		BatchCases[c] = BatchSpec{Kind: KindMSM, N: n}
		CaseDoc[c] = fmt.Sprintf("%d parsed public keys P_j + scalars k_j (hash mod n) -> sum of k_j*P_j, serialized compressed, on one core; reported per point", n)
		AllCases = append(AllCases, c)
	}
}

// Batch returns the batch description of c and whether c is a batch case.
func (c Case) Batch() (BatchSpec, bool) {
	s, ok := BatchCases[c]
	return s, ok
}

// ItemsPerOp is the number of items one call of c works on (1 for the
// single-operation cases).
func (c Case) ItemsPerOp() int {
	if s, ok := c.Batch(); ok {
		return s.N
	}
	return 1
}

// BatchWindow returns the indices of the items of the call for item i:
// i, i+1, ..., i+n-1 modulo the dataset size.
func BatchWindow(ds *Dataset, i, n int) []int {
	idx := make([]int, n)
	for j := range idx {
		idx[j] = (i + j) % ds.Len()
	}
	return idx
}

// MSMScalar returns the scalar k_j of item j in the msm cases: its hash
// reduced mod n, as 32 big-endian bytes.
func MSMScalar(it *Item) [32]byte {
	var s dcr.ModNScalar
	s.SetBytes(&it.Hash)
	return s.Bytes()
}

// expectMSM returns the compressed Σ k_j·P_j of the call for item i,
// computed as (Σ k_j·d_j)·G from the secret keys with decred.
func expectMSM(ds *Dataset, i, n int) []byte {
	var sum dcr.ModNScalar
	for _, j := range BatchWindow(ds, i, n) {
		it := &ds.Items[j]
		var k, d dcr.ModNScalar
		kb := MSMScalar(it)
		k.SetBytes(&kb)
		d.SetBytes(&it.Seckey)
		sum.Add(k.Mul(&d))
	}
	if sum.IsZero() {
		return []byte{0}
	}
	var r dcr.JacobianPoint
	dcr.ScalarBaseMultNonConst(&sum, &r)
	r.ToAffine()
	return dcr.NewPublicKey(&r.X, &r.Y).SerializeCompressed()
}

// batchGateStarts are the first items of the calls the gate checks.
var batchGateStarts = []int{0, 1, 37}

// checkBatch is the correctness gate of a batch case: a batch
// verification must accept batches of valid signatures, reject the
// mutated dataset (every signature invalid), and reject a batch in which
// exactly one signature (in the middle) is invalid; a multi-scalar
// multiplication must equal (Σ k_j·d_j)·G.
func (g *Gate) checkBatch(p Provider, c Case, spec BatchSpec, op Op, res *GateResult) {
	switch spec.Kind {
	case KindSchnorrVerifyBatch:
		for _, i := range batchGateStarts {
			res.Checked++
			if _, ok := op(i % g.ds.Len()); !ok {
				res.fail("batch at item %d: valid signatures rejected", i)
			}
		}
		badOp, err := p.Prepare(c, g.bad)
		if err != nil {
			res.fail("prepare (mutated dataset): %v", err)
			return
		}
		res.Checked++
		if _, ok := badOp(0); ok {
			res.fail("batch at item 0 (mutated=true): invalid signatures accepted")
		}
		// One invalid signature in the middle of the first batch.
		j := (spec.N / 2) % g.ds.Len()
		one := &Dataset{Seed: g.ds.Seed, Items: append([]Item(nil), g.ds.Items...)}
		one.Items[j].Hash[0] ^= 1
		one.Items[j].Valid = false
		oneOp, err := p.Prepare(c, one)
		if err != nil {
			res.fail("prepare (one invalid item): %v", err)
			return
		}
		res.Checked++
		if _, ok := oneOp(0); ok {
			res.fail("batch at item 0 with item %d invalid: accepted", j)
		}
	case KindSchnorrVerifyBatchInvalid:
		// Exactly the invalid signatures, at their positions in the call.
		want := EncodeIndices(InvalidPositions(spec.N, spec.Invalid))
		for _, i := range batchGateStarts {
			res.Checked++
			out, ok := op(i % g.ds.Len())
			if !ok || !bytes.Equal(out, want) {
				res.fail("batch at item %d with %d invalid: rejected %v, indices %s, want %s", i, spec.Invalid, ok, hex.EncodeToString(out), hex.EncodeToString(want))
			}
		}
	case KindMSM:
		for _, i := range batchGateStarts {
			i %= g.ds.Len()
			res.Checked++
			out, ok := op(i)
			if want := expectMSM(g.ds, i, spec.N); !ok || !bytes.Equal(out, want) {
				res.fail("sum at item %d: %s, want %s", i, hex.EncodeToString(out), hex.EncodeToString(want))
			}
		}
	default:
		res.fail("unknown batch kind %q", spec.Kind)
	}
}
