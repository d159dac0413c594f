package schnorr

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// ErrInvalidSignature: a signature that is not 64 bytes, or whose r is not
// below p or whose s is not below n (BIP-340 rejects these before any
// curve arithmetic).
var ErrInvalidSignature = errors.New("schnorr: invalid signature")

// ErrNilBatchVerifier: a method was called on a nil *BatchVerifier.
var ErrNilBatchVerifier = errors.New("schnorr: nil BatchVerifier")

// BatchVerifier checks many BIP-340 signatures at once, faster than
// verifying them one by one: at 1024 signatures the cost per signature is
// about a third of Verify's on one core (doc/batch.md), and large batches
// use every core.
//
// Add the signatures, then call Verify to learn whether all of them are
// valid, and Invalid to learn which are not. The answer is the one Verify
// gives for each signature, up to a probability below 2^-128 that an
// invalid batch passes (the randomized check of BIP-340's "Batch
// Verification" section); Invalid never reports a valid signature.
//
// The zero value is an empty batch ready to use. A BatchVerifier must not
// be used by several goroutines at once (it uses goroutines of its own) and
// must not be copied after first use. Reset empties it and keeps its memory
// for the next batch.
type BatchVerifier struct {
	_ noCopy // go vet reports copies

	// Workers is the number of goroutines that Verify and Invalid may use:
	// 0 means runtime.GOMAXPROCS(0), 1 means the calling goroutine only.
	// Small batches never start goroutines.
	Workers int

	entries []batchEntry
	msgs    []byte // the messages, back to back

	// The state computed by the first Verify or Invalid after an Add.
	prepared bool
	allValid bool   // every signature is valid
	eqValid  bool   // the equation holds (known-bad entries left out)
	bad      []bool // bad[i]: R_i has no point (known invalid)
	searched bool   // invalid holds Invalid's answer
	invalid  []int
	rterms   []ecmult.Term   // a_i·(-R_i)
	ae       []scalar.Scalar // -a_i·e_i, the entry's share of its key's scalar
	as       []scalar.Scalar // a_i·s_i, the entry's share of the G scalar
	scratch  ecmult.Scratch

	// Signatures by the same key share one term (Σ -a_i·e_i)·P: keyOf[i]
	// numbers entry i's key, keyFirst[k] is the first entry with key k.
	keyOf    []int32
	keyFirst []int32
	keyPos   []int32 // during rangeValid: key k's term, or -1
	keySeen  map[[32]byte]int32
	work     []ecmult.Term   // the terms of one equation
	ksum     []scalar.Scalar // the key scalars of one equation
	klist    []int32         // the keys of one equation
}

// batchEntry is one signature as Add parsed it.
type batchEntry struct {
	p      group.Affine  // the public key's point (even y)
	rb     [32]byte      // the signature's r as encoded
	r      field.Element // the signature's r, < p
	s      scalar.Scalar // the signature's s, < n
	e      scalar.Scalar // the challenge, set by prepare
	msgEnd int           // the message is msgs[previous msgEnd:msgEnd]
}

// Add appends the signature sig of msg (of any length) by pub to the batch.
// It returns an error, and adds nothing, for a nil or zero-value key (an
// error wrapping secp256k1.ErrInvalidPublicKey) and for a signature that no
// key can make valid: not 64 bytes, r >= p or s >= n (ErrInvalidSignature).
// Every other signature is added, and Verify and Invalid judge it. msg and
// sig are copied, not retained.
func (b *BatchVerifier) Add(pub *secp256k1.XOnlyPublicKey, msg, sig []byte) error {
	if b == nil {
		return ErrNilBatchVerifier
	}
	p, err := (*keys.XOnly)(pub).Point()
	if err != nil {
		return err
	}
	if len(sig) != SignatureSize {
		return fmt.Errorf("%w: length %d, want %d", ErrInvalidSignature, len(sig), SignatureSize)
	}
	var e batchEntry
	if e.r.SetCanonicalBytes((*[32]byte)(sig[:32])) != 1 {
		return fmt.Errorf("%w: r >= p", ErrInvalidSignature)
	}
	if e.s.SetCanonicalBytes((*[32]byte)(sig[32:])) != 1 {
		return fmt.Errorf("%w: s >= n", ErrInvalidSignature)
	}
	e.p = *p
	copy(e.rb[:], sig[:32])
	b.msgs = append(b.msgs, msg...)
	e.msgEnd = len(b.msgs)
	b.entries = append(b.entries, e)
	b.prepared = false
	return nil
}

