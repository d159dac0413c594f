package secp256k1

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// This file holds the key tweaks of libsecp256k1's secp256k1.h and
// extrakeys module (secp256k1_ec_seckey_tweak_add and so on), with the same
// acceptance rules:
//
//   - a tweak is exactly 32 bytes, big-endian; a value >= n is rejected,
//     never reduced;
//   - an additive tweak of 0 is allowed (the key is unchanged);
//     a multiplicative tweak of 0 is rejected;
//   - a result of 0 (private keys) or the point at infinity (public keys) is
//     rejected.
//
// Every rejection returns an error wrapping ErrInvalidTweak (nil keys:
// ErrInvalidPrivateKey or ErrInvalidPublicKey). Keys are immutable: the
// methods return new keys.
//
// Private-key tweaks run in constant time with respect to the key and the
// tweak; only whether the result is valid is revealed, as in libsecp256k1.
// Public-key tweaks handle public data and run in variable time.

// setTweak sets t to the 32-byte big-endian tweak b and returns 1 if b < n,
// 0 if b >= n (t then holds b mod n and must not be used). It does not
// branch on the value of b. A wrong length is reported as an error.
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
		return fmt.Errorf("%w: tweak >= n", ErrInvalidTweak)
	}
	if nonZero && t.IsZero() == 1 {
		return fmt.Errorf("%w: multiplicative tweak is zero", ErrInvalidTweak)
	}
	return nil
}

// declassifyTweakOK reveals a constant-time validity flag (1 or 0) for the
// valgrind check: whether an operation on a secret succeeded is public.
func declassifyTweakOK(v *int) {
	ctcheck.Public(v)
}

// tweakFailure returns the error for a failed private-key tweak. It runs
// only on the failure path, where the reason may be revealed.
func tweakFailure(inRange int, result string) error {
	declassifyTweakOK(&inRange)
	if inRange != 1 {
		return fmt.Errorf("%w: tweak >= n", ErrInvalidTweak)
	}
	return fmt.Errorf("%w: %s", ErrInvalidTweak, result)
}

// TweakAdd returns the private key (d + t) mod n, where d is k's secret and
// t is the 32-byte big-endian tweak (libsecp256k1's
// secp256k1_ec_seckey_tweak_add, the BIP-32 private child derivation step).
// It returns an error wrapping ErrInvalidTweak if tweak is not 32 bytes, if
// t >= n (never reduced) or if the sum is 0. t = 0 is allowed and returns an
// equal key.
//
// It runs in constant time with respect to d and t; only the validity of the
// result is revealed. The new public key is computed from the new secret in
// constant time.
func (k *PrivateKey) TweakAdd(tweak []byte) (*PrivateKey, error) {
	if k == nil {
		return nil, fmt.Errorf("%w: nil key", ErrInvalidPrivateKey)
	}
	var t scalar.Scalar
	inRange, err := setTweak(&t, tweak)
	if err != nil {
		return nil, err
	}
	defer t.Zero()
	return addTweak(&k.d, &t, inRange)
}

// addTweak returns the key d + t if inRange == 1 and the sum is not zero,
// in constant time up to the validity result.
func addTweak(d, t *scalar.Scalar, inRange int) (*PrivateKey, error) {
	var s scalar.Scalar
	s.Add(d, t)
	defer s.Zero()
	ok := inRange & (1 ^ s.IsZero())
	declassifyTweakOK(&ok)
	if ok != 1 {
		return nil, tweakFailure(inRange, "the tweaked key is zero")
	}
	return newPrivateKey(&s), nil
}

// TweakMul returns the private key d·t mod n, where d is k's secret and t is
// the 32-byte big-endian tweak (libsecp256k1's secp256k1_ec_seckey_tweak_mul).
// It returns an error wrapping ErrInvalidTweak if tweak is not 32 bytes, if
// t >= n (never reduced) or if t = 0. The product of two nonzero values mod
// the prime n is never 0.
//
// It runs in constant time with respect to d and t; only the validity of the
// tweak is revealed. The new public key is computed from the new secret in
// constant time.
func (k *PrivateKey) TweakMul(tweak []byte) (*PrivateKey, error) {
	if k == nil {
		return nil, fmt.Errorf("%w: nil key", ErrInvalidPrivateKey)
	}
	var t scalar.Scalar
	inRange, err := setTweak(&t, tweak)
	if err != nil {
		return nil, err
	}
	defer t.Zero()
	ok := inRange & (1 ^ t.IsZero())
	declassifyTweakOK(&ok)
	if ok != 1 {
		return nil, tweakFailure(inRange, "multiplicative tweak is zero")
	}
	var s scalar.Scalar
	s.Multiply(&k.d, &t)
	defer s.Zero()
	return newPrivateKey(&s), nil
}

