package ecdsa_test

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

func keyFromHex(t testing.TB, s string) *secp256k1.PrivateKey {
	t.Helper()
	k, err := secp256k1.NewPrivateKey(testutil.MustHex(t, s))
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
	n := testutil.MustHex(t, "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
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
		if _, err := ecdsa.ParseCompactSignature(testutil.MustHex(t, c)); !errors.Is(err, ecdsa.ErrInvalidSignature) {
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
	der := testutil.MustHex(t, "3045022100934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d802202442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5")
	sig, err := ecdsa.ParseDERSignature(der)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sig.BytesDER(), der) {
		t.Fatal("DER re-encoding differs")
	}
}

// Bitcoin Core's deterministic-signing test (src/test/key_tests.cpp,
// key_test1): strSecret1 and strSecret2 sign double-SHA256("Very
// deterministic message") with CKey::Sign, which grinds for low R. For both
// keys the first RFC 6979 signature is already low-R, so Sign and SignLowR
// both give Core's signature; TestSignLowR exercises the grinding itself.
var coreDeterministicVectors = []struct{ key, der string }{
	{"12b004fff7f4b69ef8650e767f18f11ede158148b425660723b9f9a66e61f747",
		"304402205dbbddda71772d95ce91cd2d14b592cfbc1dd0aabd6a394b6c2d377bbe59d31d022014ddda21494a4e221f0824f0b8b924c43fa43c0ad57dccdaa11f81a6bd4582f6"},
	{"b524c28b61c9b2c49b2c7dd4c2d75887abb78768c054bd7c01af4029f6c0d117",
		"3044022052d8a32079c11e79db95af63bb9600c5b04f21a9ca33dc129c2bfa8ac9dc1cd5022061d8ae5e0f6c1a16bde3719c64c2fd70e404b6428ab9a69566962e8771b5944d"},
}

func TestBitcoinCoreDeterministic(t *testing.T) {
	h1 := sha256.Sum256([]byte("Very deterministic message"))
	hash := sha256.Sum256(h1[:])
	for _, v := range coreDeterministicVectors {
		priv := keyFromHex(t, v.key)
		sig, err := ecdsa.Sign(priv, hash[:])
		if err != nil || !bytes.Equal(sig.BytesDER(), testutil.MustHex(t, v.der)) {
			t.Errorf("Sign(%s) = %x, %v; want %s", v.key, sig.BytesDER(), err, v.der)
		}
		low, err := ecdsa.SignLowR(priv, hash[:])
		if err != nil || !bytes.Equal(low.BytesDER(), testutil.MustHex(t, v.der)) {
			t.Errorf("SignLowR(%s) = %x, %v; want %s", v.key, low.BytesDER(), err, v.der)
		}
	}
}

// TestSignLowR checks the grinding rule on random keys: the result is low-R
// (a DER encoding of at most 71 bytes), verifies, and is the first of
// Sign, SignWithEntropy(LE32(1) ‖ 0…), SignWithEntropy(LE32(2) ‖ 0…), …
// with a low r.
func TestSignLowR(t *testing.T) {
	r := testutil.Rand(t)
	ground := 0
	for range 32 {
		var kb, h [32]byte
		for i := range kb {
			kb[i], h[i] = byte(r.Uint32()), byte(r.Uint32())
		}
		kb[0] &= 0x7f
		kb[31] |= 1
		priv, err := secp256k1.NewPrivateKey(kb[:])
		if err != nil {
			t.Fatal(err)
		}
		low, err := ecdsa.SignLowR(priv, h[:])
		if err != nil {
			t.Fatal(err)
		}
		if low.R()[0] >= 0x80 || len(low.BytesDER()) > 71 || !ecdsa.Verify(priv.PublicKey(), h[:], low) {
			t.Fatalf("SignLowR: r = %x, DER %d bytes", low.R(), len(low.BytesDER()))
		}
		want, _ := ecdsa.Sign(priv, h[:])
		if want.R()[0] >= 0x80 {
			ground++
		}
		var extra [32]byte
		for counter := uint32(1); want.R()[0] >= 0x80; counter++ {
			binary.LittleEndian.PutUint32(extra[:], counter)
			want, _ = ecdsa.SignWithEntropy(priv, h[:], extra[:])
		}
		if !want.Equal(low) {
			t.Fatalf("SignLowR differs from the first low-R candidate")
		}
	}
	if ground == 0 {
		t.Error("no key needed grinding (each does with probability 1/2)")
	}
}
