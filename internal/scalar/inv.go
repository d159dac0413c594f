//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package scalar

import "github.com/p256k1/secp256k1/internal/modinv"

// nLimbs is n as little-endian limbs.
var nLimbs = [4]uint64{n0, n1, n2, n3}

// scalarModulus holds the safegcd constants for n.
var scalarModulus = modinv.New(&nLimbs)

// Invert sets s = 1/a mod n, and returns s. If a is 0, s is set to 0.
// It runs in constant time (safegcd with a fixed 590 divsteps).
func (s *Scalar) Invert(a *Scalar) *Scalar {
	scalarModulus.Invert(&s.l, &a.l)
	return s
}

// InvertVarTime sets s = 1/a mod n, and returns s. If a is 0, s is set to 0.
// Execution time depends on the inputs: use it only on public values.
func (s *Scalar) InvertVarTime(a *Scalar) *Scalar {
	scalarModulus.InvertVarTime(&s.l, &a.l)
	return s
}

// nMinus2 is n - 2 as little-endian limbs.
var nMinus2 = [4]uint64{n0 - 2, n1, n2, n3}

// invertFermat sets s = a^(n-2), and returns s: a fixed 4-bit window over the
// public exponent, so the sequence of operations does not depend on a. It is
// the reference the safegcd inversion is tested against.
func (s *Scalar) invertFermat(a *Scalar) *Scalar {
	var table [16]Scalar
	table[0].One()
	table[1].Set(a)
	for i := 2; i < 16; i++ {
		table[i].Multiply(&table[i-1], a)
	}
	var r Scalar
	r.One()
	for i := 63; i >= 0; i-- {
		r.Square(&r)
		r.Square(&r)
		r.Square(&r)
		r.Square(&r)
		w := (nMinus2[i/16] >> (uint(i%16) * 4)) & 15 // public exponent digit
		r.Multiply(&r, &table[w])
	}
	return s.Set(&r)
}
