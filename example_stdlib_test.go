package secp256k1_test

import (
	"crypto"
	stdecdsa "crypto/ecdsa"
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1"
)

// A PrivateKey is a crypto.Signer (deterministic RFC 6979, ASN.1 DER), and
// its keys convert to crypto/ecdsa's on S256(), an elliptic.Curve.
func ExamplePrivateKey_Sign() {
	priv, _ := secp256k1.GenerateKey(nil)
	defer priv.Zero()

	var signer crypto.Signer = priv
	digest := sha256.Sum256([]byte("hello"))
	der, err := signer.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		panic(err)
	}

	// The standard library verifies it.
	pub := priv.PublicKey().ToECDSA() // *crypto/ecdsa.PublicKey, Curve: secp256k1.S256()
	fmt.Println(pub.Curve.Params().Name, stdecdsa.VerifyASN1(pub, digest[:], der))

	// And back: a crypto/ecdsa key on secp256k1 (also go-ethereum's
	// crypto.S256() keys) becomes a PrivateKey.
	back, err := secp256k1.PrivateKeyFromECDSA(priv.ToECDSA())
	fmt.Println(back.Equal(priv), err)
	// Output:
	// secp256k1 true
	// true <nil>
}
