// Package testutil holds what the tests of this module share: the misuse
// table's list of exported functions and its runner, whether the race
// detector is on, the math/big reference curve, the drivers of the
// sequence tests, and (see the other files) helpers for vectors and
// randomness. It is imported only by tests.
package testutil

import "testing"

// SkipAllocsUnderRace skips an allocation test when the race detector is
// on: its instrumentation allocates, so the counts mean nothing.
func SkipAllocsUnderRace(t testing.TB) {
	t.Helper()
	if RaceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
}
