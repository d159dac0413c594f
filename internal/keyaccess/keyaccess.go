// Package keyaccess lets the scheme packages (ecdsa, schnorr, signer) reach
// the internal representation of the key types of package secp256k1 without
// exporting it. Package secp256k1 sets every hook in its init function, which
// runs before any package that imports it.
package keyaccess

import (
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

var (
	// PrivateScalar returns the secret scalar of a *secp256k1.PrivateKey
	// (1 <= d < n). Callers must not modify it.
	PrivateScalar func(k any) *scalar.Scalar
	// PrivatePublicPoint returns the public point d·G of a
	// *secp256k1.PrivateKey. Callers must not modify it.
	PrivatePublicPoint func(k any) *group.Affine
	// PublicPoint returns the point of a *secp256k1.PublicKey (finite, on
	// the curve). Callers must not modify it.
	PublicPoint func(k any) *group.Affine
	// XOnlyPoint returns the point of a *secp256k1.XOnlyPublicKey (finite,
	// on the curve, even y). Callers must not modify it.
	XOnlyPoint func(k any) *group.Affine
	// NewPublicKey returns a *secp256k1.PublicKey for a finite point on the
	// curve (the caller guarantees both).
	NewPublicKey func(p *group.Affine) any
	// NewPrivateKey returns a *secp256k1.PrivateKey for 1 <= d < n (the
	// caller guarantees it), computing its public key in constant time.
	NewPrivateKey func(d *scalar.Scalar) any
)
