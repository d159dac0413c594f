// Package tagged computes BIP-340 tagged hashes,
// SHA256(SHA256(tag) ‖ SHA256(tag) ‖ x), for the fixed tags of the schemes
// (BIP0340/aux, BIP0340/nonce, BIP0340/challenge, TapTweak, ...).
//
// The 64-byte prefix is exactly one SHA-256 block: New absorbs it once and
// saves the resulting state (the midstate), and every Sum restores it, so a
// tagged hash costs no more than a plain SHA-256 of x. Sum does not allocate.
package tagged

import (
	"crypto/sha256"
	"encoding"
)

// Hash is a tagged hash function for one tag. It is immutable after New and
// safe for concurrent use.
type Hash struct {
	midstate []byte
}

// New returns the tagged hash function for tag.
func New(tag string) Hash {
	t := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(t[:])
	h.Write(t[:])
	mid, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		panic("tagged: internal error: " + err.Error())
	}
	return Hash{mid}
}

// Sum sets out to the tagged hash of a ‖ b ‖ c (any of which may be empty).
func (t *Hash) Sum(out *[32]byte, a, b, c []byte) {
	h := sha256.New()
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(t.midstate); err != nil {
		panic("tagged: internal error: " + err.Error())
	}
	h.Write(a)
	h.Write(b)
	h.Write(c)
	h.Sum(out[:0])
}
