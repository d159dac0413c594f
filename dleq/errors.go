package dleq

import "errors"

// Sentinel errors. Every error of the package wraps one of these (or
// secp256k1.ErrInvalidPrivateKey or secp256k1.ErrInvalidPublicKey for a
// nil or zero-value key), to be tested with errors.Is.
var (
	// ErrInvalidAux: the auxiliary randomness is not 32 bytes.
	ErrInvalidAux = errors.New("dleq: auxiliary randomness must be 32 bytes")
	// ErrInvalidMessage: the message is not nil and not 32 bytes.
	ErrInvalidMessage = errors.New("dleq: message must be nil or 32 bytes")
	// ErrProofFailed: the nonce is zero, or the proof does not verify
	// (BIP-374's failures after the inputs are checked; the probability
	// is negligible for valid inputs).
	ErrProofFailed = errors.New("dleq: proof generation failed")
)
