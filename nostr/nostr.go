// Package nostr signs and checks go-nostr events (github.com/nbd-wtf/go-nostr)
// with p256k1: the functions of go-nostr's Event methods, with the same
// results byte for byte, and the relay's batch check of a burst of events
// with a reason per event. Code that uses go-nostr switches by calling
// these instead of the methods:
//
//	import (
//		"github.com/nbd-wtf/go-nostr"
//		fast "github.com/p256k1/secp256k1/nostr"
//	)
//
//	err := fast.Sign(&evt, sk)              // evt.Sign(sk)
//	ok := fast.CheckID(&evt)                // evt.CheckID()
//	ok, err := fast.CheckSignature(&evt)    // evt.CheckSignature()
//	id := fast.GetID(&evt)                  // evt.GetID()
//	b := fast.Serialize(&evt)               // evt.Serialize()
//	results := fast.CheckEvents(events)     // a signer.Result per event
//
// What stays different from go-nostr (tested in this module against
// go-nostr itself):
//
//   - Sign signs with BIP-340's fresh auxiliary randomness; go-nostr (btcec)
//     derives the nonce with RFC 6979. Both are valid BIP-340 signatures of
//     the same id; the bytes differ. Sign rejects a secret key that is not
//     32 bytes in [1, n) (btcec reduces it mod n).
//   - CheckID returns false for an id that is not exactly 64 lowercase hex
//     characters; go-nostr panics on a shorter one and ignores what follows
//     the 64th character of a longer one.
//   - CheckSignature, like go-nostr, returns false and no error for a
//     signature whose s is not below n; CheckEvents reports it as
//     MalformedSignature.
//   - CheckEvents is stricter than CheckID and CheckSignature together: the
//     public key, the id and the signature must be lowercase hex of their
//     exact lengths, as NIP-01 requires (go-nostr's CheckSignature also
//     accepts uppercase hex).
package nostr

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	gonostr "github.com/nbd-wtf/go-nostr"
	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/schnorr"
	"github.com/p256k1/secp256k1/signer"
)

// toSigner converts the fields of evt that its id commits to, with the
// public key decoded, if evt.PubKey is 64 lowercase hex characters.
func toSigner(evt *gonostr.Event, ev *signer.Event) bool {
	if !lowerHex(evt.PubKey, 32) {
		return false
	}
	hex.Decode(ev.PubKey[:], []byte(evt.PubKey))
	ev.CreatedAt = int64(evt.CreatedAt)
	ev.Kind = evt.Kind
	ev.Content = evt.Content
	ev.Tags = make([][]string, len(evt.Tags))
	for i, t := range evt.Tags {
		ev.Tags[i] = t
	}
	return true
}

