package secp256k1_test

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/secp256k1"
)

func Example() {
	// Alice and Bob each have a key pair and exchange public keys.
	alice, err := secp256k1.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	bob, err := secp256k1.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	// A public key travels as 33 bytes (SEC 1 compressed).
	wire := bob.PublicKey().BytesCompressed()
	bobPub, err := secp256k1.NewPublicKey(wire)
	if err != nil {
		panic(err)
	}
	s1, _ := alice.ECDH(bobPub)
	s2, _ := bob.ECDH(alice.PublicKey())
	fmt.Println(len(s1), bytes.Equal(s1, s2))
	// Output: 32 true
}

func ExampleNewPrivateKey() {
	b, _ := hex.DecodeString("0000000000000000000000000000000000000000000000000000000000000001")
	k, err := secp256k1.NewPrivateKey(b)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", k.PublicKey().BytesCompressed())
	x, yOdd := k.PublicKey().XOnly()
	fmt.Printf("%x %v\n", x.Bytes(), yOdd)

	_, err = secp256k1.NewPrivateKey(make([]byte, 32)) // zero is not a key
	fmt.Println(err)
	// Output:
	// 0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798
	// 79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798 false
	// secp256k1: invalid private key: not in [1, n)
}
