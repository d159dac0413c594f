//go:build valgrind

package main

import (
	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// runRetryPath signs with the RFC 6979 nonce candidates 1 and 2 instead of
// 0 (ecdsa.SignFromCounter exists only with the valgrind tag), so that the
// retry path of the nonce loop runs on a secret key.
func runRetryPath(i int, priv *secp256k1.PrivateKey, pub *secp256k1.PublicKey, hash []byte, sig *ecdsa.Signature) {
	for first := uint32(1); first <= 2; first++ {
		csig, id, err := ecdsa.SignFromCounter(priv, hash, first)
		publicErr(&err)
		if err != nil {
			fail("key %d: retry path from candidate %d: %v", i, first, err)
			continue
		}
		ctcheck.Public(csig)
		ctcheck.Public(&id)
		if got, err := ecdsa.RecoverPublicKey(hash, csig, id); err != nil || !got.Equal(pub) || csig.Equal(sig) {
			fail("key %d: retry path from candidate %d: wrong signature (%v)", i, first, err)
		}
	}

}
