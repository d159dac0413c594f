// Package field implements arithmetic modulo the secp256k1 field prime
// p = 2^256 - 2^32 - 977.
//
// An Element holds four little-endian 64-bit limbs and is always fully
// reduced: every function returns a value in [0, p), so there is no magnitude
// or normalisation state to track (see doc/field.md for why this
// representation was chosen and what it costs).
//
// All functions run in constant time unless their name starts with VarTime or
// ends in VarTime; those say "Execution time depends on the inputs." in their
// doc. Constant-time predicates return an int that is 1 or 0.
//
// All arguments and receivers may alias. The zero value is the element 0.
package field

import (
	"encoding/binary"
	"math/bits"
)

// Element is an integer modulo p, always in [0, p).
type Element struct {
	l [4]uint64 // little-endian limbs
}

// c = 2^256 - p = 2^32 + 977. Reduction uses 2^256 ≡ c (mod p).
const c = 0x1000003D1

// p as little-endian limbs.
const (
	p0 = 0xFFFFFFFEFFFFFC2F
	p1 = 0xFFFFFFFFFFFFFFFF
	p2 = 0xFFFFFFFFFFFFFFFF
	p3 = 0xFFFFFFFFFFFFFFFF
)

// Zero sets v = 0, and returns v.
func (v *Element) Zero() *Element {
	*v = Element{}
	return v
}

// One sets v = 1, and returns v.
func (v *Element) One() *Element {
	*v = Element{l: [4]uint64{1, 0, 0, 0}}
	return v
}

// Set sets v = a, and returns v.
func (v *Element) Set(a *Element) *Element {
	*v = *a
	return v
}

// SetUint64 sets v = x, and returns v.
func (v *Element) SetUint64(x uint64) *Element {
	*v = Element{l: [4]uint64{x, 0, 0, 0}}
	return v
}

// SetLimbs sets v to the integer with the given little-endian 64-bit limbs,
// reduced modulo p, and returns v. It is meant for generated tables, whose
// limbs are already reduced.
func (v *Element) SetLimbs(l *[4]uint64) *Element {
	v.l = *l
	v.reduceOnce()
	return v
}

// Limbs returns the little-endian 64-bit limbs of v (a fully reduced value).
func (v *Element) Limbs() [4]uint64 {
	return v.l
}

// SetBytes sets v = b mod p, where b is a 32-byte big-endian integer, and
// returns 1 if b >= p (the value was reduced) and 0 otherwise, like
// scalar.Scalar.SetBytes.
func (v *Element) SetBytes(b *[32]byte) (overflow int) {
	v.l[3] = binary.BigEndian.Uint64(b[0:8])
	v.l[2] = binary.BigEndian.Uint64(b[8:16])
	v.l[1] = binary.BigEndian.Uint64(b[16:24])
	v.l[0] = binary.BigEndian.Uint64(b[24:32])
	return int(v.reduceOnce())
}

// SetCanonicalBytes sets v = b, where b is a 32-byte big-endian integer, and
// returns 1 if b < p. If b >= p it returns 0 and v is set to b mod p (a valid
// element that callers rejecting the input must not use).
func (v *Element) SetCanonicalBytes(b *[32]byte) int {
	return 1 ^ v.SetBytes(b)
}

// Bytes returns the 32-byte big-endian encoding of v.
func (v *Element) Bytes() [32]byte {
	var b [32]byte
	v.PutBytes(&b)
	return b
}

// PutBytes writes the 32-byte big-endian encoding of v to b.
func (v *Element) PutBytes(b *[32]byte) {
	binary.BigEndian.PutUint64(b[0:8], v.l[3])
	binary.BigEndian.PutUint64(b[8:16], v.l[2])
	binary.BigEndian.PutUint64(b[16:24], v.l[1])
	binary.BigEndian.PutUint64(b[24:32], v.l[0])
}

// reduceOnce subtracts p from v once if v >= p (any 256-bit v is < 2p),
// in constant time, and returns 1 if it did. Used where limbs come from
// outside (SetBytes, SetLimbs).
func (v *Element) reduceOnce() uint64 {
	// v >= p  iff  v + c carries out of 2^256.
	t0, carry := bits.Add64(v.l[0], c, 0)
	t1, carry := bits.Add64(v.l[1], 0, carry)
	t2, carry := bits.Add64(v.l[2], 0, carry)
	t3, carry := bits.Add64(v.l[3], 0, carry)
	mask := -carry
	v.l[0] ^= (v.l[0] ^ t0) & mask
	v.l[1] ^= (v.l[1] ^ t1) & mask
	v.l[2] ^= (v.l[2] ^ t2) & mask
	v.l[3] ^= (v.l[3] ^ t3) & mask
	return carry
}

// Add sets v = a + b, and returns v.
func (v *Element) Add(a, b *Element) *Element {
	l0, carry := bits.Add64(a.l[0], b.l[0], 0)
	l1, carry := bits.Add64(a.l[1], b.l[1], carry)
	l2, carry := bits.Add64(a.l[2], b.l[2], carry)
	l3, carry := bits.Add64(a.l[3], b.l[3], carry)
	// Subtract p (add c, dropping 2^256) if the sum carried or is >= p.
	s0, cc := bits.Add64(l0, c, 0)
	s1, cc := bits.Add64(l1, 0, cc)
	s2, cc := bits.Add64(l2, 0, cc)
	s3, cc := bits.Add64(l3, 0, cc)
	mask := -(cc | carry)
	v.l[0] = l0 ^ (l0^s0)&mask
	v.l[1] = l1 ^ (l1^s1)&mask
	v.l[2] = l2 ^ (l2^s2)&mask
	v.l[3] = l3 ^ (l3^s3)&mask
	return v
}

