package schnorr_test

import (
	"bytes"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/schnorr"
)

func ExampleBatchVerifier() {
	var b schnorr.BatchVerifier // the zero value is ready to use
	msgs := []string{"first", "second", "third", "fourth"}
	for i, m := range msgs {
		priv, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{byte(i + 1)}, 32))
		pub, _ := priv.PublicKey().XOnly()
		sig, _ := schnorr.SignWithAux(priv, []byte(m), make([]byte, 32))
		switch i {
		case 1:
			sig[63] ^= 1 // a forgery: Add accepts it, Verify and Invalid judge it
		case 2:
			sig = sig[:63] // malformed: Add says so, and keeps it as an invalid entry
		}
		if err := b.Add(pub, []byte(m), sig); err != nil {
			fmt.Println("Add:", err)
		}
	}
	fmt.Println(b.Len(), b.Verify(), b.Invalid()) // Invalid's indices are those of the Add calls
	// Output:
	// Add: schnorr: invalid signature: length 63, want 64
	// 4 false [1 2]
}
