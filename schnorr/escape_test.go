package schnorr

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestKeysStayOnTheStack checks that signing and verification do not make
// their key arguments escape to the heap: keys declared inside the measured
// function must cost no allocation.
func TestKeysStayOnTheStack(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	secret := bytes.Repeat([]byte{0x5a}, 32)
	msg := []byte("stack")
	aux := make([]byte, 32)
	n := testing.AllocsPerRun(10, func() {
		var k keys.Private
		if k.SetBytes(secret) != nil {
			panic("SetBytes")
		}
		var sig [64]byte
		if err := signInto(&sig, (*secp256k1.PrivateKey)(&k), msg, aux); err != nil {
			panic(err)
		}
		pk, err := k.Public()
		if err != nil {
			panic(err)
		}
		var x keys.XOnly
		if _, err := x.SetPublic(pk); err != nil {
			panic(err)
		}
		if !Verify((*secp256k1.XOnlyPublicKey)(&x), msg, sig[:]) {
			panic("Verify")
		}
	})
	if n != 0 {
		t.Fatalf("%v allocations: a key escapes to the heap", n)
	}
}
