package testutil

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// Sequence tests (doc/state.md) call an API that keeps memory between calls
// many times, in random order, on several goroutines at once, and compare
// every answer with a reference that keeps no memory.

// RunGoroutines runs body on n goroutines at once. Goroutine g gets its own
// generator, seeded from r, so that the seed of r reproduces every
// goroutine's sequence (though not their interleaving). Every error body
// returns fails t, with the goroutine's number.
func RunGoroutines(t testing.TB, r *rand.Rand, n int, body func(g int, r *rand.Rand) error) {
	t.Helper()
	seeds := make([]uint64, n)
	for g := range seeds {
		seeds[g] = r.Uint64()
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for g := range n {
		wg.Go(func() {
			errs[g] = body(g, rand.New(rand.NewPCG(seeds[g], uint64(g))))
		})
	}
	wg.Wait()
	for g, err := range errs {
		if err != nil {
			t.Errorf("goroutine %d: %v", g, err)
		}
	}
}

// BatchVerifier is what BatchSeq drives: a batch verifier (of package
// schnorr or ecdsa) whose Add takes the index of an entry of the test's
// pool, and whose Workers setting is changed by SetWorkers.
type BatchVerifier interface {
	Add(entry int) error
	Verify() bool
	Invalid() []int
	Len() int
	Reset()
	SetWorkers(w int)
}

// BatchSeq drives one reused batch verifier through a call sequence and
// keeps the reference: the pool entries added since the last Reset, with
// what single verification says of each (Valid) and whether Add rejects it
// (Malformed). A rejected entry stays in the batch as an invalid one.
type BatchSeq struct {
	B         BatchVerifier
	Valid     []bool // per pool entry: single verification accepts it
	Malformed []bool // per pool entry: Add returns an error for it
	MaxBurst  int    // the most entries one burst of Adds adds (op 2)
	added     []int
}

// BatchSeqOps is the number of operations Step knows.
const BatchSeqOps = 8

// Step applies operation op (reduced modulo BatchSeqOps) with argument arg
// and returns an error if the verifier's answer differs from the
// reference: 0, 1: Add one entry; 2: a burst of Adds; 3: an entry added
// before, again; 4: Verify; 5: Invalid; 6: Len, after a Reset one time in
// three; 7: SetWorkers(arg % 4).
func (c *BatchSeq) Step(op, arg int) error {
	n := len(c.Valid)
	switch op % BatchSeqOps {
	case 0, 1:
		return c.add(arg % n)
	case 2:
		for k := range 1 + arg%max(c.MaxBurst, 1) {
			if err := c.add((arg*7 + k*13) % n); err != nil {
				return err
			}
		}
	case 3:
		if len(c.added) > 0 {
			return c.add(c.added[arg%len(c.added)])
		}
	case 4:
		want := true
		for _, i := range c.added {
			want = want && c.Valid[i]
		}
		if got := c.B.Verify(); got != want {
			return fmt.Errorf("Verify() = %v, want %v (%d entries)", got, want, len(c.added))
		}
	case 5:
		var want []int
		for j, i := range c.added {
			if !c.Valid[i] {
				want = append(want, j)
			}
		}
		if got := c.B.Invalid(); !slices.Equal(got, want) {
			return fmt.Errorf("Invalid() = %v, want %v (%d entries)", got, want, len(c.added))
		}
	case 6:
		if arg%3 == 0 {
			c.Reset()
		}
		if got := c.B.Len(); got != len(c.added) {
			return fmt.Errorf("Len() = %d, want %d", got, len(c.added))
		}
	case 7:
		c.B.SetWorkers(arg % 4)
	}
	return nil
}

func (c *BatchSeq) add(i int) error {
	err := c.B.Add(i)
	c.added = append(c.added, i)
	if (err != nil) != c.Malformed[i] {
		return fmt.Errorf("Add(entry %d) = %v, malformed: %v", i, err, c.Malformed[i])
	}
	return nil
}

// Reset resets the verifier and the reference.
func (c *BatchSeq) Reset() {
	c.B.Reset()
	c.added = c.added[:0]
}

// Len returns the number of entries added since the last Reset.
func (c *BatchSeq) Len() int { return len(c.added) }

// Run makes ops random calls drawn from r, resetting whenever more than
// maxLen entries are in the batch (large batches make every call slow), and
// ends with Verify and Invalid on what is left.
func (c *BatchSeq) Run(r *rand.Rand, ops, maxLen int) error {
	for k := range ops {
		op, arg := r.IntN(BatchSeqOps), r.IntN(1<<20)
		if err := c.Step(op, arg); err != nil {
			return fmt.Errorf("step %d (op %d, arg %d): %w", k, op, arg, err)
		}
		if len(c.added) > maxLen {
			c.Reset()
		}
	}
	return c.finish(4, 5)
}

// Replay makes the calls encoded in in, two bytes a call (the operation
// and its argument), at most maxCalls of them, and ends with Verify,
// Invalid and Len: the body of a fuzz target.
func (c *BatchSeq) Replay(in []byte, maxCalls int) error {
	for k := 0; k+1 < len(in) && k < 2*maxCalls; k += 2 {
		if err := c.Step(int(in[k]), int(in[k+1])); err != nil {
			return fmt.Errorf("call %d (op %d, arg %d): %w", k/2, in[k], in[k+1], err)
		}
	}
	return c.finish(4, 5, 6)
}

func (c *BatchSeq) finish(ops ...int) error {
	for _, op := range ops {
		if err := c.Step(op, 1); err != nil {
			return fmt.Errorf("final op %d: %w", op, err)
		}
	}
	return nil
}
