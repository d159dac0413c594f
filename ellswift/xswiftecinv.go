package ellswift

import "github.com/p256k1/secp256k1/internal/field"

// xswiftecInv sets t to the c-th preimage under the forward map of the
// x-coordinate x for the given u, and returns 1, or returns 0 if that branch
// has none (t is then meaningless). x must be a valid x-coordinate and c in
// [0, 8). u = 0 returns 0: the forward map reads u = 0 as 1, so no t could
// map back to x. This is BIP-324's xswiftec_inv:
//
//	if c & 2 = 0:
//	    if -x-u is a valid x-coordinate: fail
//	    s = -(u³ + 7)/(u² + u·x + x²), v = x
//	else:
//	    s = x - u; fail if s = 0
//	    r = sqrt(-s·(4(u³ + 7) + 3u²·s)); fail if there is none
//	    fail if c & 1 = 1 and r = 0
//	    v = (r/s - u)/2
//	w = sqrt(s); fail if there is none
//	t = -w·(c3·u + v), w·(c4·u + v), w·(c3·u + v), -w·(c4·u + v)
//	    for c & 5 = 0, 1, 4, 5
//
// It runs in constant time with respect to x, u and c: both branches are
// computed up to the point where one square root (of -s·(...) for c & 2 = 2,
// of (-x-u)³ + 7 for c & 2 = 0) and one inversion (of s, or of the
// denominator of s) serve either, selected by masks, and the final square
// root of s decides whether s is a square for both. Every failure condition
// is evaluated and combined without branching.
func xswiftecInv(t, x, u *field.Element, c int) int {
	cb := (c >> 1) & 1 // 1: the x3 branch (c & 2 = 2)
	lo := c & 1        // bit 0: c4 rather than c3
	hi := (c >> 2) & 1 // bit 2: with bit 0, the sign

	var u2, g, m, fa, da, sb, q, a field.Element
	u2.Square(u)
	g.Multiply(&u2, u)
	g.Add(&g, curveB) // g = u³ + 7

	// c & 2 = 0: m = -x-u, fa = m³ + 7 (a square iff m is a valid
	// x-coordinate), da = -(u² + u·x + x²) = -(u+x)² + u·x.
	m.Add(x, u)
	m.Negate(&m)
	curveRHS(&fa, &m)
	da.Square(&m)
	da.Negate(&da)
	a.Multiply(u, x)
	da.Add(&da, &a)

	// c & 2 = 2: sb = x - u, q = -sb·(4g + 3u²·sb).
	sb.Subtract(x, u)
	q.Multiply(&u2, &sb)
	q.MulInt(&q, 3)
	a.MulInt(&g, 4)
	q.Add(&q, &a)
	q.Multiply(&q, &sb)
	q.Negate(&q)

	// One square root for both branches: r = sqrt(q) (c & 2 = 2) or the
	// squareness of fa (c & 2 = 0), and one inversion: of sb, or of da.
	var z, r, inv field.Element
	z.Select(&q, &fa, cb)
	okz := r.Sqrt(&z)
	z.Select(&sb, &da, cb)
	inv.Invert(&z)

	// s and v of either branch: s = g/da (which is -(u³+7)/(u²+u·x+x²))
	// and v = x, or s = sb and v = (r/sb - u)/2.
	var s, sa, v, vb field.Element
	sa.Multiply(&g, &inv)
	vb.Multiply(&r, &inv)
	vb.Subtract(&vb, u)
	vb.Halve(&vb)
	s.Select(&sb, &sa, cb)
	v.Select(&vb, x, cb)

	var w field.Element
	oks := w.Sqrt(&s)

	// c & 2 = 0 fails if -x-u is valid (then da ≠ 0 is guaranteed
	// otherwise: da = 0 would make (-x-u)³ + 7 = x³ + 7 a square); c & 2 = 2
	// fails if q is not a square, if r = 0 for odd c, or if s = 0. Both fail
	// if s is not a square.
	okA := 1 ^ okz
	okB := okz & (1 ^ (lo & r.IsZero())) & (1 ^ sb.IsZero())
	ok := ((okB & cb) | (okA & (1 ^ cb))) & oks & (1 ^ u.IsZero())

	// t = ±w·(c3·u + v) or ±w·(c4·u + v): c4 for odd c, and the minus sign
	// when c & 5 is 0 or 5, that is when bits 0 and 2 of c are equal.
	var k field.Element
	k.Select(&c4, &c3, lo)
	k.Multiply(&k, u)
	k.Add(&k, &v)
	w.CondNegate(&w, 1^lo^hi)
	t.Multiply(&w, &k)
	return ok
}
