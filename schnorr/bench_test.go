package schnorr_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/schnorr"
)

var (
	benchSecret = bytes.Repeat([]byte{0x3c}, 32)
	benchMsg    = bytes.Repeat([]byte{0xe1}, 32)
	benchAux    = make([]byte, 32)
)

func BenchmarkSchnorr(b *testing.B) {
	priv, err := secp256k1.NewPrivateKey(benchSecret)
	if err != nil {
		b.Fatal(err)
	}
	x, _ := priv.PublicKey().XOnly()
	sig, err := schnorr.SignWithAux(priv, benchMsg, benchAux)
	if err != nil {
		b.Fatal(err)
	}
	xb := x.Bytes()
	// Sign with a key parsed once (its public key is computed on the first
	// call and kept).
	b.Run("Sign", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			schnorr.SignWithAux(priv, benchMsg, benchAux)
		}
	})
	// Sign from the 32 secret bytes: BIP-340 needs the public key, so this
	// is two multiplications by G.
	b.Run("SignFromBytes", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			k, _ := secp256k1.NewPrivateKey(benchSecret)
			schnorr.SignWithAux(k, benchMsg, benchAux)
		}
	})
	b.Run("Verify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			schnorr.Verify(x, benchMsg, sig)
		}
	})
	// Verify from the wire: a 32-byte key (lift_x) and the signature.
	b.Run("VerifyFromBytes", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			k, _ := secp256k1.NewXOnlyPublicKey(xb)
			schnorr.Verify(k, benchMsg, sig)
		}
	})
}
