package ellswift

import "github.com/p256k1/secp256k1/internal/field"

// The exponentiations of this package, on the addition chain of
// field.Sqrt (libsecp256k1's): p = 2^256 - 2^32 - 977 is 3 mod 4, so
//
//	a^((p+1)/4) is a square root of a when a is a square, and
//	a^((p-3)/4) = a^((p+1)/4) / a is 1/sqrt(a) ("inverse square root"),
//
// and the two exponents share their chain up to its end: (p+1)/4 = 4(e+3)
// and (p-3)/4 = 4(e+2) + 3 for the e the chain reaches before its last
// multiplication, so the first ends with a multiplication by a³ and two
// squarings, the second with a multiplication by a², two squarings and a
// multiplication by a³. An inverse square root yields a square root and an
// inverse together: with r = a^((p-3)/4) for a square a ≠ 0, r² = 1/a and
// r·a = sqrt(a). The decoder and the encoders use it to avoid inversions
// altogether.
//
// Each squaring depends on the previous one, so a chain keeps the
// multiplier waiting; three chains advanced in lockstep (pow3) overlap, and
// cost about 2 times one chain instead of 3 (measured on amd64: per chain,
// 1.5 µs instead of 2.5 µs; two chains cost 1.9 µs each, four 1.6 µs). The
// constant-time encoder runs its exponentiations that way (secretSearch).

// invSqrt sets r = a^((p-3)/4) and returns 1 if r²·a = 1, that is, if a is
// a nonzero square (r = ±1/sqrt(a)); it returns 0 otherwise (r²·a = -1 for
// a non-square, r = 0 for a = 0). It runs in constant time.
func invSqrt(r, a *field.Element) int {
	var t, c field.Element
	powChain(&t, a, true)
	c.Square(&t)
	c.Multiply(&c, a)
	var one field.Element
	one.One()
	ok := c.Equal(&one)
	r.Set(&t)
	return ok
}

// powChain sets r = a^((p-3)/4) if inv, else a^((p+1)/4), in constant time
// (inv is a property of the call site, not of a secret).
func powChain(r, a *field.Element, inv bool) {
	var sq, x2, x3, x6, x22, x44, t field.Element
	sq.Square(a)
	x2.Multiply(&sq, a) // a^(2^2-1)
	x3.Square(&x2)
	x3.Multiply(&x3, a)
	x6.Set(&x3)
	sqrN(&x6, 3)
	x6.Multiply(&x6, &x3)
	t.Set(&x6)
	sqrN(&t, 3)
	t.Multiply(&t, &x3) // x9
	sqrN(&t, 2)
	t.Multiply(&t, &x2) // x11
	x22.Set(&t)
	sqrN(&x22, 11)
	x22.Multiply(&x22, &t)
	x44.Set(&x22)
	sqrN(&x44, 22)
	x44.Multiply(&x44, &x22)
	t.Set(&x44)
	sqrN(&t, 44)
	t.Multiply(&t, &x44) // x88
	x6.Set(&t)
	sqrN(&t, 88)
	t.Multiply(&t, &x6) // x176
	sqrN(&t, 44)
	t.Multiply(&t, &x44) // x220
	sqrN(&t, 3)
	t.Multiply(&t, &x3) // x223
	sqrN(&t, 23)
	t.Multiply(&t, &x22)
	sqrN(&t, 6)
	if inv {
		t.Multiply(&t, &sq)
		sqrN(&t, 2)
		t.Multiply(&t, &x2)
	} else {
		t.Multiply(&t, &x2)
		sqrN(&t, 2)
	}
	r.Set(&t)
}

// sqrN squares v n times.
func sqrN(v *field.Element, n int) {
	for range n {
		v.Square(v)
	}
}

// triple is three field elements whose exponentiations run in lockstep.
type triple [3]field.Element

func (p *triple) sqrN(n int) {
	for range n {
		p[0].Square(&p[0])
		p[1].Square(&p[1])
		p[2].Square(&p[2])
	}
}

func (p *triple) mul(q *triple) {
	p[0].Multiply(&p[0], &q[0])
	p[1].Multiply(&p[1], &q[1])
	p[2].Multiply(&p[2], &q[2])
}

// pow3 sets r[k] = a[k]^((p-3)/4) if inv[k], else a[k]^((p+1)/4), for k
// in [0, 3), advancing the three chains of powChain in lockstep, in
// constant time (inv is a property of the call site, not of a secret).
func pow3(r, a *triple, inv [3]bool) {
	var sq, x2, x3, x6, x22, x44, t triple
	sq = *a
	sq.sqrN(1)
	x2 = sq
	x2.mul(a)
	x3 = x2
	x3.sqrN(1)
	x3.mul(a)
	x6 = x3
	x6.sqrN(3)
	x6.mul(&x3)
	t = x6
	t.sqrN(3)
	t.mul(&x3) // x9
	t.sqrN(2)
	t.mul(&x2) // x11
	x22 = t
	x22.sqrN(11)
	x22.mul(&t)
	x44 = x22
	x44.sqrN(22)
	x44.mul(&x22)
	t = x44
	t.sqrN(44)
	t.mul(&x44) // x88
	x6 = t
	t.sqrN(88)
	t.mul(&x6) // x176
	t.sqrN(44)
	t.mul(&x44) // x220
	t.sqrN(3)
	t.mul(&x3) // x223
	t.sqrN(23)
	t.mul(&x22)
	t.sqrN(6)
	// Multiply by a² (inverse) or a³ and square twice; then multiply the
	// inverses' by a³ and the others' by 1.
	var last, fix triple
	for k := range 3 {
		if inv[k] {
			last[k], fix[k] = sq[k], x2[k]
		} else {
			last[k] = x2[k]
			fix[k].One()
		}
	}
	t.mul(&last)
	t.sqrN(2)
	t.mul(&fix)
	*r = t
	sq, x2, x3, x6, x22, x44, t, last, fix = triple{}, triple{}, triple{}, triple{}, triple{}, triple{}, triple{}, triple{}, triple{}
}
