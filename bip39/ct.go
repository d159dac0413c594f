package bip39

// Branch-free helpers on 64-bit words; masks are all ones or zero.

// eqMask returns all ones if a == b and 0 otherwise.
func eqMask(a, b uint64) uint64 {
	x := a ^ b
	return ((x | -x) >> 63) - 1
}

// ltMask returns all ones if a < b and 0 otherwise, for a, b < 2^63.
func ltMask(a, b uint64) uint64 {
	return -((a - b) >> 63)
}

// inMask returns all ones if lo <= x <= hi and 0 otherwise, for values
// below 2^63.
func inMask(x, lo, hi uint64) uint64 {
	return ^ltMask(x, lo) & ^ltMask(hi, x)
}

// wordLen returns the number of letters of a packed word: its non-zero
// bytes, which are all at the bottom.
func wordLen(w uint64) uint64 {
	var n uint64
	for k := range 8 {
		n += 1 &^ eqMask((w>>(8*k))&0xff, 0)
	}
	return n
}
