// Package ecdsasign is the ECDSA signing core shared by package ecdsa and
// by secp256k1.PrivateKey.Sign (crypto.Signer), which cannot import ecdsa
// (ecdsa imports it): RFC 6979 nonces byte-identical to libsecp256k1's
// default nonce function, the signing loop, the SEC 1 hash-to-scalar rule
// and the strict DER encoder. Its tests are those of package ecdsa (RFC 6979
// and libsecp256k1 vectors, Wycheproof, the DER fixtures, allocation and
// escape checks) and of PrivateKey.Sign; the valgrind harness runs it
// through both.
package ecdsasign

import (
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// MaxNonceAttempts bounds the RFC 6979 retry loop. A retry happens when the
// nonce candidate is 0 or >= n, or when r or s is 0, each with probability
// below 2^-127 for a valid key; 64 in a row cannot happen, and the bound
// turns a broken invariant into an error instead of a hang.
const MaxNonceAttempts = 64

// Sign sets (r, s) to the low-S ECDSA signature of hash by the secret d
// (which the caller has checked is in [1, n)) with RFC 6979 nonces, with
// extra as RFC 6979 section 3.6 additional data when non-nil, and returns
// its recovery id (bit 0: R's y is odd; bit 1: R's x was ≥ n) and true.
// The nonce candidates are tried from number first on (0 for signing; the
// valgrind harness starts later to run the retry path). If no candidate
// works within MaxNonceAttempts it zeroes r and s and returns false.
//
// It runs in constant time with respect to d and the nonce, and clears its
// copies of both.
func Sign(r, s *scalar.Scalar, d *scalar.Scalar, hash []byte, extra *[32]byte, first uint32) (recID byte, ok bool) {
	m, msg := HashToScalar(hash)
	var key, nonce [32]byte
	d.PutBytes(&key)
	defer clear(key[:])
	defer clear(nonce[:])

	var k scalar.Scalar
	defer k.Zero()
	for counter := first; counter < first+MaxNonceAttempts; counter++ {
		Nonce(&nonce, &key, &msg, extra, counter)
		valid := k.SetCanonicalBytes(&nonce) & (1 ^ k.IsZero())
		// Whether the candidate is usable is public (as in libsecp256k1:
		// it reveals nothing about the nonce finally used).
		ctcheck.Public(&valid)
		if valid != 1 {
			continue
		}
		if recID, ok := signWithNonce(r, s, d, &m, &k); ok {
			return recID, true
		}
	}
	r.Zero()
	s.Zero()
	return 0, false
}

// signWithNonce sets (r, s) to the low-S signature of the message scalar m
// by d with the nonce k (in [1, n)), and returns its recovery id and true,
// or false if r or s is 0 (the caller tries the next nonce). It is the
// body of Sign's loop; the exhaustive tests call it with every nonce. It
// runs in constant time with respect to d and k.
func signWithNonce(r, s, d, m, k *scalar.Scalar) (recID byte, ok bool) {
	var kinv, t scalar.Scalar
	defer kinv.Zero()
	var rp group.Projective
	var ra group.Affine
	ecmult.BaseMult(&rp, k)
	ra.SetProjective(&rp)
	xb := ra.X.Bytes()
	overflow := r.SetBytes(&xb)
	recID = byte(overflow<<1 | ra.Y.IsOdd())
	// s = k⁻¹·(m + r·d)
	kinv.Invert(k)
	t.Multiply(r, d)
	t.Add(&t, m)
	t.Multiply(&t, &kinv)
	high := t.IsHigh()
	s.CondNegate(&t, high)
	recID ^= byte(high)
	// r and s are the public signature; their being zero is public.
	ctcheck.Public(r)
	ctcheck.Public(s)
	ctcheck.Public(&recID)
	if r.IsZero() == 1 || s.IsZero() == 1 {
		return 0, false
	}
	return recID, true
}

// HashToScalar interprets hash per SEC 1 (leftmost 256 bits, big-endian)
// and reduces it mod n. It also returns the 32-byte form fed to RFC 6979.
func HashToScalar(hash []byte) (m scalar.Scalar, b [32]byte) {
	if len(hash) > 32 {
		hash = hash[:32]
	}
	copy(b[32-len(hash):], hash)
	m.SetBytes(&b)
	return m, b
}
