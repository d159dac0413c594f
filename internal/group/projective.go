package group

import "github.com/p256k1/secp256k1/internal/field"

// Projective is a point (X:Y:Z) with affine coordinates (X/Z, Y/Z); the point
// at infinity is (0:1:0) (any (0:Y:0) with Y ≠ 0). The zero value is not a
// valid point; use SetInfinity or SetAffine.
//
// All methods of Projective run in constant time: they use the complete
// formulas of Renes, Costello and Batina (https://eprint.iacr.org/2015/1060,
// algorithms 7, 8 and 9 for short Weierstrass curves with a = 0), which are
// correct for every pair of inputs, including doubling and infinity.
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

// SetAffine sets p = a and returns p, in constant time (a.Infinity included).
func (p *Projective) SetAffine(a *Affine) *Projective {
	inf := boolToInt(a.Infinity)
	var zero, one field.Element
	one.One()
	p.X.Select(&zero, &a.X, inf)
	p.Y.Select(&one, &a.Y, inf)
	p.Z.Select(&zero, &one, inf)
	return p
}

// SetJacobianVarTime sets p = q and returns p. Execution time depends on
// whether q is the point at infinity.
func (p *Projective) SetJacobianVarTime(q *Jacobian) *Projective {
	if q.Infinity {
		return p.SetInfinity()
	}
	// (X/Z², Y/Z³) = (X·Z / Z³, Y / Z³).
	p.X.Multiply(&q.X, &q.Z)
	p.Y.Set(&q.Y)
	p.Z.Square(&q.Z)
	p.Z.Multiply(&p.Z, &q.Z)
	return p
}

// IsInfinity returns 1 if p is the point at infinity and 0 otherwise.
func (p *Projective) IsInfinity() int {
	return p.Z.IsZero()
}

// ToAffine sets a to the affine form of p and returns a, in constant time.
func (p *Projective) ToAffine(a *Affine) *Affine {
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

// Negate sets p = -q and returns p.
func (p *Projective) Negate(q *Projective) *Projective {
	p.X.Set(&q.X)
	p.Y.Negate(&q.Y)
	p.Z.Set(&q.Z)
	return p
}

// CondNegate sets p = -q if cond is 1, or p = q if cond is 0, in constant
// time, and returns p.
func (p *Projective) CondNegate(q *Projective, cond int) *Projective {
	p.X.Set(&q.X)
	p.Y.CondNegate(&q.Y, cond)
	p.Z.Set(&q.Z)
	return p
}

// Equal returns 1 if p and q are the same point and 0 otherwise, in constant
// time.
func (p *Projective) Equal(q *Projective) int {
	// X1·Z2 == X2·Z1 and Y1·Z2 == Y2·Z1 identifies the point, infinity
	// included (both sides are 0 for X; Y1·0 == Y2·0).
	var a, b, c, d field.Element
	a.Multiply(&p.X, &q.Z)
	b.Multiply(&q.X, &p.Z)
	c.Multiply(&p.Y, &q.Z)
	d.Multiply(&q.Y, &p.Z)
	pinf, qinf := p.Z.IsZero(), q.Z.IsZero()
	return a.Equal(&b) & c.Equal(&d) & (pinf ^ qinf ^ 1)
}

// mulB3 sets v = 3·b·a = 21·a.
func mulB3(v, a *field.Element) {
	v.MulInt(a, b3)
}

// Add sets p = q + r and returns p (RCB algorithm 7, 12M + 2·m_b3).
func (p *Projective) Add(q, r *Projective) *Projective {
	var t0, t1, t2, t3, t4, x3, y3, z3 field.Element
	t0.Multiply(&q.X, &r.X) // t0 = X1·X2
	t1.Multiply(&q.Y, &r.Y) // t1 = Y1·Y2
	t2.Multiply(&q.Z, &r.Z) // t2 = Z1·Z2
	t3.Add(&q.X, &q.Y)      // t3 = X1 + Y1
	t4.Add(&r.X, &r.Y)      // t4 = X2 + Y2
	t3.Multiply(&t3, &t4)   // t3 = t3·t4
	t4.Add(&t0, &t1)        // t4 = t0 + t1
	t3.Subtract(&t3, &t4)   // t3 = t3 - t4
	t4.Add(&q.Y, &q.Z)      // t4 = Y1 + Z1
	x3.Add(&r.Y, &r.Z)      // X3 = Y2 + Z2
	t4.Multiply(&t4, &x3)   // t4 = t4·X3
	x3.Add(&t1, &t2)        // X3 = t1 + t2
	t4.Subtract(&t4, &x3)   // t4 = t4 - X3
	x3.Add(&q.X, &q.Z)      // X3 = X1 + Z1
	y3.Add(&r.X, &r.Z)      // Y3 = X2 + Z2
	x3.Multiply(&x3, &y3)   // X3 = X3·Y3
	y3.Add(&t0, &t2)        // Y3 = t0 + t2
	y3.Subtract(&x3, &y3)   // Y3 = X3 - Y3
	x3.Double(&t0)          // X3 = t0 + t0
	t0.Add(&x3, &t0)        // t0 = X3 + t0
	mulB3(&t2, &t2)         // t2 = b3·t2
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

// AddAffine sets p = q + a for a finite affine point a and returns p (RCB
// algorithm 8, 11M + 2·m_b3). a.Infinity must be false; callers that may
// add the identity select the result afterwards.
func (p *Projective) AddAffine(q *Projective, a *Affine) *Projective {
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

// Double sets p = 2·q and returns p (RCB algorithm 9, 6M + 2S + 1·m_b3).
func (p *Projective) Double(q *Projective) *Projective {
	var t0, t1, t2, x3, y3, z3 field.Element
	t0.Square(&q.Y)         // t0 = Y·Y
	z3.Double(&t0)          // Z3 = t0 + t0
	z3.Double(&z3)          // Z3 = Z3 + Z3
	z3.Double(&z3)          // Z3 = Z3 + Z3
	t1.Multiply(&q.Y, &q.Z) // t1 = Y·Z
	t2.Square(&q.Z)         // t2 = Z·Z
	mulB3(&t2, &t2)         // t2 = b3·t2
	x3.Multiply(&t2, &z3)   // X3 = t2·Z3
	y3.Add(&t0, &t2)        // Y3 = t0 + t2
	z3.Multiply(&t1, &z3)   // Z3 = t1·Z3
	t1.Double(&t2)          // t1 = t2 + t2
	t2.Add(&t1, &t2)        // t2 = t1 + t2
	t0.Subtract(&t0, &t2)   // t0 = t0 - t2
	y3.Multiply(&t0, &y3)   // Y3 = t0·Y3
	y3.Add(&x3, &y3)        // Y3 = X3 + Y3
	t1.Multiply(&q.X, &q.Y) // t1 = X·Y
	x3.Multiply(&t0, &t1)   // X3 = t0·t1
	x3.Double(&x3)          // X3 = X3 + X3
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
