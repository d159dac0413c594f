package keys

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// The key tweaks of libsecp256k1's secp256k1.h and extrakeys module
// (secp256k1_ec_seckey_tweak_add and so on), with the same acceptance
// rules:
//
//   - a tweak is exactly 32 bytes, big-endian; a value >= n is rejected,
//     never reduced;
//   - an additive tweak of 0 is allowed (the key is unchanged); a
//     multiplicative tweak of 0 is rejected;
//   - a result of 0 (private keys) or the point at infinity (public keys)
//     is rejected.
//
// Every rejection returns an error wrapping ErrInvalidTweak; invalid keys
// and nil receivers return ErrInvalidPrivateKey or ErrInvalidPublicKey.
// Private-key tweaks run in constant time with respect to the key and the
// tweak and reveal only whether the result is valid. Public-key tweaks
// handle public data and run in variable time. Each sets its receiver to
// the result; the receiver may be the key argument, and is unchanged on
// error.

var (
	errTweakRange    = fmt.Errorf("%w: tweak >= n", ErrInvalidTweak)
	errTweakZeroKey  = fmt.Errorf("%w: the tweaked key is zero", ErrInvalidTweak)
	errTweakZeroMul  = fmt.Errorf("%w: multiplicative tweak is zero", ErrInvalidTweak)
	errTweakInfinity = fmt.Errorf("%w: the tweaked key is the point at infinity", ErrInvalidTweak)
)

// setTweak sets t to the 32-byte big-endian tweak b and returns 1 if b < n,
// 0 if b >= n (t then holds b mod n and must not be used), without
// branching on b. A wrong length is reported as an error.
func setTweak(t *scalar.Scalar, b []byte) (int, error) {
	if len(b) != 32 {
		return 0, fmt.Errorf("%w: length %d, want 32", ErrInvalidTweak, len(b))
	}
	return t.SetCanonicalBytes((*[32]byte)(b)), nil
}

// parseTweakVarTime sets t to the public tweak b, rejecting b >= n and, if
// nonZero, b == 0.
func parseTweakVarTime(t *scalar.Scalar, b []byte, nonZero bool) error {
	ok, err := setTweak(t, b)
	if err != nil {
		return err
	}
	if ok != 1 {
		return errTweakRange
	}
	if nonZero && t.IsZero() == 1 {
		return errTweakZeroMul
	}
	return nil
}

// tweakFailure returns the error for a failed private-key tweak. It runs
// only on the failure path, where the reason may be revealed.
func tweakFailure(inRange int, result error) error {
	ctcheck.Public(&inRange)
	if inRange != 1 {
		return errTweakRange
	}
	return result
}

// setSum sets k to the key d + t if inRange == 1 and the sum is not zero,
// in constant time up to the validity result.
func (k *Private) setSum(d, t *scalar.Scalar, inRange int) error {
	var s scalar.Scalar
	defer s.Zero()
	s.Add(d, t)
	ok := inRange & (1 ^ s.IsZero())
	ctcheck.Public(&ok)
	if ok != 1 {
		return tweakFailure(inRange, errTweakZeroKey)
	}
	k.set(&s)
	return nil
}

// TweakAdd sets k to the key (d + t) mod n, where d is x's secret and t the
// 32-byte tweak (libsecp256k1's secp256k1_ec_seckey_tweak_add, the BIP-32
// private child step).
func (k *Private) TweakAdd(x *Private, tweak []byte) error {
	if k == nil {
		return errNilPrivate
	}
	if !x.valid() {
		return errNoPrivate
	}
	var t scalar.Scalar
	defer t.Zero()
	inRange, err := setTweak(&t, tweak)
	if err != nil {
		return err
	}
	return k.setSum(&x.d, &t, inRange)
}

// TweakMul sets k to the key d·t mod n, where d is x's secret and t ≠ 0
// the 32-byte tweak (libsecp256k1's secp256k1_ec_seckey_tweak_mul). The
// product of two nonzero values mod the prime n is never 0.
func (k *Private) TweakMul(x *Private, tweak []byte) error {
	if k == nil {
		return errNilPrivate
	}
	if !x.valid() {
		return errNoPrivate
	}
	var t scalar.Scalar
	defer t.Zero()
	inRange, err := setTweak(&t, tweak)
	if err != nil {
		return err
	}
	ok := inRange & (1 ^ t.IsZero())
	ctcheck.Public(&ok)
	if ok != 1 {
		return tweakFailure(inRange, errTweakZeroMul)
	}
	var s scalar.Scalar
	defer s.Zero()
	s.Multiply(&x.d, &t)
	k.set(&s)
	return nil
}

