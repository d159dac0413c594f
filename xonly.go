package secp256k1

import (
	"crypto"
	"fmt"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// XOnlyPublicKey is a BIP-340 public key: the point with a given x and even
// y. It is immutable and safe for concurrent use.
type XOnlyPublicKey struct {
	_ [0]func() // not comparable
	p group.Affine
}

// NewXOnlyPublicKey parses a 32-byte BIP-340 public key (the x coordinate,
// big-endian) with lift_x: it returns an error wrapping ErrInvalidPublicKey
// if the length is not 32, if x >= p, or if no point on the curve has this x.
func NewXOnlyPublicKey(b []byte) (*XOnlyPublicKey, error) {
	if len(b) != 32 {
		return nil, fmt.Errorf("%w: length %d, want 32", ErrInvalidPublicKey, len(b))
	}
	var x field.Element
	if x.SetCanonicalBytes((*[32]byte)(b)) != 1 {
		return nil, fmt.Errorf("%w: x >= p", ErrInvalidPublicKey)
	}
	k := new(XOnlyPublicKey)
	if k.p.SetXO(&x, 0) != 1 {
		return nil, fmt.Errorf("%w: no point on the curve has this x", ErrInvalidPublicKey)
	}
	return k, nil
}

// Bytes returns the 32-byte encoding of the key (x, big-endian), in a new
// slice.
func (k *XOnlyPublicKey) Bytes() []byte {
	b := k.p.X.Bytes()
	return b[:]
}

// PublicKey returns the full public key with even y that k stands for.
func (k *XOnlyPublicKey) PublicKey() *PublicKey {
	return &PublicKey{p: k.p}
}

// Equal reports whether k and x are the same x-only key, in constant time.
// x of any other type is not equal.
func (k *XOnlyPublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*XOnlyPublicKey)
	if !ok {
		return false
	}
	return k.p.X.Equal(&o.p.X) == 1
}