// Negate returns the private key n - d (libsecp256k1's
// secp256k1_ec_seckey_negate), whose public key is the negation of k's:
// same x, the other y. It runs in constant time and cannot fail.
func (k *PrivateKey) Negate() *PrivateKey {
	r := &PrivateKey{pub: new(PublicKey)}
	r.d.Negate(&k.d)
	r.pub.p.Negate(&k.pub.p)
	return r
}

// TweakAdd returns the public key P + t·G, where P is p and t is the 32-byte
// big-endian tweak (libsecp256k1's secp256k1_ec_pubkey_tweak_add, the
// BIP-32 public child derivation step). It returns an error wrapping
// ErrInvalidTweak if tweak is not 32 bytes, if t >= n (never reduced) or if
// the result is the point at infinity. t = 0 is allowed and returns an equal
// key. For every private key k, k.TweakAdd(t) has the public key
// k.PublicKey().TweakAdd(t).
//
// Public keys and tweaks are public data: execution time depends on the
// inputs.
func (p *PublicKey) TweakAdd(tweak []byte) (*PublicKey, error) {
	if p == nil {
		return nil, fmt.Errorf("%w: nil key", ErrInvalidPublicKey)
	}
	var t scalar.Scalar
	if err := parseTweakVarTime(&t, tweak, false); err != nil {
		return nil, err
	}
	var q group.Affine
	if !pointTweakAddVarTime(&q, &p.p, &t) {
		return nil, fmt.Errorf("%w: the tweaked key is the point at infinity", ErrInvalidTweak)
	}
	return &PublicKey{p: q}, nil
}

// pointTweakAddVarTime sets q = p + t·G and reports whether q is finite.
func pointTweakAddVarTime(q, p *group.Affine, t *scalar.Scalar) bool {
	var one scalar.Scalar
	one.One()
	var j group.Jacobian
	ecmult.DoubleMultVarTime(&j, &one, p, t)
	if j.Infinity {
		return false
	}
	q.SetJacobianVarTime(&j)
	return true
}

// TweakMul returns the public key t·P, where P is p and t is the 32-byte
// big-endian tweak (libsecp256k1's secp256k1_ec_pubkey_tweak_mul). It
// returns an error wrapping ErrInvalidTweak if tweak is not 32 bytes, if
// t >= n (never reduced) or if t = 0. For every private key k,
// k.TweakMul(t) has the public key k.PublicKey().TweakMul(t).
//
// Public keys and tweaks are public data: execution time depends on the
// inputs. To multiply a point by a secret, use PrivateKey.ECDH.
func (p *PublicKey) TweakMul(tweak []byte) (*PublicKey, error) {
	if p == nil {
		return nil, fmt.Errorf("%w: nil key", ErrInvalidPublicKey)
	}
	var t scalar.Scalar
	if err := parseTweakVarTime(&t, tweak, true); err != nil {
		return nil, err
	}
	var zero scalar.Scalar
	var j group.Jacobian
	ecmult.DoubleMultVarTime(&j, &t, &p.p, &zero)
	if j.Infinity {
		// Unreachable: P has prime order n and 0 < t < n.
		return nil, fmt.Errorf("%w: the tweaked key is the point at infinity", ErrInvalidTweak)
	}
	r := new(PublicKey)
	r.p.SetJacobianVarTime(&j)
	return r, nil
}

// Negate returns the public key -P: same x, the other y (libsecp256k1's
// secp256k1_ec_pubkey_negate). It cannot fail.
func (p *PublicKey) Negate() *PublicKey {
	r := new(PublicKey)
	r.p.Negate(&p.p)
	return r
}

