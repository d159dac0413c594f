package secp256k1

import (
	"crypto"

	"github.com/p256k1/secp256k1/internal/keys"
)

// PublicKey is a secp256k1 public key: a point on the curve other than the
// point at infinity.
//
// The zero value is not a valid key, and neither is nil: every function and
// method given one returns an error wrapping ErrInvalidPublicKey (or nil,
// or false, where it has no error result). Get keys from NewPublicKey or
// PrivateKey.PublicKey.
//
// A PublicKey is immutable and safe for concurrent use. Compare keys with
// Equal, not ==.
type PublicKey keys.Public

// in returns k as the internal key type (a free conversion).
func (k *PublicKey) in() *keys.Public { return (*keys.Public)(k) }

// NewPublicKey parses a SEC 1 encoded public key: 33 bytes compressed
// (0x02 or 0x03 ‖ x) or 65 bytes uncompressed (0x04 ‖ x ‖ y). It rejects,
// with an error wrapping ErrInvalidPublicKey: any other length, the hybrid
// prefixes 0x06 and 0x07, the infinity encoding 0x00, coordinates >= p, points
// not on the curve and compressed x with no point on the curve.
func NewPublicKey(b []byte) (*PublicKey, error) {
	k := new(keys.Public)
	if err := k.SetBytes(b); err != nil {
		return nil, err
	}
	return (*PublicKey)(k), nil
}

// BytesCompressed returns the 33-byte SEC 1 compressed encoding
// (0x02 or 0x03 ‖ x), in a new slice, or nil for a nil or zero-value key.
func (k *PublicKey) BytesCompressed() []byte {
	var b [33]byte
	if k.in().PutCompressed(&b) != nil {
		return nil
	}
	return b[:]
}

// BytesUncompressed returns the 65-byte SEC 1 uncompressed encoding
// (0x04 ‖ x ‖ y), in a new slice, or nil for a nil or zero-value key.
func (k *PublicKey) BytesUncompressed() []byte {
	var b [65]byte
	if k.in().PutUncompressed(&b) != nil {
		return nil
	}
	return b[:]
}

// XOnly returns the BIP-340 x-only form of the key (the point with the same
// x and even y) and whether the key's own y is odd. For a nil or zero-value
// key it returns nil, false.
func (k *PublicKey) XOnly() (x *XOnlyPublicKey, yOdd bool) {
	out := new(keys.XOnly)
	yOdd, err := out.SetPublic(k.in())
	if err != nil {
		return nil, false
	}
	return (*XOnlyPublicKey)(out), yOdd
}

// Equal reports whether k and x are the same valid public key, in constant
// time. x of any other type, and invalid keys, are not equal.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	return ok && k.in().Equal(o.in())
}
