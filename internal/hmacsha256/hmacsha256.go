// Package hmacsha256 computes HMAC-SHA256 (RFC 2104) without heap
// allocations, for the fixed-size keys of the schemes: the RFC 6979 nonce
// generator (32-byte keys) and the NIP-44 conversation key (the 8-byte salt
// "nip44-v2"). crypto/hmac allocates its hash state on every call, which the
// signing paths must not do.
package hmacsha256

import "crypto/sha256"

// BlockSize is the SHA-256 block size: the longest key Sum accepts.
const BlockSize = 64

// Sum sets out = HMAC-SHA256(key, a ‖ b). key must be at most BlockSize
// bytes (longer keys are hashed first by RFC 2104; no caller has one, so
// Sum panics). out may alias key, a or b. The padded key blocks and the
// inner hash are cleared before returning. Sum does not allocate.
func Sum(out *[32]byte, key, a, b []byte) {
	if len(key) > BlockSize {
		panic("hmacsha256: key longer than a block")
	}
	var pad [BlockSize]byte
	copy(pad[:], key)
	for i := range pad {
		pad[i] ^= 0x36
	}
	h := sha256.New()
	h.Write(pad[:])
	h.Write(a)
	h.Write(b)
	var inner [32]byte
	h.Sum(inner[:0])
	for i := range pad {
		pad[i] ^= 0x36 ^ 0x5c
	}
	h.Reset()
	h.Write(pad[:])
	h.Write(inner[:])
	h.Sum(out[:0])
	clear(pad[:])
	clear(inner[:])
}
