package schnorr_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

func TestSignVerify(t *testing.T) {
	for i := range 50 {
		k, err := secp256k1.GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		x, _ := k.PublicKey().XOnly()
		msg := bytes.Repeat([]byte{byte(i)}, i)
		sig, err := schnorr.Sign(k, msg)
		if err != nil {
			t.Fatal(err)
		}
		if !schnorr.Verify(x, msg, sig) {
			t.Fatalf("message length %d: signature does not verify", i)
		}
		bad := append([]byte(nil), sig...)
		bad[i%64] ^= 0x10
		if schnorr.Verify(x, msg, bad) {
			t.Fatal("corrupted signature verifies")
		}
		if schnorr.Verify(x, append(msg, 0), sig) {
			t.Fatal("signature verifies for another message")
		}
		aux := make([]byte, 32)
		s1, _ := schnorr.SignWithAux(k, msg, aux)
		s2, _ := schnorr.AppendSign(nil, k, msg, aux)
		if !bytes.Equal(s1, s2) || !schnorr.Verify(x, msg, s1) {
			t.Fatal("SignWithAux / AppendSign")
		}
	}
	k, _ := secp256k1.GenerateKey(nil)
	if _, err := schnorr.SignWithAux(k, nil, make([]byte, 31)); err == nil {
		t.Fatal("31-byte aux accepted")
	}
}

func TestSignAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	k, _ := secp256k1.GenerateKey(nil)
	x, _ := k.PublicKey().XOnly()
	msg, aux := make([]byte, 32), make([]byte, 32)
	buf := make([]byte, 0, 64)
	sig, _ := schnorr.SignWithAux(k, msg, aux)
	if n := testing.AllocsPerRun(20, func() {
		buf, _ = schnorr.AppendSign(buf[:0], k, msg, aux)
		schnorr.Verify(x, msg, sig)
	}); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func TestSignAllocsFreshAux(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	k, _ := secp256k1.GenerateKey(nil)
	msg := make([]byte, 32)
	// One allocation: the returned signature.
	if n := testing.AllocsPerRun(20, func() { schnorr.Sign(k, msg) }); n > 1 {
		t.Fatalf("%v allocations", n)
	}
}
