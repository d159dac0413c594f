package secp256k1

import (
	"slices"

	"github.com/p256k1/secp256k1/internal/keys"
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
// Every rejection returns an error wrapping ErrInvalidTweak (nil and
// zero-value keys: ErrInvalidPrivateKey or ErrInvalidPublicKey). Keys are
// immutable: the methods return new keys.
//
// Private-key tweaks run in constant time with respect to the key and the
// tweak; only whether the result is valid is revealed, as in libsecp256k1.
// Public-key tweaks handle public data and run in variable time.

// newPrivate runs f on a new key and returns it, or nil and f's error.
func newPrivate(f func(out *keys.Private) error) (*PrivateKey, error) {
	out := new(keys.Private)
	if err := f(out); err != nil {
		return nil, err
	}
	return (*PrivateKey)(out), nil
}

// newPublic runs f on a new key and returns it, or nil and f's error.
func newPublic(f func(out *keys.Public) error) (*PublicKey, error) {
	out := new(keys.Public)
	if err := f(out); err != nil {
		return nil, err
	}
	return (*PublicKey)(out), nil
}

// TweakAdd returns the private key (d + t) mod n, where d is k's secret and
// t is the 32-byte big-endian tweak (libsecp256k1's
// secp256k1_ec_seckey_tweak_add, the BIP-32 private child derivation step).
// It returns an error wrapping ErrInvalidTweak if tweak is not 32 bytes, if
// t >= n (never reduced) or if the sum is 0. t = 0 is allowed and returns an
// equal key.
//
// It runs in constant time with respect to d and t; only the validity of the
// result is revealed. The new key's public key is computed on first use, in
// constant time.
func (k *PrivateKey) TweakAdd(tweak []byte) (*PrivateKey, error) {
	return newPrivate(func(out *keys.Private) error { return out.TweakAdd(k.in(), tweak) })
}

// TweakMul returns the private key d·t mod n, where d is k's secret and t is
// the 32-byte big-endian tweak (libsecp256k1's secp256k1_ec_seckey_tweak_mul).
// It returns an error wrapping ErrInvalidTweak if tweak is not 32 bytes, if
// t >= n (never reduced) or if t = 0. The product of two nonzero values mod
// the prime n is never 0.
//
// It runs in constant time with respect to d and t; only the validity of the
// tweak is revealed. The new key's public key is computed on first use, in
// constant time.
func (k *PrivateKey) TweakMul(tweak []byte) (*PrivateKey, error) {
	return newPrivate(func(out *keys.Private) error { return out.TweakMul(k.in(), tweak) })
}

// Negate returns the private key n - d (libsecp256k1's
// secp256k1_ec_seckey_negate), whose public key is the negation of k's:
// same x, the other y. It runs in constant time and fails only for a nil or
// zero-value key, for which it returns nil.
func (k *PrivateKey) Negate() *PrivateKey {
	r, _ := newPrivate(func(out *keys.Private) error { return out.Negate(k.in()) })
	return r
}

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
	return newPrivate(func(out *keys.Private) error { return out.XOnlyTweakAdd(k.in(), tweak) })
}

// TweakAdd returns the public key P + t·G, where P is k and t is the 32-byte
// big-endian tweak (libsecp256k1's secp256k1_ec_pubkey_tweak_add, the
// BIP-32 public child derivation step). It returns an error wrapping
// ErrInvalidTweak if tweak is not 32 bytes, if t >= n (never reduced) or if
// the result is the point at infinity. t = 0 is allowed and returns an equal
// key. For every private key k, k.TweakAdd(t) has the public key
// k.PublicKey().TweakAdd(t).
//
// Public keys and tweaks are public data: execution time depends on the
// inputs.
func (k *PublicKey) TweakAdd(tweak []byte) (*PublicKey, error) {
	return newPublic(func(out *keys.Public) error { return out.TweakAdd(k.in(), tweak) })
}

// TweakMul returns the public key t·P, where P is k and t is the 32-byte
// big-endian tweak (libsecp256k1's secp256k1_ec_pubkey_tweak_mul). It
// returns an error wrapping ErrInvalidTweak if tweak is not 32 bytes, if
// t >= n (never reduced) or if t = 0. For every private key k,
// k.TweakMul(t) has the public key k.PublicKey().TweakMul(t).
//
// Public keys and tweaks are public data: execution time depends on the
// inputs. To multiply a point by a secret, use PrivateKey.ECDHPoint.
func (k *PublicKey) TweakMul(tweak []byte) (*PublicKey, error) {
	return newPublic(func(out *keys.Public) error { return out.TweakMul(k.in(), tweak) })
}

// Negate returns the public key -P: same x, the other y (libsecp256k1's
// secp256k1_ec_pubkey_negate). It returns nil for a nil or zero-value key.
func (k *PublicKey) Negate() *PublicKey {
	r, _ := newPublic(func(out *keys.Public) error { return out.Negate(k.in()) })
	return r
}

// CombinePublicKeys returns the sum of the given public keys
// (libsecp256k1's secp256k1_ec_pubkey_combine). It returns an error wrapping
// ErrInvalidPublicKey if no key is given, if a key is nil or the zero value,
// or if the sum is the point at infinity (for example P and -P). One key
// returns an equal key.
//
// Public keys are public data: execution time depends on the inputs.
func CombinePublicKeys(pubs ...*PublicKey) (*PublicKey, error) {
	return newPublic(func(out *keys.Public) error {
		return out.Combine(len(pubs), func(i int) *keys.Public { return pubs[i].in() })
	})
}

// Compare returns -1, 0 or +1 as the 33-byte compressed encoding of k is
// lexicographically less than, equal to or greater than that of q
// (libsecp256k1's secp256k1_ec_pubkey_cmp; the BIP-327 KeySort order). Nil
// and zero-value keys sort before every valid key. Public keys are public
// data: execution time depends on the inputs.
func (k *PublicKey) Compare(q *PublicKey) int {
	return k.in().Compare(q.in())
}

// SortPublicKeys sorts keys in place in ascending order of their 33-byte
// compressed encodings (PublicKey.Compare): the BIP-327 KeySort order and
// libsecp256k1's secp256k1_ec_pubkey_sort. Nil and zero-value keys sort
// first. Equal keys are adjacent (their relative order is unspecified). It
// does not allocate.
func SortPublicKeys(pubs []*PublicKey) {
	slices.SortFunc(pubs, (*PublicKey).Compare)
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
	return newPublic(func(out *keys.Public) error { return out.XOnlyTweakAdd(x.in(), tweak) })
}

// TweakAddCheck reports whether tweaked32 (a 32-byte x-coordinate) with y
// parity tweakedParity (true: odd) is the x-only form of x.TweakAdd(tweak)
// (libsecp256k1's secp256k1_xonly_pubkey_tweak_add_check; BIP-341 uses it
// to verify a script-path commitment). It returns false for a nil or
// zero-value key, for a tweaked32 that is not 32 bytes and for every tweak
// that TweakAdd rejects.
//
// Public keys and tweaks are public data: execution time depends on the
// inputs.
func (x *XOnlyPublicKey) TweakAddCheck(tweaked32 []byte, tweakedParity bool, tweak []byte) bool {
	return x.in().TweakAddCheck(tweaked32, tweakedParity, tweak)
}
