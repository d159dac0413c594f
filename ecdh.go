package secp256k1

import "github.com/p256k1/secp256k1/internal/keys"

// ECDH returns the x coordinate (32 bytes, big-endian) of d·Q, where d is
// k's secret and Q is remote: the raw shared secret of SEC 1, crypto/ecdh
// and nostr NIP-04/NIP-44. Hash it before using it as a key (NIP-44 does so
// with HKDF). It runs in constant time with respect to the secret.
//
// Not to be confused with signer.Signer.ECDH, which is hashed: it returns
// SHA-256(0x02|parity(y) ‖ x) of d·Q, the value of ECDHSHA256 here and of
// libsecp256k1's secp256k1_ecdh by default (for an x-only peer key, Q is
// its even-y point). The raw x of this method is signer.Signer.ECDHRaw.
//
// It returns an error wrapping ErrInvalidPrivateKey or ErrInvalidPublicKey
// for a nil or zero-value key. For valid keys it cannot fail: every
// PublicKey is a point of prime order n, so d·Q is never the point at
// infinity.
func (k *PrivateKey) ECDH(remote *PublicKey) ([]byte, error) {
	var out [32]byte
	if err := keys.ECDH(&out, k.in(), remote.in()); err != nil {
		return nil, err
	}
	return out[:], nil
}

// ECDHSHA256 returns SHA-256(0x02 or 0x03 ‖ x) of the shared point d·Q, the
// default hashed output of libsecp256k1's secp256k1_ecdh (the prefix is
// 0x02 | parity of y). It runs in constant time with respect to the secret
// and fails only for invalid keys, as ECDH does.
func (k *PrivateKey) ECDHSHA256(remote *PublicKey) ([]byte, error) {
	var out [32]byte
	if err := keys.ECDHSHA256(&out, k.in(), remote.in()); err != nil {
		return nil, err
	}
	return out[:], nil
}

// ECDHPoint returns the whole shared point d·Q as a public key, computed in
// constant time with respect to the secret, for protocols that derive more
// than the x coordinate from it: BIP-352 silent payments (the shared secret
// a·B_scan is serialized compressed), Lightning's BOLT 4 onion keys, FROST
// and other threshold schemes. The result is secret material for the two
// parties even though its type is PublicKey; treat it as such. It fails only
// for invalid keys, as ECDH does.
func (k *PrivateKey) ECDHPoint(remote *PublicKey) (*PublicKey, error) {
	out := new(keys.Public)
	if err := out.ECDHPoint(k.in(), remote.in()); err != nil {
		return nil, err
	}
	return (*PublicKey)(out), nil
}
