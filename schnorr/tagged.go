package schnorr

import (
	"crypto/sha256"
	"encoding"
)

// taggedHash is a BIP-340 tagged hash SHA256(SHA256(tag) ‖ SHA256(tag) ‖ x).
// The state after the 64-byte prefix (one SHA-256 block) is computed once
// and restored for every hash, which saves one compression per call.
type taggedHash struct {
	midstate []byte
}

func newTaggedHash(tag string) taggedHash {
	t := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(t[:])
	h.Write(t[:])
	mid, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		panic("schnorr: internal error: " + err.Error())
	}
	return taggedHash{mid}
}

var (
	tagAux       = newTaggedHash("BIP0340/aux")
	tagNonce     = newTaggedHash("BIP0340/nonce")
	tagChallenge = newTaggedHash("BIP0340/challenge")
)

// sum sets out to the tagged hash of a ‖ b ‖ c. It does not allocate.
func (t *taggedHash) sum(out *[32]byte, a, b, c []byte) {
	h := sha256.New()
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(t.midstate); err != nil {
		panic("schnorr: internal error: " + err.Error())
	}
	h.Write(a)
	h.Write(b)
	h.Write(c)
	h.Sum(out[:0])
}
