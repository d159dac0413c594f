//go:build !race

package ecmult

const raceEnabled = false
