package scalar

// The methods in this file are written with the other methods of Scalar
// only, not with its representation: the same code serves the secp256k1
// scalars (scalar.go) and the small-order scalars of the exhaustive-test
// builds (scalar_low.go), so that the exhaustive tests run it too.

// SetCanonicalBytes sets s = b, where b is a 32-byte big-endian integer, and
// returns 1 if b < n. If b >= n it returns 0 and s is set to b mod n (a valid
// scalar that callers rejecting the input must not use).
func (s *Scalar) SetCanonicalBytes(b *[32]byte) int {
	return 1 ^ s.SetBytes(b)
}

// Bytes returns the 32-byte big-endian encoding of s.
func (s *Scalar) Bytes() [32]byte {
	var b [32]byte
	s.PutBytes(&b)
	return b
}

// Subtract sets s = a - b, and returns s.
func (s *Scalar) Subtract(a, b *Scalar) *Scalar {
	var nb Scalar
	nb.Negate(b)
	return s.Add(a, &nb)
}

// CondNegate sets s = -a if cond == 1 and s = a if cond == 0, and returns s.
func (s *Scalar) CondNegate(a *Scalar, cond int) *Scalar {
	var neg Scalar
	neg.Negate(a)
	return s.Select(&neg, a, cond)
}

// Square sets s = a², and returns s.
func (s *Scalar) Square(a *Scalar) *Scalar {
	return s.Multiply(a, a)
}

// AbsHalf returns |s| and 1 if s > n/2 (s stands for -|s|), or s and 0
// otherwise; used on the halves from SplitLambda. It runs in constant time.
func (s *Scalar) AbsHalf() (abs Scalar, neg int) {
	neg = s.IsHigh()
	abs.CondNegate(s, neg)
	return abs, neg
}

// WNAFVarTime writes the width-w non-adjacent form of s into out and returns
// the number of digits up to and including the highest non-zero one. Every
// non-zero digit is odd, in (-2^(w-1), 2^(w-1)), and followed by at least w-1
// zeros; s = Σ out[i]·2^i. s must be below 2^(len(out)-1), and 2 <= w <= 24.
// Execution time depends on the inputs.
func (s *Scalar) WNAFVarTime(out []int32, w uint) int {
	if w < 2 || w > 24 || len(out) > 257 {
		panic("scalar: internal error: bad wNAF parameters")
	}
	for i := range out {
		out[i] = 0
	}
	length := uint(len(out))
	var carry uint32
	last := -1
	for bit := uint(0); bit < length; {
		if s.Bits(bit, 1) == carry {
			bit++
			continue
		}
		now := w
		if now > length-bit {
			now = length - bit
		}
		word := int32(s.Bits(bit, now) + carry)
		carry = uint32(word>>(w-1)) & 1
		word -= int32(carry) << w
		out[bit] = word
		last = int(bit)
		bit += now
	}
	if carry != 0 {
		panic("scalar: internal error: wNAF input too large")
	}
	return last + 1
}
