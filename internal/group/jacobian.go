package group

import "github.com/p256k1/secp256k1/internal/field"

// Jacobian is a point (X:Y:Z) with affine coordinates (X/Z², Y/Z³), or the
// point at infinity when Infinity is set. The zero value is not a valid
// point; use SetInfinity or SetAffine. Every formula sets Infinity when the
// resulting Z is 0, and EqualXVarTime and SetJacobianVarTime treat Z = 0 as
// infinity whatever the flag says: a sum that degenerates (which only a
// point off the curve can cause) never passes for a finite point.
//
// The methods of Jacobian are variable time: their execution time depends on
// the inputs (they branch on doubling and infinity cases). They are for
// public data only: verification, recovery, public-key tweaks and building
// tables of public points.
type Jacobian struct {
	X, Y, Z  field.Element
	Infinity bool
}

// SetInfinity sets p to the point at infinity and returns p.
func (p *Jacobian) SetInfinity() *Jacobian {
	p.X.Zero()
	p.Y.One()
	p.Z.Zero()
	p.Infinity = true
	return p
}

// IsInfinity returns 1 if p is the point at infinity, its flag set or
// Z = 0 (whatever the flag says, as EqualXVarTime and SetJacobianVarTime
// read it), and 0 otherwise, in constant time.
func (p *Jacobian) IsInfinity() int {
	return b2i(p.Infinity) | p.Z.IsZero()
}

// SetAffine sets p = a and returns p.
func (p *Jacobian) SetAffine(a *Affine) *Jacobian {
	if a.Infinity {
		return p.SetInfinity()
	}
	p.X.Set(&a.X)
	p.Y.Set(&a.Y)
	p.Z.One()
	p.Infinity = false
	return p
}

// SetJacobianVarTime sets a to the affine form of p and returns a; a point
// with Z = 0 is the point at infinity. Execution time depends on the inputs.
func (a *Affine) SetJacobianVarTime(p *Jacobian) *Affine {
	if p.IsInfinity() == 1 {
		return a.SetInfinity()
	}
	var zi, z2, z3 field.Element
	zi.InvertVarTime(&p.Z)
	z2.Square(&zi)
	z3.Multiply(&z2, &zi)
	a.X.Multiply(&p.X, &z2)
	a.Y.Multiply(&p.Y, &z3)
	a.Infinity = false
	return a
}

// EqualXVarTime returns 1 if p is finite and its affine x-coordinate equals
// x, that is if X == x·Z² with Z ≠ 0, and 0 otherwise (also for any point
// with Z = 0, whatever its Infinity flag says). Execution time depends on
// the inputs.
func (p *Jacobian) EqualXVarTime(x *field.Element) int {
	if p.IsInfinity() == 1 {
		return 0
	}
	var z2, t field.Element
	z2.Square(&p.Z)
	t.Multiply(x, &z2)
	return t.Equal(&p.X)
}

// DoubleVarTime sets p = 2·q and returns p, with the "dbl-2009-l" formulas
// for a = 0 (Lange, Explicit-Formulas Database,
// https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html#doubling-dbl-2009-l),
// 2M + 5S. Execution time depends on the inputs.
func (p *Jacobian) DoubleVarTime(q *Jacobian) *Jacobian {
	if usePointAsm && !q.Infinity {
		jacobianDouble(p, q)
		return p
	}
	if q.Infinity {
		return p.SetInfinity()
	}
	// On secp256k1 no finite point has y = 0 (x³ = -7 has no solution in the
	// field, as the group order is odd), so 2·q is always finite.
	var a, b, c, d, e, f, t field.Element
	a.Square(&q.X)           // A = X1²
	b.Square(&q.Y)           // B = Y1²
	c.Square(&b)             // C = B²
	d.Add(&q.X, &b)          // X1 + B
	d.Square(&d)             // (X1+B)²
	d.Subtract(&d, &a)       // - A
	d.Subtract(&d, &c)       // - C
	d.Double(&d)             // D = 2((X1+B)² - A - C)
	e.Double(&a)             //
	e.Add(&e, &a)            // E = 3A
	f.Square(&e)             // F = E²
	p.Z.Multiply(&q.Y, &q.Z) // Y1·Z1 (before p.Y is written; p may alias q)
	p.Z.Double(&p.Z)         // Z3 = 2·Y1·Z1
	t.Double(&d)             //
	p.X.Subtract(&f, &t)     // X3 = F - 2D
	t.Subtract(&d, &p.X)     // D - X3
	t.Multiply(&e, &t)       // E·(D - X3)
	c.MulInt(&c, 8)          // 8C
	p.Y.Subtract(&t, &c)     // Y3 = E·(D - X3) - 8C
	p.Infinity = p.Z.IsZero() == 1
	return p
}

