package ellswift

import (
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/field"
)

// The inverse of the forward map for one branch (BIP-324's xswiftec_inv):
// given a valid x-coordinate x, a field element u and a case c in [0, 8),
// find t with xswiftec(u, t) = x:
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
// The eight cases reach every t that maps to x for this u, except t = 0 and
// the t with u³ + t² + 7 = 0, and no two return the same t. u = 0 fails
// here: the forward map reads u = 0 as 1, so no t could map back to x.
//
// Cases c and c ^ 4 differ only in the sign of w, so they give t and -t.
// The encoders, which fix the sign of t afterwards (to y's parity), may
// therefore take either root of s for w; xswiftecInv, which must return
// the BIP's t, takes the BIP's root s^((p+1)/4).

// invInput holds what both branches of the inverse need, computed in
// constant time for the branch c selects.
type invInput struct {
	branchB int // 1 for c & 2 = 2
	lo, hi  int // bits 0 and 2 of c
	// z is the value whose square root decides the branch's first test:
	// -s·(4g + 3u²·s) with s = x - u (its root is r), or (-x-u)³ + 7 (which
	// must not be a square).
	z field.Element
	// den is the denominator to invert: x - u, or da = -(u² + u·x + x²).
	den field.Element
	// g = u³ + 7 (branch A has s = g/da), sb = x - u (branch B's s).
	g, sb field.Element
}

// set computes the input of the inverse for (x, u, c), in constant time
// with respect to all three.
func (in *invInput) set(x, u *field.Element, c int) {
	in.branchB = (c >> 1) & 1
	in.lo = c & 1
	in.hi = (c >> 2) & 1

	var u2, m, fa, da, q, a field.Element
	u2.Square(u)
	in.g.Multiply(&u2, u)
	in.g.Add(&in.g, curveB) // g = u³ + 7

	// Branch A: m = -x-u, fa = m³ + 7, da = -(u+x)² + u·x.
	m.Add(x, u)
	m.Negate(&m)
	curveRHS(&fa, &m)
	da.Square(&m)
	da.Negate(&da)
	a.Multiply(u, x)
	da.Add(&da, &a)

	// Branch B: sb = x - u, q = -sb·(4g + 3u²·sb).
	in.sb.Subtract(x, u)
	q.Multiply(&u2, &in.sb)
	q.MulInt(&q, 3)
	a.MulInt(&in.g, 4)
	q.Add(&q, &a)
	q.Multiply(&q, &in.sb)
	q.Negate(&q)

	in.z.Select(&q, &fa, in.branchB)
	in.den.Select(&in.sb, &da, in.branchB)
}

// ok combines the failure conditions, in constant time: okz is whether z is
// a square, oks whether s is, r the root of z.
func (in *invInput) ok(okz, oks int, r, u *field.Element) int {
	// Branch A fails if -x-u is valid. (da = 0 cannot happen otherwise: it
	// would make (-x-u)³ + 7 = x³ + 7, a square.) Branch B fails if q is
	// not a square, if r = 0 for odd c, or if s = 0.
	okA := 1 ^ okz
	okB := okz & (1 ^ (in.lo & r.IsZero())) & (1 ^ in.sb.IsZero())
	return ((okB & in.branchB) | (okA & (1 ^ in.branchB))) & oks & (1 ^ u.IsZero())
}

// finish sets t = ±w·(c3·u + v) or ±w·(c4·u + v): c4 for odd c, and the
// minus sign when bits 0 and 2 of c are equal (c & 5 is 0 or 5).
func (in *invInput) finish(t, w, u, v *field.Element) {
	var k, sw field.Element
	k.Select(&c4, &c3, in.lo)
	k.Multiply(&k, u)
	k.Add(&k, v)
	sw.CondNegate(w, 1^in.lo^in.hi)
	t.Multiply(&sw, &k)
}

