package nip44

import (
	"crypto/hmac"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"math"
	"strings"

	"github.com/p256k1/secp256k1/internal/chacha20"
	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// Payload layout: version ‖ nonce ‖ ciphertext ‖ MAC.
const (
	macSize = 32
	// minData is the shortest decoded payload: version, nonce, the
	// shortest padded plaintext (a 2-byte prefix and 32 bytes) and MAC.
	minData = 1 + NonceSize + shortPrefix + 32 + macSize
	// minPayload is the base64 length of minData bytes.
	minPayload = (minData + 2) / 3 * 4
)

var (
	errKeyLen   = fmt.Errorf("%w", ErrInvalidConversationKey)
	errNonceLen = fmt.Errorf("%w", ErrInvalidNonce)
	errEmpty    = fmt.Errorf("%w: empty plaintext", ErrPlaintextSize)
	errTooLong  = fmt.Errorf("%w: longer than %d bytes", ErrPlaintextSize, uint64(MaxPlaintextSize))
	errTooBig   = fmt.Errorf("%w: the payload would not fit in memory", ErrPlaintextSize)
	errHash     = fmt.Errorf("%w: '#' (not base64)", ErrUnknownVersion)
	errMAC      = fmt.Errorf("%w", ErrInvalidMAC)
	errPadding  = fmt.Errorf("%w", ErrInvalidPadding)
)

// Encrypt encrypts plaintext for the conversation key conversationKey
// (KeySize bytes, from ConversationKey) with a fresh random nonce from
// crypto/rand and returns the base64 payload. It returns an error wrapping
// ErrInvalidConversationKey for a key of another length and ErrPlaintextSize
// for an empty plaintext or one longer than MaxPlaintextSize. Plaintexts
// of 65536 bytes and more get the extended length prefix. Constant time in
// the key and the plaintext (not in the plaintext's length).
func Encrypt(conversationKey []byte, plaintext string) (string, error) {
	var nonce [NonceSize]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return "", err // crypto/rand does not fail on supported platforms
	}
	return EncryptWithNonce(conversationKey, plaintext, nonce[:])
}

// EncryptWithNonce is Encrypt with the given 32-byte nonce instead of a
// random one, for test vectors and deterministic tests. A nonce must never
// be used twice with the same conversation key: two payloads with one
// nonce reveal the XOR of their plaintexts. Use Encrypt. It returns an
// error wrapping ErrInvalidNonce for a nonce that is not NonceSize bytes,
// and Encrypt's errors.
func EncryptWithNonce(conversationKey []byte, plaintext string, nonce []byte) (string, error) {
	if len(conversationKey) != KeySize {
		return "", errKeyLen
	}
	if len(nonce) != NonceSize {
		return "", errNonceLen
	}
	n := uint64(len(plaintext))
	if n < MinPlaintextSize {
		return "", errEmpty
	}
	if n > MaxPlaintextSize {
		return "", errTooLong
	}
	prefix, padded := prefixLen(n), paddedLen(n)
	total := 1 + NonceSize + prefix + padded + macSize
	if total > math.MaxInt/4*3 {
		return "", errTooBig // the payload would not fit in an int (32-bit platforms)
	}

	var keys messageKeys
	defer keys.clear()
	keys.derive((*[KeySize]byte)(conversationKey), (*[NonceSize]byte)(nonce))

	data := make([]byte, total)
	data[0] = Version
	copy(data[1:], nonce)
	body := data[1+NonceSize : len(data)-macSize] // prefix ‖ plaintext ‖ zeros, then ciphertext
	putPrefix(body, n)
	copy(body[prefix:], plaintext)
	chacha20.XORKeyStream(body, body, &keys.chachaKey, &keys.chachaNonce, 0)
	var mac [macSize]byte
	keys.mac(&mac, data[1:1+NonceSize], body)
	copy(data[len(data)-macSize:], mac[:])
	// The payload is public by design.
	ctcheck.PublicSlice(data)
	return base64.StdEncoding.EncodeToString(data), nil
}

// Decrypt decrypts the base64 payload for the conversation key
// conversationKey and returns the plaintext. It returns an error wrapping
// ErrInvalidConversationKey for a key that is not KeySize bytes, and for a
// payload that is not one this key made: ErrPayloadSize (empty or too
// short), ErrUnknownVersion (starts with '#' or a version byte other than
// 2), ErrInvalidBase64, ErrInvalidMAC (another key, or changed) or
// ErrInvalidPadding (see the package doc for the order of the checks). On
// error it returns "". The MAC is compared in constant time; decryption is
// constant time in the key and the plaintext.
func Decrypt(conversationKey []byte, payload string) (string, error) {
	if len(conversationKey) != KeySize {
		return "", errKeyLen
	}
	if len(payload) == 0 {
		return "", fmt.Errorf("%w: 0", ErrPayloadSize)
	}
	if payload[0] == '#' {
		return "", errHash
	}
	if len(payload) < minPayload {
		return "", fmt.Errorf("%w: %d (base64 characters; at least %d)", ErrPayloadSize, len(payload), minPayload)
	}
	// Canonical base64 only: encoding/base64 skips CR and LF, and its
	// non-strict form accepts non-zero padding bits, so the same payload
	// would have other spellings.
	if i := strings.IndexAny(payload, "\r\n"); i >= 0 {
		return "", fmt.Errorf("%w: line break at byte %d", ErrInvalidBase64, i)
	}
	data, err := base64.StdEncoding.Strict().DecodeString(payload)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrInvalidBase64, err)
	}
	if len(data) < minData {
		return "", fmt.Errorf("%w: %d (decoded bytes; at least %d)", ErrPayloadSize, len(data), minData)
	}
	if data[0] != Version {
		return "", fmt.Errorf("%w: %d", ErrUnknownVersion, data[0])
	}
	nonce := data[1 : 1+NonceSize]
	body := data[1+NonceSize : len(data)-macSize]
	mac := data[len(data)-macSize:]

	var keys messageKeys
	defer keys.clear()
	keys.derive((*[KeySize]byte)(conversationKey), (*[NonceSize]byte)(nonce))
	var want [macSize]byte
	keys.mac(&want, nonce, body)
	ok := hmac.Equal(want[:], mac)
	clear(want[:])
	ctcheck.Public(&ok) // whether the payload is authentic is public
	if !ok {
		return "", errMAC
	}
	chacha20.XORKeyStream(body, body, &keys.chachaKey, &keys.chachaNonce, 0)
	defer clear(body)
	n, prefix, ok := readPrefix(body)
	if !ok {
		return "", errPadding
	}
	return copyString(body[prefix : prefix+n]), nil
}

// copyString returns a copy of b as a string. Unlike string(b) it does
// not look a 1-byte string up in the runtime's table of small strings, an
// index that would depend on the secret byte.
func copyString(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b))
	sb.Write(b)
	return sb.String()
}