// AddVarTime sets p = q + r and returns p, with the "add-2007-bl" formulas
// (https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html#addition-add-2007-bl),
// 11M + 5S, falling back to doubling when q = r. Execution time depends on
// the inputs.
func (p *Jacobian) AddVarTime(q, r *Jacobian) *Jacobian {
	if pointGenAdd && usePointAsm && jacobianAddVarTime(p, q, r) {
		return p // the generated code leaves infinity and H = 0 to the code below
	}
	if q.Infinity {
		return p.Set(r)
	}
	if r.Infinity {
		return p.Set(q)
	}
	var z1z1, z2z2, u1, u2, s1, s2, h, i, j, rr, v, t field.Element
	z1z1.Square(&q.Z)
	z2z2.Square(&r.Z)
	u1.Multiply(&q.X, &z2z2)
	u2.Multiply(&r.X, &z1z1)
	s1.Multiply(&q.Y, &r.Z)
	s1.Multiply(&s1, &z2z2)
	s2.Multiply(&r.Y, &q.Z)
	s2.Multiply(&s2, &z1z1)
	h.Subtract(&u2, &u1)
	rr.Subtract(&s2, &s1)
	if h.IsZero() == 1 {
		if rr.IsZero() == 1 {
			return p.DoubleVarTime(q)
		}
		return p.SetInfinity()
	}
	rr.Double(&rr)      // r = 2(S2 - S1)
	i.Double(&h)        //
	i.Square(&i)        // I = (2H)²
	j.Multiply(&h, &i)  // J = H·I
	v.Multiply(&u1, &i) // V = U1·I
	// Z3 = ((Z1+Z2)² - Z1Z1 - Z2Z2)·H, computed before q.Z / r.Z may be
	// overwritten through aliasing.
	t.Add(&q.Z, &r.Z)
	t.Square(&t)
	t.Subtract(&t, &z1z1)
	t.Subtract(&t, &z2z2)
	p.Z.Multiply(&t, &h)
	p.X.Square(&rr)
	p.X.Subtract(&p.X, &j)
	t.Double(&v)
	p.X.Subtract(&p.X, &t) // X3 = r² - J - 2V
	t.Subtract(&v, &p.X)
	t.Multiply(&rr, &t)
	s1.Multiply(&s1, &j)
	s1.Double(&s1)
	p.Y.Subtract(&t, &s1) // Y3 = r(V - X3) - 2·S1·J
	p.Infinity = p.Z.IsZero() == 1
	return p
}

// AddMixedVarTime sets p = q + a for an affine a and returns p, with the
// "madd-2007-bl" formulas
// (https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html#addition-madd-2007-bl),
// 7M + 4S, falling back to doubling when q = a. Execution time depends on the
// inputs.
func (p *Jacobian) AddMixedVarTime(q *Jacobian, a *Affine) *Jacobian {
	if usePointAsm && jacobianAddMixedVarTime(p, q, a) {
		return p // the assembly leaves infinity and H = 0 to the code below
	}
	if a.Infinity {
		return p.Set(q)
	}
	if q.Infinity {
		return p.SetAffine(a)
	}
	var z1z1, u2, s2, h, hh, i, j, rr, v, t field.Element
	z1z1.Square(&q.Z)
	u2.Multiply(&a.X, &z1z1)
	s2.Multiply(&a.Y, &q.Z)
	s2.Multiply(&s2, &z1z1)
	h.Subtract(&u2, &q.X)
	rr.Subtract(&s2, &q.Y)
	if h.IsZero() == 1 {
		if rr.IsZero() == 1 {
			return p.DoubleVarTime(q)
		}
		return p.SetInfinity()
	}
	hh.Square(&h)
	i.Double(&hh)
	i.Double(&i)         // I = 4·HH
	j.Multiply(&h, &i)   // J = H·I
	rr.Double(&rr)       // r = 2(S2 - Y1)
	v.Multiply(&q.X, &i) // V = X1·I
	t.Add(&q.Z, &h)
	t.Square(&t)
	t.Subtract(&t, &z1z1)
	t.Subtract(&t, &hh) // Z3 = (Z1+H)² - Z1Z1 - HH
	var y1j field.Element
	y1j.Multiply(&q.Y, &j)
	p.Z.Set(&t)
	p.X.Square(&rr)
	p.X.Subtract(&p.X, &j)
	t.Double(&v)
	p.X.Subtract(&p.X, &t) // X3 = r² - J - 2V
	t.Subtract(&v, &p.X)
	t.Multiply(&rr, &t)
	y1j.Double(&y1j)
	p.Y.Subtract(&t, &y1j) // Y3 = r(V - X3) - 2·Y1·J
	p.Infinity = p.Z.IsZero() == 1
	return p
}

