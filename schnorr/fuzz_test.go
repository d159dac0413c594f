package schnorr_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/schnorr"
)

func FuzzSignVerify(f *testing.F) {
	f.Add(bytes.Repeat([]byte{3}, 32), []byte("message"), make([]byte, 32))
	f.Fuzz(func(t *testing.T, key, msg, aux []byte) {
		k, err := secp256k1.NewPrivateKey(key)
		if err != nil || len(aux) != 32 {
			return
		}
		sig, err := schnorr.SignWithAux(k, msg, aux)
		if err != nil {
			t.Fatal(err)
		}
		x, _ := k.PublicKey().XOnly()
		if !schnorr.Verify(x, msg, sig) {
			t.Fatal("signature does not verify")
		}
		sig[63] ^= 1
		if schnorr.Verify(x, msg, sig) {
			t.Fatal("corrupted signature verifies")
		}
	})
}

func FuzzVerify(f *testing.F) {
	f.Add(make([]byte, 32), []byte("m"), make([]byte, 64))
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		x, err := secp256k1.NewXOnlyPublicKey(pub)
		if err != nil {
			return
		}
		schnorr.Verify(x, msg, sig) // must not panic
	})
}
