package secp256k1

import (
	"crypto"
	"fmt"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// PublicKey is a secp256k1 public key: a point on the curve other than the
// point at infinity.
//
// A PublicKey is immutable and safe for concurrent use. Compare keys with
// Equal, not ==.
type PublicKey struct {
	_ [0]func() // not comparable
	p group.Affine
}

// SEC 1 point encoding prefixes.
const (
	prefixEven         = 0x02
	prefixOdd          = 0x03
	prefixUncompressed = 0x04
)

// NewPublicKey parses a SEC 1 encoded public key: 33 bytes compressed
// (0x02 or 0x03 ‖ x) or 65 bytes uncompressed (0x04 ‖ x ‖ y). It rejects,
// with an error wrapping ErrInvalidPublicKey: any other length, the hybrid
// prefixes 0x06 and 0x07, the infinity encoding 0x00, coordinates >= p, points
// not on the curve and compressed x with no point on the curve.
func NewPublicKey(b []byte) (*PublicKey, error) {
	var x field.Element
	switch {
	case len(b) == 33 && (b[0] == prefixEven || b[0] == prefixOdd):
		if x.SetCanonicalBytes((*[32]byte)(b[1:33])) != 1 {
			return nil, fmt.Errorf("%w: x >= p", ErrInvalidPublicKey)
		}
		k := new(PublicKey)
		if k.p.SetXO(&x, int(b[0]&1)) != 1 {
			return nil, fmt.Errorf("%w: no point on the curve has this x", ErrInvalidPublicKey)
		}
		return k, nil
	case len(b) == 65 && b[0] == prefixUncompressed:
		k := new(PublicKey)
		if k.p.X.SetCanonicalBytes((*[32]byte)(b[1:33])) != 1 {
			return nil, fmt.Errorf("%w: x >= p", ErrInvalidPublicKey)
		}
		if k.p.Y.SetCanonicalBytes((*[32]byte)(b[33:65])) != 1 {
			return nil, fmt.Errorf("%w: y >= p", ErrInvalidPublicKey)
		}
		if k.p.IsOnCurve() != 1 {
			return nil, fmt.Errorf("%w: point not on the curve", ErrInvalidPublicKey)
		}
		return k, nil
	case len(b) == 65 && (b[0] == 0x06 || b[0] == 0x07):
		return nil, fmt.Errorf("%w: hybrid encoding (prefix %#02x) is not accepted", ErrInvalidPublicKey, b[0])
	case len(b) == 0:
		return nil, fmt.Errorf("%w: empty input", ErrInvalidPublicKey)
	case len(b) == 1 && b[0] == 0:
		return nil, fmt.Errorf("%w: the point at infinity is not a public key", ErrInvalidPublicKey)
	case len(b) == 33 || len(b) == 65:
		return nil, fmt.Errorf("%w: bad prefix %#02x for length %d", ErrInvalidPublicKey, b[0], len(b))
	default:
		return nil, fmt.Errorf("%w: length %d, want 33 or 65", ErrInvalidPublicKey, len(b))
	}
}

// BytesCompressed returns the 33-byte SEC 1 compressed encoding
// (0x02 or 0x03 ‖ x), in a new slice.
func (k *PublicKey) BytesCompressed() []byte {
	var b [33]byte
	k.putCompressed(&b)
	return b[:]
}

func (k *PublicKey) putCompressed(b *[33]byte) {
	b[0] = prefixEven | byte(k.p.Y.IsOdd())
	k.p.X.PutBytes((*[32]byte)(b[1:]))
}

// BytesUncompressed returns the 65-byte SEC 1 uncompressed encoding
// (0x04 ‖ x ‖ y), in a new slice.
func (k *PublicKey) BytesUncompressed() []byte {
	var b [65]byte
	b[0] = prefixUncompressed
	k.p.X.PutBytes((*[32]byte)(b[1:33]))
	k.p.Y.PutBytes((*[32]byte)(b[33:65]))
	return b[:]
}

// XOnly returns the BIP-340 x-only form of the key (the point with the same
// x and even y) and whether the key's own y is odd.
func (k *PublicKey) XOnly() (x *XOnlyPublicKey, yOdd bool) {
	x = new(XOnlyPublicKey)
	x.p.X.Set(&k.p.X)
	x.p.Y.Set(&k.p.Y)
	odd := k.p.Y.IsOdd()
	x.p.Y.CondNegate(&x.p.Y, odd)
	return x, odd == 1
}

// Equal reports whether k and x are the same public key, in constant time.
// x of any other type is not equal.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	if !ok {
		return false
	}
	return k.p.X.Equal(&o.p.X)&k.p.Y.Equal(&o.p.Y) == 1
}
