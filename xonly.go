package secp256k1

import (
	"crypto"

	"github.com/p256k1/secp256k1/internal/keys"
)

// XOnlyPublicKey is a BIP-340 public key: the point with a given x and even
// y.
//
// The zero value is not a valid key, and neither is nil: every function and
// method given one returns an error wrapping ErrInvalidPublicKey (or nil,
// or false, where it has no error result); schnorr.Verify returns false.
// Get keys from NewXOnlyPublicKey or PublicKey.XOnly.
//
// An XOnlyPublicKey is immutable and safe for concurrent use. Compare keys
// with Equal, not ==.
type XOnlyPublicKey keys.XOnly

// in returns x as the internal key type (a free conversion).
func (x *XOnlyPublicKey) in() *keys.XOnly { return (*keys.XOnly)(x) }

// NewXOnlyPublicKey parses a 32-byte BIP-340 public key (the x coordinate,
// big-endian) with lift_x: it returns an error wrapping ErrInvalidPublicKey
// if the length is not 32, if x >= p, or if no point on the curve has this x.
func NewXOnlyPublicKey(b []byte) (*XOnlyPublicKey, error) {
	k := new(keys.XOnly)
	if err := k.SetBytes(b); err != nil {
		return nil, err
	}
	return (*XOnlyPublicKey)(k), nil
}

// Bytes returns the 32-byte encoding of the key (x, big-endian), in a new
// slice, or nil for a nil or zero-value key.
func (x *XOnlyPublicKey) Bytes() []byte {
	var b [32]byte
	if x.in().PutBytes(&b) != nil {
		return nil
	}
	return b[:]
}

// PublicKey returns the full public key with even y that x stands for (a
// new key), or nil for a nil or zero-value key.
func (x *XOnlyPublicKey) PublicKey() *PublicKey {
	p, err := x.in().Public()
	if err != nil {
		return nil
	}
	q := new(keys.Public)
	if q.Set(p) != nil {
		return nil
	}
	return (*PublicKey)(q)
}

// Equal reports whether x and o are the same valid x-only key, in constant
// time. o of any other type, and invalid keys, are not equal.
func (x *XOnlyPublicKey) Equal(o crypto.PublicKey) bool {
	y, ok := o.(*XOnlyPublicKey)
	return ok && x.in().Equal(y.in())
}
