//go:build valgrind

package ecdsa

import "github.com/p256k1/secp256k1"

// SignFromCounter exists only in builds with the valgrind tag, for the
// constant-time harness internal/cmd/ctgrind: it is SignRecoverable with
// the RFC 6979 nonce candidates tried from number first on instead of 0,
// so that the harness runs the retry path (RFC 6979 section 3.2 step h.3)
// that a valid key otherwise reaches with probability about 2^-127.
func SignFromCounter(priv *secp256k1.PrivateKey, hash []byte, first uint32) (*Signature, byte, error) {
	sig := new(Signature)
	recID, err := sign(sig, priv, hash, nil, first)
	if err != nil {
		return nil, 0, err
	}
	return sig, recID, nil
}
