package testutil

import (
	"flag"
	"math/rand/v2"
	"testing"
	"time"
)

// Randomized tests take their randomness from Rand. Every test binary that
// imports this package accepts -seed N; without it the seed is taken from
// the clock. Rand logs the seed, so a failing run prints the flag that
// reproduces it.

var seed = flag.Uint64("seed", 0, "seed for randomized tests (0: time-based)")

// Rand returns a PCG generator seeded from -seed (or the clock) and logs
// the seed with t.Logf.
func Rand(t testing.TB) *rand.Rand {
	s := *seed
	if s == 0 {
		s = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (rerun with -seed %d)", s, s)
	return rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
}

// Iters returns short under -short (which the emulated CI runs use) and
// long otherwise: the number of random cases a test tries.
func Iters(short, long int) int {
	if testing.Short() {
		return short
	}
	return long
}
