//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

// Package scalar implements arithmetic modulo the secp256k1 group order
// n = 0xFFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE BAAEDCE6 AF48A03B BFD25E8C D0364141.
//
// A Scalar holds four little-endian 64-bit limbs and is always fully reduced
// to [0, n). All functions run in constant time unless their name says
// VarTime. Constant-time predicates return an int that is 1 or 0. All
// arguments and receivers may alias. The zero value is the scalar 0.
package scalar

import (
	"encoding/binary"
	"math/bits"
)

// Scalar is an integer modulo n, always in [0, n).
type Scalar struct {
	l [4]uint64 // little-endian limbs
}

// n as little-endian limbs.
const (
	n0 = 0xBFD25E8CD0364141
	n1 = 0xBAAEDCE6AF48A03B
	n2 = 0xFFFFFFFFFFFFFFFE
	n3 = 0xFFFFFFFFFFFFFFFF
)

// nc = 2^256 - n (129 bits): 2^256 ≡ nc (mod n).
const (
	nc0 = 0x402DA1732FC9BEBF
	nc1 = 0x4551231950B75FC4
	nc2 = 1
)

// n/2 (rounded down) as little-endian limbs: the largest low-S value.
const (
	h0 = 0xDFE92F46681B20A0
	h1 = 0x5D576E7357A4501D
	h2 = 0xFFFFFFFFFFFFFFFF
	h3 = 0x7FFFFFFFFFFFFFFF
)

// Zero sets s = 0, and returns s.
func (s *Scalar) Zero() *Scalar {
	*s = Scalar{}
	return s
}

// One sets s = 1, and returns s.
func (s *Scalar) One() *Scalar {
	*s = Scalar{l: [4]uint64{1, 0, 0, 0}}
	return s
}

// Set sets s = a, and returns s.
func (s *Scalar) Set(a *Scalar) *Scalar {
	*s = *a
	return s
}

// SetUint64 sets s = x, and returns s.
func (s *Scalar) SetUint64(x uint64) *Scalar {
	*s = Scalar{l: [4]uint64{x, 0, 0, 0}}
	return s
}

// SetBytes sets s = b mod n, where b is a 32-byte big-endian integer, and
// returns 1 if b >= n (the value was reduced) and 0 otherwise.
func (s *Scalar) SetBytes(b *[32]byte) (overflow int) {
	s.l[3] = binary.BigEndian.Uint64(b[0:8])
	s.l[2] = binary.BigEndian.Uint64(b[8:16])
	s.l[1] = binary.BigEndian.Uint64(b[16:24])
	s.l[0] = binary.BigEndian.Uint64(b[24:32])
	return int(s.reduceOnce(0))
}

// PutBytes writes the 32-byte big-endian encoding of s to b.
func (s *Scalar) PutBytes(b *[32]byte) {
	binary.BigEndian.PutUint64(b[0:8], s.l[3])
	binary.BigEndian.PutUint64(b[8:16], s.l[2])
	binary.BigEndian.PutUint64(b[16:24], s.l[1])
	binary.BigEndian.PutUint64(b[24:32], s.l[0])
}

// Limbs returns the little-endian 64-bit limbs of s.
func (s *Scalar) Limbs() [4]uint64 {
	return s.l
}

// reduceOnce subtracts n from s.l + hi·2^256 if that value is >= n, and
// returns 1 if it did. The input must be < 2n.
func (s *Scalar) reduceOnce(hi uint64) uint64 {
	t0, carry := bits.Add64(s.l[0], nc0, 0)
	t1, carry := bits.Add64(s.l[1], nc1, carry)
	t2, carry := bits.Add64(s.l[2], nc2, carry)
	t3, carry := bits.Add64(s.l[3], 0, carry)
	carry |= hi
	mask := -carry
	s.l[0] ^= (s.l[0] ^ t0) & mask
	s.l[1] ^= (s.l[1] ^ t1) & mask
	s.l[2] ^= (s.l[2] ^ t2) & mask
	s.l[3] ^= (s.l[3] ^ t3) & mask
	return carry
}

