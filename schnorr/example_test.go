package schnorr_test

import (
	"encoding/hex"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/schnorr"
)

func Example() {
	priv, err := secp256k1.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	msg := []byte("any length message")
	sig, err := schnorr.Sign(priv, msg) // fresh auxiliary randomness
	if err != nil {
		panic(err)
	}
	pub, _ := priv.PublicKey().XOnly() // 32-byte BIP-340 key
	fmt.Println(len(sig), schnorr.Verify(pub, msg, sig))
	// Output: 64 true
}

func ExampleSignWithAux() {
	// BIP-340 test vector 0.
	b, _ := hex.DecodeString("0000000000000000000000000000000000000000000000000000000000000003")
	priv, _ := secp256k1.NewPrivateKey(b)
	sig, _ := schnorr.SignWithAux(priv, make([]byte, 32), make([]byte, 32))
	fmt.Printf("%X\n", sig)
	// Output: E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0
}
