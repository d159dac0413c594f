package group

import "github.com/p256k1/secp256k1/internal/field"

// Projective is a point (X:Y:Z) with affine coordinates (X/Z, Y/Z); the point
// at infinity is (0:1:0) (any (0:Y:0) with Y ≠ 0). The zero value is not a
// valid point; use SetInfinity.
//
// It is the accumulator of the constant-time fixed-base multiplication k·G,
// which only adds affine table points: AddAffine is algorithm 8 of Renes,
// Costello and Batina (https://eprint.iacr.org/2015/1060, complete mixed
// addition for short Weierstrass curves with a = 0), correct for every
// accumulator, including the point at infinity and doubling. All methods run
// in constant time.
type Projective struct {
	X, Y, Z field.Element
}

// SetInfinity sets p to the point at infinity (0:1:0) and returns p.
func (p *Projective) SetInfinity() *Projective {
	p.X.Zero()
	p.Y.One()
	p.Z.Zero()
	return p
}

// SetProjective sets a to the affine form of p and returns a, in constant
// time; Z = 0 gives the point at infinity.
func (a *Affine) SetProjective(p *Projective) *Affine {
	var zi field.Element
	zi.Invert(&p.Z)
	a.X.Multiply(&p.X, &zi)
	a.Y.Multiply(&p.Y, &zi)
	a.Infinity = p.Z.IsZero() == 1
	return a
}

// Select sets p = a if cond is 1, or p = b if cond is 0, in constant time.
func (p *Projective) Select(a, b *Projective, cond int) *Projective {
	p.X.Select(&a.X, &b.X, cond)
	p.Y.Select(&a.Y, &b.Y, cond)
	p.Z.Select(&a.Z, &b.Z, cond)
	return p
}

// mulB3 sets v = 3·b·a = 21·a.
func mulB3(v, a *field.Element) {
	v.MulInt(a, b3)
}

// AddAffine sets p = q + a for a finite affine point a and returns p (RCB
// algorithm 8, 11M + 2·m_b3). a.Infinity must be false; callers that may
// add the identity select the result afterwards.
func (p *Projective) AddAffine(q *Projective, a *Affine) *Projective {
	if usePointAsm && pointAsmCurve {
		projectiveAddAffine(p, q, a, 1)
		return p
	}
	var t0, t1, t2, t3, t4, x3, y3, z3 field.Element
	t0.Multiply(&q.X, &a.X) // t0 = X1·X2
	t1.Multiply(&q.Y, &a.Y) // t1 = Y1·Y2
	t3.Add(&a.X, &a.Y)      // t3 = X2 + Y2
	t4.Add(&q.X, &q.Y)      // t4 = X1 + Y1
	t3.Multiply(&t3, &t4)   // t3 = t3·t4
	t4.Add(&t0, &t1)        // t4 = t0 + t1
	t3.Subtract(&t3, &t4)   // t3 = t3 - t4
	t4.Multiply(&a.Y, &q.Z) // t4 = Y2·Z1
	t4.Add(&t4, &q.Y)       // t4 = t4 + Y1
	y3.Multiply(&a.X, &q.Z) // Y3 = X2·Z1
	y3.Add(&y3, &q.X)       // Y3 = Y3 + X1
	x3.Double(&t0)          // X3 = t0 + t0
	t0.Add(&x3, &t0)        // t0 = X3 + t0
	mulB3(&t2, &q.Z)        // t2 = b3·Z1
	z3.Add(&t1, &t2)        // Z3 = t1 + t2
	t1.Subtract(&t1, &t2)   // t1 = t1 - t2
	mulB3(&y3, &y3)         // Y3 = b3·Y3
	x3.Multiply(&t4, &y3)   // X3 = t4·Y3
	t2.Multiply(&t3, &t1)   // t2 = t3·t1
	x3.Subtract(&t2, &x3)   // X3 = t2 - X3
	y3.Multiply(&y3, &t0)   // Y3 = Y3·t0
	t1.Multiply(&t1, &z3)   // t1 = t1·Z3
	y3.Add(&t1, &y3)        // Y3 = t1 + Y3
	t0.Multiply(&t0, &t3)   // t0 = t0·t3
	z3.Multiply(&z3, &t4)   // Z3 = Z3·t4
	z3.Add(&z3, &t0)        // Z3 = Z3 + t0
	p.X.Set(&x3)
	p.Y.Set(&y3)
	p.Z.Set(&z3)
	return p
}

// Set sets p = q and returns p.
func (p *Projective) Set(q *Projective) *Projective {
	*p = *q
	return p
}
