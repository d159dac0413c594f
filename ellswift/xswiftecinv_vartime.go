package ellswift

import "github.com/p256k1/secp256k1/internal/field"

// xswiftecInvVarTime is xswiftecInvEncode in variable time, for encoding
// public keys (libsecp256k1's secp256k1_ellswift_xswiftec_inv_var): each
// test returns as soon as it fails, and the tests are ordered so that the
// ones that fail half the time come first and cost least (a
// quadratic-residue test, then an exponentiation). As in
// xswiftecInvEncode, the last exponentiation is an inverse square root,
// which yields the root of s and the inverse of the denominator at once, so
// no inversion is needed. t is the c-th preimage up to its sign. Execution
// time depends on x, u and c.
func xswiftecInvVarTime(t, x, u *field.Element, c int) bool {
	if u.IsZero() == 1 {
		return false
	}
	var u2, g, w, v, a field.Element
	u2.Square(u)
	g.Multiply(&u2, u)
	g.Add(&g, curveB) // g = u³ + 7
	if c&2 == 0 {
		// Fail if m = -x-u is a valid x-coordinate.
		var m field.Element
		m.Add(x, u)
		m.Negate(&m)
		if curveRHS(&a, &m).IsSquareVarTime() == 1 {
			return false
		}
		// s = g/da with da = -(u+x)² + u·x ≠ 0 is a square exactly when
		// g·da is; with r = (g·da)^((p-3)/4), 1/da = r²·g and the root
		// of s is sqrt(g·da)/da = r·g·da·r²·g.
		var da, gda, r, r2g field.Element
		da.Square(&m)
		da.Negate(&da)
		a.Multiply(u, x)
		da.Add(&da, &a)
		gda.Multiply(&g, &da)
		if invSqrt(&r, &gda) != 1 {
			return false
		}
		r2g.Square(&r)
		r2g.Multiply(&r2g, &g)
		w.Multiply(&r, &gda)
		w.Multiply(&w, &r2g)
		v.Set(x)
	} else {
		// s = x - u, nonzero and a square.
		var s field.Element
		s.Subtract(x, u)
		if s.IsZero() == 1 || s.IsSquareVarTime() == 0 {
			return false
		}
		// r = sqrt(-s·(4g + 3u²·s)), nonzero for odd c.
		var q, r, is field.Element
		q.Multiply(&u2, &s)
		q.MulInt(&q, 3)
		a.MulInt(&g, 4)
		q.Add(&q, &a)
		q.Multiply(&q, &s)
		q.Negate(&q)
		if r.Sqrt(&q) != 1 || (c&1 == 1 && r.IsZero() == 1) {
			return false
		}
		// With i = s^((p-3)/4): sqrt(s) = i·s and 1/s = i².
		invSqrt(&is, &s)
		w.Multiply(&is, &s)
		is.Square(&is)
		v.Multiply(&r, &is)
		v.Subtract(&v, u)
		v.Halve(&v) // (r/s - u)/2
	}
	// t = ±w·(c3·u + v) or ±w·(c4·u + v), as in invInput.finish.
	var k field.Element
	if c&1 == 1 {
		k.Multiply(&c4, u)
	} else {
		k.Multiply(&c3, u)
	}
	k.Add(&k, &v)
	if c&1 == (c>>2)&1 {
		w.Negate(&w)
	}
	t.Multiply(&w, &k)
	return true
}
