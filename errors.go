package secp256k1

import "github.com/p256k1/secp256k1/internal/keys"

// Sentinel errors. Functions wrap them with %w to add detail, so test them
// with errors.Is. Packages ecdsa, schnorr and signer return the same
// sentinels for invalid keys.
var (
	// ErrInvalidPrivateKey: the bytes are not 32 long or encode 0 or a
	// value >= n, or the key is nil or the zero value.
	ErrInvalidPrivateKey = keys.ErrInvalidPrivateKey
	// ErrInvalidPublicKey: the bytes are not a valid SEC 1 or BIP-340
	// encoding of a point on the curve, or the key is nil or the zero value.
	ErrInvalidPublicKey = keys.ErrInvalidPublicKey
	// ErrInvalidTweak: a tweak is not 32 bytes, is >= n, or gives an invalid
	// key (zero or the point at infinity).
	ErrInvalidTweak = keys.ErrInvalidTweak
)
