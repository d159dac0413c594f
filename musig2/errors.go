package musig2

import (
	"errors"
	"fmt"
	"strconv"
)

// The contributions InvalidContributionError names, as BIP-327 does.
const (
	// ContribPubKey is a signer's public key (KeyAgg).
	ContribPubKey = "pubkey"
	// ContribPubNonce is a signer's public nonce (NonceAgg).
	ContribPubNonce = "pubnonce"
	// ContribAggNonce is the aggregate nonce from the nonce aggregator
	// (NewSession); the signer index is NoSigner.
	ContribAggNonce = "aggnonce"
	// ContribAggOtherNonce is the aggregate of the other signers' nonces
	// given to DeterministicSign; the signer index is NoSigner.
	ContribAggOtherNonce = "aggothernonce"
	// ContribPartialSig is a signer's partial signature (Session.Aggregate).
	ContribPartialSig = "psig"
)

// NoSigner is the Signer of an InvalidContributionError whose contribution
// comes from the aggregator rather than from one signer (BIP-327's null).
const NoSigner = -1

// Sentinel errors. Every error of the package wraps one of these (an
// *InvalidContributionError wraps the one of its contribution), so callers
// test them with errors.Is.
var (
	// ErrInvalidPublicKey: a public key is not a 33-byte compressed
	// encoding of a point on the curve.
	ErrInvalidPublicKey = errors.New("musig2: invalid public key")
	// ErrInvalidPubNonce: a public nonce is not 66 bytes holding two
	// compressed points.
	ErrInvalidPubNonce = errors.New("musig2: invalid public nonce")
	// ErrInvalidAggNonce: an aggregate nonce is not 66 bytes holding two
	// compressed points or 33-byte zero encodings of the point at infinity.
	ErrInvalidAggNonce = errors.New("musig2: invalid aggregate nonce")
	// ErrInvalidPartialSig: a partial signature is not 32 bytes encoding an
	// integer below the group order n.
	ErrInvalidPartialSig = errors.New("musig2: invalid partial signature")
	// ErrInvalidTweak: a tweak is not 32 bytes, not below n, or takes the
	// aggregate key to the point at infinity (see ErrTweakRange and
	// ErrTweakInfinity).
	ErrInvalidTweak = errors.New("musig2: invalid tweak")
	// ErrTweakRange is BIP-327's "The tweak must be less than n."
	ErrTweakRange = fmt.Errorf("%w: the tweak must be less than n", ErrInvalidTweak)
	// ErrTweakInfinity is BIP-327's "The result of tweaking cannot be
	// infinity."
	ErrTweakInfinity = fmt.Errorf("%w: the result of tweaking is the point at infinity", ErrInvalidTweak)
	// ErrInvalidSecretNonce: the secret nonce is nil, the zero value, or
	// consumed by an earlier signing call (BIP-327's "secnonce value is out
	// of range").
	ErrInvalidSecretNonce = errors.New("musig2: secret nonce is consumed or was never generated")
	// ErrNonceKeyMismatch: the secret nonce was generated for another
	// public key than the signing key's.
	ErrNonceKeyMismatch = errors.New("musig2: secret nonce was generated for another public key")
	// ErrSignerNotInKeys is BIP-327's "The signer's pubkey must be included
	// in the list of pubkeys."
	ErrSignerNotInKeys = errors.New("musig2: the signer's public key is not among the aggregated keys")
	// ErrInvalidPrivateKey: the signing key is nil or the zero value.
	ErrInvalidPrivateKey = errors.New("musig2: invalid private key")
	// ErrInvalidKeyAggCache: a nil or zero-value KeyAggCache, or KeyAgg
	// given no keys.
	ErrInvalidKeyAggCache = errors.New("musig2: invalid key aggregation cache")
	// ErrInvalidSession: a nil or zero-value Session.
	ErrInvalidSession = errors.New("musig2: invalid session")
	// ErrInvalidInput: an input of NonceGen, DeterministicSign or the
	// aggregation functions has the wrong length or form (the detail says
	// which), or a list is empty.
	ErrInvalidInput = errors.New("musig2: invalid input")
	// ErrInvalidSignature: a signature or pre-signature given to Adapt or
	// ExtractAdaptor is not 64 bytes with s below n, or the two do not share
	// their nonce.
	ErrInvalidSignature = errors.New("musig2: invalid signature")
	// ErrInvalidAdaptor: an adaptor point is not a compressed point on the
	// curve, or an adaptor secret is not 32 bytes below n.
	ErrInvalidAdaptor = errors.New("musig2: invalid adaptor")
	// ErrNotExtendable: BIP-328 derivation on a cache whose key was
	// tweaked other than by DeriveChild, or a hardened child index.
	ErrNotExtendable = errors.New("musig2: not a BIP-328 extended key")
	// ErrInvalidChild: the BIP-32 child at this index does not exist
	// (I_L >= n or the point at infinity, probability below 2^-127); use the
	// next index.
	ErrInvalidChild = errors.New("musig2: invalid BIP-32 child (use the next index)")
	// errInfinity: the aggregate key is the point at infinity (only with
	// probability about 2^-256 for honestly chosen keys).
	errInfinity = fmt.Errorf("%w: the aggregate key is the point at infinity", ErrInvalidKeyAggCache)
)

// InvalidContributionError is BIP-327's InvalidContributionError: a signer
// (or the nonce aggregator) sent an invalid value, and the caller can hold
// them accountable. Signer is the index of the signer in the list the
// function was given, or NoSigner (-1) for an aggregate nonce;
// Contribution is one of the Contrib constants.
//
// Match it with errors.As, or with errors.Is against an
// *InvalidContributionError with the same Signer and Contribution; it also
// matches the sentinel of its contribution (ErrInvalidPublicKey,
// ErrInvalidPubNonce, ErrInvalidAggNonce (for aggnonce and aggothernonce)
// or ErrInvalidPartialSig).
type InvalidContributionError struct {
	Signer       int
	Contribution string
}

func (e *InvalidContributionError) Error() string {
	if e == nil {
		return "musig2: invalid contribution"
	}
	who := "the nonce aggregator"
	if e.Signer != NoSigner {
		who = "signer " + strconv.Itoa(e.Signer)
	}
	return "musig2: invalid " + e.Contribution + " from " + who
}

// Unwrap returns the sentinel error of the contribution.
func (e *InvalidContributionError) Unwrap() error {
	if e == nil {
		return nil
	}
	switch e.Contribution {
	case ContribPubKey:
		return ErrInvalidPublicKey
	case ContribPubNonce:
		return ErrInvalidPubNonce
	case ContribAggNonce, ContribAggOtherNonce:
		return ErrInvalidAggNonce
	case ContribPartialSig:
		return ErrInvalidPartialSig
	}
	return nil
}

// Is reports whether target is an *InvalidContributionError with the same
// Signer and Contribution.
func (e *InvalidContributionError) Is(target error) bool {
	t, ok := target.(*InvalidContributionError)
	return ok && t != nil && e != nil && e.Signer == t.Signer && e.Contribution == t.Contribution
}

func contribErr(signer int, contrib string) error {
	return &InvalidContributionError{Signer: signer, Contribution: contrib}
}
