package keys

import (
	"crypto/sha256"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
)

// sharedPoint sets a to d·Q for k's secret d and remote's point Q, in
// constant time with respect to d. It returns an error for an invalid key,
// or if d·Q is the point at infinity, which cannot happen for valid keys (Q
// has prime order n and 1 <= d < n); whether it is infinity is
// declassified, as it is public. The caller wipes a.
func (k *Private) sharedPoint(a *group.Affine, remote *Public) error {
	d, err := k.Scalar()
	if err != nil {
		return err
	}
	q, err := remote.Point()
	if err != nil {
		return err
	}
	var j group.Jacobian
	ecmult.ScalarMult(&j, d, q)
	a.SetJacobian(&j)
	inf := a.IsInfinity()
	ctcheck.Public(&inf)
	if inf == 1 {
		return errInfinity // unreachable for valid keys
	}
	return nil
}

// ECDH sets out to the x coordinate of d·Q, where d is priv's secret and Q
// is remote's point: the raw secret of SEC 1, crypto/ecdh and nostr
// NIP-04/44. It runs in constant time with respect to the secret and does
// not allocate. out must not be nil; it is written only on success.
func ECDH(out *[32]byte, priv *Private, remote *Public) error {
	var a group.Affine
	defer func() { a = group.Affine{} }()
	if err := priv.sharedPoint(&a, remote); err != nil {
		return err
	}
	a.X.PutBytes(out)
	return nil
}

// ECDHSHA256 sets out to SHA-256(0x02|parity(y) ‖ x) of the shared point
// d·Q = (x, y), libsecp256k1's default secp256k1_ecdh output. It runs in
// constant time with respect to the secret and does not allocate. out must
// not be nil; it is written only on success.
func ECDHSHA256(out *[32]byte, priv *Private, remote *Public) error {
	var a group.Affine
	defer func() { a = group.Affine{} }()
	if err := priv.sharedPoint(&a, remote); err != nil {
		return err
	}
	var buf [33]byte
	defer clear(buf[:])
	buf[0] = prefixEven | byte(a.Y.IsOdd())
	a.X.PutBytes((*[32]byte)(buf[1:]))
	*out = sha256.Sum256(buf[:])
	return nil
}

// ECDHPoint sets k to the shared point d·Q, where d is priv's secret and Q
// is remote's point, in constant time with respect to the secret (the point
// is secret material: BIP-352 and Lightning derive keys from it). k may be
// remote.
func (k *Public) ECDHPoint(priv *Private, remote *Public) error {
	if k == nil {
		return errNilPublic
	}
	var a group.Affine
	defer func() { a = group.Affine{} }()
	if err := priv.sharedPoint(&a, remote); err != nil {
		return err
	}
	k.setPoint(&a)
	return nil
}
