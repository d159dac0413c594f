package secp256k1_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
)

func BenchmarkKeys(b *testing.B) {
	secret := bytes.Repeat([]byte{0x3c}, 32)
	peer, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x4d}, 32))
	peerPub := peer.PublicKey()
	priv, _ := secp256k1.NewPrivateKey(secret)
	// Public key creation from the secret bytes (one multiplication by G).
	b.Run("PublicKeyFromBytes", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			k, _ := secp256k1.NewPrivateKey(secret)
			k.PublicKey().BytesCompressed()
		}
	})
	b.Run("ECDH", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			priv.ECDHSHA256(peerPub)
		}
	})
	tweak := bytes.Repeat([]byte{0x11}, 32)
	b.Run("PublicKeyTweakAdd", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			peerPub.TweakAdd(tweak)
		}
	})
}
