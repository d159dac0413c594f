package curve

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/keys"
)

// Conversions between the group types of this package and the key types of
// package secp256k1. Keys are never the identity or zero, so conversions
// into keys can fail; conversions out of valid keys cannot.

// SetPublicKey sets v to the point of k, and returns v. For a nil or
// zero-value key, or a nil v, it returns nil and an error wrapping
// secp256k1.ErrInvalidPublicKey, and v is unchanged.
func (v *Point) SetPublicKey(k *secp256k1.PublicKey) (*Point, error) {
	if v == nil {
		return nil, errNilPublic
	}
	a, err := (*keys.Public)(k).Point()
	if err != nil {
		return nil, err
	}
	v.p.SetAffine(a)
	return v, nil
}

// SetXOnlyPublicKey sets v to the point of the BIP-340 key k (the point
// with k's x and even y), and returns v. For a nil or zero-value key, or a
// nil v, it returns nil and an error wrapping secp256k1.ErrInvalidPublicKey,
// and v is unchanged.
func (v *Point) SetXOnlyPublicKey(k *secp256k1.XOnlyPublicKey) (*Point, error) {
	if v == nil {
		return nil, errNilPublic
	}
	a, err := (*keys.XOnly)(k).Point()
	if err != nil {
		return nil, err
	}
	v.p.SetAffine(a)
	return v, nil
}

// PublicKey returns v as a public key. The identity is not a public key: it
// returns an error wrapping secp256k1.ErrInvalidPublicKey (and ErrIdentity)
// for it, and one wrapping secp256k1.ErrInvalidPublicKey if v is nil. It
// runs in constant time: only whether v is the identity is revealed.
func (v *Point) PublicKey() (*secp256k1.PublicKey, error) {
	if v == nil {
		return nil, errNilPublic
	}
	a, inf := v.affinePublicInfinity()
	if inf {
		return nil, fmt.Errorf("%w: %w", secp256k1.ErrInvalidPublicKey, ErrIdentity)
	}
	// Every Point is on the curve (SetBytes checks it, the group
	// operations keep it), so the key takes a without the check of
	// keys.Public.SetPoint, which would branch on a secret point.
	k := new(keys.Public)
	if err := k.SetOnCurvePoint(&a); err != nil {
		return nil, err // unreachable: k and a are not nil
	}
	return (*secp256k1.PublicKey)(k), nil
}

// SetPrivateKey sets s to the secret scalar of k, and returns s. For a nil
// or zero-value key, or a nil s, it returns nil and an error wrapping
// secp256k1.ErrInvalidPrivateKey, and s is unchanged. It runs in constant
// time.
func (s *Scalar) SetPrivateKey(k *secp256k1.PrivateKey) (*Scalar, error) {
	if s == nil {
		return nil, errNilPrivate
	}
	d, err := (*keys.Private)(k).Scalar()
	if err != nil {
		return nil, err
	}
	s.s = *d
	return s, nil
}

// PrivateKey returns s as a private key. Zero is not a private key: it
// returns an error wrapping secp256k1.ErrInvalidPrivateKey for it, and for
// a nil s. The check runs in constant time; only its result is revealed.
func (s *Scalar) PrivateKey() (*secp256k1.PrivateKey, error) {
	if s == nil {
		return nil, errNilPrivate
	}
	var b [32]byte
	defer clear(b[:])
	s.s.PutBytes(&b)
	k := new(keys.Private)
	if err := k.SetBytes(b[:]); err != nil {
		return nil, err
	}
	return (*secp256k1.PrivateKey)(k), nil
}