// lowerHex reports whether s is the lowercase hex encoding of n bytes.
func lowerHex(s string, n int) bool {
	if len(s) != 2*n {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Serialize returns the NIP-01 serialization of evt that go-nostr's
// evt.Serialize() returns, byte for byte: the public key string as it is
// (go-nostr does not decode or escape it), the other fields as
// signer.Event.AppendSerialize writes them. A nil evt gives nil.
func Serialize(evt *gonostr.Event) []byte {
	if evt == nil {
		return nil
	}
	var ev signer.Event
	if toSigner(evt, &ev) {
		return ev.Serialize()
	}
	// Another public key string: serialize with a zero key and put the
	// string in place of its 64 hex digits, after `[0,"`.
	pub := evt.PubKey
	evt2 := *evt
	evt2.PubKey = "0000000000000000000000000000000000000000000000000000000000000000"
	toSigner(&evt2, &ev)
	ser := ev.Serialize()
	out := make([]byte, 0, len(ser)-64+len(pub))
	out = append(out, ser[:4]...)
	out = append(out, pub...)
	return append(out, ser[4+64:]...)
}

// id returns the SHA-256 of evt's serialization (what go-nostr hashes).
func id(evt *gonostr.Event) [32]byte {
	var ev signer.Event
	if toSigner(evt, &ev) {
		return ev.ID()
	}
	return sha256.Sum256(Serialize(evt))
}

// GetID returns the event id as go-nostr's evt.GetID() does: the lowercase
// hex SHA-256 of Serialize(evt). A nil evt gives "".
func GetID(evt *gonostr.Event) string {
	if evt == nil {
		return ""
	}
	h := id(evt)
	return hex.EncodeToString(h[:])
}

// CheckID reports whether evt.ID is GetID(evt), as go-nostr's
// evt.CheckID() does for an id of 64 characters; for an id of any other
// length it returns false (go-nostr panics or ignores the excess), and for
// a nil evt false.
func CheckID(evt *gonostr.Event) bool {
	if evt == nil || len(evt.ID) != 64 {
		return false
	}
	h := id(evt)
	var want [64]byte
	hex.Encode(want[:], h[:])
	return string(want[:]) == evt.ID
}

// CheckSignature reports whether evt.Sig is a valid BIP-340 signature of
// the SHA-256 of Serialize(evt) by evt.PubKey, as go-nostr's
// evt.CheckSignature() does (it does not look at evt.ID): an error for a
// public key or signature that is not hex, a key that is not a valid
// x-only key, and a signature that is not 64 bytes or has r >= p or
// s >= n; false and no error for a well-formed signature that does not
// verify. A nil evt gives false and an error.
func CheckSignature(evt *gonostr.Event) (bool, error) {
	if evt == nil {
		return false, errNilEvent
	}
	pk, err := hex.DecodeString(evt.PubKey)
	if err != nil {
		return false, fmt.Errorf("event pubkey '%s' is invalid hex: %w", evt.PubKey, err)
	}
	pub, err := secp256k1.NewXOnlyPublicKey(pk)
	if err != nil {
		return false, fmt.Errorf("event has invalid pubkey '%s': %w", evt.PubKey, err)
	}
	sig, err := hex.DecodeString(evt.Sig)
	if err != nil {
		return false, fmt.Errorf("signature '%s' is invalid hex: %w", evt.Sig, err)
	}
	// go-nostr (btcec) rejects a signature that is not 64 bytes or whose r
	// is not below p with an error, and one whose s is not below n with
	// false: the same here.
	var r [32]byte
	if len(sig) == schnorr.SignatureSize {
		copy(r[:], sig)
	}
	if len(sig) != schnorr.SignatureSize || !belowP(&r) {
		return false, fmt.Errorf("failed to parse signature: %w", schnorr.ErrInvalidSignature)
	}
	h := id(evt)
	return schnorr.Verify(pub, h[:], sig), nil
}

// belowP reports whether the big-endian x is below the field prime p.
func belowP(x *[32]byte) bool {
	const p = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"
	return hex.EncodeToString(x[:]) < p
}

var errNilEvent = fmt.Errorf("nostr: nil event")

// Sign sets evt.PubKey to the public key of the hex secret key secretKey,
// a nil evt.Tags to empty tags (as go-nostr does), and evt.ID and evt.Sig
// to the event's id and its BIP-340 signature (fresh auxiliary
// randomness), as go-nostr's evt.Sign(secretKey) does. It returns an error
// for a nil evt and for a secret key that is not 64 hex characters of a
// value in [1, n), and then leaves evt unchanged.
func Sign(evt *gonostr.Event, secretKey string) error {
	if evt == nil {
		return errNilEvent
	}
	sk, err := hex.DecodeString(secretKey)
	if err != nil {
		return fmt.Errorf("Sign called with invalid secret key: %w", err)
	}
	var s signer.Signer
	defer s.Zero()
	if err := s.InitSec(sk); err != nil {
		clear(sk)
		return fmt.Errorf("Sign called with invalid secret key: %w", err)
	}
	clear(sk)
	if evt.Tags == nil {
		evt.Tags = make(gonostr.Tags, 0)
	}
	var ev signer.Event
	evt.PubKey = hex.EncodeToString(s.Pub())
	toSigner(evt, &ev)
	h, sig, err := s.SignEvent(&ev)
	if err != nil {
		return err
	}
	evt.ID = hex.EncodeToString(h[:])
	evt.Sig = hex.EncodeToString(sig)
	return nil
}
