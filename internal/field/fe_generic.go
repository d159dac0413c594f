package field

import "math/bits"

// feMulGeneric sets v = a·b mod p using 64-bit limb products (bits.Mul64),
// a 512-bit schoolbook product and a two-step fold with 2^256 ≡ c (mod p).
func feMulGeneric(v, a, b *Element) {
	a0, a1, a2, a3 := a.l[0], a.l[1], a.l[2], a.l[3]
	b0, b1, b2, b3 := b.l[0], b.l[1], b.l[2], b.l[3]

	// Row 0: a0·b
	h0, t0 := bits.Mul64(a0, b0)
	h1, l1 := bits.Mul64(a0, b1)
	h2, l2 := bits.Mul64(a0, b2)
	h3, l3 := bits.Mul64(a0, b3)
	t1, cc := bits.Add64(l1, h0, 0)
	t2, cc := bits.Add64(l2, h1, cc)
	t3, cc := bits.Add64(l3, h2, cc)
	t4 := h3 + cc

	// Row 1: a1·b
	h0, l0 := bits.Mul64(a1, b0)
	h1, l1 = bits.Mul64(a1, b1)
	h2, l2 = bits.Mul64(a1, b2)
	h3, l3 = bits.Mul64(a1, b3)
	l1, cc = bits.Add64(l1, h0, 0)
	l2, cc = bits.Add64(l2, h1, cc)
	l3, cc = bits.Add64(l3, h2, cc)
	l4 := h3 + cc
	t1, cc = bits.Add64(t1, l0, 0)
	t2, cc = bits.Add64(t2, l1, cc)
	t3, cc = bits.Add64(t3, l2, cc)
	t4, cc = bits.Add64(t4, l3, cc)
	t5 := l4 + cc

	// Row 2: a2·b
	h0, l0 = bits.Mul64(a2, b0)
	h1, l1 = bits.Mul64(a2, b1)
	h2, l2 = bits.Mul64(a2, b2)
	h3, l3 = bits.Mul64(a2, b3)
	l1, cc = bits.Add64(l1, h0, 0)
	l2, cc = bits.Add64(l2, h1, cc)
	l3, cc = bits.Add64(l3, h2, cc)
	l4 = h3 + cc
	t2, cc = bits.Add64(t2, l0, 0)
	t3, cc = bits.Add64(t3, l1, cc)
	t4, cc = bits.Add64(t4, l2, cc)
	t5, cc = bits.Add64(t5, l3, cc)
	t6 := l4 + cc

	// Row 3: a3·b
	h0, l0 = bits.Mul64(a3, b0)
	h1, l1 = bits.Mul64(a3, b1)
	h2, l2 = bits.Mul64(a3, b2)
	h3, l3 = bits.Mul64(a3, b3)
	l1, cc = bits.Add64(l1, h0, 0)
	l2, cc = bits.Add64(l2, h1, cc)
	l3, cc = bits.Add64(l3, h2, cc)
	l4 = h3 + cc
	t3, cc = bits.Add64(t3, l0, 0)
	t4, cc = bits.Add64(t4, l1, cc)
	t5, cc = bits.Add64(t5, l2, cc)
	t6, cc = bits.Add64(t6, l3, cc)
	t7 := l4 + cc

	// The reduction of reduce512, written out here: a call to it costs 10%
	// of a multiplication (it is too big to inline). TestKernelsVsBig runs
	// the edge values that take each of its paths (TestReductionPaths)
	// through this code too.
	{
		h0, l0 := bits.Mul64(t4, c)
		h1, l1 := bits.Mul64(t5, c)
		h2, l2 := bits.Mul64(t6, c)
		h3, l3 := bits.Mul64(t7, c)
		var cc uint64
		t0, cc = bits.Add64(t0, l0, 0)
		t1, cc = bits.Add64(t1, l1, cc)
		t2, cc = bits.Add64(t2, l2, cc)
		t3, cc = bits.Add64(t3, l3, cc)
		top := h3 + cc
		t1, cc = bits.Add64(t1, h0, 0)
		t2, cc = bits.Add64(t2, h1, cc)
		t3, cc = bits.Add64(t3, h2, cc)
		top += cc
		h0, l0 = bits.Mul64(top, c)
		t0, cc = bits.Add64(t0, l0, 0)
		t1, cc = bits.Add64(t1, h0, cc)
		t2, cc = bits.Add64(t2, 0, cc)
		t3, cc = bits.Add64(t3, 0, cc)
		s0, cs := bits.Add64(t0, c, 0)
		s1, cs := bits.Add64(t1, 0, cs)
		s2, cs := bits.Add64(t2, 0, cs)
		s3, cs := bits.Add64(t3, 0, cs)
		mask := -(cc | cs)
		v.l[0] = t0 ^ (t0^s0)&mask
		v.l[1] = t1 ^ (t1^s1)&mask
		v.l[2] = t2 ^ (t2^s2)&mask
		v.l[3] = t3 ^ (t3^s3)&mask
	}
}

