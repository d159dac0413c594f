package ecmult_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/curve"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// BenchmarkBlindingCost times the operations the blinding slows down, as
// users call them, in CPU time (cpu-ns/op): key generation (one k·G),
// ECDSA and BIP-340 signing with a parsed key (one k·G each), ECDH (one
// k·P) and curve.Point.ScalarMult (k·P of a secret point). It uses only the public API, so the same file builds at a revision
// without blinding; doc/constant-time.md ("Blinding") gives the A/B
// procedure and the results.
func BenchmarkBlindingCost(b *testing.B) {
	secret := bytes.Repeat([]byte{0x3c}, 32)
	msg := bytes.Repeat([]byte{0xe1}, 32)
	aux := make([]byte, 32)
	peer, err := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x4d}, 32))
	if err != nil {
		b.Fatal(err)
	}
	peerPub := peer.PublicKey()
	priv, err := secp256k1.NewPrivateKey(secret)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := schnorr.SignWithAux(priv, msg, aux); err != nil { // computes the public key once
		b.Fatal(err)
	}
	b.Run("KeyGen", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			k, _ := secp256k1.NewPrivateKey(secret)
			k.PublicKey()
		}
		t.Stop()
	})
	b.Run("ECDSASign", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			ecdsa.Sign(priv, msg)
		}
		t.Stop()
	})
	b.Run("SchnorrSign", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			schnorr.SignWithAux(priv, msg, aux)
		}
		t.Stop()
	})
	b.Run("ECDH", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			priv.ECDH(peerPub)
		}
		t.Stop()
	})
	k, _ := new(curve.Scalar).SetUniformBytes(bytes.Repeat([]byte{0x5e}, 64))
	P := new(curve.Point).ScalarBaseMult(k)
	b.Run("PointScalarMult", func(b *testing.B) {
		var v curve.Point
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			v.ScalarMult(k, P)
		}
		t.Stop()
	})
}
