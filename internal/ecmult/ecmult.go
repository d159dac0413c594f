// Package ecmult implements scalar multiplication on secp256k1:
//
//   - BaseMult: k·G in constant time, from a committed precomputed table
//     (signed Booth digits, no doublings, full-scan masked lookups).
//   - ScalarMult: k·P in constant time for any point P (ECDH), with the GLV
//     endomorphism, signed 5-bit windows and constant-time Jacobian formulas.
//   - DoubleMultVarTime: a·P + b·G in variable time (verification,
//     recovery), with GLV, Strauss interleaving and wNAF digits, using large
//     odd-multiple tables of G and 2^128·G built once on first use.
//
// The constant-time multiplications are blinded against power and
// electromagnetic side channels (blind.go, doc/constant-time.md): k·G by a
// secret random offset shared by the process and refreshed now and then,
// k·P by a random projective Z drawn for each call.
package ecmult

//go:generate go run gen_table.go
