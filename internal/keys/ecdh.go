package keys

import (
	"crypto/sha256"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// sharedPoint sets a to d·P in constant time with respect to d and returns
// an error if it is the point at infinity, which cannot happen for a valid
// d and a valid public point P (both are checked by the callers); whether
// it is infinity is declassified, as it is public.
func sharedPoint(a *group.Affine, d *scalar.Scalar, p *group.Affine) error {
	var j group.Jacobian
	ecmult.ScalarMult(&j, d, p)
	a.SetJacobian(&j)
	inf := a.Infinity
	ctcheck.Public(&inf)
	if inf {
		return errInfinity // unreachable for valid keys
	}
	return nil
}

// ECDH sets out to the x coordinate of d·Q (the raw secret of SEC 1,
// crypto/ecdh and nostr NIP-04/44) or, if hashed, to SHA-256(0x02|parity(y)
// ‖ x) (libsecp256k1's default secp256k1_ecdh output). It runs in constant
// time with respect to the secret and does not allocate. out is written
// only on success.
func (k *Private) ECDH(out *[32]byte, remote *Public, hashed bool) error {
	d, err := k.Scalar()
	if err != nil {
		return err
	}
	q, err := remote.Point()
	if err != nil {
		return err
	}
	var a group.Affine
	defer func() { a = group.Affine{} }()
	if err := sharedPoint(&a, d, q); err != nil {
		return err
	}
	if !hashed {
		a.X.PutBytes(out)
		return nil
	}
	var buf [33]byte
	defer clear(buf[:])
	buf[0] = prefixEven | byte(a.Y.IsOdd())
	a.X.PutBytes((*[32]byte)(buf[1:]))
	*out = sha256.Sum256(buf[:])
	return nil
}

// ECDHPoint sets out to the shared point d·Q, in constant time with respect
// to the secret (the point is secret material: BIP-352 and Lightning derive
// keys from it).
func (k *Private) ECDHPoint(out *Public, remote *Public) error {
	d, err := k.Scalar()
	if err != nil {
		return err
	}
	q, err := remote.Point()
	if err != nil {
		return err
	}
	var a group.Affine
	defer func() { a = group.Affine{} }()
	if err := sharedPoint(&a, d, q); err != nil {
		return err
	}
	out.setPoint(&a)
	return nil
}
