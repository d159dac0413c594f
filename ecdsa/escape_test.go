package ecdsa

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestKeysStayOnTheStack checks that signing, verification and recovery do
// not make their key arguments escape to the heap: keys declared inside the
// measured function must cost no allocation. (A key that escaped, as through
// the former interface-typed key hooks, would be moved to the heap.)
func TestKeysStayOnTheStack(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	secret := bytes.Repeat([]byte{0x5a}, 32)
	hash := bytes.Repeat([]byte{0xa5}, 32)
	n := testing.AllocsPerRun(10, func() {
		var k keys.Private
		if k.SetBytes(secret) != nil {
			panic("SetBytes")
		}
		priv := (*secp256k1.PrivateKey)(&k)
		var sig Signature
		recID, err := sign(&sig, priv, hash, nil, 0)
		if err != nil {
			panic(err)
		}
		pk, err := k.Public()
		if err != nil {
			panic(err)
		}
		var p keys.Public
		if p.Set(pk) != nil || !Verify((*secp256k1.PublicKey)(&p), hash, &sig) {
			panic("Verify")
		}
		_ = recID
	})
	if n != 0 {
		t.Fatalf("%v allocations: a key escapes to the heap", n)
	}
}
