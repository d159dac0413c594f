package group

import "github.com/p256k1/secp256k1/internal/field"

// Affine is a point (X, Y) on the curve, or the point at infinity when
// Infinity is set (X and Y are then meaningless, normally zero).
type Affine struct {
	X, Y     field.Element
	Infinity bool
}

// IsOnCurve returns 1 if p is the point at infinity or satisfies
// y² = x³ + 7, and 0 otherwise. It runs in constant time for finite points.
func (p *Affine) IsOnCurve() int {
	if p.Infinity {
		return 1
	}
	var lhs, rhs field.Element
	lhs.Square(&p.Y)
	curveRHS(&rhs, &p.X)
	return lhs.Equal(&rhs)
}

// SetXO sets p to the point with x-coordinate x and the y-coordinate whose
// parity is odd (1) or even (0), and returns 1. If x³ + 7 is not a square
// there is no such point: p is left unchanged and 0 is returned. It runs in
// constant time (x is public in every caller, but this costs nothing extra).
func (p *Affine) SetXO(x *field.Element, odd int) int {
	var rhs, y field.Element
	curveRHS(&rhs, x)
	ok := y.Sqrt(&rhs)
	var neg field.Element
	neg.Negate(&y)
	y.Select(&neg, &y, y.IsOdd()^odd)
	if ok == 1 {
		p.X.Set(x)
		p.Y.Set(&y)
		p.Infinity = false
	}
	return ok
}

// Negate sets p = -q and returns p.
func (p *Affine) Negate(q *Affine) *Affine {
	p.X.Set(&q.X)
	p.Y.Negate(&q.Y)
	p.Infinity = q.Infinity
	return p
}

// Endomorphism sets p = λ·q = (β·x, y) and returns p.
func (p *Affine) Endomorphism(q *Affine) *Affine {
	b := Beta()
	p.X.Multiply(&q.X, &b)
	p.Y.Set(&q.Y)
	p.Infinity = q.Infinity
	return p
}

// Equal returns 1 if p and q are the same point, and 0 otherwise. It runs in
// constant time for finite points.
func (p *Affine) Equal(q *Affine) int {
	if p.Infinity || q.Infinity {
		if p.Infinity == q.Infinity {
			return 1
		}
		return 0
	}
	return p.X.Equal(&q.X) & p.Y.Equal(&q.Y)
}

// BatchToAffineVarTime converts the Jacobian points in to affine points in
// out with a single field inversion. out and in must have the same length.
// scratch must hold at least 2·len(in) elements. Execution time depends on the
// inputs.
func BatchToAffineVarTime(out []Affine, in []Jacobian, scratch []field.Element) {
	n := len(in)
	if len(out) != n || len(scratch) < 2*n {
		panic("group: internal error: BatchToAffineVarTime length mismatch")
	}
	zs, tmp := scratch[:n], scratch[n:2*n]
	for i := range in {
		if in[i].Infinity {
			zs[i].Zero()
		} else {
			zs[i].Set(&in[i].Z)
		}
	}
	field.BatchInvertVarTime(zs, zs, tmp)
	for i := range in {
		if in[i].Infinity {
			out[i] = Affine{Infinity: true}
			continue
		}
		var z2, z3 field.Element
		z2.Square(&zs[i])
		z3.Multiply(&z2, &zs[i])
		out[i].X.Multiply(&in[i].X, &z2)
		out[i].Y.Multiply(&in[i].Y, &z3)
		out[i].Infinity = false
	}
}
