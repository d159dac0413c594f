// Package ecmult implements scalar multiplication on secp256k1:
//
//   - BaseMult: k·G in constant time, from a committed precomputed table
//     (signed Booth digits, no doublings, full-scan masked lookups).
//   - ScalarMult: k·P in constant time for any point P (ECDH), with the GLV
//     endomorphism, signed 5-bit windows and constant-time Jacobian formulas.
//   - DoubleMultVarTime: a·P + b·G in variable time (verification,
//     recovery), with GLV, Strauss interleaving and wNAF digits, using large
//     odd-multiple tables of G and 2^128·G built once on first use.
package ecmult

//go:generate go run gen_table.go
