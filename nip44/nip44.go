// Package nip44 is NIP-44 version 2, the encrypted payloads of nostr:
// ChaCha20 with HMAC-SHA256 under keys derived with HKDF-SHA256 from the
// two parties' ECDH, with the padding of NIP-44 that hides the length of
// the message up to a power-of-two-dependent chunk.
//
//	key, err := nip44.ConversationKey(mySecret, theirPublic) // both sides get the same key
//	payload, err := nip44.Encrypt(key, "hello")              // base64, version byte 2
//	text, err := nip44.Decrypt(key, payload)
//
// The steps, as NIP-44 specifies them:
//
//   - conversation key = HKDF-extract(salt "nip44-v2", the x coordinate of
//     the shared point), 32 bytes (ConversationKey, ExtractConversationKey);
//   - per message, a random 32-byte nonce and HKDF-expand(conversation key,
//     info = nonce, 76 bytes) = ChaCha20 key (32) ‖ ChaCha20 nonce (12) ‖
//     HMAC key (32);
//   - the plaintext (1 byte or more) is prefixed with its length, as a
//     big-endian uint16 below 65536 bytes and as two zero bytes and a
//     big-endian uint32 from 65536 bytes on (the extended prefix of the
//     current NIP-44 text), and padded with zeros to the padded length
//     (32 bytes up to 32, then chunks of a power of two: PaddedLen);
//   - it is encrypted with ChaCha20 (RFC 8439, block counter 0) and
//     authenticated with HMAC-SHA256(HMAC key, nonce ‖ ciphertext);
//   - the payload is base64 (standard, padded) of 0x02 ‖ nonce ‖ ciphertext
//     ‖ MAC.
//
// Decrypt checks, in this order, and returns an error wrapping one sentinel
// per kind of malformed payload: a payload that is empty or shorter than
// any valid one (ErrPayloadSize), one that starts with '#' (a future
// non-base64 encoding) or whose version byte is not 2 (ErrUnknownVersion),
// invalid base64 (ErrInvalidBase64), a wrong MAC (ErrInvalidMAC), and a
// length prefix that does not match the padded length (ErrInvalidPadding).
// The MAC is checked before anything is decrypted and compared in constant
// time (crypto/hmac.Equal).
//
// Constant time: the conversation key, the message keys and the plaintext
// are secret. ECDH runs in constant time in the secret key; HMAC-SHA256
// and ChaCha20 have no secret-dependent branch or memory index. What is
// public by design is declassified: the payload (ciphertext and MAC),
// whether the MAC matched, and the length of the plaintext, which the
// payload reveals up to the padding and the result reveals exactly. This is
// checked under valgrind (internal/cmd/ctgrind). The derived message keys
// and the padded buffers are cleared before every function returns.
//
// The plaintext is carried as bytes: neither Encrypt nor Decrypt checks
// that it is valid UTF-8 (NIP-44 content is UTF-8 text; a string with
// other bytes is encrypted and decrypted as it is).
package nip44

import (
	"errors"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/hmacsha256"
)

// Sizes of NIP-44 version 2.
const (
	// Version is the version byte of the payloads of this package.
	Version = 2
	// KeySize is the length of a conversation key.
	KeySize = 32
	// NonceSize is the length of the per-message nonce.
	NonceSize = 32
	// MinPlaintextSize is the shortest plaintext NIP-44 encrypts.
	MinPlaintextSize = 1
	// MaxPlaintextSize is the longest: the largest length the extended
	// prefix (a uint32) can carry. On 32-bit platforms the longest
	// plaintext is also bounded by what fits in memory at once.
	MaxPlaintextSize = 1<<32 - 1
)

// Errors. Every error of this package wraps exactly one of these.
var (
	// ErrInvalidConversationKey: a conversation key that is not KeySize
	// bytes.
	ErrInvalidConversationKey = errors.New("nip44: conversation key is not 32 bytes")
	// ErrInvalidNonce: a nonce (EncryptWithNonce) that is not NonceSize
	// bytes.
	ErrInvalidNonce = errors.New("nip44: nonce is not 32 bytes")
	// ErrPlaintextSize: a plaintext that is empty or longer than
	// MaxPlaintextSize (or than memory can hold, on 32-bit platforms).
	ErrPlaintextSize = errors.New("nip44: plaintext length out of range")
	// ErrUnknownVersion: a payload that starts with '#' or whose version
	// byte is not 2.
	ErrUnknownVersion = errors.New("nip44: unknown encryption version")
	// ErrInvalidBase64: a payload that is not standard, padded base64.
	ErrInvalidBase64 = errors.New("nip44: invalid base64")
	// ErrPayloadSize: a payload that is empty or too short to hold a
	// version byte, a nonce, the shortest padded plaintext and a MAC.
	ErrPayloadSize = errors.New("nip44: invalid payload length")
	// ErrInvalidMAC: a payload whose MAC does not match: it was not made
	// with this conversation key, or it was changed.
	ErrInvalidMAC = errors.New("nip44: invalid MAC")
	// ErrInvalidPadding: an authentic payload whose length prefix does not
	// match its padded length (or is zero, or uses the extended form for a
	// length below 65536): only a sender holding the key can make one.
	ErrInvalidPadding = errors.New("nip44: invalid padding")
)

// salt is the HKDF salt of NIP-44 version 2.
const salt = "nip44-v2"

// ExtractConversationKey sets out to the NIP-44 v2 conversation key of the
// raw ECDH secret sharedX (the x coordinate of the shared point, as
// secp256k1.PrivateKey.ECDH returns it): HKDF-extract(salt = "nip44-v2",
// IKM = sharedX), that is HMAC-SHA256 keyed with "nip44-v2" over sharedX.
// out may alias sharedX. It runs in constant time and does not allocate.
// This is the one place the derivation is written; package signer's
// ConversationKey and DeriveConversationKey call it.
func ExtractConversationKey(out, sharedX *[32]byte) {
	hmacsha256.Sum(out, []byte(salt), sharedX[:], nil)
}

// ConversationKey returns the 32-byte NIP-44 v2 conversation key between
// the secret key priv and the peer's x-only public key pub (nostr public
// keys are x-only; the even-y point is used, and the result does not
// depend on the parity of either key). Both sides of a conversation get
// the same key. It runs in constant time with respect to priv and returns
// an error wrapping secp256k1.ErrInvalidPrivateKey or
// secp256k1.ErrInvalidPublicKey for a nil or zero-value key.
func ConversationKey(priv *secp256k1.PrivateKey, pub *secp256k1.XOnlyPublicKey) ([]byte, error) {
	// A nil or zero-value pub has no PublicKey (nil), which ECDH rejects.
	shared, err := priv.ECDH(pub.PublicKey())
	if err != nil {
		return nil, err
	}
	x := (*[32]byte)(shared)
	ExtractConversationKey(x, x)
	return shared, nil
}
