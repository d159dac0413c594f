// Package keys owns the representation of secp256k1 keys and every operation
// on them: parsing, allocation-free encoding, generation, tweaks, ECDH, the
// even-y secret of BIP-340, wiping and the validity check.
//
// The key types of package secp256k1 are defined types over the types here
// (type PrivateKey keys.Private), so package secp256k1 keeps their
// documentation while ecdsa, schnorr, signer and curve convert a
// *secp256k1.PrivateKey to a *keys.Private for free, with no interface
// values, hooks or allocations, and reach the internals without them being
// exported.
//
// # Validity
//
// The zero value of every type is an invalid key, and so is a nil pointer.
// Every method checks: it returns an error wrapping ErrInvalidPrivateKey or
// ErrInvalidPublicKey, or false or nil where it has no error result. A
// Private is valid when 1 <= d < n (the zero value has d = 0); a Public or
// XOnly is valid when a constructor of this package set it (the zero value
// holds (0, 0), which is not on the curve, and is flagged unset).
//
// # Constant time
//
// Operations on a Private run in constant time with respect to the secret;
// only whether they succeed is revealed (declassified for the valgrind
// check, see internal/ctcheck). Operations on public keys handle public data
// and may run in variable time.
//
// # Results in the receiver
//
// Operations that make a key set their receiver, as math/big does:
// out.TweakAdd(k, t) sets out to k's key tweaked by t, out.Negate(k) sets
// out to -k. The result may alias an argument (out.Negate(out) negates in
// place): every input is read before the receiver is written. A nil
// receiver returns an error wrapping ErrInvalidPrivateKey or
// ErrInvalidPublicKey, as an invalid input key does; on error the receiver
// is unchanged. Results that are bytes (ECDH, ECDHSHA256, TapTweakHash and
// the Put methods) are written to a caller's array, which must not be nil.
//
// # Concurrency
//
// Valid keys are immutable once built and safe for concurrent use. A
// Private computes its public key on first use and stores it in itself,
// without a lock: callers that find no stored key compute it, the first of
// them to claim the store (a compare-and-swap) writes it, and the others
// wait for that write, at most maxPublicWaits scheduler yields, after which
// they return a heap copy of the key they computed. A Private copied with
// its bytes never waits for, nor trusts, a store made in the original: it
// computes its own (see Private's pubAt). The setters (SetBytes, Generate,
// Wipe, Set and every method that sets its receiver) must only be used on
// a key that no other goroutine uses.
package keys

import (
	"errors"
	"fmt"
)

// The sentinel errors, re-exported by package secp256k1.
var (
	// ErrInvalidPrivateKey: not 32 bytes, 0 or >= n, or a nil or zero-value
	// key.
	ErrInvalidPrivateKey = errors.New("secp256k1: invalid private key")
	// ErrInvalidPublicKey: not a valid SEC 1 or BIP-340 encoding of a point
	// on the curve, or a nil or zero-value key.
	ErrInvalidPublicKey = errors.New("secp256k1: invalid public key")
	// ErrInvalidTweak: a tweak is not 32 bytes, is >= n, or gives an invalid
	// key (zero or the point at infinity).
	ErrInvalidTweak = errors.New("secp256k1: invalid tweak")
)

// The errors for a nil or zero-value key, and for a nil receiver of a
// setter, made once so that the checks do not allocate.
var (
	errNoPrivate  = fmt.Errorf("%w: nil or zero-value key", ErrInvalidPrivateKey)
	errNoPublic   = fmt.Errorf("%w: nil or zero-value key", ErrInvalidPublicKey)
	errNilPrivate = fmt.Errorf("%w: nil receiver", ErrInvalidPrivateKey)
	errNilPublic  = fmt.Errorf("%w: nil receiver", ErrInvalidPublicKey)
)
