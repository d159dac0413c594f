package schnorr_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// Sequence tests: one BatchVerifier reused through random sequences of
// Add, Verify, Invalid, Reset, Len and Workers changes, every answer
// compared with schnorr.Verify of each entry added since the last Reset.
// Memory a BatchVerifier keeps between batches (its entries, terms,
// scratch, key numbering, search points) must never change an answer.

// seqEntry is one input for Add and AddBytes, with what schnorr.Verify
// says of it and whether Add and AddBytes must return an error.
type seqEntry struct {
	pub       *secp256k1.XOnlyPublicKey
	raw       []byte // the key for AddBytes: pub's encoding, or bytes that are no key
	msg, sig  []byte
	valid     bool // schnorr.Verify(NewXOnlyPublicKey(raw), msg, sig), and the same for pub
	malformed bool // Add's error: not 64 bytes, r >= p, s >= n, nil or zero-value key
	rawBad    bool // AddBytes's error: the signature as above, raw not 32 bytes or x >= p
}

// newSeqPool returns valid signatures (by a few keys and by many) and
// invalid ones of every kind: wrong message, wrong key, bit flips, R not
// on the curve, s negated, malformed signatures, nil and zero-value keys.
func newSeqPool(t testing.TB, r *rand.Rand, n int) []seqEntry {
	few := randBatch(t, r, n/2, 4, 0)
	many := randBatch(t, r, n-n/2, 0, 0)
	in := &batchInput{
		pubs: append(few.pubs, many.pubs...),
		msgs: append(few.msgs, many.msgs...),
		sigs: append(few.sigs, many.sigs...),
	}
	var pool []seqEntry
	add := func(i int) {
		pool = append(pool, seqEntry{pub: in.pubs[i], msg: in.msgs[i], sig: in.sigs[i]})
	}
	for i := range in.pubs {
		add(i)
	}
	// Invalid variants of a third of them.
	names := make([]string, 0, len(defects))
	for name := range defects {
		names = append(names, name)
	}
	slices.Sort(names)
	for i := 0; i < len(in.pubs); i += 3 {
		defects[names[r.IntN(len(names))]](r, in, i)
		add(i)
	}
	pBytes := testutil.P.FillBytes(make([]byte, 32))
	for i := 1; i < len(in.pubs); i += 11 {
		e := pool[i]
		pool = append(pool,
			seqEntry{pub: e.pub, msg: e.msg, sig: e.sig[:63]},
			seqEntry{pub: e.pub, msg: e.msg, sig: append(bytes.Clone(pBytes), e.sig[32:]...)},
			seqEntry{pub: e.pub, msg: e.msg, sig: append(bytes.Clone(e.sig[:32]), bytes.Repeat([]byte{0xff}, 32)...)},
			seqEntry{pub: nil, msg: e.msg, sig: e.sig},
			seqEntry{pub: new(secp256k1.XOnlyPublicKey), msg: e.msg, sig: e.sig},
		)
	}
	// Keys that are bytes only: x with no point on the curve, x = p,
	// x = 2^256-1, 31 and 33 bytes, no bytes.
	var noPoint []byte
	for x := byte(1); noPoint == nil; x++ {
		b := make([]byte, 32)
		b[31] = x
		if _, err := secp256k1.NewXOnlyPublicKey(b); err != nil {
			noPoint = b
		}
	}
	for i := 2; i < len(in.pubs); i += 13 {
		e := pool[i]
		for _, raw := range [][]byte{noPoint, pBytes, bytes.Repeat([]byte{0xff}, 32), e.pub.Bytes()[:31], append(e.pub.Bytes(), 0), nil} {
			pool = append(pool, seqEntry{pub: nil, raw: raw, msg: e.msg, sig: e.sig})
		}
	}
	var b schnorr.BatchVerifier
	for i := range pool {
		e := &pool[i]
		if e.pub != nil && e.raw == nil {
			e.raw = e.pub.Bytes()
		}
		if e.pub == nil && len(e.raw) == 0 && i%2 == 0 {
			e.raw = make([]byte, 32) // x = 0: no point
		}
		e.valid = schnorr.Verify(e.pub, e.msg, e.sig)
		if key, err := secp256k1.NewXOnlyPublicKey(e.raw); err == nil {
			if e.pub != nil && !key.Equal(e.pub) {
				panic("raw is not pub's encoding")
			}
			if e.pub == nil && schnorr.Verify(key, e.msg, e.sig) {
				panic("a bytes-only key verifies")
			}
		} else if e.valid {
			panic("a valid entry whose key bytes do not parse")
		}
		b.Reset()
		e.malformed = b.Add(e.pub, e.msg, e.sig) != nil
		e.rawBad = len(e.raw) != 32 || new(big.Int).SetBytes(e.raw).Cmp(testutil.P) >= 0 || sigMalformed(e.sig)
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool
}

// sigMalformed reports whether sig is not 64 bytes or has r >= p or
// s >= n (math/big, independently of the package).
func sigMalformed(sig []byte) bool {
	return len(sig) != schnorr.SignatureSize ||
		new(big.Int).SetBytes(sig[:32]).Cmp(testutil.P) >= 0 ||
		new(big.Int).SetBytes(sig[32:]).Cmp(testutil.N) >= 0
}

// seqChecker drives one BatchVerifier and keeps the reference: the pool
// entries added since the last Reset.
type seqChecker struct {
	b     *schnorr.BatchVerifier
	pool  []seqEntry
	added []int
}

// step applies operation op with argument arg and returns an error if the
// verifier's answer differs from the reference.
func (c *seqChecker) step(op, arg int) error {
	switch op % 8 {
	case 0: // Add one entry
		return c.add(arg%len(c.pool), false)
	case 1: // AddBytes one entry
		return c.add(arg%len(c.pool), true)
	case 2: // a burst of 1 to 160 entries, by Add, AddBytes or both
		n := 1 + arg%160
		for k := range n {
			byBytes := (arg>>8)%3 == 1 || (arg>>8)%3 == 2 && k%2 == 1
			if err := c.add((arg*7+k*13)%len(c.pool), byBytes); err != nil {
				return err
			}
		}
	case 3: // the same entry again (a duplicate), the other way
		if len(c.added) > 0 {
			return c.add(c.added[arg%len(c.added)], arg%2 == 1)
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

// add adds pool entry i with Add, or with AddBytes if byBytes. An entry
// that has no key object (pub nil) is added by AddBytes either way, from
// its bytes, unless its bytes are empty: the valid answer of both is
// the same.
func (c *seqChecker) add(i int, byBytes bool) error {
	e := &c.pool[i]
	var err error
	var want bool
	if byBytes || e.pub == nil && len(e.raw) > 0 {
		err, want = c.b.AddBytes(e.raw, e.msg, e.sig), e.rawBad
	} else {
		err, want = c.b.Add(e.pub, e.msg, e.sig), e.malformed
	}
	c.added = append(c.added, i)
	if (err != nil) != want {
		return fmt.Errorf("add(entry %d, bytes %v) = %v, want an error: %v", i, byBytes, err, want)
	}
	if err != nil && !errors.Is(err, secp256k1.ErrInvalidPublicKey) && !errors.Is(err, schnorr.ErrInvalidSignature) {
		return fmt.Errorf("add(entry %d): error %v wraps no sentinel", i, err)
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
	pool := newSeqPool(t, r, 240)
	seeds := make([]uint64, goroutines)
	for g := range seeds {
		seeds[g] = r.Uint64()
	}
	var wg sync.WaitGroup
	errs := make([]error, goroutines)
	for g := range goroutines {
		wg.Go(func() {
			gr := rand.New(rand.NewPCG(seeds[g], 1))
			c := &seqChecker{b: new(schnorr.BatchVerifier), pool: pool}
			for k := range ops {
				op, arg := gr.IntN(8), gr.IntN(1<<20)
				if err := c.step(op, arg); err != nil {
					errs[g] = fmt.Errorf("goroutine %d, step %d (op %d, arg %d): %w", g, k, op, arg, err)
					return
				}
				// Large batches make every call slow: start afresh.
				if len(c.added) > 400 {
					c.b.Reset()
					c.added = c.added[:0]
				}
			}
			t.Logf("goroutine %d: %d entries at the end", g, len(c.added))
			// Finish with both questions on what is left.
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
	pool := newSeqPool(f, rand.New(rand.NewPCG(5, 6)), 60)
	f.Add([]byte{0, 1, 0, 2, 5, 0, 4, 0})
	f.Add([]byte{2, 90, 4, 0, 5, 0, 6, 3, 2, 17, 3, 1, 5, 0, 7, 2, 5, 0})
	f.Add([]byte{7, 3, 2, 200, 5, 0, 6, 0, 0, 9, 5, 0, 4, 0})
	f.Add([]byte{1, 4, 1, 9, 2, 77, 4, 0, 5, 0, 3, 1, 1, 200, 5, 0})
	f.Fuzz(func(t *testing.T, in []byte) {
		c := &seqChecker{b: new(schnorr.BatchVerifier), pool: pool}
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
