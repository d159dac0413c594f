//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package ecmult

const (
	// windowP is the wNAF width for the variable point: 8 odd multiples.
	windowP = 5
	// windowG is the wNAF width for G and 2^128·G: 2^(windowG-2) odd
	// multiples of each (2 × 2048 × 64 bytes = 256 KiB), built on first use.
	windowG = 13
)
