package ecdsa_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Sequence tests: one BatchVerifier reused through random sequences of
// Add, Verify, Invalid, Reset, Len and Workers changes, every answer
// compared with ecdsa.Verify of each entry added since the last Reset.

// seqEntry is one input for Add, with what ecdsa.Verify says of it and
// whether Add must return an error.
type seqEntry struct {
	pub       *secp256k1.PublicKey
	hash      []byte
	sig       *ecdsa.Signature
	valid     bool
	malformed bool // nil or zero-value key or signature
}

// highSOf returns the high-S twin of sig (n - s), which Verify rejects.
func highSOf(tb testing.TB, sig *ecdsa.Signature) *ecdsa.Signature {
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	s := sig.S()
	hs := new(big.Int).Sub(n, new(big.Int).SetBytes(s[:]))
	r := sig.R()
	out, err := ecdsa.ParseCompactSignature(append(r[:], hs.FillBytes(make([]byte, 32))...))
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// newSeqPool returns n valid signatures and invalid ones of every kind:
// wrong hash, high S, another key, nil and zero-value keys and signatures.
func newSeqPool(tb testing.TB, r *rand.Rand, n int) []seqEntry {
	in := newECDSABatch(tb, n, byte(r.Uint32()))
	var pool []seqEntry
	for i := range in.pubs {
		pool = append(pool, seqEntry{pub: in.pubs[i], hash: in.hashes[i], sig: in.sigs[i]})
	}
	for i := 0; i < n; i += 3 {
		e := pool[i]
		h := slices.Clone(e.hash)
		h[r.IntN(len(h))] ^= 1 << r.IntN(8)
		pool = append(pool,
			seqEntry{pub: e.pub, hash: h, sig: e.sig},
			seqEntry{pub: e.pub, hash: e.hash, sig: highSOf(tb, e.sig)},
			seqEntry{pub: pool[(i+1)%n].pub, hash: e.hash, sig: e.sig},
		)
	}
	for i := 1; i < n; i += 11 {
		e := pool[i]
		pool = append(pool,
			seqEntry{pub: nil, hash: e.hash, sig: e.sig},
			seqEntry{pub: new(secp256k1.PublicKey), hash: e.hash, sig: e.sig},
			seqEntry{pub: e.pub, hash: e.hash, sig: nil},
			seqEntry{pub: e.pub, hash: e.hash, sig: new(ecdsa.Signature)},
			seqEntry{pub: e.pub, hash: e.hash[:20], sig: e.sig}, // a short hash is valid input
		)
	}
	var b ecdsa.BatchVerifier
	for i := range pool {
		e := &pool[i]
		e.valid = ecdsa.Verify(e.pub, e.hash, e.sig)
		b.Reset()
		e.malformed = b.Add(e.pub, e.hash, e.sig) != nil
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool
}

// seqChecker drives one BatchVerifier and keeps the reference: the pool
// entries added since the last Reset.
type seqChecker struct {
	b     *ecdsa.BatchVerifier
	pool  []seqEntry
	added []int
}

// step applies operation op with argument arg and returns an error if the
// verifier's answer differs from the reference.
func (c *seqChecker) step(op, arg int) error {
	switch op % 8 {
	case 0, 1: // Add one entry
		return c.add(arg % len(c.pool))
	case 2: // Add a burst of 1 to 100 entries
		for k := range 1 + arg%100 {
			if err := c.add((arg*7 + k*13) % len(c.pool)); err != nil {
				return err
			}
		}
	case 3: // the same entry again
		if len(c.added) > 0 {
			return c.add(c.added[arg%len(c.added)])
		}
	case 4:
		want := true
		for _, i := range c.added {
			want = want && c.pool[i].valid
		}
		if got := c.b.Verify(); got != want {
			return fmt.Errorf("Verify() = %v, want %v (%d entries)", got, want, len(c.added))
		}
	case 5:
		var want []int
		for j, i := range c.added {
			if !c.pool[i].valid {
				want = append(want, j)
			}
		}
		if got := c.b.Invalid(); !slices.Equal(got, want) {
			return fmt.Errorf("Invalid() = %v, want %v (%d entries)", got, want, len(c.added))
		}
	case 6:
		if arg%3 == 0 {
			c.b.Reset()
			c.added = c.added[:0]
		}
		if got := c.b.Len(); got != len(c.added) {
			return fmt.Errorf("Len() = %d, want %d", got, len(c.added))
		}
	case 7:
		c.b.Workers = arg % 4
	}
	return nil
}

func (c *seqChecker) add(i int) error {
	e := &c.pool[i]
	err := c.b.Add(e.pub, e.hash, e.sig)
	c.added = append(c.added, i)
	if (err != nil) != e.malformed {
		return fmt.Errorf("Add(entry %d) = %v, malformed: %v", i, err, e.malformed)
	}
	return nil
}

// TestBatchSequence runs random call sequences on reused BatchVerifiers,
// several goroutines at once, each with its own verifier and generator.
func TestBatchSequence(t *testing.T) {
	r := testutil.Rand(t)
	goroutines, ops := 3, 60
	if testing.Short() || testutil.RaceEnabled {
		goroutines, ops = 2, 25
	}
	pool := newSeqPool(t, r, 150)
	seeds := make([]uint64, goroutines)
	for g := range seeds {
		seeds[g] = r.Uint64()
	}
	var wg sync.WaitGroup
	errs := make([]error, goroutines)
	for g := range goroutines {
		wg.Go(func() {
			gr := rand.New(rand.NewPCG(seeds[g], 2))
			c := &seqChecker{b: new(ecdsa.BatchVerifier), pool: pool}
			for k := range ops {
				op, arg := gr.IntN(8), gr.IntN(1<<20)
				if err := c.step(op, arg); err != nil {
					errs[g] = fmt.Errorf("goroutine %d, step %d (op %d, arg %d): %w", g, k, op, arg, err)
					return
				}
				if len(c.added) > 300 {
					c.b.Reset()
					c.added = c.added[:0]
				}
			}
			for _, op := range []int{4, 5} {
				if err := c.step(op, 0); err != nil {
					errs[g] = fmt.Errorf("goroutine %d, final op %d: %w", g, op, err)
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// FuzzBatchSequence replays a call sequence decoded from the input (two
// bytes per call: the operation and its argument) on one BatchVerifier and
// compares every answer with single verification.
func FuzzBatchSequence(f *testing.F) {
	pool := newSeqPool(f, rand.New(rand.NewPCG(7, 8)), 30)
	f.Add([]byte{0, 1, 0, 2, 5, 0, 4, 0})
	f.Add([]byte{2, 90, 4, 0, 5, 0, 6, 3, 2, 17, 3, 1, 5, 0, 7, 2, 5, 0})
	f.Fuzz(func(t *testing.T, in []byte) {
		c := &seqChecker{b: new(ecdsa.BatchVerifier), pool: pool}
		for k := 0; k+1 < len(in) && k < 64; k += 2 {
			if err := c.step(int(in[k]), int(in[k+1])); err != nil {
				t.Fatalf("call %d (op %d, arg %d): %v", k/2, in[k], in[k+1], err)
			}
		}
		for _, op := range []int{4, 5, 6} {
			if err := c.step(op, 1); err != nil {
				t.Fatalf("final op %d: %v", op, err)
			}
		}
	})
}
