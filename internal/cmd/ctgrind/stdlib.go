//lint:file-ignore SA1019 this file implements or exercises the crypto/ecdsa and crypto/elliptic bridge, whose big.Int API Go deprecates but callers (go-ethereum, x509-style code) still use

package main

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
)

// runStdlib runs the secret paths of the bridge to the standard library on
// a secret key: S256's ScalarBaseMult and ScalarMult with the key as the
// scalar (crypto/ecdsa's generic code and go-ethereum's ECIES pass a
// private D there), also as a longer encoding that must be reduced mod n,
// and PrivateKey.Sign (crypto.Signer). The coordinates these return are
// declassified by the library before it builds the *big.Int results
// (math/big is not constant time), so only the scalar handling and the
// multiplications are checked here.
func runStdlib(i int, keyBytes []byte, remote *secp256k1.PrivateKey) {
	c := secp256k1.S256()
	pub := mustKey(fmt.Sprintf("%x", keyBytes)).PublicKey().ToECDSA()
	rpub := remote.PublicKey().ToECDSA()

	k := bytes.Clone(keyBytes)
	secret(k)
	x, y := c.ScalarBaseMult(k)
	if x.Cmp(pub.X) != 0 || y.Cmp(pub.Y) != 0 {
		fail("key %d: S256 ScalarBaseMult differs from the public key", i)
	}
	// k + n·2^8 as 33 bytes: the same point, through the reduction.
	long := append([]byte{0}, keyBytes...)
	carry := 0
	order := mustHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	for j := 32; j >= 0; j-- {
		v := int(long[j]) + carry
		if j > 0 {
			v += int(order[j-1])
		}
		long[j], carry = byte(v), v>>8
	}
	secret(long)
	x, y = c.ScalarBaseMult(long)
	if x.Cmp(pub.X) != 0 || y.Cmp(pub.Y) != 0 {
		fail("key %d: S256 ScalarBaseMult(k + n) differs from the public key", i)
	}
	x, _ = c.ScalarMult(rpub.X, rpub.Y, k)
	want, err := remote.ECDH(mustKey(fmt.Sprintf("%x", keyBytes)).PublicKey())
	if err != nil || !bytes.Equal(x.FillBytes(make([]byte, 32)), reference(want)) {
		fail("key %d: S256 ScalarMult disagrees with ECDH (%v)", i, err)
	}
	x, _ = c.ScalarMult(rpub.X, rpub.Y, long)
	if !bytes.Equal(x.FillBytes(make([]byte, 32)), want) {
		fail("key %d: S256 ScalarMult(k + n) disagrees with ECDH", i)
	}

	sk := bytes.Clone(keyBytes)
	secret(sk)
	priv, err := secp256k1.NewPrivateKey(sk)
	publicErr(&err)
	if err != nil {
		fail("key %d: NewPrivateKey: %v", i, err)
		return
	}
	digest := sha256.Sum256([]byte(fmt.Sprintf("ctgrind crypto.Signer %d", i)))
	der, err := priv.Sign(nil, digest[:], crypto.SHA256)
	publicErr(&err)
	if err != nil {
		fail("key %d: PrivateKey.Sign: %v", i, err)
		return
	}
	public(der)
	sig, err := ecdsa.ParseDERSignature(der)
	pk, _ := secp256k1.PublicKeyFromECDSA(pub)
	if err != nil || !ecdsa.Verify(pk, digest[:], sig) {
		fail("key %d: PrivateKey.Sign signature does not verify (%v)", i, err)
	}
	stillSecret(fmt.Sprintf("key %d: private key after crypto.Signer", i), priv.Bytes())
}
