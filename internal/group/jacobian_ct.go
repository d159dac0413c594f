package group

import "github.com/p256k1/secp256k1/internal/field"

// Constant-time Jacobian arithmetic for secret scalars (k·P in ECDH and
// tweaks). The point at infinity is any (X:Y:0); these functions read it
// from Z with a constant-time test, keep Infinity in step with Z, and never
// branch on the coordinates.

// Double sets p = 2·q and returns p, in constant time: the "dbl-2009-l"
// formulas of DoubleVarTime without the infinity branch. They have no
// exceptional case on secp256k1: no point has y = 0 (x³ = -7 has no root
// mod p), and for q at infinity Z3 = 2·Y·Z = 0 keeps the result at infinity.
func (p *Jacobian) Double(q *Jacobian) *Jacobian {
	if usePointAsm {
		jacobianDouble(p, q)
		return p
	}
	var a, b, c, d, e, f, t field.Element
	a.Square(&q.X)
	b.Square(&q.Y)
	c.Square(&b)
	d.Add(&q.X, &b)
	d.Square(&d)
	d.Subtract(&d, &a)
	d.Subtract(&d, &c)
	d.Double(&d) // D = 2((X+B)² - A - C)
	e.Double(&a)
	e.Add(&e, &a) // E = 3A
	f.Square(&e)
	p.Z.Multiply(&q.Y, &q.Z)
	p.Z.Double(&p.Z) // Z3 = 2·Y·Z
	t.Double(&d)
	p.X.Subtract(&f, &t) // X3 = E² - 2D
	t.Subtract(&d, &p.X)
	t.Multiply(&e, &t)
	c.Double(&c)
	c.Double(&c)
	c.Double(&c)
	p.Y.Subtract(&t, &c) // Y3 = E(D - X3) - 8C
	p.Infinity = p.Z.IsZero() == 1
	return p
}

// AddAffine sets p = q + a and returns p, in constant time, for any Jacobian
// q (infinity included) and a finite affine a (a.Infinity is ignored;
// callers that may add the identity select the result afterwards).
//
// This is the unified addition of libsecp256k1's secp256k1_gej_add_ge
// (Brier–Joye style): with u1 = X1, u2 = x2·Z1², s1 = Y1, s2 = y2·Z1³, the
// slope is rr/m with rr = u1² + u1·u2 + u2² and m = s1 + s2, which also
// covers doubling. It only fails when m = rr = 0 with u1 ≠ u2 (y1 = -y2 and
// x1 = β·x2 for a cube root of unity β), where the ordinary slope
// (s1 - s2)/(u1 - u2) = 2·s1/(u1 - u2) is selected instead. q = -a gives
// Z3 = 0, the point at infinity; q at infinity selects a. 7M + 5S.
func (p *Jacobian) AddAffine(q *Jacobian, a *Affine) *Jacobian {
	if usePointAsm {
		jacobianAddAffine(p, q, a)
		return p
	}
	var zz, u2, s2, t, m, rr, malt, rralt, n, qq, x3, y3, z3 field.Element
	qInf := q.Z.IsZero()
	zz.Square(&q.Z)
	u2.Multiply(&a.X, &zz)
	s2.Multiply(&a.Y, &zz)
	s2.Multiply(&s2, &q.Z)
	t.Add(&q.X, &u2) // t = u1 + u2
	m.Add(&q.Y, &s2) // m = s1 + s2
	rr.Square(&t)
	malt.Negate(&u2)
	n.Multiply(&q.X, &malt)
	rr.Add(&rr, &n) // rr = t² - u1·u2 = u1² + u1·u2 + u2²
	degenerate := m.IsZero() & rr.IsZero()
	rralt.Double(&q.Y)    // 2·s1
	malt.Add(&malt, &q.X) // u1 - u2
	rralt.Select(&rralt, &rr, degenerate)
	malt.Select(&malt, &m, degenerate)
	n.Square(&malt) // n = m_alt²
	qq.Multiply(&t, &n)
	qq.Negate(&qq)               // q = -t·m_alt²
	n.Square(&n)                 // n = m_alt⁴
	n.Select(&m, &n, degenerate) // m = 0 when degenerate
	x3.Square(&rralt)
	x3.Add(&x3, &qq)         // X3 = rr_alt² + q
	z3.Multiply(&malt, &q.Z) // Z3 = m_alt·Z1
	y3.Double(&x3)
	y3.Add(&y3, &qq)
	y3.Multiply(&y3, &rralt)
	y3.Add(&y3, &n)
	y3.Negate(&y3)
	y3.Halve(&y3) // Y3 = -(rr_alt·(2·X3 + q) + n)/2
	// q at infinity: the sum is a itself.
	var one field.Element
	one.One()
	p.X.Select(&a.X, &x3, qInf)
	p.Y.Select(&a.Y, &y3, qInf)
	p.Z.Select(&one, &z3, qInf)
	p.Infinity = p.Z.IsZero() == 1
	return p
}

// Select sets p = a if cond is 1, or p = b if cond is 0, in constant time.
func (p *Jacobian) Select(a, b *Jacobian, cond int) *Jacobian {
	p.X.Select(&a.X, &b.X, cond)
	p.Y.Select(&a.Y, &b.Y, cond)
	p.Z.Select(&a.Z, &b.Z, cond)
	p.Infinity = p.Z.IsZero() == 1
	return p
}

// SetJacobian sets a to the affine form of p and returns a, in constant time
// (one constant-time inversion); Z = 0 gives the point at infinity.
func (a *Affine) SetJacobian(p *Jacobian) *Affine {
	var zi, z2, z3 field.Element
	zi.Invert(&p.Z)
	z2.Square(&zi)
	z3.Multiply(&z2, &zi)
	a.X.Multiply(&p.X, &z2)
	a.Y.Multiply(&p.Y, &z3)
	a.Infinity = p.Z.IsZero() == 1
	return a
}