// Len returns the number of signatures in the batch (0 for a nil
// BatchVerifier).
func (b *BatchVerifier) Len() int {
	if b == nil {
		return 0
	}
	return len(b.entries)
}

// Reset empties the batch, keeping its memory for the next one.
func (b *BatchVerifier) Reset() {
	if b == nil {
		return
	}
	b.entries = b.entries[:0]
	b.msgs = b.msgs[:0]
	b.prepared = false
}

// Verify reports whether every signature in the batch is valid, as Verify
// would judge it. An empty batch is valid; a nil BatchVerifier is not.
// Execution time depends on the inputs, which are public.
func (b *BatchVerifier) Verify() bool {
	if b == nil {
		return false
	}
	b.prepare()
	return b.allValid
}

// Invalid returns the indices (in the order of Add, from 0) of the
// signatures in the batch that schnorr.Verify rejects, in increasing order
// (a new slice), or nil if all are valid (or b is nil). It finds them by
// bisection: halves of a failing range are checked with the same
// randomized equation, and ranges of a few signatures are verified one by
// one, so that a reported index is certainly invalid. Execution time
// depends on the inputs, which are public.
func (b *BatchVerifier) Invalid() []int {
	if b == nil {
		return nil
	}
	b.prepare()
	if b.allValid {
		return nil
	}
	if !b.searched {
		b.searched = true
		b.invalid = b.invalid[:0]
		for i, bad := range b.bad {
			if bad {
				b.invalid = append(b.invalid, i)
			}
		}
		// The known-bad entries contribute nothing to the equation: if it
		// fails, other entries are invalid too.
		if !b.eqValid {
			b.invalid = b.bisect(b.invalid, 0, len(b.entries))
			slices.Sort(b.invalid)
		}
	}
	if len(b.invalid) == 0 {
		return nil
	}
	return slices.Clone(b.invalid)
}

// VerifyBatch reports whether sigs[i] is a valid BIP-340 signature of
// msgs[i] by pubs[i] for every i, with the randomized batch check of
// BatchVerifier on all available cores. It returns false if the slices
// differ in length, for a nil or zero-value key, and for a malformed
// signature, as Verify does; it returns true for empty slices.
func VerifyBatch(pubs []*secp256k1.XOnlyPublicKey, msgs, sigs [][]byte) bool {
	if len(pubs) != len(msgs) || len(pubs) != len(sigs) {
		return false
	}
	var b BatchVerifier
	for i := range pubs {
		if b.Add(pubs[i], msgs[i], sigs[i]) != nil {
			return false
		}
	}
	return b.Verify()
}

// Tuning, measured in BenchmarkBatchVerify (doc/batch.md).
const (
	// batchMinPerWorker is the least number of signatures worth a
	// goroutine when preparing entries and summing windows.
	batchMinPerWorker = 64
	// batchSingleBelow: batches smaller than this are verified one
	// signature at a time, which is cheaper than the batch equation there
	// (no square root for R).
	batchSingleBelow = 2
	// bisectLeaf: ranges of at most this many signatures are verified one
	// by one while bisecting.
	bisectLeaf = 4
)

// workers returns the number of goroutines for n entries.
func (b *BatchVerifier) workers(n int) int {
	w := b.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	return max(1, min(w, n/batchMinPerWorker))
}