// xswiftecInv sets t to the c-th preimage of the valid x-coordinate x for
// u and returns 1, or returns 0 if there is none (t is then meaningless).
// It returns the BIP's t exactly. It runs in constant time with respect to
// x, u and c: both branches are evaluated to the point where one square
// root, of z, serves either, and one inversion, of den; then s, v and the
// square root of s, whose existence is tested for both branches at once,
// and the failure conditions are combined with masks.
func xswiftecInv(t, x, u *field.Element, c int) int {
	var in invInput
	in.set(x, u, c)
	var r, inv, s, sa, v, vb, w field.Element
	okz := r.Sqrt(&in.z)
	inv.Invert(&in.den)
	sa.Multiply(&in.g, &inv) // -(u³+7)/(u²+u·x+x²)
	vb.Multiply(&r, &inv)
	vb.Subtract(&vb, u)
	vb.Halve(&vb) // (r/s - u)/2
	s.Select(&in.sb, &sa, in.branchB)
	v.Select(&vb, x, in.branchB)
	oks := w.Sqrt(&s)
	ok := in.ok(okz, oks, &r, u)
	in.finish(t, &w, u, &v)
	return ok
}

// The constant-time encoder (EncodeSecret) evaluates an attempt with two
// exponentiations and no inversion:
//
//   - r = z^((p+1)/4), the root of z (branch B's r) and its test;
//   - w = s'^((p-3)/4) for s' = g·da (branch A, where s = g/da) or s' = s
//     (branch B), which tests that s is a nonzero square and yields both a
//     root of s and the inverse of the denominator: for branch A,
//     1/da = w²·g and sqrt(s) = sqrt(g·da)/da = w·g·da·w²·g; for branch B,
//     1/s = w² and sqrt(s) = w·s.
//
// secretSearch runs these exponentiations for consecutive attempts three
// at a time in lockstep (pow3); xswiftecInvEncode runs them for one.

// secondRadicand sets out to s' (see above): s for branch B, g·da for
// branch A.
func (in *invInput) secondRadicand(out *field.Element) {
	var a field.Element
	a.Multiply(&in.g, &in.den)
	out.Select(&in.sb, &a, in.branchB)
}

// decide returns 1 if the attempt has a preimage, from r = z^((p+1)/4) and
// w = s'^((p-3)/4) (s' from secondRadicand), in constant time.
func (in *invInput) decide(r, w, sp, u *field.Element) int {
	var c, one field.Element
	one.One()
	c.Square(r)
	okz := c.Equal(&in.z)
	c.Square(w)
	c.Multiply(&c, sp)
	oks := c.Equal(&one)
	return in.ok(okz, oks, r, u)
}

// finishEncode sets t to the preimage, up to its sign, of an attempt that
// has one, from r and w (see decide), in constant time.
func (in *invInput) finishEncode(t, x, u, r, w, sp *field.Element) {
	var w2, inv, root, rootA, v, vb field.Element
	w2.Square(w)
	inv.Multiply(&w2, &in.g)
	inv.Select(&w2, &inv, in.branchB) // 1/den: w² or w²·g
	root.Multiply(w, sp)              // sqrt(s'): w·s'
	rootA.Multiply(&root, &inv)       // branch A: sqrt(g·da)/da
	root.Select(&root, &rootA, in.branchB)
	vb.Multiply(r, &inv)
	vb.Subtract(&vb, u)
	vb.Halve(&vb) // (r/s - u)/2
	v.Select(&vb, x, in.branchB)
	in.finish(t, &root, u, &v)
}

// xswiftecInvEncode is xswiftecInv for the encoders, up to the sign of t
// (see above), for one attempt: it returns 1 and sets t if there is a
// preimage, and returns 0 otherwise. It runs in constant time with respect
// to x, u and c; only whether there is a preimage is revealed
// (declassified with ctcheck.Public: the encoders reveal how many attempts
// they make), and the work after that point is the same for every case.
// secretSearch does the same for consecutive attempts, with their
// exponentiations in lockstep.
func xswiftecInvEncode(t, x, u *field.Element, c int) int {
	var in invInput
	in.set(x, u, c)
	var sp, r, w field.Element
	in.secondRadicand(&sp)
	powChain(&r, &in.z, false)
	powChain(&w, &sp, true)
	ok := in.decide(&r, &w, &sp, u)
	ctcheck.Public(&ok)
	if ok != 1 {
		return 0
	}
	in.finishEncode(t, x, u, &r, &w, &sp)
	return 1
}
