package ellswift

import "github.com/p256k1/secp256k1/internal/field"

// The forward map of SwiftEC as BIP-324 specifies it (xswiftec), for field
// elements u and t:
//
//	if u = 0: u = 1
//	if t = 0: t = 1
//	if u³ + t² + 7 = 0: t = 2t
//	X = (u³ + 7 - t²)/(2t)
//	Y = (X + t)/(c0·u)
//	return the first valid x-coordinate among
//	    x3 = u + 4Y², x2 = (-X/Y - u)/2, x1 = (X/Y - u)/2
//
// (one of them always is). With s = t², g = u³ + 7 and the constants c1, c2
// (constants.go), libsecp256k1 rewrites this without X and Y and without
// square roots or divisions except for the candidates' denominators:
//
//	x3 = (3s·u³ - (g+s)²) / (3s·u²)
//	x2 = u·(c1·s + c2·g) / (g+s)
//	x1 = -(x2 + u)
//
// where s = 1 for t = 0 and s is replaced by 4s if g + s = 0 (the t = 2t
// rule). Neither denominator is then 0: u ≠ 0 and s ≠ 0 give 3s·u² ≠ 0, and
// g + s = 0 is turned into g + 4s = 3s ≠ 0.

// frac holds the candidates of the forward map as fractions: x3 = n3/d and
// x2 = n2/p, x1 = n1/p; and u, t with the BIP's replacements (u = 0 → 1,
// t = 0 → 1, t → 2t if u³ + t² + 7 = 0), s = t² and g = u³ + 7.
type frac struct {
	u, t, s, g, n3, d, n2, n1, p field.Element
}

// set computes the candidates for (u, t), in constant time.
func (f *frac) set(u, t *field.Element) {
	var one, s4, t2, l field.Element
	one.One()
	s, g := &f.s, &f.g
	f.u.Select(&one, u, u.IsZero()) // u = 0 → 1
	f.t.Select(&one, t, t.IsZero()) // t = 0 → 1
	s.Square(&f.t)
	l.Square(&f.u) // l = u²
	g.Multiply(&l, &f.u)
	g.Add(g, curveB) // g = u³ + 7
	f.p.Add(g, s)
	special := f.p.IsZero()
	s4.MulInt(s, 4)
	s.Select(&s4, s, special) // g + s = 0 → s = 4s (t = 2t)
	t2.Double(&f.t)
	f.t.Select(&t2, &f.t, special)
	f.p.Add(g, s) // p = g + s

	f.d.Multiply(s, &l)
	f.d.MulInt(&f.d, 3) // d = 3s·u²
	l.Square(&f.p)
	f.n3.Multiply(&f.d, &f.u)
	f.n3.Subtract(&f.n3, &l) // n3 = 3s·u³ - (g+s)²

	var a, b field.Element
	a.Multiply(&c1, s)
	b.Multiply(&c2, g)
	a.Add(&a, &b)
	f.n2.Multiply(&a, &f.u) // n2 = u·(c1·s + c2·g)
	a.Multiply(&f.p, &f.u)
	a.Add(&a, &f.n2)
	f.n1.Negate(&a) // n1 = -(n2 + u·p), so n1/p = -(x2 + u)
}

// fracCurveRHS sets out to (n³ + 7d³)·d, which is a square exactly when
// n/d (d ≠ 0) is the x-coordinate of a point: x³ + 7 = (n³ + 7d³)/d³.
func fracCurveRHS(out, n, d *field.Element) *field.Element {
	var a, b field.Element
	a.Square(n)
	a.Multiply(&a, n)
	b.Square(d)
	b.Multiply(&b, d)
	b.MulInt(&b, 7)
	a.Add(&a, &b)
	return out.Multiply(&a, d)
}

// xswiftec sets x to the forward map of (u, t), in constant time: all three
// candidates are computed, two square roots decide which is valid, and one
// inversion of d·p brings the chosen one to affine form.
func xswiftec(x, u, t *field.Element) {
	var f frac
	f.set(u, t)
	var a, r, inv, x3, x2, x1 field.Element
	ok3 := r.Sqrt(fracCurveRHS(&a, &f.n3, &f.d))
	ok2 := r.Sqrt(fracCurveRHS(&a, &f.n2, &f.p))
	inv.Multiply(&f.d, &f.p)
	inv.Invert(&inv)
	x3.Multiply(&f.n3, &f.p)
	x3.Multiply(&x3, &inv) // n3/d
	inv.Multiply(&inv, &f.d)
	x2.Multiply(&f.n2, &inv) // n2/p
	x1.Multiply(&f.n1, &inv) // n1/p
	x2.Select(&x2, &x1, ok2)
	x.Select(&x3, &x2, ok3)
}

// curveRHS sets out = x³ + 7.
func curveRHS(out, x *field.Element) *field.Element {
	var a field.Element
	a.Square(x)
	a.Multiply(&a, x)
	return out.Add(&a, curveB)
}

// xswiftecFracVarTime sets n/d to the forward map of (u, t), as a fraction
// with d ≠ 0 (libsecp256k1's secp256k1_ellswift_xswiftec_frac_var): the
// candidates are tested in order with variable-time quadratic-residue tests
// on their fractions, and no inversion or square root is computed. XDH
// needs no more: its multiplication takes the x-coordinate as a fraction.
// Execution time depends on the inputs.
func xswiftecFracVarTime(n, d, u, t *field.Element) {
	var f frac
	f.set(u, t)
	var a field.Element
	if fracCurveRHS(&a, &f.n3, &f.d).IsSquareVarTime() == 1 {
		n.Set(&f.n3)
		d.Set(&f.d)
		return
	}
	d.Set(&f.p)
	if fracCurveRHS(&a, &f.n2, &f.p).IsSquareVarTime() == 1 {
		n.Set(&f.n2)
		return
	}
	n.Set(&f.n1) // always valid when the others are not
}