// Set sets p = q and returns p.
func (p *Jacobian) Set(q *Jacobian) *Jacobian {
	*p = *q
	return p
}

// AddMixedZRatioVarTime sets p = q + a for a finite Jacobian q and a finite
// affine a that is neither q nor -q, sets zr to the ratio Z3/Z1 of the new
// and old Z coordinates, and returns p. It uses the "add-1998-cmo-2" mixed
// formulas (https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html),
// 8M + 3S, whose Z3 = Z1·H makes the ratio H available for free; it serves
// tables whose entries are brought to one Z afterwards. It returns false,
// leaving p and zr unchanged, if q or a is infinite or q = ±a. Execution
// time depends on the inputs.
func (p *Jacobian) AddMixedZRatioVarTime(q *Jacobian, a *Affine, zr *field.Element) bool {
	if usePointAsm {
		return jacobianAddMixedZRatioVarTime(p, q, a, zr)
	}
	if q.Infinity || a.Infinity {
		return false
	}
	var z1z1, u2, s2, h, r, hh, hhh, v, t field.Element
	z1z1.Square(&q.Z)
	u2.Multiply(&a.X, &z1z1)
	s2.Multiply(&a.Y, &q.Z)
	s2.Multiply(&s2, &z1z1)
	h.Subtract(&u2, &q.X)
	if h.IsZero() == 1 {
		return false
	}
	r.Subtract(&s2, &q.Y)
	hh.Square(&h)
	hhh.Multiply(&h, &hh)
	v.Multiply(&q.X, &hh)
	t.Multiply(&q.Y, &hhh) // Y1·H³, before p.Y is written
	p.Z.Multiply(&q.Z, &h) // Z3 = Z1·H
	p.X.Square(&r)
	p.X.Subtract(&p.X, &hhh)
	p.X.Subtract(&p.X, &v)
	p.X.Subtract(&p.X, &v) // X3 = r² - H³ - 2·X1·H²
	v.Subtract(&v, &p.X)
	v.Multiply(&r, &v)
	p.Y.Subtract(&v, &t) // Y3 = r·(X1·H² - X3) - Y1·H³
	p.Infinity = false
	zr.Set(&h)
	return true
}

// AddZInvVarTime sets p = q + b and returns p, where q is a Jacobian point
// in the coordinates of an isomorphic curve scaled by z (a point (X:Y:Z)
// there is (X:Y:Z·z) on the curve) and b is an ordinary affine point, given
// with bzinv = z: in q's coordinates b is (b.X : b.Y : 1/z). It is
// libsecp256k1's secp256k1_gej_add_zinv_var, 9M + 3S, which lets a sum on
// the isomorphic curve (whose tables need no inversion) take points of a
// fixed affine table. Execution time depends on the inputs.
func (p *Jacobian) AddZInvVarTime(q *Jacobian, b *Affine, bzinv *field.Element) *Jacobian {
	if usePointAsm && jacobianAddZInvVarTime(p, q, b, bzinv) {
		return p // the assembly leaves infinity and H = 0 to the code below
	}
	if b.Infinity {
		return p.Set(q)
	}
	if q.Infinity {
		var z2, z3 field.Element
		z2.Square(bzinv)
		z3.Multiply(&z2, bzinv)
		p.X.Multiply(&b.X, &z2)
		p.Y.Multiply(&b.Y, &z3)
		p.Z.One()
		p.Infinity = false
		return p
	}
	var az, z12, u2, s2, h, r, hh, hhh, v, t field.Element
	az.Multiply(&q.Z, bzinv)
	z12.Square(&az)
	u2.Multiply(&b.X, &z12)
	s2.Multiply(&b.Y, &z12)
	s2.Multiply(&s2, &az)
	h.Subtract(&u2, &q.X)
	r.Subtract(&s2, &q.Y)
	if h.IsZero() == 1 {
		if r.IsZero() == 1 {
			return p.DoubleVarTime(q)
		}
		return p.SetInfinity()
	}
	hh.Square(&h)
	hhh.Multiply(&h, &hh)
	v.Multiply(&q.X, &hh)
	t.Multiply(&q.Y, &hhh)
	p.Z.Multiply(&q.Z, &h)
	p.X.Square(&r)
	p.X.Subtract(&p.X, &hhh)
	p.X.Subtract(&p.X, &v)
	p.X.Subtract(&p.X, &v)
	v.Subtract(&v, &p.X)
	v.Multiply(&r, &v)
	p.Y.Subtract(&v, &t)
	p.Infinity = p.Z.IsZero() == 1
	return p
}
