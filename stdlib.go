//lint:file-ignore SA1019 this file implements or exercises the crypto/ecdsa and crypto/elliptic bridge, whose big.Int API Go deprecates but callers (go-ethereum, x509-style code) still use

package secp256k1

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"fmt"
	"math/big"

	"github.com/p256k1/secp256k1/internal/keys"
)

// Conversions between this package's keys and crypto/ecdsa's, whose Curve
// is S256(). crypto/ecdsa holds coordinates and the secret as *big.Int:
// math/big is used here only to convert at that boundary. big.Int is not
// constant time and cannot be wiped reliably (its arithmetic may leave
// copies in memory), so a private key in a *crypto/ecdsa.PrivateKey is
// less protected than in a PrivateKey: convert at the edge of code that
// needs the standard library's types, and keep PrivateKey elsewhere.

// ToECDSA returns k as a *crypto/ecdsa.PrivateKey on S256(), with its
// public key, or nil for a nil or zero-value key. D is a new big.Int
// holding the secret; the caller owns it (see the note above). It computes
// k's public key if that was not done yet.
func (k *PrivateKey) ToECDSA() *ecdsa.PrivateKey {
	pub := k.PublicKey().ToECDSA()
	if pub == nil {
		return nil
	}
	var b [32]byte
	defer clear(b[:])
	if k.in().PutBytes(&b) != nil {
		return nil
	}
	return &ecdsa.PrivateKey{PublicKey: *pub, D: new(big.Int).SetBytes(b[:])}
}

// ToECDSA returns k as a *crypto/ecdsa.PublicKey on S256(), or nil for a
// nil or zero-value key.
func (k *PublicKey) ToECDSA() *ecdsa.PublicKey {
	var b [65]byte
	if k.in().PutUncompressed(&b) != nil {
		return nil
	}
	return &ecdsa.PublicKey{
		Curve: theCurve,
		X:     new(big.Int).SetBytes(b[1:33]),
		Y:     new(big.Int).SetBytes(b[33:]),
	}
}

// PrivateKeyFromECDSA returns the private key held by k, a
// *crypto/ecdsa.PrivateKey on secp256k1: its Curve is S256() or another
// implementation with the same parameters (P, N, B, Gx, Gy; go-ethereum's
// crypto.S256(), btcec's and decred's S256()), and D in [1, n). If k's
// public key is set (X and Y not nil), it must be D·G. Anything else
// returns an error wrapping ErrInvalidPrivateKey, nil included. The range
// check of D uses big.Int and is not constant time in D's bit length; the
// rest is.
func PrivateKeyFromECDSA(k *ecdsa.PrivateKey) (*PrivateKey, error) {
	if k == nil || k.D == nil {
		return nil, fmt.Errorf("%w: nil crypto/ecdsa key or D", ErrInvalidPrivateKey)
	}
	if !isSecp256k1(k.Curve) {
		return nil, fmt.Errorf("%w: crypto/ecdsa key on %s, not secp256k1", ErrInvalidPrivateKey, curveName(k.Curve))
	}
	if k.D.Sign() <= 0 || k.D.BitLen() > 256 {
		return nil, fmt.Errorf("%w: D not in [1, n)", ErrInvalidPrivateKey)
	}
	var b [32]byte
	defer clear(b[:])
	k.D.FillBytes(b[:])
	priv := new(keys.Private)
	if err := priv.SetBytes(b[:]); err != nil {
		return nil, err
	}
	out := (*PrivateKey)(priv)
	if k.X != nil || k.Y != nil {
		pub, err := PublicKeyFromECDSA(&k.PublicKey)
		if err != nil || !pub.Equal(out.PublicKey()) {
			priv.Wipe()
			return nil, fmt.Errorf("%w: the crypto/ecdsa key's public key is not D·G", ErrInvalidPrivateKey)
		}
	}
	return out, nil
}

// PublicKeyFromECDSA returns the public key k, a *crypto/ecdsa.PublicKey on
// secp256k1 (see PrivateKeyFromECDSA for the curves accepted) whose (X, Y)
// is a point on the curve. Anything else returns an error wrapping
// ErrInvalidPublicKey, nil and the point at infinity (0, 0) included.
func PublicKeyFromECDSA(k *ecdsa.PublicKey) (*PublicKey, error) {
	if k == nil {
		return nil, fmt.Errorf("%w: nil crypto/ecdsa key", ErrInvalidPublicKey)
	}
	if !isSecp256k1(k.Curve) {
		return nil, fmt.Errorf("%w: crypto/ecdsa key on %s, not secp256k1", ErrInvalidPublicKey, curveName(k.Curve))
	}
	a, ok := affineFromBig(k.X, k.Y)
	if !ok || a.Infinity {
		return nil, fmt.Errorf("%w: (X, Y) is not a point on secp256k1", ErrInvalidPublicKey)
	}
	p := new(keys.Public)
	if err := p.SetPoint(&a); err != nil {
		return nil, err
	}
	return (*PublicKey)(p), nil
}

// isSecp256k1 reports whether c is S256() or a curve with secp256k1's
// parameters.
func isSecp256k1(c elliptic.Curve) bool {
	if c == nil {
		return false
	}
	if c == elliptic.Curve(theCurve) {
		return true
	}
	p, q := c.Params(), theCurve.params
	return p != nil && eqBig(p.P, q.P) && eqBig(p.N, q.N) && eqBig(p.B, q.B) && eqBig(p.Gx, q.Gx) && eqBig(p.Gy, q.Gy)
}

func eqBig(a, b *big.Int) bool { return a != nil && a.Cmp(b) == 0 }

func curveName(c elliptic.Curve) string {
	if c == nil {
		return "a nil curve"
	}
	if p := c.Params(); p != nil && p.Name != "" {
		return p.Name
	}
	return "another curve"
}