// Add sets s = a + b, and returns s.
func (s *Scalar) Add(a, b *Scalar) *Scalar {
	var carry uint64
	s.l[0], carry = bits.Add64(a.l[0], b.l[0], 0)
	s.l[1], carry = bits.Add64(a.l[1], b.l[1], carry)
	s.l[2], carry = bits.Add64(a.l[2], b.l[2], carry)
	s.l[3], carry = bits.Add64(a.l[3], b.l[3], carry)
	s.reduceOnce(carry)
	return s
}

// Negate sets s = -a, and returns s.
func (s *Scalar) Negate(a *Scalar) *Scalar {
	// n - a, masked to 0 when a == 0.
	mask := -uint64(1 ^ a.IsZero())
	var borrow uint64
	s.l[0], borrow = bits.Sub64(n0, a.l[0], 0)
	s.l[1], borrow = bits.Sub64(n1, a.l[1], borrow)
	s.l[2], borrow = bits.Sub64(n2, a.l[2], borrow)
	s.l[3], _ = bits.Sub64(n3, a.l[3], borrow)
	s.l[0] &= mask
	s.l[1] &= mask
	s.l[2] &= mask
	s.l[3] &= mask
	return s
}

// Select sets s = a if cond == 1 and s = b if cond == 0, and returns s.
func (s *Scalar) Select(a, b *Scalar, cond int) *Scalar {
	mask := -uint64(cond)
	s.l[0] = b.l[0] ^ ((a.l[0] ^ b.l[0]) & mask)
	s.l[1] = b.l[1] ^ ((a.l[1] ^ b.l[1]) & mask)
	s.l[2] = b.l[2] ^ ((a.l[2] ^ b.l[2]) & mask)
	s.l[3] = b.l[3] ^ ((a.l[3] ^ b.l[3]) & mask)
	return s
}

// Equal returns 1 if s == a, and 0 otherwise.
func (s *Scalar) Equal(a *Scalar) int {
	x := (s.l[0] ^ a.l[0]) | (s.l[1] ^ a.l[1]) | (s.l[2] ^ a.l[2]) | (s.l[3] ^ a.l[3])
	return isZero64(x)
}

// IsZero returns 1 if s == 0, and 0 otherwise.
func (s *Scalar) IsZero() int {
	return isZero64(s.l[0] | s.l[1] | s.l[2] | s.l[3])
}

// IsHigh returns 1 if s > n/2 (the "high-S" half), and 0 otherwise.
func (s *Scalar) IsHigh() int {
	// n/2 - s borrows iff s > n/2.
	_, borrow := bits.Sub64(h0, s.l[0], 0)
	_, borrow = bits.Sub64(h1, s.l[1], borrow)
	_, borrow = bits.Sub64(h2, s.l[2], borrow)
	_, borrow = bits.Sub64(h3, s.l[3], borrow)
	return int(borrow)
}

// IsOdd returns 1 if s is odd, and 0 otherwise.
func (s *Scalar) IsOdd() int {
	return int(s.l[0] & 1)
}

// Bits returns count (1 to 32) bits of s starting at bit offset, as an
// unsigned integer (bits past 255 read as 0). The offset and count are
// public; the value is read in constant time.
func (s *Scalar) Bits(offset, count uint) uint32 {
	limb := offset >> 6
	shift := offset & 63
	var lo, hi uint64
	if limb < 4 {
		lo = s.l[limb] >> shift
	}
	if shift != 0 && limb+1 < 4 {
		hi = s.l[limb+1] << (64 - shift)
	}
	return uint32((lo | hi) & (1<<count - 1))
}

func isZero64(x uint64) int {
	return int(1 ^ ((x | -x) >> 63))
}

// Order returns n, the group order, as little-endian 64-bit limbs.
func Order() [4]uint64 {
	return [4]uint64{n0, n1, n2, n3}
}
