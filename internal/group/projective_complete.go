package group

import "github.com/p256k1/secp256k1/internal/field"

// The complete projective formulas for general points, the arithmetic of
// the public curve.Point type (constant time, no exceptional cases): RCB
// algorithms 7 (addition) and 9 (doubling) for a = 0, beside algorithm 8
// (AddAffine) in projective.go. Every input (X:Y:Z) must be a point on the
// curve, the identity being any (0:Y:0) with Y ≠ 0; (0:0:0) is not a point
// and the formulas map it to (0:0:0).

// SetAffine sets p = a and returns p, in constant time (a.Infinity
// included).
func (p *Projective) SetAffine(a *Affine) *Projective {
	inf := a.IsInfinity()
	var zero, one field.Element
	one.One()
	p.X.Select(&zero, &a.X, inf)
	p.Y.Select(&one, &a.Y, inf)
	p.Z.Select(&zero, &one, inf)
	return p
}

// IsInfinity returns 1 if p is the point at infinity (Z = 0), and 0
// otherwise.
func (p *Projective) IsInfinity() int {
	return p.Z.IsZero()
}

// Negate sets p = -q and returns p.
func (p *Projective) Negate(q *Projective) *Projective {
	p.X.Set(&q.X)
	p.Y.Negate(&q.Y)
	p.Z.Set(&q.Z)
	return p
}

// Equal returns 1 if p and q are the same point, and 0 otherwise, in
// constant time: X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1, which also holds for two
// representations of the identity, and both or neither at infinity (a
// finite point never equals the identity: the cross products of a finite
// point and (0:Y:0) are 0 = X1·0 and Y1·0 = Y·Z1 ≠ 0 for the Y check).
func (p *Projective) Equal(q *Projective) int {
	var a, b, c, d field.Element
	a.Multiply(&p.X, &q.Z)
	b.Multiply(&q.X, &p.Z)
	c.Multiply(&p.Y, &q.Z)
	d.Multiply(&q.Y, &p.Z)
	pinf, qinf := p.Z.IsZero(), q.Z.IsZero()
	return a.Equal(&b) & c.Equal(&d) & (pinf ^ qinf ^ 1)
}

// Add sets p = q + r and returns p (RCB algorithm 7, 12M + 2·m_b3), in
// constant time, for any points q and r, the identity and q = ±r included.
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

// Double sets p = 2·q and returns p (RCB algorithm 9, 6M + 2S + 1·m_b3), in
// constant time, the identity included.
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

// SetJacobian sets p = q and returns p, in constant time: (X/Z², Y/Z³) =
// (X·Z / Z³, Y / Z³), and Z = 0 stays the identity (0:Y:0) (X·Z = 0).
func (p *Projective) SetJacobian(q *Jacobian) *Projective {
	var z3 field.Element
	z3.Square(&q.Z)
	z3.Multiply(&z3, &q.Z)
	p.X.Multiply(&q.X, &q.Z)
	p.Y.Set(&q.Y)
	p.Z.Set(&z3)
	// A Jacobian identity may carry Y = 0 only if it is not a point; keep
	// (0:Y:0) with Y ≠ 0 for every identity.
	var one field.Element
	one.One()
	p.Y.Select(&one, &p.Y, p.Z.IsZero()&p.Y.IsZero())
	return p
}
