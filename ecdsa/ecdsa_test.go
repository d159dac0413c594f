package ecdsa_test

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func keyFromHex(t testing.TB, s string) *secp256k1.PrivateKey {
	t.Helper()
	k, err := secp256k1.NewPrivateKey(mustHex(t, s))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestKnownSignatures checks deterministic signatures published with
// Bitcoin Core's RFC 6979 secp256k1 examples (key 1, low-S form); the full
// suites are in vectors_*_test.go.
func TestKnownSignatures(t *testing.T) {
	for _, tc := range []struct{ key, msg, sig string }{
		{"0000000000000000000000000000000000000000000000000000000000000001", "Satoshi Nakamoto",
			"934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d82442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5"},
	} {
		k := keyFromHex(t, tc.key)
		h := sha256.Sum256([]byte(tc.msg))
		sig, err := ecdsa.Sign(k, h[:])
		if err != nil {
			t.Fatal(err)
		}
		if got := hex.EncodeToString(sig.BytesCompact()); got != tc.sig {
			t.Errorf("key %s: got %s, want %s", tc.key, got, tc.sig)
		}
	}
}

func TestSignVerifyRecover(t *testing.T) {
	for i := range 50 {
		k, err := secp256k1.GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		pub := k.PublicKey()
		var hash []byte
		switch i % 3 {
		case 0:
			h := sha256.Sum256([]byte{byte(i)})
			hash = h[:]
		case 1:
			h := sha512.Sum512([]byte{byte(i)})
			hash = h[:]
		default:
			hash = []byte{byte(i), 1, 2}
		}
		sig, recID, err := ecdsa.SignRecoverable(k, hash)
		if err != nil {
			t.Fatal(err)
		}
		if !sig.IsLowS() {
			t.Fatal("high-S signature")
		}
		if !ecdsa.Verify(pub, hash, sig) {
			t.Fatal("signature does not verify")
		}
		bad := append([]byte(nil), hash...)
		bad[0] ^= 1
		if ecdsa.Verify(pub, bad, sig) {
			t.Fatal("signature verifies for a different hash")
		}
		high, err := ecdsa.ParseCompactSignature(highS(t, sig))
		if err != nil {
			t.Fatal(err)
		}
		if ecdsa.Verify(pub, hash, high) || high.IsLowS() || !ecdsa.Verify(pub, hash, high.Normalize()) {
			t.Fatal("high-S handling")
		}
		got, err := ecdsa.RecoverPublicKey(hash, sig, recID)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Equal(pub) {
			t.Fatal("recovered a different key")
		}
		if other, err := ecdsa.RecoverPublicKey(hash, sig, recID^1); err == nil && other.Equal(pub) {
			t.Fatal("wrong recovery id recovered the key")
		}
		der := sig.BytesDER()
		p, err := ecdsa.ParseDERSignature(der)
		if err != nil || !p.Equal(sig) {
			t.Fatalf("DER round trip: %v", err)
		}
		if p, err := ecdsa.ParseDERSignatureLax(der); err != nil || !p.Equal(sig) {
			t.Fatalf("lax DER round trip: %v", err)
		}
		c, err := ecdsa.ParseCompactSignature(sig.BytesCompact())
		if err != nil || !c.Equal(sig) {
			t.Fatalf("compact round trip: %v", err)
		}
	}
}

// highS returns the compact encoding of (r, n - s).
func highS(t *testing.T, sig *ecdsa.Signature) []byte {
	n := mustHex(t, "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	s := sig.S()
	out := make([]byte, 32)
	var borrow int
	for i := 31; i >= 0; i-- {
		d := int(n[i]) - int(s[i]) - borrow
		borrow = 0
		if d < 0 {
			d += 256
			borrow = 1
		}
		out[i] = byte(d)
	}
	return append(sig.R(), out...)
}

func TestParseRejects(t *testing.T) {
	n := "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
	one := "0000000000000000000000000000000000000000000000000000000000000001"
	zero := "0000000000000000000000000000000000000000000000000000000000000000"
	for _, c := range []string{zero + one, one + zero, n + one, one + n, one, ""} {
		if _, err := ecdsa.ParseCompactSignature(mustHex(t, c)); !errors.Is(err, ecdsa.ErrInvalidSignature) {
			t.Errorf("ParseCompactSignature(%s): err = %v", c, err)
		}
	}
	if _, err := ecdsa.RecoverPublicKey(make([]byte, 32), &ecdsa.Signature{}, 4); !errors.Is(err, ecdsa.ErrInvalidRecoveryID) {
		t.Errorf("recID 4: err = %v", err)
	}
	if ecdsa.Verify(keyFromHex(t, one).PublicKey(), make([]byte, 32), &ecdsa.Signature{}) {
		t.Error("zero signature verifies")
	}
}

func TestDERVectorsRoundTrip(t *testing.T) {
	// A strict DER signature with a padded r (high bit set).
	der := mustHex(t, "3045022100934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d802202442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5")
	sig, err := ecdsa.ParseDERSignature(der)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sig.BytesDER(), der) {
		t.Fatal("DER re-encoding differs")
	}
}
