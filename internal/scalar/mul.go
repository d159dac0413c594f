//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package scalar

import "math/bits"

// Multiply sets s = a·b, and returns s.
func (s *Scalar) Multiply(a, b *Scalar) *Scalar {
	var t [8]uint64
	mul256(&t, &a.l, &b.l)
	s.reduce512(&t)
	return s
}

// mul4x1 returns a·b as five little-endian limbs.
func mul4x1(a0, a1, a2, a3, b uint64) (r0, r1, r2, r3, r4 uint64) {
	h0, r0 := bits.Mul64(a0, b)
	h1, l1 := bits.Mul64(a1, b)
	h2, l2 := bits.Mul64(a2, b)
	h3, l3 := bits.Mul64(a3, b)
	var c uint64
	r1, c = bits.Add64(l1, h0, 0)
	r2, c = bits.Add64(l2, h1, c)
	r3, c = bits.Add64(l3, h2, c)
	r4 = h3 + c
	return
}

// mul256 sets t = a·b (a full 512-bit product), row by row.
func mul256(t *[8]uint64, a, b *[4]uint64) {
	var c uint64
	t0, t1, t2, t3, t4 := mul4x1(a[0], a[1], a[2], a[3], b[0])

	x0, x1, x2, x3, x4 := mul4x1(a[0], a[1], a[2], a[3], b[1])
	t1, c = bits.Add64(t1, x0, 0)
	t2, c = bits.Add64(t2, x1, c)
	t3, c = bits.Add64(t3, x2, c)
	t4, c = bits.Add64(t4, x3, c)
	t5 := x4 + c

	x0, x1, x2, x3, x4 = mul4x1(a[0], a[1], a[2], a[3], b[2])
	t2, c = bits.Add64(t2, x0, 0)
	t3, c = bits.Add64(t3, x1, c)
	t4, c = bits.Add64(t4, x2, c)
	t5, c = bits.Add64(t5, x3, c)
	t6 := x4 + c

	x0, x1, x2, x3, x4 = mul4x1(a[0], a[1], a[2], a[3], b[3])
	t3, c = bits.Add64(t3, x0, 0)
	t4, c = bits.Add64(t4, x1, c)
	t5, c = bits.Add64(t5, x2, c)
	t6, c = bits.Add64(t6, x3, c)
	t7 := x4 + c

	*t = [8]uint64{t0, t1, t2, t3, t4, t5, t6, t7}
}

// reduce512 sets s = t mod n, folding the high part with 2^256 ≡ nc (mod n),
// nc = 2^256 - n = nc0 + nc1·2^64 + 2^128 < 2^129, in straight-line code:
// 512 → 386 → 260 → 256 (+ 1 bit) bits, then one constant-time subtraction.
func (s *Scalar) reduce512(t *[8]uint64) {
	var c uint64
	// m = t_lo + t_hi·nc < 2^386 (7 limbs).
	p0, p1, p2, p3, p4 := mul4x1(t[4], t[5], t[6], t[7], nc0)
	q0, q1, q2, q3, q4 := mul4x1(t[4], t[5], t[6], t[7], nc1)
	m0, c := bits.Add64(t[0], p0, 0)
	m1, c := bits.Add64(t[1], p1, c)
	m2, c := bits.Add64(t[2], p2, c)
	m3, c := bits.Add64(t[3], p3, c)
	m4, c := bits.Add64(p4, 0, c)
	m5 := c
	m1, c = bits.Add64(m1, q0, 0)
	m2, c = bits.Add64(m2, q1, c)
	m3, c = bits.Add64(m3, q2, c)
	m4, c = bits.Add64(m4, q3, c)
	m5, c = bits.Add64(m5, q4, c)
	m6 := c
	m2, c = bits.Add64(m2, t[4], 0)
	m3, c = bits.Add64(m3, t[5], c)
	m4, c = bits.Add64(m4, t[6], c)
	m5, c = bits.Add64(m5, t[7], c)
	m6 += c

	// r = m_lo + (m4, m5, m6)·nc < 2^260 (5 limbs).
	p0, p1, p2, p3, p4 = mul4x1(m4, m5, m6, 0, nc0)
	q0, q1, q2, q3, _ = mul4x1(m4, m5, m6, 0, nc1) // < 2^195: q4 = 0
	r0, c := bits.Add64(m0, p0, 0)
	r1, c := bits.Add64(m1, p1, c)
	r2, c := bits.Add64(m2, p2, c)
	r3, c := bits.Add64(m3, p3, c)
	r4 := p4 + c
	r1, c = bits.Add64(r1, q0, 0)
	r2, c = bits.Add64(r2, q1, c)
	r3, c = bits.Add64(r3, q2, c)
	r4 += q3 + c
	r2, c = bits.Add64(r2, m4, 0)
	r3, c = bits.Add64(r3, m5, c)
	r4 += m6 + c

	// u = r_lo + r4·nc < 2^256 + 2^133.
	h0, l0 := bits.Mul64(r4, nc0)
	h1, l1 := bits.Mul64(r4, nc1)
	u0, c := bits.Add64(r0, l0, 0)
	u1, c := bits.Add64(r1, h0, c)
	u2, c := bits.Add64(r2, r4, c)
	u3, c := bits.Add64(r3, 0, c)
	u4 := c
	u1, c = bits.Add64(u1, l1, 0)
	u2, c = bits.Add64(u2, h1, c)
	u3, c = bits.Add64(u3, 0, c)
	u4 += c

	// If u4 is set the low limbs are below 2^133 and adding nc cannot carry.
	mask := -u4
	s.l[0], c = bits.Add64(u0, nc0&mask, 0)
	s.l[1], c = bits.Add64(u1, nc1&mask, c)
	s.l[2], c = bits.Add64(u2, nc2&mask, c)
	s.l[3], _ = bits.Add64(u3, 0, c)
	s.reduceOnce(0)
}

// mulShift384 sets s = round(a·b / 2^384), the rounded top 128 bits of the
// 512-bit product, and returns s (libsecp256k1's scalar_mul_shift_var with
// the shift fixed to 384). It runs in constant time.
func (s *Scalar) mulShift384(a, b *Scalar) *Scalar {
	var t [8]uint64
	mul256(&t, &a.l, &b.l)
	// Round: add bit 383.
	round := t[5] >> 63
	var carry uint64
	s.l[0], carry = bits.Add64(t[6], round, 0)
	s.l[1], _ = bits.Add64(t[7], 0, carry)
	s.l[2], s.l[3] = 0, 0
	return s
}
