package ellswift

import "github.com/p256k1/secp256k1/internal/field"

// xswiftecInvVarTime is xswiftecInvEncode in variable time, for encoding
// public keys (libsecp256k1's secp256k1_ellswift_xswiftec_inv_var): each
// test returns as soon as it fails, and the tests are ordered so that the
// ones that fail half the time come first and cost least. t is the c-th
// preimage up to its sign. Execution time depends on x, u and c.
func xswiftecInvVarTime(t, x, u *field.Element, c int) bool {
	if u.IsZero() == 1 {
		return false
	}
	var u2, g, s, w, v, inv, a field.Element
	u2.Square(u)
	g.Multiply(&u2, u)
	g.Add(&g, curveB) // g = u³ + 7
	if c&2 == 0 {
		// Fail if m = -x-u is a valid x-coordinate.
		var m field.Element
		m.Add(x, u)
		m.Negate(&m)
		if isSquareVarTime(curveRHS(&a, &m)) {
			return false
		}
		// s = g/da with da = -(u+x)² + u·x ≠ 0: its root is sqrt(g·da)/da,
		// and the square root also tests that s is a square.
		var da field.Element
		da.Square(&m)
		da.Negate(&da)
		a.Multiply(u, x)
		da.Add(&da, &a)
		s.Multiply(&g, &da)
		if w.Sqrt(&s) != 1 {
			return false
		}
		inv.InvertVarTime(&da)
		w.Multiply(&w, &inv)
		v.Set(x)
	} else {
		// s = x - u, nonzero and a square.
		s.Subtract(x, u)
		if s.IsZero() == 1 || !isSquareVarTime(&s) {
			return false
		}
		// r = sqrt(-s·(4g + 3u²·s)), nonzero for odd c.
		var q, r field.Element
		q.Multiply(&u2, &s)
		q.MulInt(&q, 3)
		a.MulInt(&g, 4)
		q.Add(&q, &a)
		q.Multiply(&q, &s)
		q.Negate(&q)
		if r.Sqrt(&q) != 1 || (c&1 == 1 && r.IsZero() == 1) {
			return false
		}
		w.Sqrt(&s)
		inv.InvertVarTime(&s)
		v.Multiply(&r, &inv)
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
