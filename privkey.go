package secp256k1

import (
	"crypto"
	"io"

	"github.com/p256k1/secp256k1/internal/keys"
)

// PrivateKey is a secp256k1 secret key: an integer d with 1 <= d < n,
// together with its public key d·G, which is computed on first use.
//
// The zero value is not a valid key, and neither is nil: every function and
// method given one returns an error wrapping ErrInvalidPrivateKey (or nil,
// or false, where it has no error result). Get keys from GenerateKey,
// NewPrivateKey or the tweak methods.
//
// A PrivateKey is immutable (until Zero wipes it) and safe for concurrent
// use: the public key is computed on the first call of PublicKey (or of
// anything that needs it) and stored in the key with atomic operations,
// without a lock; see PublicKey. Compare keys with Equal, not ==, and do
// not copy the value (go vet reports copies): a copy computes its public
// key again.
type PrivateKey keys.Private

// in returns k as the internal key type (a free conversion).
func (k *PrivateKey) in() *keys.Private { return (*keys.Private)(k) }

// GenerateKey returns a new private key drawn from rand, or from
// crypto/rand if rand is nil. It reads 32 bytes at a time and retries until
// they encode a value in [1, n) (the chance of a retry is below 2^-127), so
// the key is uniformly distributed. The public key is computed on first
// use.
func GenerateKey(rand io.Reader) (*PrivateKey, error) {
	k := new(keys.Private)
	if err := k.Generate(rand); err != nil {
		return nil, err
	}
	return (*PrivateKey)(k), nil
}

// NewPrivateKey returns the private key encoded by b, which must be exactly
// 32 bytes, big-endian, with 1 <= d < n. Other inputs return an error
// wrapping ErrInvalidPrivateKey. The range check runs in constant time; only
// its result is revealed. The public key is not computed here but on first
// use, so that signing from raw key bytes (ecdsa.Sign) costs one scalar
// multiplication, not two.
func NewPrivateKey(b []byte) (*PrivateKey, error) {
	k := new(keys.Private)
	if err := k.SetBytes(b); err != nil {
		return nil, err
	}
	return (*PrivateKey)(k), nil
}

// Bytes returns the 32-byte big-endian encoding of the key (a new slice),
// or nil for a nil or zero-value key.
func (k *PrivateKey) Bytes() []byte {
	var b [32]byte
	if k.in().PutBytes(&b) != nil {
		return nil
	}
	return b[:]
}

// PublicKey returns the public key d·G, or nil for a nil or zero-value
// key. The first call computes it in constant time and stores it in k;
// later calls return the stored key, shared by all callers (PublicKey has
// no mutating methods). Concurrent first calls are safe: each computes the
// key, one stores it, and the others wait for that store, at most a bounded
// number of scheduler yields, after which they return their own equal copy
// instead. No call waits without bound, not even on a copy of k made while
// another goroutine was storing its key (such a copy computes its own).
// Compare the results with Equal, not by pointer.
func (k *PrivateKey) PublicKey() *PublicKey {
	p, err := k.in().Public()
	if err != nil {
		return nil
	}
	return (*PublicKey)(p)
}

// Public returns the public key as a crypto.PublicKey (a *PublicKey), or
// nil for a nil or zero-value key.
func (k *PrivateKey) Public() crypto.PublicKey {
	if p := k.PublicKey(); p != nil {
		return p
	}
	return nil
}

// Equal reports whether k and x are the same valid private key, in constant
// time. x of any other type, and invalid keys, are not equal.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	return ok && k.in().Equal(o.in())
}

// Zero overwrites the secret and the stored public key of k: k becomes the
// invalid zero value, which every function rejects. Call it when a key is
// no longer needed (as with defer k.Zero()), to shorten the time the
// secret stays in memory; copies made elsewhere (Bytes, ToECDSA) are the
// caller's to clear. It does nothing on a nil key. Zero mutates k: it must
// not run concurrently with any other use of k.
func (k *PrivateKey) Zero() { k.in().Wipe() }
