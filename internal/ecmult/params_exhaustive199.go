//go:build exhaustive199

package ecmult

// The wNAF widths of the exhaustive build of order 199 (doc/assurance.md):
// the tables of odd multiples must hold neither the point at infinity nor
// a sum whose Z ratio degenerates, so their largest multiple stays below N
// (libsecp256k1 lowers its WINDOW_A and WINDOW_G the same way). The tables
// hold P, 3P, ..., 15P, as the normal build and G, 3G, ..., 127G (and of 2^128·G).
const (
	windowP = 5
	windowG = 8
)