// prepare computes, once per batch, the challenges, the points -R_i, the
// randomizers and the terms of the batch equation, and checks it.
func (b *BatchVerifier) prepare() {
	if b.prepared {
		return
	}
	b.prepared = true
	b.searched = false
	n := len(b.entries)
	b.bad = resize(b.bad, n)
	if n < batchSingleBelow {
		b.allValid, b.eqValid = true, true
		start := 0
		for i := range b.entries {
			e := &b.entries[i]
			challenge(&e.e, e.rb[:], &e.p, b.msgs[start:e.msgEnd])
			b.bad[i] = !verifyChallenge(&e.p, &e.r, &e.s, &e.e)
			b.allValid = b.allValid && !b.bad[i]
			start = e.msgEnd
		}
		return
	}
	b.rterms = resize(b.rterms, n)
	b.ae = resize(b.ae, n)
	b.as = resize(b.as, n)

	// Challenges and lift_x(r), split over the workers.
	workers := b.workers(n)
	parallel(workers, n, func(lo, hi int) {
		start := 0
		if lo > 0 {
			start = b.entries[lo-1].msgEnd
		}
		for i := lo; i < hi; i++ {
			e := &b.entries[i]
			challenge(&e.e, e.rb[:], &e.p, b.msgs[start:e.msgEnd])
			start = e.msgEnd
			// -R = (r, -y) with y the even root: the odd root.
			var negR group.Affine
			b.bad[i] = negR.SetXO(&e.r, 1) != 1
			if b.bad[i] {
				negR = group.Affine{Infinity: true}
			}
			b.rterms[i].P = negR
		}
	})

	// Number the distinct keys (an x-only key is its x).
	b.keyOf = resize(b.keyOf, n)
	b.keyFirst = b.keyFirst[:0]
	if b.keySeen == nil {
		b.keySeen = make(map[[32]byte]int32)
	}
	clear(b.keySeen)
	for i := range b.entries {
		x := b.entries[i].p.X.Bytes()
		k, ok := b.keySeen[x]
		if !ok {
			k = int32(len(b.keyFirst))
			b.keySeen[x] = k
			b.keyFirst = append(b.keyFirst, int32(i))
		}
		b.keyOf[i] = k
	}
	b.keyPos = resize(b.keyPos, len(b.keyFirst))
	for k := range b.keyPos {
		b.keyPos[k] = -1
	}

	// The randomizers: a_0 = 1 and 128-bit a_i from ChaCha8 seeded with a
	// hash of everything the equation depends on (doc/batch.md).
	rng := rand.NewChaCha8(b.seed())
	for i := range b.entries {
		a := &b.as[i] // a_i for now; a_i·s_i below
		if i == 0 {
			a.One()
			continue
		}
		var buf [32]byte
		binary.BigEndian.PutUint64(buf[16:], rng.Uint64())
		binary.BigEndian.PutUint64(buf[24:], rng.Uint64())
		a.SetBytes(&buf)
	}
	// The scalars of the terms, split over the workers.
	parallel(workers, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			e := &b.entries[i]
			t := &b.rterms[i]
			if b.bad[i] {
				// Known invalid: left out of the equation, reported by
				// Invalid.
				*t = ecmult.Term{P: group.Affine{Infinity: true}}
				b.ae[i].Zero()
				b.as[i].Zero()
				continue
			}
			a := b.as[i]
			negR := t.P
			t.SetShort(&a, false, &negR)
			b.ae[i].Multiply(&a, &e.e)
			b.ae[i].Negate(&b.ae[i])
			b.as[i].Multiply(&a, &e.s)
		}
	})

	b.eqValid = b.rangeValid(0, n, workers)
	b.allValid = b.eqValid && !slices.Contains(b.bad, true)
}

