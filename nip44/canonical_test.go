package nip44_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/nip44"
)

// TestDecryptRejectsNonCanonicalBase64: a payload has one base64 spelling.
// encoding/base64 alone would skip line breaks and accept non-zero padding
// bits (the fuzzer found the first).
func TestDecryptRejectsNonCanonicalBase64(t *testing.T) {
	key := bytes.Repeat([]byte{0x11}, nip44.KeySize)
	nonce := bytes.Repeat([]byte{0x07}, nip44.NonceSize)
	// 40 bytes pad to 64: 131 bytes of payload, so one '=' of padding.
	p, err := nip44.EncryptWithNonce(key, strings.Repeat("x", 40), nonce)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(p, "=") || strings.HasSuffix(p, "==") {
		t.Fatalf("payload %q does not end in exactly one '='", p)
	}
	if _, err := nip44.Decrypt(key, p); err != nil {
		t.Fatalf("the canonical payload is rejected: %v", err)
	}
	// The character before '=' carries 2 padding bits, which must be zero.
	alphabet := "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	last := strings.IndexByte(alphabet, p[len(p)-2])
	padded := p[:len(p)-2] + string(alphabet[last|1]) + "="
	variants := map[string]string{
		"non-zero padding bits": padded,
		"LF inside":             p[:40] + "\n" + p[40:],
		"CRLF at the end":       p + "\r\n",
	}
	for name, v := range variants {
		if _, err := nip44.Decrypt(key, v); !errors.Is(err, nip44.ErrInvalidBase64) {
			t.Errorf("%s: error %v, want one wrapping ErrInvalidBase64", name, err)
		}
	}
}