// feSquareGeneric sets v = a² mod p, computing each cross product once.
func feSquareGeneric(v, a *Element) {
	a0, a1, a2, a3 := a.l[0], a.l[1], a.l[2], a.l[3]

	// Cross products a_i·a_j for i < j, summed into c1..c6.
	h01, l01 := bits.Mul64(a0, a1)
	h02, l02 := bits.Mul64(a0, a2)
	h03, l03 := bits.Mul64(a0, a3)
	h12, l12 := bits.Mul64(a1, a2)
	h13, l13 := bits.Mul64(a1, a3)
	h23, l23 := bits.Mul64(a2, a3)

	// c = a0·(a1, a2, a3) as limbs 1..4
	c1 := l01
	c2, cc := bits.Add64(l02, h01, 0)
	c3, cc := bits.Add64(l03, h02, cc)
	c4 := h03 + cc
	// + a1·(a2, a3) at limbs 3..5
	x3, cc := bits.Add64(l12, 0, 0)
	x4, cc := bits.Add64(l13, h12, cc)
	x5 := h13 + cc
	c3, cc = bits.Add64(c3, x3, 0)
	c4, cc = bits.Add64(c4, x4, cc)
	c5 := x5 + cc
	// + a2·a3 at limbs 5..6
	c5, cc = bits.Add64(c5, l23, 0)
	c6 := h23 + cc

	// Double the cross products: c7 gets the bit shifted out.
	c7 := c6 >> 63
	c6 = c6<<1 | c5>>63
	c5 = c5<<1 | c4>>63
	c4 = c4<<1 | c3>>63
	c3 = c3<<1 | c2>>63
	c2 = c2<<1 | c1>>63
	c1 = c1 << 1

	// Add the squares a_i².
	s0h, t0 := bits.Mul64(a0, a0)
	s1h, s1l := bits.Mul64(a1, a1)
	s2h, s2l := bits.Mul64(a2, a2)
	s3h, s3l := bits.Mul64(a3, a3)
	t1, cc := bits.Add64(c1, s0h, 0)
	t2, cc := bits.Add64(c2, s1l, cc)
	t3, cc := bits.Add64(c3, s1h, cc)
	t4, cc := bits.Add64(c4, s2l, cc)
	t5, cc := bits.Add64(c5, s2h, cc)
	t6, cc := bits.Add64(c6, s3l, cc)
	t7, _ := bits.Add64(c7, s3h, cc)

	// The reduction of reduce512, written out here: a call to it costs 10%
	// of a multiplication (it is too big to inline). TestKernelsVsBig runs
	// the edge values that take each of its paths (TestReductionPaths)
	// through this code too.
	{
		h0, l0 := bits.Mul64(t4, c)
		h1, l1 := bits.Mul64(t5, c)
		h2, l2 := bits.Mul64(t6, c)
		h3, l3 := bits.Mul64(t7, c)
		var cc uint64
		t0, cc = bits.Add64(t0, l0, 0)
		t1, cc = bits.Add64(t1, l1, cc)
		t2, cc = bits.Add64(t2, l2, cc)
		t3, cc = bits.Add64(t3, l3, cc)
		top := h3 + cc
		t1, cc = bits.Add64(t1, h0, 0)
		t2, cc = bits.Add64(t2, h1, cc)
		t3, cc = bits.Add64(t3, h2, cc)
		top += cc
		h0, l0 = bits.Mul64(top, c)
		t0, cc = bits.Add64(t0, l0, 0)
		t1, cc = bits.Add64(t1, h0, cc)
		t2, cc = bits.Add64(t2, 0, cc)
		t3, cc = bits.Add64(t3, 0, cc)
		s0, cs := bits.Add64(t0, c, 0)
		s1, cs := bits.Add64(t1, 0, cs)
		s2, cs := bits.Add64(t2, 0, cs)
		s3, cs := bits.Add64(t3, 0, cs)
		mask := -(cc | cs)
		v.l[0] = t0 ^ (t0^s0)&mask
		v.l[1] = t1 ^ (t1^s1)&mask
		v.l[2] = t2 ^ (t2^s2)&mask
		v.l[3] = t3 ^ (t3^s3)&mask
	}
}

