package secp256k1

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/scalar"
)

// A PrivateKey carries its public key, so it plays the part of
// libsecp256k1's secp256k1_keypair: the methods here are the keypair
// operations of the extrakeys module that BIP-340 and BIP-341 need.

// XOnlyTweakAdd returns the private key for the x-only tweak of k's public
// key by the 32-byte big-endian tweak t (libsecp256k1's
// secp256k1_keypair_xonly_tweak_add): if k's public key P has odd y the
// secret is negated first (so that it belongs to the even-y point that the
// x-only key stands for), then t is added. The result's public key is
// x.TweakAdd(t) for x, _ := k.PublicKey().XOnly(), and may have odd y.
//
// It returns an error wrapping ErrInvalidTweak if tweak is not 32 bytes, if
// t >= n (never reduced) or if the result is 0. t = 0 is allowed (it returns
// the even-y secret).
//
// It runs in constant time with respect to the secret and the tweak; only
// the validity of the result is revealed.
func (k *PrivateKey) XOnlyTweakAdd(tweak []byte) (*PrivateKey, error) {
	if k == nil {
		return nil, fmt.Errorf("%w: nil key", ErrInvalidPrivateKey)
	}
	var t scalar.Scalar
	inRange, err := setTweak(&t, tweak)
	if err != nil {
		return nil, err
	}
	defer t.Zero()
	var d scalar.Scalar
	k.evenYSecret(&d)
	defer d.Zero()
	return addTweak(&d, &t, inRange)
}

// evenYSecret sets d to k's secret if its public key has even y and to its
// negation otherwise: the secret of the x-only key of k, as BIP-340 signing
// uses it. It does not branch on the parity.
func (k *PrivateKey) evenYSecret(d *scalar.Scalar) {
	d.CondNegate(&k.d, k.pub.p.Y.IsOdd())
}
