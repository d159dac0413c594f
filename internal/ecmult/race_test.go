//go:build race

package ecmult

// raceEnabled: allocation counts are not meaningful under the race detector.
const raceEnabled = true
