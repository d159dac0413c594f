package keys

import (
	cryptorand "crypto/rand"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Private is a secret key d with 1 <= d < n, and its public key d·G,
// computed on first use. The zero value (d = 0) and nil are invalid. A
// Private must not be copied after first use (go vet reports copies).
type Private struct {
	_ [0]func() // not comparable

	d scalar.Scalar // 1 <= d < n when valid

	pubState atomic.Uint32 // pubNone, pubWriting or pubDone
	pub      Public        // d·G once pubState is pubDone
}

// The states of Private.pub. A goroutine that needs the public key computes
// it, then claims the right to store it by moving pubNone to pubWriting;
// the others wait for pubDone. There is no mutex: a mutex's slow path makes
// the key escape to the heap, and the key stays on its caller's stack.
const (
	pubNone uint32 = iota
	pubWriting
	pubDone
)

var errPrivateRange = fmt.Errorf("%w: not in [1, n)", ErrInvalidPrivateKey)

// valid reports whether k is a valid key: not nil and d != 0 (d < n always
// holds for a Scalar). The test runs in constant time and only its result
// is revealed.
func (k *Private) valid() bool {
	if k == nil {
		return false
	}
	nz := 1 ^ k.d.IsZero()
	ctcheck.Public(&nz)
	return nz == 1
}

// Valid reports whether k is a valid private key (not nil, not the zero
// value, not wiped).
func (k *Private) Valid() bool { return k.valid() }

// Scalar returns k's secret d (callers must not modify it), or an error
// wrapping ErrInvalidPrivateKey for a nil or zero-value key.
func (k *Private) Scalar() (*scalar.Scalar, error) {
	if !k.valid() {
		return nil, errNoPrivate
	}
	return &k.d, nil
}

// set makes k the key with secret d, 1 <= d < n, and forgets any public key
// computed for a previous secret.
func (k *Private) set(d *scalar.Scalar) {
	k.d = *d
	k.pubState.Store(pubNone)
	k.pub = Public{}
}

// SetBytes sets k to the 32-byte big-endian secret b, which must be in
// [1, n); anything else returns an error wrapping ErrInvalidPrivateKey and
// leaves k unchanged. The range check runs in constant time and only its
// result is revealed. The public key is not computed.
func (k *Private) SetBytes(b []byte) error {
	if len(b) != 32 {
		return fmt.Errorf("%w: length %d, want 32", ErrInvalidPrivateKey, len(b))
	}
	var d scalar.Scalar
	defer d.Zero()
	ok := d.SetCanonicalBytes((*[32]byte)(b)) & (1 ^ d.IsZero())
	ctcheck.Public(&ok) // only validity is revealed
	if ok != 1 {
		return errPrivateRange
	}
	k.set(&d)
	return nil
}

// maxCandidates bounds the rejection sampling of Generate: a candidate is
// out of range with probability below 2^-127, so 64 misses in a row mean a
// broken reader.
const maxCandidates = 64

var errBrokenReader = fmt.Errorf("secp256k1: reading randomness: %d consecutive candidates out of range, the reader is broken", maxCandidates)

// Generate sets k to a key drawn uniformly from [1, n) with 32-byte
// candidates from rand (crypto/rand if rand is nil), rejecting the ones out
// of range. The public key is not computed. On error k is unchanged. With
// crypto/rand it does not allocate.
func (k *Private) Generate(rand io.Reader) error {
	var b [32]byte
	defer clear(b[:])
	// A read through an io.Reader makes its buffer escape; crypto/rand.Read
	// keeps b on the stack, so only a caller's reader costs an allocation.
	var buf []byte
	if rand != nil {
		buf = make([]byte, 32)
		defer clear(buf)
	}
	var d scalar.Scalar
	defer d.Zero()
	for range maxCandidates {
		var err error
		if rand == nil {
			_, err = cryptorand.Read(b[:])
		} else if _, err = io.ReadFull(rand, buf); err == nil {
			copy(b[:], buf)
		}
		if err != nil {
			return fmt.Errorf("secp256k1: reading randomness: %w", err)
		}
		ctcheck.Secret(&b) // fresh randomness is secret (for the valgrind check)
		ok := d.SetCanonicalBytes(&b) & (1 ^ d.IsZero())
		ctcheck.Public(&ok) // only validity is revealed
		if ok == 1 {
			k.set(&d)
			return nil
		}
	}
	return errBrokenReader
}

// PutBytes writes the 32-byte big-endian encoding of the secret to b.
func (k *Private) PutBytes(b *[32]byte) error {
	if !k.valid() {
		return errNoPrivate
	}
	k.d.PutBytes(b)
	return nil
}

// Public returns k's public key d·G (callers must not modify it). The first
// call computes it in constant time; concurrent calls are safe. It returns
// an error wrapping ErrInvalidPrivateKey for a nil or zero-value key.
func (k *Private) Public() (*Public, error) {
	if !k.valid() {
		return nil, errNoPrivate
	}
	if k.pubState.Load() != pubDone {
		var p group.Projective
		ecmult.BaseMult(&p, &k.d)
		var a group.Affine
		a.SetProjective(&p)
		ctcheck.Public(&a) // the public key is public
		k.storePublic(&a)
	}
	return &k.pub, nil
}

// storePublic stores a, k's public point, unless another goroutine is
// storing it or has stored it, in which case it waits for that store.
func (k *Private) storePublic(a *group.Affine) {
	if k.pubState.CompareAndSwap(pubNone, pubWriting) {
		k.pub.setPoint(a)
		k.pubState.Store(pubDone)
		return
	}
	for k.pubState.Load() != pubDone {
		runtime.Gosched() // the winner is storing 72 bytes
	}
}

// cachedPublic returns k's public key if it has been computed, and nil
// otherwise. It never computes it.
func (k *Private) cachedPublic() *Public {
	if k.pubState.Load() != pubDone {
		return nil
	}
	return &k.pub
}

// EvenYScalar sets d to k's secret if k's public key has even y and to its
// negation otherwise (the secret of the x-only key, as BIP-340 signing and
// BIP-341 tweaking use it), without branching on the parity, and returns
// the public key (computing it if needed). The caller should wipe d.
func (k *Private) EvenYScalar(d *scalar.Scalar) (*Public, error) {
	pub, err := k.Public()
	if err != nil {
		return nil, err
	}
	d.CondNegate(&k.d, pub.p.Y.IsOdd())
	return pub, nil
}

// Equal reports whether k and o are the same valid key, in constant time
// with respect to the secrets.
func (k *Private) Equal(o *Private) bool {
	if !k.valid() || !o.valid() {
		return false
	}
	eq := k.d.Equal(&o.d)
	ctcheck.Public(&eq)
	return eq == 1
}

// Negate sets out to the key n - d, whose public key is the negation of
// k's (same x, the other y); out may be k. A public key already computed
// for k is carried over, negated. It runs in constant time.
func (k *Private) Negate(out *Private) error {
	if !k.valid() {
		return errNoPrivate
	}
	var d scalar.Scalar
	defer d.Zero()
	d.Negate(&k.d)
	var p group.Affine
	cached := k.cachedPublic()
	if cached != nil {
		p.Negate(&cached.p)
	}
	out.set(&d)
	if cached != nil {
		out.storePublic(&p)
	}
	return nil
}

// EvenY sets out to k if k's public key has even y and to its negation
// otherwise: the key whose public key is the point the x-only key stands
// for. out may be k. Only the (public) parity is branched on.
func (k *Private) EvenY(out *Private) error {
	pub, err := k.Public()
	if err != nil {
		return err
	}
	if pub.p.Y.IsOdd() == 1 {
		return k.Negate(out)
	}
	if out != k {
		out.set(&k.d)
		out.storePublic(&pub.p)
	}
	return nil
}

// Wipe zeroes the secret and forgets the public key: k becomes the
// (invalid) zero value.
func (k *Private) Wipe() {
	k.d.Zero()
	k.pubState.Store(pubNone)
	k.pub = Public{}
}

// Set sets k to a copy of the valid key o, its public key included if o
// has computed it. k may be o.
func (k *Private) Set(o *Private) error {
	if !o.valid() || k == o {
		if k == o && o.valid() {
			return nil
		}
		return errNoPrivate
	}
	k.set(&o.d)
	if p := o.cachedPublic(); p != nil {
		k.storePublic(&p.p)
	}
	return nil
}
