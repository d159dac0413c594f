package signer

import (
	"strconv"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/schnorr"
)

// SignedEvent is a nostr event as a relay receives it: the fields its id
// commits to, the id it claims and its signature, in one value. Check and
// CheckEvents (the relay API) take it; the zero value is an event whose
// ID and Sig are missing (MalformedID).
type SignedEvent struct {
	Event Event
	ID    []byte // the claimed NIP-01 id: 32 bytes
	Sig   []byte // the BIP-340 signature of ID by Event.PubKey: 64 bytes
}

// Result is what a check found wrong with a SignedEvent, or Valid. Its
// String is the text a relay puts after "invalid: " in its answer to an
// invalid event (NIP-01: ["OK", <id>, false, "invalid: " + r.String()]).
// The zero value, Unchecked, is never returned by a check.
type Result uint8

// The results, in the order a check looks for them: an event gets the
// first that applies.
const (
	// Unchecked is the zero value: no check gave this result.
	Unchecked Result = iota
	// Valid: the id is the NIP-01 id of the event and the signature a
	// valid BIP-340 signature of it by the event's key.
	Valid
	// NilEvent: the entry is nil.
	NilEvent
	// MalformedID: the id is not 32 bytes.
	MalformedID
	// IDMismatch: the id is not the SHA-256 of the event's NIP-01
	// serialization.
	IDMismatch
	// MalformedPubKey: the public key is not the x coordinate of a point
	// of the curve (x >= p, or no point has this x).
	MalformedPubKey
	// MalformedSignature: the signature is not 64 bytes, or its r is not
	// below p or its s not below n.
	MalformedSignature
	// BadSignature: a well-formed signature that does not verify.
	BadSignature
)

var resultText = [...]string{
	Unchecked:          "not checked",
	Valid:              "",
	NilEvent:           "missing event",
	MalformedID:        "id is not 32 bytes",
	IDMismatch:         "id does not match the event",
	MalformedPubKey:    "public key is not a valid x-only key",
	MalformedSignature: "signature is malformed",
	BadSignature:       "signature is invalid",
}

// String returns the reason for a relay's "invalid: " answer, such as
// "id does not match the event" or "signature is invalid"; "" for Valid
// and "Result(N)" for a value that is none of the constants.
func (r Result) String() string {
	if int(r) < len(resultText) {
		return resultText[r]
	}
	return "Result(" + strconv.Itoa(int(r)) + ")"
}

// OK reports whether r is Valid.
func (r Result) OK() bool { return r == Valid }

// Check reports whether se holds a valid event (Valid) or the first thing
// wrong with it, in the order of the Result constants: NilEvent for a nil
// se, MalformedID, IDMismatch, MalformedPubKey, MalformedSignature,
// BadSignature. It gives the answer CheckEvents gives for one event, with
// single verification. Public data: execution time depends on the inputs.
func (se *SignedEvent) Check() Result {
	switch {
	case se == nil:
		return NilEvent
	case len(se.ID) != 32:
		return MalformedID
	case se.Event.ID() != [32]byte(se.ID):
		return IDMismatch
	}
	pub, err := secp256k1.NewXOnlyPublicKey(se.Event.PubKey[:])
	if err != nil {
		return MalformedPubKey
	}
	if !sigWellFormed(se.Sig) {
		return MalformedSignature
	}
	if !schnorr.Verify(pub, se.ID, se.Sig) {
		return BadSignature
	}
	return Valid
}

// sigWellFormed reports whether sig is 64 bytes with r < p and s < n, the
// checks BIP-340 makes before any curve arithmetic (what
// schnorr.BatchVerifier.Add rejects with an error).
func sigWellFormed(sig []byte) bool {
	var r field.Element
	var sc scalar.Scalar
	return len(sig) == schnorr.SignatureSize &&
		r.SetCanonicalBytes((*[32]byte)(sig[:32])) == 1 &&
		sc.SetCanonicalBytes((*[32]byte)(sig[32:])) == 1
}
