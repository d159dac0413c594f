package secp256k1

import "errors"

// Sentinel errors. Functions wrap them with %w to add detail, so test them
// with errors.Is.
var (
	// ErrInvalidPrivateKey: the bytes are not 32 long, or encode 0 or a
	// value >= n.
	ErrInvalidPrivateKey = errors.New("secp256k1: invalid private key")
	// ErrInvalidPublicKey: the bytes are not a valid SEC 1 or BIP-340
	// encoding of a point on the curve.
	ErrInvalidPublicKey = errors.New("secp256k1: invalid public key")
	// ErrInvalidTweak: a tweak is not 32 bytes, is >= n, or gives an invalid
	// key (zero or the point at infinity).
	ErrInvalidTweak = errors.New("secp256k1: invalid tweak")
)
