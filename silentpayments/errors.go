package silentpayments

import "errors"

// Sentinel errors. Every error of the package wraps one of these, or
// secp256k1.ErrInvalidPrivateKey or secp256k1.ErrInvalidPublicKey for a
// nil or zero-value key, to be tested with errors.Is.
var (
	// ErrInvalidAddress: a silent-payment address that does not decode
	// (not Bech32m, longer than 1023 characters, a human-readable part
	// other than "sp" and "tsp", version 31, a version 0 payload that is
	// not 66 bytes, a later version's payload shorter than 66 bytes, keys
	// that are not compressed points), or an Address that cannot be
	// encoded (nil or zero-value keys, a version other than 0, an unknown
	// network).
	ErrInvalidAddress = errors.New("silentpayments: invalid address")

	// ErrNotEligible: the input is not one of BIP-352's inputs for shared
	// secret derivation (P2TR, P2WPKH, P2SH-P2WPKH, P2PKH), or it is one
	// without a usable key (an uncompressed or invalid key, a taproot
	// script-path spend with the NUMS point H as internal key). Leave the
	// input out of the sums; the transaction may still be a silent
	// payment.
	ErrNotEligible = errors.New("silentpayments: input not eligible for shared secret derivation")
	// ErrSegwitVersion: the input spends a segwit output of version 2 or
	// higher. BIP-352 version 0 does not scan such a transaction at all:
	// skip the whole transaction.
	ErrSegwitVersion = errors.New("silentpayments: input spends a segwit version above 1; the transaction must not be scanned")

	// ErrNoInputs: no input keys (the sender has no eligible input, or
	// the receiver's transaction has none): the transaction is not a
	// silent payment.
	ErrNoInputs = errors.New("silentpayments: no eligible input keys")
	// ErrZeroSum: the input keys sum to zero (the sender's private keys) or
	// to the point at infinity (the receiver's public keys). BIP-352 says
	// the sender fails and the receiver skips the transaction.
	ErrZeroSum = errors.New("silentpayments: the input keys sum to zero")
	// ErrNoOutpoints: the list of the transaction's outpoints is empty.
	ErrNoOutpoints = errors.New("silentpayments: no outpoints")
	// ErrNoRecipients: the list of recipients is empty, or holds a nil
	// address.
	ErrNoRecipients = errors.New("silentpayments: no recipients")
	// ErrTooManyRecipients: more than KMax recipients share one scan key.
	// The receiver stops scanning at KMax outputs, so BIP-352 says the
	// sender fails.
	ErrTooManyRecipients = errors.New("silentpayments: more than KMax recipients share a scan key")
	// ErrInvalidOutput: a transaction output key that is not 32 bytes, or
	// an empty list of outputs to scan.
	ErrInvalidOutput = errors.New("silentpayments: invalid output key")
	// ErrInvalidTweakData: tweak data that is not a 33-byte compressed
	// point on the curve.
	ErrInvalidTweakData = errors.New("silentpayments: invalid tweak data")
	// ErrInvalidScalar: a hash of BIP-352 is not a valid scalar (zero or
	// at least the group order), or an output key would be the point at
	// infinity. BIP-352 says fail. For honestly made keys this happens
	// with probability about 2^-128; a recipient key chosen against the
	// sender can cause the second case.
	ErrInvalidScalar = errors.New("silentpayments: a derived scalar or key is invalid")
)
