// Package tagged computes BIP-340 tagged hashes,
// SHA256(SHA256(tag) ‖ SHA256(tag) ‖ x), for the fixed tags of the schemes
// (BIP0340/aux, BIP0340/nonce, BIP0340/challenge, TapTweak, ...) and, with
// Sum, for any tag.
//
// The 64-byte prefix is exactly one SHA-256 block: New absorbs it once and
// saves the resulting state (the midstate), and every Hash.Sum restores it,
// so a tagged hash costs no more than a plain SHA-256 of x. Hash.Sum does
// not allocate.
package tagged

import (
	"crypto/sha256"
	"encoding"
	"hash"
)

// Hash is a tagged hash function for one tag. It is immutable after New and
// safe for concurrent use.
type Hash struct {
	midstate []byte
}

// prefixed returns a SHA-256 state that has absorbed the prefix
// SHA256(tag) ‖ SHA256(tag).
func prefixed(tag string) hash.Hash {
	t := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(t[:])
	h.Write(t[:])
	return h
}

// New returns the tagged hash function for tag.
func New(tag string) Hash {
	mid, err := prefixed(tag).(encoding.BinaryMarshaler).MarshalBinary()
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

// Sum returns the tagged hash under tag of the concatenation of msgs (none,
// or any of them nil or empty, is the empty string), for a tag that is not
// fixed in advance: it hashes the prefix afresh instead of restoring a
// midstate.
func Sum(tag string, msgs ...[]byte) [32]byte {
	h := prefixed(tag)
	for _, m := range msgs {
		h.Write(m)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}
