package bip32_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/internal/base58"
)

// TestParseLength: Base58Check strings with a valid checksum whose payload
// is not 78 bytes are rejected for their length (vector 5 of BIP-32 has no
// such case).
func TestParseLength(t *testing.T) {
	master, err := bip32.Parse(bip86Root)
	if err != nil {
		t.Fatal(err)
	}
	payload, err := base58.CheckDecode(master.String())
	if err != nil || len(payload) != 78 {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, 4, 13, 45, 77, 79, 82, 100} {
		p := make([]byte, n)
		copy(p, payload)
		s := base58.CheckEncode(p)
		k, err := bip32.Parse(s)
		if k != nil || !errors.Is(err, bip32.ErrInvalidKey) || (len(s) <= 120 && !strings.Contains(err.Error(), "want 78")) {
			t.Errorf("%d-byte payload: %v, %v", n, k, err)
		}
	}
	// Depth 0 is the only depth with the fingerprint and child rules.
	child, err := master.Derive("m/0")
	if err != nil {
		t.Fatal(err)
	}
	payload, _ = base58.CheckDecode(child.String())
	payload[5], payload[6], payload[7], payload[8] = 0, 0, 0, 0 // parent fingerprint 0
	payload[9], payload[10], payload[11], payload[12] = 0, 0, 0, 0
	if k, err := bip32.Parse(base58.CheckEncode(payload)); err != nil || k.Depth() != 1 {
		t.Errorf("depth 1 with fingerprint 0 and child 0: %v", err)
	}
}
