package halfagg_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/halfagg"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The sequence tests of Verifier (doc/state.md): random sequences of calls
// on one Verifier per goroutine, several goroutines at once, of varying
// sizes and worker counts, valid aggregates mixed with every kind of
// invalid input (r not an x or ≥ p, nil and zero keys, s ≥ n, messages of
// the wrong length, mismatched lengths, swapped pairs), each result
// compared with the per-term reference computed afresh.

// seqCall is one call of a sequence: its input and the answer the
// reference gives.
type seqCall struct {
	agg   []byte
	pks   [][]byte // as bytes, for the reference
	keys  []*secp256k1.XOnlyPublicKey
	msgs  [][]byte
	want  bool
	label string
}

// newSeqCall draws a call from the pool: n triples (repeats allowed),
// aggregated, then possibly spoiled.
func newSeqCall(t testing.TB, rng *rand.Rand, pool *batch, n int) seqCall {
	t.Helper()
	var b batch
	for range n {
		j := rng.IntN(len(pool.keys))
		b.add(pool.keys[j], pool.pks[j], pool.msgs[j], pool.sigs[j])
	}
	agg, err := halfagg.Aggregate(b.keys, b.msgs, b.sigs)
	if err != nil {
		t.Fatal(err)
	}
	c := seqCall{agg: agg, pks: b.pks, keys: b.keys, msgs: b.msgs, label: "valid"}
	if n > 0 && rng.IntN(2) == 0 {
		i := rng.IntN(n)
		c.keys = append([]*secp256k1.XOnlyPublicKey(nil), c.keys...)
		c.msgs = append([][]byte(nil), c.msgs...)
		c.pks = append([][]byte(nil), c.pks...)
		switch k := rng.IntN(8); k {
		case 0:
			c.label = "r not an x"
			copy(c.agg[32*i:], testutil.MustHex(t, "4a298dacae57395a15d0795ddbfd1dcb564da82b0f269bc70a74f8220429ba1d"))
		case 1:
			c.label = "r >= p"
			copy(c.agg[32*i:], bytes.Repeat([]byte{0xff}, 32))
		case 2:
			c.label = "nil or zero key"
			c.keys[i] = []*secp256k1.XOnlyPublicKey{nil, new(secp256k1.XOnlyPublicKey)}[rng.IntN(2)]
			c.pks[i] = make([]byte, 32) // x = 0 is not on the curve
		case 3:
			c.label = "s >= n"
			copy(c.agg[32*n:], bytes.Repeat([]byte{0xff}, 32))
		case 4:
			c.label = "short message"
			c.msgs[i] = c.msgs[i][:31]
		case 5:
			c.label = "one message less"
			c.msgs = c.msgs[:n-1]
		case 6:
			c.label = "swapped pairs"
			j := rng.IntN(n)
			c.keys[i], c.keys[j] = c.keys[j], c.keys[i]
			c.pks[i], c.pks[j] = c.pks[j], c.pks[i]
			c.msgs[i], c.msgs[j] = c.msgs[j], c.msgs[i]
		case 7:
			c.label = "wrong message"
			c.msgs[i] = randBytes(rng, 32)
		}
	}
	c.want = refVerifyCurve(c.agg, c.pks, c.msgs)
	if c.label == "valid" && !c.want {
		t.Fatalf("the reference rejects a valid aggregate of %d", n)
	}
	return c
}

