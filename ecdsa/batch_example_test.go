package ecdsa_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
)

func ExampleBatchVerifier() {
	var b ecdsa.BatchVerifier // the zero value is ready to use
	for i, m := range []string{"first", "second", "third", "fourth"} {
		priv, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{byte(i + 1)}, 32))
		hash := sha256.Sum256([]byte(m))
		sig, _ := ecdsa.Sign(priv, hash[:]) // RFC 6979, low-S
		pub := priv.PublicKey()
		switch i {
		case 1:
			hash[0] ^= 1 // not the hash that was signed: Verify and Invalid judge it
		case 2:
			pub = nil // Add says so, and keeps it as an invalid entry
		}
		if err := b.Add(pub, hash[:], sig); err != nil {
			fmt.Println("Add:", err)
		}
	}
	fmt.Println(b.Len(), b.Verify(), b.Invalid()) // Invalid's indices are those of the Add calls
	// Output:
	// Add: secp256k1: invalid public key: nil or zero-value key
	// 4 false [1 2]
}
