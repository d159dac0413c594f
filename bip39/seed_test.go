package bip39_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/p256k1/secp256k1/bip39"
)

// refPBKDF2 is PBKDF2-HMAC-SHA512 for one 64-byte block, written from RFC
// 8018, section 5.2, independently of crypto/pbkdf2.
func refPBKDF2(password, salt []byte, iter int) []byte {
	mac := hmac.New(sha512.New, password)
	mac.Write(salt)
	mac.Write(binary.BigEndian.AppendUint32(nil, 1))
	u := mac.Sum(nil)
	t := append([]byte(nil), u...)
	for range iter - 1 {
		mac.Reset()
		mac.Write(u)
		u = mac.Sum(u[:0])
		for i := range t {
			t[i] ^= u[i]
		}
	}
	return t
}

// TestPassphrases checks the salt "mnemonic" ‖ passphrase against the
// reference PBKDF2, for ASCII passphrases through Seed and NFKD ones
// through SeedFromNormalized, and the rejections.
func TestPassphrases(t *testing.T) {
	for _, p := range []string{"", "TREZOR", "a much longer passphrase of well over one hundred and twenty-eight bytes, so that the salt does not fit the stack buffer of the package"} {
		want := refPBKDF2([]byte(vector1), []byte("mnemonic"+p), 2048)
		s, err := bip39.Seed(vector1, p)
		if err != nil || !bytes.Equal(s, want) {
			t.Errorf("Seed(vector1, %q) = %x, %v; want %x", p, s, err, want)
		}
	}
	// NFKD forms: "e" and a combining acute accent for é; "ｶ" (U+FF76)
	// decomposes to "カ" (U+30AB) under NFKD; the caller passes the result.
	for _, p := range []string{"caf\u0065\u0301", "\u30ab", "🔑"} {
		if s, err := bip39.Seed(vector1, p); s != nil || !errors.Is(err, bip39.ErrNonASCIIPassphrase) {
			t.Errorf("Seed(vector1, %q) = %x, %v; want ErrNonASCIIPassphrase", p, s, err)
		}
		want := refPBKDF2([]byte(vector1), []byte("mnemonic"+p), 2048)
		s, err := bip39.SeedFromNormalized(vector1, p)
		if err != nil || !bytes.Equal(s, want) {
			t.Errorf("SeedFromNormalized(vector1, %q) = %x, %v; want %x", p, s, err, want)
		}
	}
	for _, p := range []string{"\xff", "caf\xc3", "\xed\xa0\x80", "\xc0\xaf"} {
		if s, err := bip39.SeedFromNormalized(vector1, p); s != nil || !errors.Is(err, bip39.ErrInvalidPassphrase) {
			t.Errorf("SeedFromNormalized(vector1, %q) = %x, %v; want ErrInvalidPassphrase", p, s, err)
		}
		if s, err := bip39.Seed(vector1, p); s != nil || !errors.Is(err, bip39.ErrNonASCIIPassphrase) {
			t.Errorf("Seed(vector1, %q) = %x, %v; want ErrNonASCIIPassphrase", p, s, err)
		}
	}
}
