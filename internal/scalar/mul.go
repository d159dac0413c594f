package scalar

import "math/bits"

// Multiply sets s = a·b, and returns s.
func (s *Scalar) Multiply(a, b *Scalar) *Scalar {
	var t [8]uint64
	mul256(&t, &a.l, &b.l)
	s.reduce512(&t)
	return s
}

// Square sets s = a², and returns s.
func (s *Scalar) Square(a *Scalar) *Scalar {
	return s.Multiply(a, a)
}

// mul256 sets t = a·b (a full 512-bit product).
func mul256(t *[8]uint64, a, b *[4]uint64) {
	*t = [8]uint64{}
	for i := range 4 {
		var carry uint64
		for j := range 4 {
			hi, lo := bits.Mul64(a[i], b[j])
			var c1, c2 uint64
			lo, c1 = bits.Add64(lo, t[i+j], 0)
			lo, c2 = bits.Add64(lo, carry, 0)
			t[i+j] = lo
			carry = hi + c1 + c2 // cannot overflow: hi <= 2^64 - 2
		}
		t[i+4] = carry
	}
}

// mulAddNC returns lo + hi·nc as limbs, where lo has 4 limbs and hi has k
// limbs (k <= 4), writing len(hi)+4 limbs to out (out[len(hi)+3] included).
// nc = 2^256 - n has three limbs (nc2 = 1).
func mulAddNC(out []uint64, lo *[4]uint64, hi []uint64) {
	k := len(hi)
	_ = out[k+3]
	for i := range out[:k+4] {
		out[i] = 0
	}
	copy(out, lo[:])
	nc := [3]uint64{nc0, nc1, nc2}
	for i := range k {
		var carry uint64
		for j := range 3 {
			h, l := bits.Mul64(hi[i], nc[j])
			var c1, c2 uint64
			l, c1 = bits.Add64(l, out[i+j], 0)
			l, c2 = bits.Add64(l, carry, 0)
			out[i+j] = l
			carry = h + c1 + c2
		}
		// Propagate the carry into the remaining limbs.
		for j := i + 3; j < k+4; j++ {
			out[j], carry = bits.Add64(out[j], carry, 0)
		}
	}
}

// reduce512 sets s = t mod n, folding the high half with 2^256 ≡ nc (mod n)
// until it fits, then subtracting n once. Since nc < 2^129, each fold shrinks
// the value: 512 → 386 → 260 → 256 + 1 bit (the fourth fold only moves that
// last bit).
func (s *Scalar) reduce512(t *[8]uint64) {
	var m [8]uint64
	lo := [4]uint64{t[0], t[1], t[2], t[3]}
	mulAddNC(m[:8], &lo, t[4:8]) // < 2^386
	var q [7]uint64
	lo = [4]uint64{m[0], m[1], m[2], m[3]}
	mulAddNC(q[:7], &lo, m[4:7]) // < 2^260
	var r [6]uint64
	lo = [4]uint64{q[0], q[1], q[2], q[3]}
	mulAddNC(r[:6], &lo, q[4:6]) // < 2^256 + 2^134
	var u [5]uint64
	lo = [4]uint64{r[0], r[1], r[2], r[3]}
	mulAddNC(u[:5], &lo, r[4:5]) // < 2^256 + 2^130
	// If u[4] is set, the low limbs are below 2^130 and adding nc cannot carry.
	mask := -u[4]
	var carry uint64
	s.l[0], carry = bits.Add64(u[0], nc0&mask, 0)
	s.l[1], carry = bits.Add64(u[1], nc1&mask, carry)
	s.l[2], carry = bits.Add64(u[2], nc2&mask, carry)
	s.l[3], _ = bits.Add64(u[3], 0, carry)
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
