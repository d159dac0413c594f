package ecdsa_test

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
)

// Benchmarks of the ECDSA entry points, as users call them. Compare runs
// with benchstat; the bench module's secp256k1-bench compares with other
// libraries in the same process.

var (
	benchSecret = bytes.Repeat([]byte{0x3c}, 32)
	benchHash   = sha256.Sum256([]byte("benchmark"))
)

func BenchmarkECDSA(b *testing.B) {
	priv, err := secp256k1.NewPrivateKey(benchSecret)
	if err != nil {
		b.Fatal(err)
	}
	pub := priv.PublicKey()
	sig, recID, err := ecdsa.SignRecoverable(priv, benchHash[:])
	if err != nil {
		b.Fatal(err)
	}
	compressed := pub.BytesCompressed()
	compact := sig.BytesCompact()

	// Sign with a key parsed once.
	b.Run("Sign", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ecdsa.Sign(priv, benchHash[:])
		}
	})
	// Sign from the 32 secret bytes, as go-ethereum's crypto.Sign does: the
	// public key is never computed, so this costs the same as Sign.
	b.Run("SignFromBytes", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			k, _ := secp256k1.NewPrivateKey(benchSecret)
			ecdsa.Sign(k, benchHash[:])
		}
	})
	b.Run("Verify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ecdsa.Verify(pub, benchHash[:], sig)
		}
	})
	// Verify from the wire: a 33-byte key and a 64-byte compact signature.
	b.Run("VerifyFromBytes", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			p, _ := secp256k1.NewPublicKey(compressed)
			s, _ := ecdsa.ParseCompactSignature(compact)
			ecdsa.Verify(p, benchHash[:], s)
		}
	})
	b.Run("Recover", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ecdsa.RecoverPublicKey(benchHash[:], sig, recID)
		}
	})
}
