package curve

import (
	"crypto/subtle"
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// Point is a point on secp256k1, y² = x³ + 7 over the field of order
// p = 2^256 - 2^32 - 977, or the identity (the point at infinity). The
// group has prime order n, so every point other than the identity
// generates it.
//
// The zero value is the identity. Compare points with Equal, not ==: the
// same point has many internal representations.
type Point struct {
	_ [0]func() // not comparable: use Equal

	// p is (X:Y:Z) with affine coordinates (X/Z, Y/Z); the identity has
	// Z = 0. The zero value (0:0:0) is read as the identity (0:1:0) by
	// load.
	p group.Projective
}

// load returns v's point in a form the complete formulas accept: the zero
// value (0:0:0) becomes (0:1:0). It runs in constant time.
func (v *Point) load() group.Projective {
	p := v.p
	var one field.Element
	one.One()
	p.Y.Select(&one, &p.Y, p.Z.IsZero())
	return p
}

// NewIdentityPoint returns a new Point set to the identity.
func NewIdentityPoint() *Point {
	p := new(Point)
	p.p.SetInfinity()
	return p
}

// NewGeneratorPoint returns a new Point set to the standard generator G
// (SEC 2, section 2.4.1).
func NewGeneratorPoint() *Point {
	p := new(Point)
	g := group.Generator()
	p.p.SetAffine(&g)
	return p
}

// Set sets v = u, and returns v.
func (v *Point) Set(u *Point) *Point {
	if v == nil || u == nil {
		return nil
	}
	v.p = u.load()
	return v
}

// SetBytes sets v to the point encoded by b in SEC 1 form, and returns v:
// 33 bytes compressed (0x02 or 0x03, then x), 65 bytes uncompressed (0x04,
// x, y), or the single byte 0x00 for the identity. Any other length or
// prefix (the hybrid 0x06 and 0x07 included), a coordinate >= p, a point
// not on the curve, or an x with no point on the curve returns nil and an
// error wrapping ErrInvalidEncoding, and v is unchanged. Only whether b is
// accepted is revealed.
func (v *Point) SetBytes(b []byte) (*Point, error) {
	if v == nil {
		return nil, errNilDecode
	}
	// The length is public; the prefix and the coordinates are checked
	// without branches, and only the verdict is declassified.
	var a group.Affine
	var ok int
	switch len(b) {
	case 1:
		ok = subtle.ConstantTimeByteEq(b[0], 0)
		a.SetInfinity()
	case 33:
		var x field.Element
		ok = subtle.ConstantTimeByteEq(b[0]|1, 3)
		ok &= x.SetCanonicalBytes((*[32]byte)(b[1:]))
		ok &= a.SetXO(&x, int(b[0]&1))
	case 65:
		ok = subtle.ConstantTimeByteEq(b[0], 4)
		ok &= a.X.SetCanonicalBytes((*[32]byte)(b[1:33]))
		ok &= a.Y.SetCanonicalBytes((*[32]byte)(b[33:]))
		ok &= a.IsOnCurve()
	default:
		return nil, fmt.Errorf("%w: point encoding of %d bytes", ErrInvalidEncoding, len(b))
	}
	ctcheck.Public(&ok)
	if ok != 1 {
		return nil, fmt.Errorf("%w: not a SEC 1 encoding of a point (%d bytes)", ErrInvalidEncoding, len(b))
	}
	v.p.SetAffine(&a)
	return v, nil
}

// affine returns v in affine form, in constant time (one constant-time
// inversion); the identity has Infinity set and coordinates (0, 0).
func (v *Point) affine() group.Affine {
	p := v.load()
	var a group.Affine
	a.SetProjective(&p)
	return a
}

// affinePublicInfinity is affine for the encoders, whose output length
// reveals whether v is the identity: that bit is declassified and returned
// as inf.
func (v *Point) affinePublicInfinity() (a group.Affine, inf bool) {
	a = v.affine()
	i := a.IsInfinity()
	ctcheck.Public(&i)
	return a, i == 1
}

// BytesCompressed returns the 33-byte SEC 1 compressed encoding of v (a
// new slice): 0x02 for even y or 0x03 for odd y, then x, big-endian. The
// identity encodes as the single byte 0x00. It returns nil if v is nil.
func (v *Point) BytesCompressed() []byte {
	if v == nil {
		return nil
	}
	var b [33]byte
	return v.bytesCompressed(&b)
}

func (v *Point) bytesCompressed(b *[33]byte) []byte {
	a, inf := v.affinePublicInfinity()
	if inf {
		return append(b[:0], 0)
	}
	b[0] = 2 | byte(a.Y.IsOdd())
	a.X.PutBytes((*[32]byte)(b[1:]))
	return b[:]
}

// BytesUncompressed returns the 65-byte SEC 1 uncompressed encoding of v (a
// new slice): 0x04, x, y, big-endian. The identity encodes as the single
// byte 0x00. It returns nil if v is nil.
func (v *Point) BytesUncompressed() []byte {
	if v == nil {
		return nil
	}
	var b [65]byte
	return v.bytesUncompressed(&b)
}

func (v *Point) bytesUncompressed(b *[65]byte) []byte {
	a, inf := v.affinePublicInfinity()
	if inf {
		return append(b[:0], 0)
	}
	b[0] = 4
	a.X.PutBytes((*[32]byte)(b[1:33]))
	a.Y.PutBytes((*[32]byte)(b[33:]))
	return b[:]
}

// BytesX returns the 32-byte big-endian x coordinate of v (a new slice),
// the BIP-340 x-only encoding, which drops the parity of y. It returns an
// error wrapping ErrIdentity for the identity, which has no x coordinate,
// and for a nil v.
func (v *Point) BytesX() ([]byte, error) {
	if v == nil {
		return nil, errNilBytesX
	}
	var b [32]byte
	return v.bytesX(&b)
}

func (v *Point) bytesX(b *[32]byte) ([]byte, error) {
	a, inf := v.affinePublicInfinity()
	if inf {
		return nil, ErrIdentity
	}
	a.X.PutBytes(b)
	return b[:], nil
}

// Add sets v = p + q, and returns v.
func (v *Point) Add(p, q *Point) *Point {
	if v == nil || p == nil || q == nil {
		return nil
	}
	a, b := p.load(), q.load()
	v.p.Add(&a, &b)
	return v
}

// Subtract sets v = p - q, and returns v.
func (v *Point) Subtract(p, q *Point) *Point {
	if v == nil || p == nil || q == nil {
		return nil
	}
	a, b := p.load(), q.load()
	b.Negate(&b)
	v.p.Add(&a, &b)
	return v
}

// Negate sets v = -p, and returns v.
func (v *Point) Negate(p *Point) *Point {
	if v == nil || p == nil {
		return nil
	}
	a := p.load()
	v.p.Negate(&a)
	return v
}

// Double sets v = 2·p, and returns v.
func (v *Point) Double(p *Point) *Point {
	if v == nil || p == nil {
		return nil
	}
	a := p.load()
	v.p.Double(&a)
	return v
}

// Select sets v = a if cond is 1 and v = b if cond is 0, and returns v.
// cond must be 0 or 1.
func (v *Point) Select(a, b *Point, cond int) *Point {
	if v == nil || a == nil || b == nil {
		return nil
	}
	pa, pb := a.load(), b.load()
	v.p.Select(&pa, &pb, cond&1)
	return v
}

// Equal returns 1 if v and u are the same point, and 0 otherwise (also if
// either is nil).
func (v *Point) Equal(u *Point) int {
	if v == nil || u == nil {
		return 0
	}
	a, b := v.load(), u.load()
	return a.Equal(&b)
}

// IsIdentity returns 1 if v is the identity, and 0 otherwise (also if v is
// nil).
func (v *Point) IsIdentity() int {
	if v == nil {
		return 0
	}
	return v.p.IsInfinity()
}
