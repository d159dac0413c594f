package dleq_test

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/dleq"
)

// A silent-payment sender proves that its ECDH share C = a·B_scan was
// computed with the secret a behind its public key A, without revealing a;
// anyone holding A, B_scan, C and the proof can check it.
func ExampleProve() {
	a, _ := secp256k1.GenerateKey(nil)    // the sender's input key
	scan, _ := secp256k1.GenerateKey(nil) // the recipient's scan key
	bScan := scan.PublicKey()

	C, err := a.ECDHPoint(bScan) // the ECDH share, a·B_scan
	if err != nil {
		panic(err)
	}
	proof, err := dleq.Prove(a, bScan, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("proof bytes:", len(proof))

	// The verifier.
	A := a.PublicKey()
	fmt.Println("valid:", dleq.Verify(A, bScan, C, proof, nil))
	other, _ := secp256k1.GenerateKey(nil)
	fmt.Println("valid for another share:", dleq.Verify(A, bScan, other.PublicKey(), proof, nil))

	// A proof can also commit to a 32-byte message.
	msg := make([]byte, 32)
	copy(msg, "output index 0")
	proof, _ = dleq.Prove(a, bScan, &dleq.Options{Message: msg})
	fmt.Println("valid with the message:", dleq.Verify(A, bScan, C, proof, &dleq.Options{Message: msg}))
	fmt.Println("valid without it:", dleq.Verify(A, bScan, C, proof, nil))
	// Output:
	// proof bytes: 64
	// valid: true
	// valid for another share: false
	// valid with the message: true
	// valid without it: false
}
