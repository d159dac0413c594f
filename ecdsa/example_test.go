package ecdsa_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
)

func Example() {
	b, _ := hex.DecodeString("0000000000000000000000000000000000000000000000000000000000000001")
	priv, _ := secp256k1.NewPrivateKey(b)
	hash := sha256.Sum256([]byte("Satoshi Nakamoto"))

	// RFC 6979: the same key and hash always give the same signature, the
	// one libsecp256k1 produces.
	sig, err := ecdsa.Sign(priv, hash[:])
	if err != nil {
		panic(err)
	}
	der := sig.BytesDER()
	fmt.Printf("%x\n", der)

	parsed, err := ecdsa.ParseDERSignature(der)
	if err != nil {
		panic(err)
	}
	fmt.Println(ecdsa.Verify(priv.PublicKey(), hash[:], parsed))
	// Output:
	// 3045022100934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d802202442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5
	// true
}

func ExampleRecoverPublicKey() {
	priv, _ := secp256k1.GenerateKey(nil)
	hash := sha256.Sum256([]byte("hello"))
	sig, recID, _ := ecdsa.SignRecoverable(priv, hash[:])

	pub, err := ecdsa.RecoverPublicKey(hash[:], sig, recID)
	if err != nil {
		panic(err)
	}
	fmt.Println(pub.Equal(priv.PublicKey()))
	// Output: true
}