// seed hashes, for every entry, the key's x, the signature and the
// challenge (which commits to the message): the batch equation depends on
// the inputs only through these.
func (b *BatchVerifier) seed() [32]byte {
	h := sha256.New()
	h.Write([]byte("p256k1/schnorr/batch"))
	var buf [4 * 32]byte
	for i := range b.entries {
		e := &b.entries[i]
		e.p.X.PutBytes((*[32]byte)(buf[0:32]))
		e.r.PutBytes((*[32]byte)(buf[32:64]))
		e.s.PutBytes((*[32]byte)(buf[64:96]))
		e.e.PutBytes((*[32]byte)(buf[96:128]))
		h.Write(buf[:])
	}
	var seed [32]byte
	h.Sum(seed[:0])
	return seed
}

// rangeValid reports whether the batch equation restricted to the entries
// [lo, hi) holds: (Σ a_i·s_i)·G + Σ a_i·(-R_i) + Σ_P (Σ_{i: P_i = P}
// -a_i·e_i)·P is the identity, using the given number of goroutines.
func (b *BatchVerifier) rangeValid(lo, hi, workers int) bool {
	var g scalar.Scalar
	for i := lo; i < hi; i++ {
		g.Add(&g, &b.as[i])
	}
	// One term per distinct key of the range.
	b.klist = b.klist[:0]
	b.ksum = b.ksum[:0]
	for i := lo; i < hi; i++ {
		if b.bad[i] {
			continue
		}
		k := b.keyOf[i]
		if b.keyPos[k] < 0 {
			b.keyPos[k] = int32(len(b.klist))
			b.klist = append(b.klist, k)
			b.ksum = append(b.ksum, b.ae[i])
			continue
		}
		j := b.keyPos[k]
		b.ksum[j].Add(&b.ksum[j], &b.ae[i])
	}
	m := hi - lo
	b.work = resize(b.work, m+len(b.klist))
	copy(b.work, b.rterms[lo:hi])
	parallel(min(workers, len(b.klist)/batchMinPerWorker+1), len(b.klist), func(jlo, jhi int) {
		for j := jlo; j < jhi; j++ {
			e := &b.entries[b.keyFirst[b.klist[j]]]
			b.work[m+j].Set(&b.ksum[j], &e.p)
		}
	})
	for _, k := range b.klist {
		b.keyPos[k] = -1
	}
	b.scratch.Workers = workers
	var out group.Jacobian
	ecmult.MultiScalarMultVarTime(&out, &g, b.work, &b.scratch)
	return out.Infinity || out.Z.IsZero() == 1
}

// bisect appends to out the invalid entries of [lo, hi), whose equation
// fails (or which holds an entry known to be invalid).
func (b *BatchVerifier) bisect(out []int, lo, hi int) []int {
	if hi-lo <= bisectLeaf {
		for i := lo; i < hi; i++ {
			e := &b.entries[i]
			if !b.bad[i] && !verifyChallenge(&e.p, &e.r, &e.s, &e.e) {
				out = append(out, i)
			}
		}
		return out
	}
	mid := lo + (hi-lo)/2
	workers := b.workers(mid - lo)
	if b.rangeValid(lo, mid, workers) {
		// The equations add up: if [lo, mid) holds, [mid, hi) fails.
		return b.bisect(out, mid, hi)
	}
	out = b.bisect(out, lo, mid)
	if b.rangeValid(mid, hi, workers) {
		return out
	}
	return b.bisect(out, mid, hi)
}

// parallel runs f on [0, n) split into workers contiguous ranges, on the
// calling goroutine for one worker.
func parallel(workers, n int, f func(lo, hi int)) {
	if workers <= 1 {
		f(0, n)
		return
	}
	var wg sync.WaitGroup
	for k := range workers {
		lo, hi := k*n/workers, (k+1)*n/workers
		wg.Go(func() { f(lo, hi) })
	}
	wg.Wait()
}

// resize returns s with length n, reusing its memory when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// noCopy makes go vet's copylocks check report copies of a BatchVerifier,
// which would share its buffers.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}
