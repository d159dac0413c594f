package base58

// The arithmetic of the conversions, without branches.

import "math/bits"

// encLimb is the base of the limbs Encode converts into: 58^5 < 2^30, so
// that limb·2^32 + carry fits in 62 bits.
const encLimb = 58 * 58 * 58 * 58 * 58

// encMagic = ⌈2^92 / encLimb⌉ divides numerators below 2^62 by encLimb
// exactly (Granlund and Montgomery, "Division by invariant integers using
// multiplication", 1994): the error encMagic·encLimb − 2^92 is below 2^28,
// so t·error < 2^92 for every t < 2^62.
const encMagic = 7544311872078572213 // checked in TestDivEncLimb

// divEncLimb returns t / encLimb and t % encLimb for t < 2^62 with one
// 64×64-bit multiplication (math/bits: constant time on every platform;
// a 64-bit division would be a variable-time library call on 32-bit ones).
func divEncLimb(t uint64) (q, r uint64) {
	hi, _ := bits.Mul64(t, encMagic)
	q = hi >> 28
	return q, t - q*encLimb
}

// The helpers below take values below 2^31.

// isZero returns 1 if x == 0 and 0 otherwise.
func isZero(x uint32) uint32 {
	return ((x - 1) >> 31) & (^x >> 31)
}

// geMask returns 0xffffffff if x >= k and 0 otherwise, for x, k < 2^31.
func geMask(x, k uint32) uint32 {
	return -((k - 1 - x) >> 31)
}

// inRange returns 1 if lo <= x <= hi and 0 otherwise, for x, lo, hi < 2^31.
func inRange(x, lo, hi uint32) uint32 {
	return ((lo - 1 - x) >> 31) & ((x - hi - 1) >> 31)
}

// ctSelect returns a if bit == 1 and b if bit == 0.
func ctSelect(bit, a, b uint32) uint32 {
	m := -bit
	return b ^ (m & (a ^ b))
}

// digitChar returns the character of digit d (0 ≤ d < 58): '1' + d, moved
// past the gaps of the alphabet (':' to '@', 'I', 'O', '[' to '`', 'l').
func digitChar(d uint32) byte {
	c := d + '1'
	c += 7 & geMask(d, 9)
	c += 1 & geMask(d, 17)
	c += 1 & geMask(d, 22)
	c += 6 & geMask(d, 33)
	c += 1 & geMask(d, 44)
	return byte(c)
}

// charDigit returns the digit of character c and ok = 1, or 0 and ok = 0
// when c is not in the alphabet.
func charDigit(c uint32) (d, ok uint32) {
	in := inRange(c, '1', '9')
	d, ok = -in&(c-'1'), in
	in = inRange(c, 'A', 'H')
	d, ok = d|-in&(c-'A'+9), ok|in
	in = inRange(c, 'J', 'N')
	d, ok = d|-in&(c-'J'+17), ok|in
	in = inRange(c, 'P', 'Z')
	d, ok = d|-in&(c-'P'+22), ok|in
	in = inRange(c, 'a', 'k')
	d, ok = d|-in&(c-'a'+33), ok|in
	in = inRange(c, 'm', 'z')
	d, ok = d|-in&(c-'m'+44), ok|in
	return d, ok
}