// reduce512 sets v = (t0 + t1·2^64 + … + t7·2^448) mod p, fully reduced, in
// constant time. MulInt calls it; feMulGeneric and feSquareGeneric carry the
// same code written out.
func (v *Element) reduce512(t0, t1, t2, t3, t4, t5, t6, t7 uint64) {
	// First fold: t_lo + t_hi·c, with t_hi·c < 2^290.
	h0, l0 := bits.Mul64(t4, c)
	h1, l1 := bits.Mul64(t5, c)
	h2, l2 := bits.Mul64(t6, c)
	h3, l3 := bits.Mul64(t7, c)
	var cc uint64
	t0, cc = bits.Add64(t0, l0, 0)
	t1, cc = bits.Add64(t1, l1, cc)
	t2, cc = bits.Add64(t2, l2, cc)
	t3, cc = bits.Add64(t3, l3, cc)
	top := h3 + cc
	t1, cc = bits.Add64(t1, h0, 0)
	t2, cc = bits.Add64(t2, h1, cc)
	t3, cc = bits.Add64(t3, h2, cc)
	top += cc // < 2^34

	// Second fold, t + top·c with top·c < 2^68, and the final subtraction of
	// p in one step. If t + top·c carries out of 2^256 (cc = 1), its low 256
	// bits x are below 2^68 and the value is x + 2^256 ≡ x + c, which does
	// not carry again. Otherwise the value is x, to be reduced once if
	// x >= p, that is if x + c carries (cs = 1). Both cases take x + c.
	h0, l0 = bits.Mul64(top, c)
	t0, cc = bits.Add64(t0, l0, 0)
	t1, cc = bits.Add64(t1, h0, cc)
	t2, cc = bits.Add64(t2, 0, cc)
	t3, cc = bits.Add64(t3, 0, cc)
	s0, cs := bits.Add64(t0, c, 0)
	s1, cs := bits.Add64(t1, 0, cs)
	s2, cs := bits.Add64(t2, 0, cs)
	s3, cs := bits.Add64(t3, 0, cs)
	mask := -(cc | cs)
	v.l[0] = t0 ^ (t0^s0)&mask
	v.l[1] = t1 ^ (t1^s1)&mask
	v.l[2] = t2 ^ (t2^s2)&mask
	v.l[3] = t3 ^ (t3^s3)&mask
}

// feSquareNGeneric sets v = a^(2^n) for n ≥ 1.
func feSquareNGeneric(v, a *Element, n int) {
	feSquareGeneric(v, a)
	for i := 1; i < n; i++ {
		feSquareGeneric(v, v)
	}
}
