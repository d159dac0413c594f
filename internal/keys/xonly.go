package keys

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// XOnly is a BIP-340 public key: the point with a given x and even y. The
// zero value and nil are invalid.
type XOnly struct {
	_ [0]func() // not comparable

	pub Public // valid and with even y when set
}

// Point returns the even-y point of x (callers must not modify it), or an
// error wrapping ErrInvalidPublicKey for a nil or zero-value key.
func (x *XOnly) Point() (*group.Affine, error) {
	if x == nil {
		return nil, errNoPublic
	}
	return x.pub.Point()
}

// Valid reports whether x is a valid x-only key (not nil, not the zero
// value).
func (x *XOnly) Valid() bool { return x != nil && x.pub.Valid() }

// Public returns the full public key with even y that x stands for
// (callers must not modify it).
func (x *XOnly) Public() (*Public, error) {
	if !x.Valid() {
		return nil, errNoPublic
	}
	return &x.pub, nil
}

// SetBytes parses a 32-byte BIP-340 public key (x, big-endian) with lift_x.
// It returns an error wrapping ErrInvalidPublicKey, leaving x unchanged, if
// the length is not 32, if x >= p, or if no point on the curve has this x.
func (x *XOnly) SetBytes(b []byte) error {
	if x == nil {
		return errNilPublic
	}
	if len(b) != 32 {
		return fmt.Errorf("%w: length %d, want 32", ErrInvalidPublicKey, len(b))
	}
	var e field.Element
	if e.SetCanonicalBytes((*[32]byte)(b)) != 1 {
		return errXRange
	}
	var a group.Affine
	if a.SetXO(&e, 0) != 1 {
		return errNoSuchX
	}
	x.pub.setPoint(&a)
	return nil
}

// SetPublic sets x to the x-only form of k (the point with k's x and even
// y) and returns whether k's own y is odd.
func (x *XOnly) SetPublic(k *Public) (yOdd bool, err error) {
	if x == nil {
		return false, errNilPublic
	}
	p, err := k.Point()
	if err != nil {
		return false, err
	}
	odd := p.Y.IsOdd()
	var a group.Affine
	a.X.Set(&p.X)
	a.Y.CondNegate(&p.Y, odd)
	x.pub.setPoint(&a)
	return odd == 1, nil
}

// PutBytes writes the 32-byte encoding of x (the x coordinate, big-endian)
// to b.
func (x *XOnly) PutBytes(b *[32]byte) error {
	p, err := x.Point()
	if err != nil {
		return err
	}
	p.X.PutBytes(b)
	return nil
}

// Equal reports whether x and o are the same valid key, in constant time
// for valid keys.
func (x *XOnly) Equal(o *XOnly) bool {
	a, err := x.Point()
	if err != nil {
		return false
	}
	b, err := o.Point()
	if err != nil {
		return false
	}
	return a.X.Equal(&b.X) == 1
}
