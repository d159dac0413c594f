package nip44_test

import (
	"bytes"
	"encoding/base64"
	"errors"
	"testing"

	"github.com/p256k1/secp256k1/nip44"
)

// FuzzDecrypt feeds arbitrary payloads to Decrypt under a fixed key: it
// must never panic, must return either a plaintext and no error or "" and
// an error wrapping exactly one of the payload sentinels, and a plaintext
// it returns must encrypt back (with the payload's own nonce) to the same
// payload. Seeds: valid payloads of several lengths and the shapes of the
// vector file's invalid cases.
func FuzzDecrypt(f *testing.F) {
	key := bytes.Repeat([]byte{0x42}, 32)
	nonce := bytes.Repeat([]byte{0x07}, 32)
	for _, msg := range []string{"a", "hello, nostr", string(bytes.Repeat([]byte{'z'}, 300))} {
		p, err := nip44.EncryptWithNonce(key, msg, nonce)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p)
		f.Add("#" + p[1:])
		f.Add(p[:len(p)-4])
	}
	f.Add("")
	f.Add("Ag==")
	f.Add("AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABee0G5VSK0/9YypIObAtDKfYEAjD35uVkHyB0F4DwrcNaCXlCWZKaArsGrY6M9wnuTMxWfp1RTN9Xga8no+kF5Vsb")
	sentinels := []error{nip44.ErrPayloadSize, nip44.ErrUnknownVersion, nip44.ErrInvalidBase64, nip44.ErrInvalidMAC, nip44.ErrInvalidPadding}
	f.Fuzz(func(t *testing.T, payload string) {
		got, err := nip44.Decrypt(key, payload)
		if err != nil {
			if got != "" {
				t.Fatalf("a plaintext with an error: %q, %v", got, err)
			}
			n := 0
			for _, s := range sentinels {
				if errors.Is(err, s) {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("error %v wraps %d payload sentinels", err, n)
			}
			return
		}
		raw, _ := base64.StdEncoding.DecodeString(payload)
		again, err := nip44.EncryptWithNonce(key, got, raw[1:33])
		if err != nil || again != payload {
			t.Fatalf("accepted payload does not re-encrypt to itself: %v", err)
		}
	})
}
