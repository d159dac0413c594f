package ecies_test

import (
	"bytes"
	"crypto/rand"
	"testing"

	gethcrypto "github.com/ethereum/go-ethereum/crypto"
	gethecies "github.com/ethereum/go-ethereum/crypto/ecies"

	"github.com/p256k1/secp256k1/geth/crypto"
	"github.com/p256k1/secp256k1/geth/crypto/ecies"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestInteropWithGeth checks this package (go-ethereum's ECIES on this
// module's curve) against go-ethereum's own on go-ethereum's curve, with
// the same key bytes: the shared secrets are byte-identical, and each
// decrypts what the other encrypts. Then the migration note: go-ethereum's
// ecies finds no parameters for keys made by this module's crypto package
// until the curve is registered with AddParamsForCurve.
func TestInteropWithGeth(t *testing.T) {
	r := testutil.Rand(t)
	key := func() []byte {
		for {
			b := make([]byte, 32)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			if _, err := crypto.ToECDSA(b); err == nil {
				return b
			}
		}
	}
	both := func(sk []byte) (*ecies.PrivateKey, *gethecies.PrivateKey) {
		ours, err := crypto.ToECDSA(sk)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := gethcrypto.ToECDSA(sk)
		if err != nil {
			t.Fatal(err)
		}
		return ecies.ImportECDSA(ours), gethecies.ImportECDSA(theirs)
	}
	n := 20
	if testing.Short() {
		n = 4
	}
	for range n {
		a, ga := both(key())
		b, gb := both(key())
		s1, err1 := a.GenerateShared(&b.PublicKey, 16, 16)
		s2, err2 := ga.GenerateShared(&gb.PublicKey, 16, 16)
		if err1 != nil || err2 != nil || !bytes.Equal(s1, s2) {
			t.Fatalf("GenerateShared = %x, %v; go-ethereum %x, %v", s1, err1, s2, err2)
		}
		msg := make([]byte, 1+r.IntN(100)) // ECIES refuses empty messages
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		s1, s2 = []byte("shared 1"), []byte("shared 2")
		ct, err := gethecies.Encrypt(rand.Reader, &gb.PublicKey, msg, s1, s2)
		if err != nil {
			t.Fatal(err)
		}
		if pt, err := b.Decrypt(ct, s1, s2); err != nil || !bytes.Equal(pt, msg) {
			t.Fatalf("Decrypt of go-ethereum's ciphertext: %v", err)
		}
		ct, err = ecies.Encrypt(rand.Reader, &b.PublicKey, msg, s1, s2)
		if err != nil {
			t.Fatal(err)
		}
		if pt, err := gb.Decrypt(ct, s1, s2); err != nil || !bytes.Equal(pt, msg) {
			t.Fatalf("go-ethereum's Decrypt of this package's ciphertext: %v", err)
		}
	}

	// go-ethereum's ecies with a key of this module's crypto package.
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gethecies.Encrypt(rand.Reader, gethecies.ImportECDSAPublic(&k.PublicKey), []byte("m"), nil, nil); err != gethecies.ErrUnsupportedECIESParameters {
		t.Fatalf("go-ethereum's ecies with this module's curve: %v, want ErrUnsupportedECIESParameters (see the migration notes)", err)
	}
	gethecies.AddParamsForCurve(crypto.S256(), gethecies.ECIES_AES128_SHA256)
	ct, err := gethecies.Encrypt(rand.Reader, gethecies.ImportECDSAPublic(&k.PublicKey), []byte("m"), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pt, err := gethecies.ImportECDSA(k).Decrypt(ct, nil, nil); err != nil || string(pt) != "m" {
		t.Fatalf("go-ethereum's ecies after AddParamsForCurve: %v", err)
	}
	if pt, err := ecies.ImportECDSA(k).Decrypt(ct, nil, nil); err != nil || string(pt) != "m" {
		t.Fatalf("this package on go-ethereum's ciphertext: %v", err)
	}
}
