package bip32

import "crypto/sha512"

// hmacBlock is the SHA-512 block size: the longest key hmacSHA512 takes.
const hmacBlock = 128

// hmacSHA512 sets out = HMAC-SHA512(key, a ‖ b) (RFC 2104) for a key of at
// most hmacBlock bytes (BIP-32 uses "Bitcoin seed" and 32-byte chain codes).
// crypto/hmac allocates its hash states on every call; here they stay on
// the stack, and the padded key and the inner hash are cleared before
// returning. SHA-512 runs in time that depends only on the lengths, so
// this is constant time with respect to the key and the data.
func hmacSHA512(out *[64]byte, key, a, b []byte) {
	if len(key) > hmacBlock {
		panic("bip32: internal error: HMAC key longer than a block")
	}
	var pad [hmacBlock]byte
	copy(pad[:], key)
	for i := range pad {
		pad[i] ^= 0x36
	}
	h := sha512.New()
	h.Write(pad[:])
	h.Write(a)
	h.Write(b)
	var inner [64]byte
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
