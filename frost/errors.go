package frost

import (
	"errors"
	"fmt"
	"strconv"
)

// The contributions InvalidContributionError names, as BIP-445 does.
const (
	// ContribPubNonce is a signer's public nonce (NonceAgg).
	ContribPubNonce = "pubnonce"
	// ContribAggNonce is the aggregate nonce from the coordinator
	// (NewSession); the signer index is NoSigner.
	ContribAggNonce = "aggnonce"
	// ContribAggOtherNonce is the aggregate of the other signers' nonces
	// given to DeterministicSign; the signer index is NoSigner.
	ContribAggOtherNonce = "aggothernonce"
	// ContribPartialSig is a signer's partial signature (Session.Aggregate).
	ContribPartialSig = "psig"
)

// NoSigner is the Signer of an InvalidContributionError whose contribution
// comes from the coordinator rather than from one signer (BIP-445's null
// signer index).
const NoSigner = -1

// Sentinel errors. Every error of the package wraps one of these (an
// *InvalidContributionError wraps the one of its contribution), so callers
// test them with errors.Is. Where BIP-445's reference code raises a
// ValueError, the sentinel's doc quotes its message.
var (
	// ErrInvalidThreshold is "The threshold must be 1 <= t <= n." (and
	// n <= 2^32 - 1, so that identifiers fit BIP-445's 4-byte encoding).
	ErrInvalidThreshold = errors.New("frost: the threshold must be 1 <= t <= n")
	// ErrSignerCount is "The number of signers must be between t and n."
	ErrSignerCount = errors.New("frost: the number of signers must be between t and n")
	// ErrLengthMismatch is "The pubshares and ids arrays must have the same
	// length." and its siblings for pubnonces, psigs, and tweaks and
	// is_xonly (the detail says which lists).
	ErrLengthMismatch = errors.New("frost: the lists must have the same length")
	// ErrIDOutOfRange is "The participant identifier at index i is out of
	// range." (identifiers are 0 <= id <= n-1); the message ends with the
	// index.
	ErrIDOutOfRange = errors.New("frost: participant identifier out of range")
	// ErrInvalidPubShare is "Invalid pubshare at index i.": a public share
	// that is not a 33-byte compressed point; the message ends with the
	// index.
	ErrInvalidPubShare = errors.New("frost: invalid public share")
	// ErrDuplicateID is "The participant identifier list contains duplicate
	// elements."
	ErrDuplicateID = errors.New("frost: the participant identifier list contains duplicate elements")
	// ErrThresholdKeyInfinity is "The threshold pubkey must not be the
	// point at infinity.": the public shares interpolate to infinity.
	ErrThresholdKeyInfinity = errors.New("frost: the public shares interpolate to the point at infinity")
	// ErrKeyMismatch is "The provided key material is incorrect.": the
	// public shares do not interpolate to the threshold public key.
	ErrKeyMismatch = errors.New("frost: the public shares do not interpolate to the threshold public key")
	// ErrInvalidThresholdKey: a threshold public key that is not a 33-byte
	// compressed point (NewTweakContext).
	ErrInvalidThresholdKey = errors.New("frost: invalid threshold public key")
	// ErrInvalidTweak: a tweak is not 32 bytes ("The tweak must be a
	// 32-byte array."), not below n (ErrTweakRange) or takes the key to
	// infinity (ErrTweakInfinity).
	ErrInvalidTweak = errors.New("frost: invalid tweak")
	// ErrTweakRange is "The tweak value is out of range."
	ErrTweakRange = fmt.Errorf("%w: the tweak value is out of range", ErrInvalidTweak)
	// ErrTweakInfinity is "The result of tweaking cannot be infinity."
	ErrTweakInfinity = fmt.Errorf("%w: the result of tweaking is the point at infinity", ErrInvalidTweak)
	// ErrTweakContextMismatch: the tweak context given to NewSession or
	// DeterministicSign tweaks another threshold key than the signers
	// context's.
	ErrTweakContextMismatch = errors.New("frost: the tweak context is for another threshold public key")
	// ErrInvalidSecretNonce: the secret nonce is nil, the zero value, or
	// consumed by an earlier signing call ("first secnonce value is out of
	// range.", "second secnonce value is out of range.").
	ErrInvalidSecretNonce = errors.New("frost: secret nonce is consumed or was never generated")
	// ErrNonceShareMismatch: the secret nonce was generated for another
	// public share than the signing share's (NonceGen's PublicShare or
	// SecretShare binds it), or NonceGen got a SecretShare and a
	// PublicShare that do not match.
	ErrNonceShareMismatch = errors.New("frost: secret nonce was generated for another public share")
	// ErrInvalidSecretShare is "The signer's secret share value is out of
	// range.": a nil or zero-value secret share.
	ErrInvalidSecretShare = errors.New("frost: invalid secret share")
	// ErrPubShareNotInSigners is "The signer's pubshare must be included in
	// the list of pubshares."
	ErrPubShareNotInSigners = errors.New("frost: the signer's public share is not in the signers context")
	// ErrIDNotInSigners is "The signer's id must be present in the
	// participant identifier list."
	ErrIDNotInSigners = errors.New("frost: the signer's identifier is not in the signers context")
	// ErrShareIDMismatch: the signer's identifier and public share are both
	// in the signers context, but not at the same position (BIP-445 checks
	// the two separately; this package also checks that they belong
	// together).
	ErrShareIDMismatch = errors.New("frost: the signer's public share is not the one of its identifier")
	// ErrInvalidSignersContext: a nil or zero-value SignersContext.
	ErrInvalidSignersContext = errors.New("frost: invalid signers context")
	// ErrInvalidTweakContext: a zero-value TweakContext.
	ErrInvalidTweakContext = errors.New("frost: invalid tweak context")
	// ErrInvalidSession: a nil or zero-value Session.
	ErrInvalidSession = errors.New("frost: invalid session")
	// ErrInvalidPubNonce: a public nonce is not 66 bytes holding two
	// compressed points.
	ErrInvalidPubNonce = errors.New("frost: invalid public nonce")
	// ErrInvalidAggNonce: an aggregate nonce is not 66 bytes holding two
	// compressed points (or 33-byte zero encodings of the point at
	// infinity, where allowed).
	ErrInvalidAggNonce = errors.New("frost: invalid aggregate nonce")
	// ErrInvalidPartialSig: a partial signature is not 32 bytes encoding an
	// integer below the group order n.
	ErrInvalidPartialSig = errors.New("frost: invalid partial signature")
	// ErrInvalidInput: an input has the wrong length or form (the detail
	// says which), or a list is empty.
	ErrInvalidInput = errors.New("frost: invalid input")
)

// InvalidContributionError is BIP-445's InvalidContributionError: a signer
// (or the coordinator) sent an invalid value, and the caller can hold them
// accountable. Signer is the index of the signer in the list the function
// was given, or NoSigner (-1) for a value from the coordinator;
// Contribution is one of the Contrib constants.
//
// Match it with errors.As, or with errors.Is against an
// *InvalidContributionError with the same Signer and Contribution; it also
// matches the sentinel of its contribution (ErrInvalidPubNonce,
// ErrInvalidAggNonce (for aggnonce and aggothernonce) or
// ErrInvalidPartialSig).
type InvalidContributionError struct {
	Signer       int
	Contribution string
}

func (e *InvalidContributionError) Error() string {
	if e == nil {
		return "frost: invalid contribution"
	}
	who := "the coordinator"
	if e.Signer != NoSigner {
		who = "signer " + strconv.Itoa(e.Signer)
	}
	return "frost: invalid " + e.Contribution + " from " + who
}

// Unwrap returns the sentinel error of the contribution.
func (e *InvalidContributionError) Unwrap() error {
	if e == nil {
		return nil
	}
	switch e.Contribution {
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