// Double sets v = 2a, and returns v.
func (v *Element) Double(a *Element) *Element {
	return v.Add(a, a)
}

// Subtract sets v = a - b, and returns v.
func (v *Element) Subtract(a, b *Element) *Element {
	l0, borrow := bits.Sub64(a.l[0], b.l[0], 0)
	l1, borrow := bits.Sub64(a.l[1], b.l[1], borrow)
	l2, borrow := bits.Sub64(a.l[2], b.l[2], borrow)
	l3, borrow := bits.Sub64(a.l[3], b.l[3], borrow)
	// On borrow the limbs hold a - b + 2^256; a - b + p is that minus c, and
	// it cannot borrow again because a - b + 2^256 > c.
	l0, borrow2 := bits.Sub64(l0, c&-borrow, 0)
	l1, borrow2 = bits.Sub64(l1, 0, borrow2)
	l2, borrow2 = bits.Sub64(l2, 0, borrow2)
	l3, _ = bits.Sub64(l3, 0, borrow2)
	v.l = [4]uint64{l0, l1, l2, l3}
	return v
}

// Halve sets v = a/2 mod p, and returns v: a/2 if a is even, (a+p)/2 if it
// is odd, selected with a mask (constant time).
func (v *Element) Halve(a *Element) *Element {
	mask := -(a.l[0] & 1)
	l0, cc := bits.Add64(a.l[0], p0&mask, 0)
	l1, cc := bits.Add64(a.l[1], p1&mask, cc)
	l2, cc := bits.Add64(a.l[2], p2&mask, cc)
	l3, cc := bits.Add64(a.l[3], p3&mask, cc)
	v.l[0] = l0>>1 | l1<<63
	v.l[1] = l1>>1 | l2<<63
	v.l[2] = l2>>1 | l3<<63
	v.l[3] = l3>>1 | cc<<63
	return v
}

// Negate sets v = -a, and returns v.
func (v *Element) Negate(a *Element) *Element {
	var zero Element
	return v.Subtract(&zero, a)
}

// CondNegate sets v = -a if cond == 1 and v = a if cond == 0, and returns v.
func (v *Element) CondNegate(a *Element, cond int) *Element {
	var n Element
	n.Negate(a)
	return v.Select(&n, a, cond)
}

// Select sets v = a if cond == 1 and v = b if cond == 0, and returns v.
func (v *Element) Select(a, b *Element, cond int) *Element {
	mask := -uint64(cond)
	v.l[0] = b.l[0] ^ ((a.l[0] ^ b.l[0]) & mask)
	v.l[1] = b.l[1] ^ ((a.l[1] ^ b.l[1]) & mask)
	v.l[2] = b.l[2] ^ ((a.l[2] ^ b.l[2]) & mask)
	v.l[3] = b.l[3] ^ ((a.l[3] ^ b.l[3]) & mask)
	return v
}

// Equal returns 1 if v and u are equal, and 0 otherwise.
func (v *Element) Equal(u *Element) int {
	x := (v.l[0] ^ u.l[0]) | (v.l[1] ^ u.l[1]) | (v.l[2] ^ u.l[2]) | (v.l[3] ^ u.l[3])
	return isZero64(x)
}

// IsZero returns 1 if v == 0, and 0 otherwise.
func (v *Element) IsZero() int {
	return isZero64(v.l[0] | v.l[1] | v.l[2] | v.l[3])
}

// IsOdd returns 1 if v is odd, and 0 otherwise.
func (v *Element) IsOdd() int {
	return int(v.l[0] & 1)
}

// isZero64 returns 1 if x == 0 and 0 otherwise, in constant time.
func isZero64(x uint64) int {
	return int(1 ^ ((x | -x) >> 63))
}

// MulInt sets v = a·k for a small constant k < 2^32, and returns v.
func (v *Element) MulInt(a *Element, k uint64) *Element {
	h0, l0 := bits.Mul64(a.l[0], k)
	h1, l1 := bits.Mul64(a.l[1], k)
	h2, l2 := bits.Mul64(a.l[2], k)
	h3, l3 := bits.Mul64(a.l[3], k)
	var carry uint64
	l1, carry = bits.Add64(l1, h0, 0)
	l2, carry = bits.Add64(l2, h1, carry)
	l3, carry = bits.Add64(l3, h2, carry)
	top := h3 + carry // < 2^32
	v.reduce512(l0, l1, l2, l3, top, 0, 0, 0)
	return v
}

// LessThanP reports whether the little-endian 256-bit integer l is below p,
// that is, whether it is the canonical encoding of a field element.
func LessThanP(l *[4]uint64) bool {
	_, b := bits.Sub64(l[0], p0, 0)
	_, b = bits.Sub64(l[1], p1, b)
	_, b = bits.Sub64(l[2], p2, b)
	_, b = bits.Sub64(l[3], p3, b)
	return b == 1
}
