package secp256k1

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/ecdh"
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
	if remote == nil {
		return nil, fmt.Errorf("%w: nil remote key", ErrInvalidPublicKey)
	}
	var out [32]byte
	if !ecdh.Shared(&out, &k.d, &remote.p, false) {
		return nil, errSharedInfinity // unreachable for valid keys
	}
	return out[:], nil
}

// ECDHSHA256 returns SHA-256(0x02 or 0x03 ‖ x) of the shared point d·Q, the
// default hashed output of libsecp256k1's secp256k1_ecdh (the prefix is
// 0x02 | parity of y). It runs in constant time with respect to the secret.
func (k *PrivateKey) ECDHSHA256(remote *PublicKey) ([]byte, error) {
	if remote == nil {
		return nil, fmt.Errorf("%w: nil remote key", ErrInvalidPublicKey)
	}
	var out [32]byte
	if !ecdh.Shared(&out, &k.d, &remote.p, true) {
		return nil, errSharedInfinity // unreachable for valid keys
	}
	return out[:], nil
}

var errSharedInfinity = fmt.Errorf("%w: shared point is the point at infinity", ErrInvalidPublicKey)
