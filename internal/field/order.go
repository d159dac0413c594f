package field

import "math/bits"

// n, the order of the secp256k1 group (the modulus of internal/scalar), as
// little-endian limbs. The field needs it for one step of ECDSA only:
// SetScalarPlusOrder.
const (
	n0 = 0xBFD25E8CD0364141
	n1 = 0xBAAEDCE6AF48A03B
	n2 = 0xFFFFFFFFFFFFFFFE
	n3 = 0xFFFFFFFFFFFFFFFF
)

// SetScalarPlusOrder sets v = r + n, where r is a little-endian 256-bit
// integer (the limbs of a scalar, below n) and n is the order of the
// secp256k1 group, and returns 1 if r + n is below p. Otherwise it returns
// 0 and leaves v unchanged; only r < p - n (about 2^128.3) gives 1, so 0 is
// also returned for every r >= n.
//
// It is the step of ECDSA that maps a signature's r back to the x
// coordinates it may come from: an x in [0, p) reduces to r modulo n when
// x = r, or x = r + n if that is below p. Verification compares x(R) with
// both, and public-key recovery with ids 2 and 3 lifts x = r + n. It runs
// in constant time.
func (v *Element) SetScalarPlusOrder(r *[4]uint64) int {
	var s [4]uint64
	var carry, borrow uint64
	s[0], carry = bits.Add64(r[0], n0, 0)
	s[1], carry = bits.Add64(r[1], n1, carry)
	s[2], carry = bits.Add64(r[2], n2, carry)
	s[3], carry = bits.Add64(r[3], n3, carry)
	_, borrow = bits.Sub64(s[0], p0, 0)
	_, borrow = bits.Sub64(s[1], p1, borrow)
	_, borrow = bits.Sub64(s[2], p2, borrow)
	_, borrow = bits.Sub64(s[3], p3, borrow)
	ok := borrow &^ carry // no carry out of 2^256, and s < p
	mask := -ok
	for i := range v.l {
		v.l[i] = v.l[i]&^mask | s[i]&mask
	}
	return int(ok)
}