// swiftecVarTime sets (x, y) to the point that (u, t) decodes to: x is the
// forward map of (u, t) and y the root of x³ + 7 with the parity of t
// (BIP-324's ellswift_decode). With s3, s2, s1 the values whose squareness
// decides the candidates x3, x2, x1 (fracCurveRHS), it computes one inverse
// square root for x3 and, if x3 is not valid, one for x2
// (invSqrtFracVarTime): a valid candidate's gives x and y without an
// inversion (pointFromInvSqrt). When neither is valid, x1 is, and its x
// and y come from the two failed ones with a few multiplications
// (x1FromFailed). One or two exponentiations, no inversion. Execution time
// depends on the inputs.
func swiftecVarTime(x, y, u, t *field.Element) {
	var f frac
	f.set(u, t)
	var s3, r3, s2, r2 field.Element
	if invSqrtFracVarTime(&r3, &s3, &f.n3, &f.d) {
		pointFromInvSqrt(x, y, &f.n3, &f.d, &r3, &s3)
	} else if invSqrtFracVarTime(&r2, &s2, &f.n2, &f.p) {
		pointFromInvSqrt(x, y, &f.n2, &f.p, &r2, &s2)
	} else {
		x1FromFailed(x, y, &f, &r3, &r2, &s2)
	}
	y.CondNegate(y, y.IsOdd()^t.IsOdd())
}

// invSqrtFracVarTime sets s = (n³ + 7d³)·d, which is a square exactly when
// n/d (d ≠ 0) is the x-coordinate of a point (x³ + 7 = s/d⁴), and r =
// (s·d²)^((p-3)/4), and reports whether s is a square. s is never 0
// (x³ = -7 has no root), so r is ±1/(sqrt(s)·d) if s is a square and
// ±1/(sqrt(-s)·d) if it is not. Execution time depends on the inputs.
func invSqrtFracVarTime(r, s, n, d *field.Element) bool {
	var a field.Element
	fracCurveRHS(s, n, d)
	a.Square(d)
	a.Multiply(&a, s)
	return invSqrt(r, &a) == 1
}

// pointFromInvSqrt sets x = n/d and y to a square root of x³ + 7, from s
// and r of invSqrtFracVarTime for a valid n/d: 1/d² = r²·s, x = n·d·r²·s
// and y = sqrt(s)/d² = r·s·d·r²·s.
func pointFromInvSqrt(x, y, n, d, r, s *field.Element) {
	var r2s field.Element
	r2s.Square(r)
	r2s.Multiply(&r2s, s) // 1/d²
	x.Multiply(n, d)
	x.Multiply(x, &r2s)
	y.Multiply(r, s)
	y.Multiply(y, d) // ±sqrt(s)
	y.Multiply(y, &r2s)
}

// x1FromFailed sets (x, y) to the point of the candidate x1 = n1/p (y up
// to its sign), given r3 and r2 of invSqrtFracVarTime for x3 and x2, both
// not valid, and s2.
//
// The three values s3, s2, s1 (fracCurveRHS of the candidates) satisfy
//
//	s1·s2·s3 = W²,  W = c0·g·A·B·t·u·p,  A·B = (P² + 3Q²)/4,
//	P = p·((2g - s)(g - 2s) + 63s),  Q = 3s·(g - s)·(7 - g)
//
// (with the replaced u and t of frac, s = t², g = u³ + 7, p = g + s; A and
// B are (n2³ + 7p³)/g and (n1³ + 7p³)/g, conjugate under c0 → -c0; checked
// by the tests against math/big). So s3 and s2 not being squares makes s1
// one, and since (r2·p)² = -1/s2 and (r3·d)² = -1/s3, sqrt(s1) = ±W·r2·p·r3·d
// and y = sqrt(s1)/p² = ±W·r2·r3·d/p, while 1/p = -p·r2²·s2.
func x1FromFailed(x, y *field.Element, f *frac, r3, r2, s2 *field.Element) {
	var a, b, c, pp, q field.Element
	// P = p·((2g - s)(g - 2s) + 63s)
	a.Double(&f.g)
	a.Subtract(&a, &f.s)
	b.Double(&f.s)
	b.Subtract(&f.g, &b)
	a.Multiply(&a, &b)
	c.MulInt(&f.s, 63)
	a.Add(&a, &c)
	pp.Multiply(&a, &f.p)
	// Q = 3s·(g - s)·(7 - g) = -3s·(g - s)·u³
	a.Subtract(&f.g, &f.s)
	b.Subtract(curveB, &f.g)
	q.Multiply(&a, &b)
	q.Multiply(&q, &f.s)
	q.MulInt(&q, 3)
	// 4·A·B = P² + 3Q²
	pp.Square(&pp)
	q.Square(&q)
	q.MulInt(&q, 3)
	a.Add(&pp, &q)
	// y = (c0/4)·g·(P² + 3Q²)·t·u·r2·r3·d
	a.Multiply(&a, &c0Quarter)
	a.Multiply(&a, &f.g)
	a.Multiply(&a, &f.t)
	a.Multiply(&a, &f.u)
	a.Multiply(&a, r2)
	a.Multiply(&a, r3)
	y.Multiply(&a, &f.d)
	// x = n1/p with 1/p = -p·r2²·s2
	a.Square(r2)
	a.Multiply(&a, s2)
	a.Multiply(&a, &f.p)
	a.Negate(&a)
	x.Multiply(&f.n1, &a)
}