// CombinePublicKeys returns the sum of the given public keys
// (libsecp256k1's secp256k1_ec_pubkey_combine). It returns an error wrapping
// ErrInvalidPublicKey if no key is given, if a key is nil, or if the sum is
// the point at infinity (for example P and -P). One key returns an equal key.
//
// Public keys are public data: execution time depends on the inputs.
func CombinePublicKeys(keys ...*PublicKey) (*PublicKey, error) {
	if len(keys) == 0 {
		return nil, fmt.Errorf("%w: no keys to combine", ErrInvalidPublicKey)
	}
	var acc group.Jacobian
	acc.SetInfinity()
	for i, k := range keys {
		if k == nil {
			return nil, fmt.Errorf("%w: key %d is nil", ErrInvalidPublicKey, i)
		}
		acc.AddMixedVarTime(&acc, &k.p)
	}
	if acc.Infinity {
		return nil, fmt.Errorf("%w: the sum of the keys is the point at infinity", ErrInvalidPublicKey)
	}
	r := new(PublicKey)
	r.p.SetJacobianVarTime(&acc)
	return r, nil
}

// Compare returns -1, 0 or +1 as the 33-byte compressed encoding of p is
// lexicographically less than, equal to or greater than that of q
// (libsecp256k1's secp256k1_ec_pubkey_cmp; the BIP-327 KeySort order). A nil
// key sorts before every key. Public keys are public data: execution time
// depends on the inputs.
func (p *PublicKey) Compare(q *PublicKey) int {
	switch {
	case p == nil && q == nil:
		return 0
	case p == nil:
		return -1
	case q == nil:
		return 1
	}
	var a, b [33]byte
	p.putCompressed(&a)
	q.putCompressed(&b)
	return bytes.Compare(a[:], b[:])
}

// SortPublicKeys sorts keys in place in ascending order of their 33-byte
// compressed encodings (PublicKey.Compare): the BIP-327 KeySort order and
// libsecp256k1's secp256k1_ec_pubkey_sort. Nil keys sort first. Equal keys
// are adjacent (their relative order is unspecified). It does not allocate.
func SortPublicKeys(keys []*PublicKey) {
	slices.SortFunc(keys, (*PublicKey).Compare)
}

// TweakAdd returns the full public key P + t·G, where P is the point with
// x-coordinate x and even y and t is the 32-byte big-endian tweak
// (libsecp256k1's secp256k1_xonly_pubkey_tweak_add; BIP-341 output keys are
// the x-only form of this key). It returns an error wrapping ErrInvalidTweak
// if tweak is not 32 bytes, if t >= n (never reduced) or if the result is
// the point at infinity. t = 0 is allowed.
//
// Public keys and tweaks are public data: execution time depends on the
// inputs.
func (x *XOnlyPublicKey) TweakAdd(tweak []byte) (*PublicKey, error) {
	if x == nil {
		return nil, fmt.Errorf("%w: nil key", ErrInvalidPublicKey)
	}
	return (&PublicKey{p: x.p}).TweakAdd(tweak)
}

// TweakAddCheck reports whether tweaked32 (a 32-byte x-coordinate) with y
// parity tweakedParity (true: odd) is the x-only form of x.TweakAdd(tweak)
// (libsecp256k1's secp256k1_xonly_pubkey_tweak_add_check; BIP-341 uses it
// to verify a script-path commitment). It returns false for a tweaked32 that
// is not 32 bytes and for every tweak that TweakAdd rejects.
//
// Public keys and tweaks are public data: execution time depends on the
// inputs.
func (x *XOnlyPublicKey) TweakAddCheck(tweaked32 []byte, tweakedParity bool, tweak []byte) bool {
	if x == nil || len(tweaked32) != 32 {
		return false
	}
	var t scalar.Scalar
	if parseTweakVarTime(&t, tweak, false) != nil {
		return false
	}
	var q group.Affine
	if !pointTweakAddVarTime(&q, &x.p, &t) {
		return false
	}
	var qx [32]byte
	q.X.PutBytes(&qx)
	return qx == [32]byte(tweaked32) && (q.Y.IsOdd() == 1) == tweakedParity
}
