package secp256k1

import (
	"crypto"
	"crypto/rand"
	"fmt"
	"io"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// PrivateKey is a secp256k1 secret key: an integer d with 1 <= d < n,
// together with its public key d·G.
//
// A PrivateKey is immutable and safe for concurrent use. Compare keys with
// Equal, not ==.
type PrivateKey struct {
	_   [0]func() // not comparable
	d   scalar.Scalar
	pub *PublicKey
}

// GenerateKey returns a new private key drawn from rand, or from
// crypto/rand if rand is nil. It reads 32 bytes at a time and retries until
// they encode a value in [1, n) (the chance of a retry is below 2^-127), so
// the key is uniformly distributed.
func GenerateKey(rand io.Reader) (*PrivateKey, error) {
	if rand == nil {
		rand = cryptoRandReader
	}
	var b [32]byte
	defer clear(b[:])
	for range 64 {
		if _, err := io.ReadFull(rand, b[:]); err != nil {
			return nil, fmt.Errorf("secp256k1: reading randomness: %w", err)
		}
		var d scalar.Scalar
		ok := d.SetCanonicalBytes(&b) & (1 ^ d.IsZero())
		ctcheck.Public(&ok) // only validity is revealed
		if ok == 1 {
			return newPrivateKey(&d), nil
		}
	}
	return nil, fmt.Errorf("secp256k1: reading randomness: 64 consecutive candidates out of range, the reader is broken")
}

var cryptoRandReader = rand.Reader

// NewPrivateKey returns the private key encoded by b, which must be exactly
// 32 bytes, big-endian, with 1 <= d < n. Other inputs return an error
// wrapping ErrInvalidPrivateKey. The range check runs in constant time; only
// its result is revealed.
func NewPrivateKey(b []byte) (*PrivateKey, error) {
	if len(b) != 32 {
		return nil, fmt.Errorf("%w: length %d, want 32", ErrInvalidPrivateKey, len(b))
	}
	var d scalar.Scalar
	ok := d.SetCanonicalBytes((*[32]byte)(b)) & (1 ^ d.IsZero())
	ctcheck.Public(&ok) // only validity is revealed
	if ok != 1 {
		return nil, fmt.Errorf("%w: not in [1, n)", ErrInvalidPrivateKey)
	}
	return newPrivateKey(&d), nil
}

// newPrivateKey returns the key for 1 <= d < n, computing d·G in constant time.
func newPrivateKey(d *scalar.Scalar) *PrivateKey {
	k := &PrivateKey{d: *d, pub: new(PublicKey)}
	var p group.Projective
	ecmult.BaseMult(&p, d)
	k.pub.p.SetProjective(&p)
	// The public key is public: declassify it for the valgrind check.
	ctcheck.Public(&k.pub.p)
	return k
}

// Bytes returns the 32-byte big-endian encoding of the key (a new slice).
func (k *PrivateKey) Bytes() []byte {
	b := k.d.Bytes()
	return b[:]
}

// PublicKey returns the public key d·G. The returned value is shared by all
// callers and must not be modified (PublicKey has no mutating methods).
func (k *PrivateKey) PublicKey() *PublicKey {
	return k.pub
}

// Public returns the public key as a crypto.PublicKey (a *PublicKey).
func (k *PrivateKey) Public() crypto.PublicKey {
	return k.pub
}

// Equal reports whether k and x are the same private key, in constant time.
// x of any other type is not equal.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	if !ok {
		return false
	}
	return k.d.Equal(&o.d) == 1
}
