//go:build exhaustive7 || exhaustive13 || exhaustive199

// Package scalar, in the exhaustive-test builds (build tag exhaustive7,
// exhaustive13 or exhaustive199), implements arithmetic modulo the small
// prime order N of the test curves of internal/group (7, 13 or 199), with
// the same API as the secp256k1 scalars of the normal build, so that the
// rest of the module runs unchanged on a group small enough to enumerate
// (doc/assurance.md, "Exhaustive tests"). These builds are for tests only:
// nothing in them is meant to be secure.
//
// A Scalar holds one integer in [0, N). Constant-time predicates return an
// int that is 1 or 0, and the methods avoid branches on the values as the
// normal build does, but constant time is not a goal here. All arguments
// and receivers may alias. The zero value is the scalar 0.
package scalar

// Scalar is an integer modulo N, always in [0, N).
type Scalar struct {
	v uint64
}

// Zero sets s = 0, and returns s.
func (s *Scalar) Zero() *Scalar {
	s.v = 0
	return s
}

// One sets s = 1, and returns s.
func (s *Scalar) One() *Scalar {
	s.v = 1
	return s
}

// Set sets s = a, and returns s.
func (s *Scalar) Set(a *Scalar) *Scalar {
	s.v = a.v
	return s
}

// SetUint64 sets s = x mod N, and returns s.
func (s *Scalar) SetUint64(x uint64) *Scalar {
	s.v = x % order
	return s
}

// SetBytes sets s = b mod N, where b is a 32-byte big-endian integer, and
// returns 1 if b >= N (the value was reduced) and 0 otherwise. The value is
// reduced by Horner's rule, one byte at a time; it is at least N as soon
// as a prefix of it is.
func (s *Scalar) SetBytes(b *[32]byte) (overflow int) {
	var r, over uint64
	for _, c := range b {
		r = r<<8 | uint64(c) // r < N < 2^8 before the shift: no overflow
		over |= geOrder(r)
		r %= order
	}
	s.v = r
	return int(over)
}

// geOrder returns 1 if x >= N and 0 otherwise, for x < 2^63.
func geOrder(x uint64) uint64 {
	return 1 ^ (x-order)>>63
}

// PutBytes writes the 32-byte big-endian encoding of s to b.
func (s *Scalar) PutBytes(b *[32]byte) {
	*b = [32]byte{}
	for i := range 8 {
		b[31-i] = byte(s.v >> (8 * i))
	}
}

// Limbs returns the little-endian 64-bit limbs of s: s, 0, 0, 0.
func (s *Scalar) Limbs() [4]uint64 {
	return [4]uint64{s.v, 0, 0, 0}
}

// Add sets s = a + b, and returns s.
func (s *Scalar) Add(a, b *Scalar) *Scalar {
	s.v = (a.v + b.v) % order
	return s
}

// Negate sets s = -a, and returns s.
func (s *Scalar) Negate(a *Scalar) *Scalar {
	s.v = (order - a.v) % order
	return s
}

// Select sets s = a if cond == 1 and s = b if cond == 0, and returns s.
func (s *Scalar) Select(a, b *Scalar, cond int) *Scalar {
	mask := -uint64(cond)
	s.v = b.v ^ ((a.v ^ b.v) & mask)
	return s
}

// Equal returns 1 if s == a, and 0 otherwise.
func (s *Scalar) Equal(a *Scalar) int {
	return isZero64(s.v ^ a.v)
}

// IsZero returns 1 if s == 0, and 0 otherwise.
func (s *Scalar) IsZero() int {
	return isZero64(s.v)
}

// IsHigh returns 1 if s > N/2 (the "high-S" half), and 0 otherwise.
func (s *Scalar) IsHigh() int {
	return int((order/2 - s.v) >> 63)
}

// IsOdd returns 1 if s is odd, and 0 otherwise.
func (s *Scalar) IsOdd() int {
	return int(s.v & 1)
}

// Bits returns count (1 to 32) bits of s starting at bit offset, as an
// unsigned integer (bits past the value read as 0).
func (s *Scalar) Bits(offset, count uint) uint32 {
	if offset >= 64 {
		return 0
	}
	return uint32((s.v >> offset) & (1<<count - 1))
}

func isZero64(x uint64) int {
	return int(1 ^ ((x | -x) >> 63))
}

// Order returns N, the group order, as little-endian 64-bit limbs.
func Order() [4]uint64 {
	return [4]uint64{order, 0, 0, 0}
}

// Multiply sets s = a·b, and returns s.
func (s *Scalar) Multiply(a, b *Scalar) *Scalar {
	s.v = a.v * b.v % order
	return s
}

// Invert sets s = 1/a mod N, and returns s. If a is 0, s is set to 0. It
// computes a^(N-2) by square and multiply over the public exponent.
func (s *Scalar) Invert(a *Scalar) *Scalar {
	r, x := uint64(1), a.v
	for e := uint64(order - 2); e != 0; e >>= 1 {
		if e&1 == 1 {
			r = r * x % order
		}
		x = x * x % order
	}
	s.v = r * isNonZero(a.v)
	return s
}

// isNonZero returns 1 if x is not 0, and 0 otherwise.
func isNonZero(x uint64) uint64 {
	return (x | -x) >> 63
}

// InvertVarTime sets s = 1/a mod N, and returns s. If a is 0, s is set to 0.
func (s *Scalar) InvertVarTime(a *Scalar) *Scalar {
	return s.Invert(a)
}

// The GLV endomorphism of the test curve: λ·(x, y) = (β·x, y) on the group
// of order N, with β the cube root of unity mod p of the normal build and
// λ the matching cube root of unity mod N (lambdaLow, set per order and
// checked by the exhaustive tests of internal/group).
var lambda = Scalar{v: lambdaLow}

// Lambda returns λ, the cube root of unity mod N used by the endomorphism.
func Lambda() Scalar { return lambda }

// splitOffset makes SplitLambda's split non-trivial (see there).
const splitOffset = 5

// SplitLambda returns r1, r2 with s = r1 + λ·r2 (mod N). Every scalar is
// below 2^128 here, so any split meets the contract of the normal build;
// this one is chosen to exercise both halves: r2 = s + 5 and
// r1 = s - λ·r2, so that for most s both are non-zero and either can be
// above N/2 (negative for AbsHalf). libsecp256k1's exhaustive build splits
// the same way.
func (s *Scalar) SplitLambda() (r1, r2 Scalar) {
	r2.v = (s.v + splitOffset) % order
	var t Scalar
	t.Multiply(&r2, &lambda)
	r1.Subtract(s, &t)
	return r1, r2
}

// Split128 returns lo, hi with s = lo + 2^128·hi, both below 2^128: s and 0.
func (s *Scalar) Split128() (lo, hi Scalar) {
	return *s, Scalar{}
}
