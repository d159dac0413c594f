package secp256k1

import (
	"crypto/sha256"
	"fmt"
	"unsafe"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
)

// ECDH returns the x coordinate (32 bytes, big-endian) of d·Q, where d is
// k's secret and Q is remote: the raw shared secret of SEC 1, crypto/ecdh
// and nostr NIP-04/NIP-44. Hash it before using it as a key (NIP-44 does so
// with HKDF). It runs in constant time with respect to the secret.
//
// Every PublicKey is a valid point of prime order, so the result is never
// the point at infinity; the error return is kept for API stability and is
// always nil for keys built by this package.
func (k *PrivateKey) ECDH(remote *PublicKey) ([]byte, error) {
	var x, y [32]byte
	if err := k.sharedPoint(remote, &x, &y); err != nil {
		return nil, err
	}
	clear(y[:])
	return x[:], nil
}

// ECDHSHA256 returns SHA-256(0x02 or 0x03 ‖ x) of the shared point d·Q, the
// default hashed output of libsecp256k1's secp256k1_ecdh (the prefix is
// 0x02 | parity of y). It runs in constant time with respect to the secret.
func (k *PrivateKey) ECDHSHA256(remote *PublicKey) ([]byte, error) {
	var buf [33]byte
	var y [32]byte
	if err := k.sharedPoint(remote, (*[32]byte)(buf[1:]), &y); err != nil {
		return nil, err
	}
	buf[0] = prefixEven | y[31]&1
	h := sha256.Sum256(buf[:])
	clear(buf[:])
	clear(y[:])
	return h[:], nil
}

func (k *PrivateKey) sharedPoint(remote *PublicKey, x, y *[32]byte) error {
	if remote == nil {
		return fmt.Errorf("%w: nil remote key", ErrInvalidPublicKey)
	}
	var p group.Jacobian
	ecmult.ScalarMult(&p, &k.d, &remote.p)
	var a group.Affine
	p.ToAffine(&a)
	inf := a.Infinity
	ctcheck.Public(unsafe.Pointer(&inf), unsafe.Sizeof(inf))
	if inf {
		// Unreachable for a prime-order group and 1 <= d < n.
		return fmt.Errorf("%w: shared point is the point at infinity", ErrInvalidPublicKey)
	}
	a.X.PutBytes(x)
	a.Y.PutBytes(y)
	return nil
}
