// Package testrand gives the randomized tests of this module a reproducible
// source of randomness. It is imported only by tests.
//
// Every test binary that imports it accepts -seed N; without it the seed is
// taken from the clock. The seed is logged by New, so a failing run prints
// the command line flag that reproduces it.
package testrand

import (
	"flag"
	"math/rand/v2"
	"testing"
	"time"
)

var seed = flag.Uint64("seed", 0, "seed for randomized tests (0: time-based)")

// New returns a PCG generator seeded from -seed (or the clock) and logs the
// seed with t.Logf.
func New(t testing.TB) *rand.Rand {
	s := *seed
	if s == 0 {
		s = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (rerun with -seed %d)", s, s)
	return rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
}
