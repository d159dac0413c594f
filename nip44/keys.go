package nip44

import (
	"github.com/p256k1/secp256k1/internal/chacha20"
	"github.com/p256k1/secp256k1/internal/hmacsha256"
)

// messageKeys are the keys of one message: HKDF-expand(conversation key,
// info = nonce, L = 76) cut into the ChaCha20 key, the ChaCha20 nonce and
// the HMAC key.
type messageKeys struct {
	chachaKey   [chacha20.KeySize]byte
	chachaNonce [chacha20.NonceSize]byte
	hmacKey     [32]byte
}

// derive sets k to the message keys of conversationKey and nonce. HKDF-
// expand (RFC 5869) with SHA-256 produces T(1) ‖ T(2) ‖ T(3), with T(0)
// empty and T(i) = HMAC(PRK, T(i-1) ‖ info ‖ i); 76 bytes need three
// blocks. It runs in constant time, does not allocate and clears what it
// leaves on the stack.
func (k *messageKeys) derive(conversationKey *[KeySize]byte, nonce *[NonceSize]byte) {
	var okm [3 * 32]byte
	var in [32 + NonceSize]byte // T(i-1) ‖ info
	var t [32]byte
	prev := in[:0]
	for i := range 3 {
		prev = append(prev, nonce[:]...)
		hmacsha256.Sum(&t, conversationKey[:], prev, []byte{byte(i + 1)})
		copy(okm[32*i:], t[:])
		prev = append(in[:0], t[:]...)
	}
	copy(k.chachaKey[:], okm[0:32])
	copy(k.chachaNonce[:], okm[32:44])
	copy(k.hmacKey[:], okm[44:76])
	clear(okm[:])
	clear(in[:])
	clear(t[:])
}

// clear wipes the keys.
func (k *messageKeys) clear() {
	clear(k.chachaKey[:])
	clear(k.chachaNonce[:])
	clear(k.hmacKey[:])
}

// mac sets out to HMAC-SHA256(hmac key, nonce ‖ ciphertext): the nonce is
// NIP-44's associated data.
func (k *messageKeys) mac(out *[32]byte, nonce, ciphertext []byte) {
	hmacsha256.Sum(out, k.hmacKey[:], nonce, ciphertext)
}
