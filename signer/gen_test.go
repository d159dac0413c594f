package signer_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/signer"
)

func TestKeyGen(t *testing.T) {
	var g signer.KeyGen
	if s, p := g.KeyPairBytes(); s != nil || p != nil {
		t.Fatal("the zero value holds a key")
	}
	g.Negate() // no key: no-op
	seenOdd, seenEven := false, false
	for range 64 {
		pub, err := g.Generate()
		if err != nil || len(pub) != 33 {
			t.Fatalf("Generate: %x, %v", pub, err)
		}
		sec, xpub := g.KeyPairBytes()
		// KeyPairBytes returns the 32-byte x-only key, as the nostr signer
		// it replaces does.
		if len(xpub) != 32 || !bytes.Equal(xpub, pub[1:]) {
			t.Fatalf("KeyPairBytes: public key %x, want the x-only form of %x", xpub, pub)
		}
		k, err := secp256k1.NewPrivateKey(sec)
		if err != nil || !bytes.Equal(k.PublicKey().BytesCompressed(), pub) {
			t.Fatalf("the secret does not match the public key: %v", err)
		}
		if pub[0] == 0x03 {
			seenOdd = true
		} else {
			seenEven = true
		}
		// Negate flips the prefix, keeps x, and negates the secret.
		g.Negate()
		nsec, nxpub := g.KeyPairBytes()
		if !bytes.Equal(nxpub, xpub) {
			t.Fatalf("Negate changed the x-only key: %x -> %x", xpub, nxpub)
		}
		nk, _ := secp256k1.NewPrivateKey(nsec)
		npub := nk.PublicKey().BytesCompressed()
		if npub[0] == pub[0] || !bytes.Equal(npub[1:], pub[1:]) {
			t.Fatalf("Negate: %x -> %x", pub, npub)
		}
		if !bytes.Equal(nsec, k.Negate().Bytes()) {
			t.Fatal("Negate: wrong secret")
		}
		// The even-y pair signs under the x-only key.
		if npub[0] == 0x02 {
			var s signer.Signer
			if err := s.InitSec(nsec); err != nil || !bytes.Equal(s.Pub(), npub[1:]) {
				t.Fatalf("InitSec from KeyGen: %v", err)
			}
		}
	}
	if !seenOdd || !seenEven {
		t.Errorf("64 keys of one parity (odd %v, even %v)", seenOdd, seenEven)
	}
	out, err := g.AppendGenerate([]byte{0xaa})
	if err != nil || len(out) != 34 || out[0] != 0xaa {
		t.Fatalf("AppendGenerate: %x, %v", out, err)
	}
	g.Zero()
	if s, _ := g.KeyPairBytes(); s != nil {
		t.Fatal("Zero kept the key")
	}
}
