package curve

import (
	"crypto/subtle"
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// The helpers that the Bitcoin protocols built on this package share:
// BIP-340's tagged hash, lift_x and even-y convention, the conditional
// negations that convention leads to, and the 33-byte encoding with zeros
// for the identity of BIP-327 (MuSig2) and BIP-352 (silent payments).

// TaggedHash returns the BIP-340 tagged hash of the concatenation of msgs
// under tag: SHA256(SHA256(tag) ‖ SHA256(tag) ‖ msgs[0] ‖ msgs[1] ‖ …). No
// message, or a nil one, is the empty string. It runs in constant time
// with respect to the contents of msgs (their lengths are public).
func TaggedHash(tag string, msgs ...[]byte) [32]byte {
	return tagged.Sum(tag, msgs...)
}

// HasEvenY returns 1 if v is a finite point whose y coordinate is even, and
// 0 otherwise: for a point with odd y, for the identity (which has no
// coordinates, and which BIP-340 and BIP-327 never ask about), and for a
// nil v. It is BIP-340's has_even_y; call IsIdentity to tell the identity
// from an odd point. It runs in constant time (one inversion).
func (v *Point) HasEvenY() int {
	if v == nil {
		return 0
	}
	a := v.affine()
	return (a.Y.IsOdd() ^ 1) & (a.IsInfinity() ^ 1)
}

// CondNegate sets v = -p if cond is 1 and v = p if cond is 0, and returns
// v, in constant time. cond must be 0 or 1. Together with HasEvenY it
// brings a point to even y: v.CondNegate(p, 1-p.HasEvenY()).
func (v *Point) CondNegate(p *Point, cond int) *Point {
	if v == nil || p == nil {
		return nil
	}
	a := p.load()
	a.Y.CondNegate(&a.Y, cond&1)
	v.p = a
	return v
}

// SetXOnlyBytes sets v to the point with x coordinate b (32 bytes,
// big-endian) and even y, BIP-340's lift_x, and returns v. It returns nil
// and an error wrapping ErrInvalidEncoding, leaving v unchanged, for a
// length other than 32, for x >= p, and for an x that is the coordinate of
// no point (x³ + 7 is not a square modulo p). It runs in constant time:
// only whether b is accepted is revealed. BytesX is its inverse for points
// with even y.
func (v *Point) SetXOnlyBytes(b []byte) (*Point, error) {
	if v == nil {
		return nil, errNilDecode
	}
	if len(b) != 32 {
		return nil, fmt.Errorf("%w: x-only encoding of %d bytes", ErrInvalidEncoding, len(b))
	}
	var x field.Element
	ok := x.SetCanonicalBytes((*[32]byte)(b))
	var a group.Affine
	ok &= a.SetXO(&x, 0)
	ctcheck.Public(&ok)
	if ok != 1 {
		return nil, fmt.Errorf("%w: not the x coordinate of a point (x >= p, or x³ + 7 is not a square)", ErrInvalidEncoding)
	}
	v.p.SetAffine(&a)
	return v, nil
}

// BytesCompressedOrZero returns a new 33-byte slice: the SEC 1 compressed
// encoding of v (0x02 or 0x03 by the parity of y, then x), or 33 zero bytes
// if v is the identity. It is BIP-327's cbytes_ext and the encoding
// BIP-352 gives the identity. Unlike BytesCompressed it does not reveal
// whether v is the identity: it runs in constant time. It returns nil if v
// is nil.
func (v *Point) BytesCompressedOrZero() []byte {
	if v == nil {
		return nil
	}
	var b [33]byte
	// The affine form of the identity has x = 0: only the prefix needs a
	// mask.
	a := v.affine()
	finite := byte(a.IsInfinity() ^ 1)
	b[0] = -finite & (2 | byte(a.Y.IsOdd()))
	a.X.PutBytes((*[32]byte)(b[1:]))
	return b[:]
}

// SetBytesCompressedOrZero sets v to the point encoded by b, and returns
// v: 33 zero bytes are the identity, and any other 33 bytes must be a SEC 1
// compressed encoding (0x02 or 0x03, then x < p, the x coordinate of a
// point). It is BIP-327's cpoint_ext, the inverse of BytesCompressedOrZero.
// Any other input (another length, another prefix, among them 0x00 before a
// non-zero x, x >= p, an x of no point) returns nil and an error wrapping
// ErrInvalidEncoding, and v is unchanged. It runs in constant time: only
// whether b is accepted is revealed, not whether it is the identity.
func (v *Point) SetBytesCompressedOrZero(b []byte) (*Point, error) {
	if v == nil {
		return nil, errNilDecode
	}
	if len(b) != 33 {
		return nil, fmt.Errorf("%w: compressed encoding of %d bytes", ErrInvalidEncoding, len(b))
	}
	var zero [33]byte
	isZero := subtle.ConstantTimeCompare(b, zero[:])
	var x field.Element
	ok := subtle.ConstantTimeByteEq(b[0]|1, 3)
	ok &= x.SetCanonicalBytes((*[32]byte)(b[1:]))
	var a, inf group.Affine
	ok &= a.SetXO(&x, int(b[0]&1))
	inf.SetInfinity()
	a.Select(&inf, &a, isZero)
	ok |= isZero
	ctcheck.Public(&ok)
	if ok != 1 {
		return nil, fmt.Errorf("%w: neither 33 zero bytes nor a compressed point", ErrInvalidEncoding)
	}
	v.p.SetAffine(&a)
	return v, nil
}