func TestVerifierSequence(t *testing.T) {
	rng := testutil.Rand(t)
	pool := newBatch(t, rng, 64)
	goroutines, calls := 4, 30
	if testing.Short() {
		goroutines, calls = 2, 10
	}
	// The sequences are drawn up front (testutil.Rand is not safe for
	// concurrent use), then run at once.
	seqs := make([][]seqCall, goroutines)
	workers := make([][]int, goroutines)
	for g := range seqs {
		for range calls {
			n := rng.IntN(12)
			switch rng.IntN(6) {
			case 0:
				n = 0
			case 1:
				n = 40 + rng.IntN(100) // Pippenger, several workers
			}
			seqs[g] = append(seqs[g], newSeqCall(t, rng, pool, n))
			workers[g] = append(workers[g], rng.IntN(5))
		}
	}
	var wg sync.WaitGroup
	for g := range seqs {
		wg.Go(func() {
			var v halfagg.Verifier
			for k, c := range seqs[g] {
				v.Workers = workers[g][k]
				if got := v.Verify(c.agg, c.keys, c.msgs); got != c.want {
					t.Errorf("goroutine %d, call %d (%d pairs, %s, %d workers): Verify = %v, reference %v",
						g, k, len(c.keys), c.label, v.Workers, got, c.want)
				}
			}
		})
	}
	wg.Wait()
}

// FuzzVerifierSequence replays a sequence of up to four verifications
// decoded from its input (chunks prefixed with their length) on one
// Verifier, comparing each with the reference.
func FuzzVerifierSequence(f *testing.F) {
	b := newBatch(f, rand.New(rand.NewPCG(3, 4)), 2) // 227 bytes encoded: fits a chunk
	agg, err := halfagg.Aggregate(b.keys, b.msgs, b.sigs)
	if err != nil {
		f.Fatal(err)
	}
	valid := encodeFuzz(agg, b.pks, b.msgs)
	bad := bytes.Clone(valid)
	bad[len(bad)-1] ^= 1
	var seed []byte
	for _, chunk := range [][]byte{valid, bad, {0}, valid} {
		seed = append(seed, byte(len(chunk)))
		seed = append(seed, chunk...)
	}
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		var v halfagg.Verifier
		for k := 0; k < 4 && len(data) > 0; k++ {
			n := min(int(data[0]), len(data)-1)
			chunk := data[1 : 1+n]
			data = data[1+n:]
			agg, pks, msgs := decodeFuzz(chunk)
			v.Workers = 1 + k%2
			if got, want := v.Verify(agg, parseKeys(pks), msgs), refVerifyCurve(agg, pks, msgs); got != want {
				t.Fatalf("call %d: Verify = %v, reference %v", k, got, want)
			}
		}
	})
}

// TestVerifierAllocs: on one worker, a Verifier that has seen an aggregate
// of a size verifies aggregates up to that size without allocating (the
// verdict included: a rejected aggregate allocates nothing either).
func TestVerifierAllocs(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	rng := testutil.Rand(t)
	b := newBatch(t, rng, 200)
	agg, err := halfagg.Aggregate(b.keys, b.msgs, b.sigs)
	if err != nil {
		t.Fatal(err)
	}
	small, err := halfagg.Aggregate(b.keys[:5], b.msgs[:5], b.sigs[:5])
	if err != nil {
		t.Fatal(err)
	}
	v := &halfagg.Verifier{Workers: 1}
	if !v.Verify(agg, b.keys, b.msgs) {
		t.Fatal("rejected")
	}
	bad := slices.Clone(b.msgs)
	// A message of its own for entry 7 (newBatch may repeat messages, so
	// copying another entry's could leave the batch valid).
	bad[7] = slices.Clone(bad[7])
	bad[7][0] ^= 1
	for _, c := range []struct {
		name string
		agg  []byte
		n    int
		msgs [][]byte
		want bool
	}{{"200 valid", agg, 200, b.msgs, true}, {"200 invalid", agg, 200, bad, false}, {"5 valid", small, 5, b.msgs, true}} {
		var got bool
		allocs := testing.AllocsPerRun(5, func() { got = v.Verify(c.agg, b.keys[:c.n], c.msgs[:c.n]) })
		if got != c.want || allocs != 0 {
			t.Errorf("%s: Verify = %v with %v allocations; want %v with none", c.name, got, allocs, c.want)
		}
	}
}
