package field

import "github.com/p256k1/secp256k1/internal/modinv"

// pLimbs is p as little-endian limbs.
var pLimbs = [4]uint64{p0, p1, p2, p3}

// fieldModulus holds the safegcd constants for p.
var fieldModulus = modinv.New(&pLimbs)

// Invert sets v = 1/a mod p, and returns v. If a is 0, v is set to 0.
// It runs in constant time (safegcd with a fixed 590 divsteps).
func (v *Element) Invert(a *Element) *Element {
	fieldModulus.Invert(&v.l, &a.l)
	return v
}

// InvertVarTime sets v = 1/a mod p, and returns v. If a is 0, v is set to 0.
// Execution time depends on the inputs: use it only on public values.
func (v *Element) InvertVarTime(a *Element) *Element {
	fieldModulus.InvertVarTime(&v.l, &a.l)
	return v
}

// BatchInvertVarTime sets out[i] = 1/in[i] for every i using Montgomery's
// trick (one inversion and 3(n-1) multiplications). Zero inputs give zero
// outputs. out and in must have the same length and may be the same slice.
// scratch must have at least len(in) elements. Execution time depends on the
// inputs.
func BatchInvertVarTime(out, in, scratch []Element) {
	n := len(in)
	if len(out) != n || len(scratch) < n {
		panic("field: internal error: BatchInvertVarTime length mismatch")
	}
	if n == 0 {
		return
	}
	// scratch[i] = product of the non-zero in[0..i].
	var acc Element
	acc.One()
	for i := range n {
		if in[i].IsZero() == 0 {
			acc.Multiply(&acc, &in[i])
		}
		scratch[i] = acc
	}
	acc.InvertVarTime(&acc)
	for i := n - 1; i >= 0; i-- {
		if in[i].IsZero() == 1 {
			out[i].Zero()
			continue
		}
		var t Element
		if i > 0 {
			t.Multiply(&acc, &scratch[i-1])
		} else {
			t.Set(&acc)
		}
		acc.Multiply(&acc, &in[i])
		out[i] = t
	}
}
