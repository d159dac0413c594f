// Package ecdh computes the ECDH shared secret of a secret scalar and a
// public point, for the root package's PrivateKey.ECDH/ECDHSHA256 and the
// nostr signer. It is a package of its own, called directly, so that both
// share one constant-time implementation without their arguments escaping
// to the heap.
package ecdh

import (
	"crypto/sha256"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Shared sets out to the x coordinate of d·P (the raw secret of SEC 1,
// crypto/ecdh and nostr NIP-04/44) or, if hashed, to SHA-256(0x02|parity(y)
// ‖ x) (libsecp256k1's default secp256k1_ecdh output), and returns true. It
// returns false, leaving out unchanged, only if d·P is the point at infinity,
// which cannot happen for 1 <= d < n and a valid public point P. It runs in
// constant time with respect to d; whether the result is infinity is
// declassified, as it is public. It does not allocate.
func Shared(out *[32]byte, d *scalar.Scalar, p *group.Affine, hashed bool) bool {
	var j group.Jacobian
	ecmult.ScalarMult(&j, d, p)
	var a group.Affine
	a.SetJacobian(&j)
	defer func() { a = group.Affine{} }()
	inf := a.Infinity
	ctcheck.Public(&inf)
	if inf {
		return false
	}
	if !hashed {
		a.X.PutBytes(out)
		return true
	}
	var buf [33]byte
	buf[0] = 0x02 | byte(a.Y.IsOdd())
	a.X.PutBytes((*[32]byte)(buf[1:]))
	*out = sha256.Sum256(buf[:])
	clear(buf[:])
	return true
}