// XOnlyTweakAdd sets k to the key for the x-only tweak of x's public key by
// t (libsecp256k1's secp256k1_keypair_xonly_tweak_add): the even-y secret
// of x plus t. It computes x's public key if needed.
func (k *Private) XOnlyTweakAdd(x *Private, tweak []byte) error {
	if k == nil {
		return errNilPrivate
	}
	var d scalar.Scalar
	defer d.Zero()
	if _, err := x.EvenYScalar(&d); err != nil {
		return err
	}
	var t scalar.Scalar
	defer t.Zero()
	inRange, err := setTweak(&t, tweak)
	if err != nil {
		return err
	}
	return k.setSum(&d, &t, inRange)
}

// setTweakAddVarTime sets k = p + t·G and returns an error wrapping
// ErrInvalidTweak if that is the point at infinity (k is then unchanged).
func (k *Public) setTweakAddVarTime(p *group.Affine, t *scalar.Scalar) error {
	var j group.Jacobian
	ecmult.BaseMultVarTime(&j, t)
	j.AddMixedVarTime(&j, p)
	if k.setJacobianVarTime(&j) != nil {
		return errTweakInfinity
	}
	return nil
}

// TweakAdd sets k to P + t·G, where P is x's point (libsecp256k1's
// secp256k1_ec_pubkey_tweak_add, the BIP-32 public child step).
func (k *Public) TweakAdd(x *Public, tweak []byte) error {
	if k == nil {
		return errNilPublic
	}
	p, err := x.Point()
	if err != nil {
		return err
	}
	var t scalar.Scalar
	if err := parseTweakVarTime(&t, tweak, false); err != nil {
		return err
	}
	return k.setTweakAddVarTime(p, &t)
}

// TweakMul sets k to t·P, where P is x's point, for a tweak t ≠ 0
// (libsecp256k1's secp256k1_ec_pubkey_tweak_mul).
func (k *Public) TweakMul(x *Public, tweak []byte) error {
	if k == nil {
		return errNilPublic
	}
	p, err := x.Point()
	if err != nil {
		return err
	}
	var t scalar.Scalar
	if err := parseTweakVarTime(&t, tweak, true); err != nil {
		return err
	}
	var zero scalar.Scalar
	var j group.Jacobian
	ecmult.DoubleMultVarTime(&j, &t, p, &zero)
	if k.setJacobianVarTime(&j) != nil {
		return errTweakInfinity // unreachable: P has prime order n and 0 < t < n
	}
	return nil
}

// Negate sets k to -P, where P is x's point: same x coordinate, the other
// y.
func (k *Public) Negate(x *Public) error {
	if k == nil {
		return errNilPublic
	}
	p, err := x.Point()
	if err != nil {
		return err
	}
	var a group.Affine
	a.Negate(p)
	k.setPoint(&a)
	return nil
}

// Combine sets k to the sum of the n keys key(0), …, key(n-1)
// (libsecp256k1's secp256k1_ec_pubkey_combine); k may be one of them. It
// returns an error wrapping ErrInvalidPublicKey if n is not positive, if
// key is nil, if a key is nil or the zero value, or if the sum is the point
// at infinity.
func (k *Public) Combine(n int, key func(i int) *Public) error {
	if k == nil {
		return errNilPublic
	}
	if n <= 0 || key == nil {
		return fmt.Errorf("%w: no keys to combine", ErrInvalidPublicKey)
	}
	var acc group.Jacobian
	acc.SetInfinity()
	for i := range n {
		p, err := key(i).Point()
		if err != nil {
			return fmt.Errorf("%w: key %d is nil or the zero value", ErrInvalidPublicKey, i)
		}
		acc.AddMixedVarTime(&acc, p)
	}
	if k.setJacobianVarTime(&acc) != nil {
		return fmt.Errorf("%w: the sum of the keys is the point at infinity", ErrInvalidPublicKey)
	}
	return nil
}

// XOnlyTweakAdd sets k to the full public key P + t·G, where P is x's
// even-y point (libsecp256k1's secp256k1_xonly_pubkey_tweak_add).
func (k *Public) XOnlyTweakAdd(x *XOnly, tweak []byte) error {
	if k == nil {
		return errNilPublic
	}
	p, err := x.Public()
	if err != nil {
		return err
	}
	return k.TweakAdd(p, tweak)
}

// TweakAddCheck reports whether tweaked32 with y parity tweakedOdd is the
// x-only form of P + t·G, where P is x's even-y point (libsecp256k1's
// secp256k1_xonly_pubkey_tweak_add_check). It returns false for an invalid
// key, a tweaked32 that is not 32 bytes and every tweak that
// XOnlyTweakAdd rejects.
func (x *XOnly) TweakAddCheck(tweaked32 []byte, tweakedOdd bool, tweak []byte) bool {
	if len(tweaked32) != 32 {
		return false
	}
	var q Public
	if q.XOnlyTweakAdd(x, tweak) != nil {
		return false
	}
	var qx [32]byte
	q.p.X.PutBytes(&qx)
	return qx == [32]byte(tweaked32) && (q.p.Y.IsOdd() == 1) == tweakedOdd
}
