//go:build race

package testutil

// RaceEnabled reports whether the race detector is on; allocation counts
// are not meaningful under it, so allocation tests skip.
const RaceEnabled = true
