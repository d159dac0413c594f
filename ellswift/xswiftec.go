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
// x2 = n2/p, x1 = n1/p, and u with 0 replaced by 1.
type frac struct {
	u, n3, d, n2, n1, p field.Element
}

// set computes the candidates for (u, t), in constant time.
func (f *frac) set(u, t *field.Element) {
	var one, s, s4, g, l field.Element
	one.One()
	f.u.Select(&one, u, u.IsZero()) // u = 0 → 1
	s.Square(t)
	s.Select(&one, &s, t.IsZero()) // t = 0 → s = 1
	l.Square(&f.u)                 // l = u²
	g.Multiply(&l, &f.u)
	g.Add(&g, curveB) // g = u³ + 7
	f.p.Add(&g, &s)
	s4.MulInt(&s, 4)
	s.Select(&s4, &s, f.p.IsZero()) // g + s = 0 → s = 4s (t = 2t)
	f.p.Add(&g, &s)                 // p = g + s

	f.d.Multiply(&s, &l)
	f.d.MulInt(&f.d, 3) // d = 3s·u²
	l.Square(&f.p)
	f.n3.Multiply(&f.d, &f.u)
	f.n3.Subtract(&f.n3, &l) // n3 = 3s·u³ - (g+s)²

	var a, b field.Element
	a.Multiply(&c1, &s)
	b.Multiply(&c2, &g)
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
// candidates are computed, two square roots (in lockstep) decide which is
// valid, and one inversion of d·p brings the chosen one to affine form.
func xswiftec(x, u, t *field.Element) {
	var f frac
	f.set(u, t)
	var a3, a2, inv, x3, x2, x1 field.Element
	fracCurveRHS(&a3, &f.n3, &f.d)
	fracCurveRHS(&a2, &f.n2, &f.p)
	ok3, ok2 := isSquare2(&a3, &a2)
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
// (BIP-324's ellswift_decode). It tries the candidates x3 and x2 in order
// with pointFromFracVarTime, whose one exponentiation per candidate both
// tests it and, for a valid one, yields x and y without an inversion; x1,
// valid when neither is, takes one more. Execution time depends on the
// inputs.
func swiftecVarTime(x, y, u, t *field.Element) {
	var f frac
	f.set(u, t)
	if !pointFromFracVarTime(x, y, &f.n3, &f.d) && !pointFromFracVarTime(x, y, &f.n2, &f.p) {
		pointFromFracVarTime(x, y, &f.n1, &f.p)
	}
	y.CondNegate(y, y.IsOdd()^t.IsOdd())
}

// pointFromFracVarTime reports whether n/d (d ≠ 0) is the x-coordinate of
// a point, and if it is, sets x = n/d and y to a square root of x³ + 7,
// with one exponentiation and no inversion: with s = (n³ + 7d³)·d, which is
// a square exactly when x³ + 7 = s/d⁴ is, r = (s·d²)^((p-3)/4) is
// ±1/(sqrt(s)·d), so that 1/d² = r²·s, x = n·d·r²·s and y = sqrt(s)/d² =
// r·s·d·r²·s. Execution time depends on the inputs.
func pointFromFracVarTime(x, y, n, d *field.Element) bool {
	var s, a, r, r2s field.Element
	fracCurveRHS(&s, n, d)
	a.Square(d)
	a.Multiply(&a, &s) // s·d² (s ≠ 0: x³ = -7 has no root)
	if invSqrt(&r, &a) != 1 {
		return false
	}
	r2s.Square(&r)
	r2s.Multiply(&r2s, &s) // 1/d²
	x.Multiply(n, d)
	x.Multiply(x, &r2s)
	y.Multiply(&r, &s)
	y.Multiply(y, d) // ±sqrt(s)
	y.Multiply(y, &r2s)
	return true
}
