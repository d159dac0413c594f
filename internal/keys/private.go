package keys

import (
	cryptorand "crypto/rand"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"
	"unsafe"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Private is a secret key d with 1 <= d < n, and its public key d·G,
// computed on first use. The zero value (d = 0) and nil are invalid. A
// Private must not be copied after first use (go vet reports copies); a
// copy made anyway computes its own public key (see pubAt).
type Private struct {
	_ [0]func() // not comparable

	d scalar.Scalar // 1 <= d < n when valid

	pubAt atomic.Uintptr // the state of pub, see below
	pub   Public         // d·G when pubAt is the key's own address
}

// The public key is computed on first use and stored in the key itself, so
// that a key on its caller's stack stays there: there is no mutex (its slow
// path makes the key escape to the heap), no pointer from the key to
// itself (that makes it escape too) and no heap copy of the public key
// (an allocation per key, in signing and in vanity-key grinding).
//
// pubAt holds the address of the key whose pub is complete, or that
// address | pubWriting while one goroutine stores pub, or anything else
// (0 for a new or wiped key) when pub is not stored. A goroutine that needs
// the public key and does not find it stored computes it, then claims the
// store with a compare-and-swap from the state it found to its key's
// address | pubWriting, writes pub and publishes it by storing the address.
// Goroutines that find a store under way wait for it, at most
// maxPublicWaits yields, then return a heap copy of the key they computed.
//
// The state of a key copied with its bytes (a racy copy, or a copy that go
// vet would report) names the address of the original, not the copy's: the
// copy neither waits for a store that will never happen in it nor trusts a
// pub it did not store, possibly half copied. A key on a goroutine stack
// that the runtime moves loses its stored public key the same way, and
// computes it again on next use.
const pubWriting uintptr = 1 // Private is aligned to 4 bytes at least

// maxPublicWaits bounds the yields of a goroutine that waits for another
// to store the public key. The store copies a Public (80 bytes on 64-bit
// machines), so the wait is longer only if the storing goroutine or its
// thread is descheduled, and endless only for a key whose bytes were
// copied mid-store to the very address of their original (a copy of a
// copy, after the original was freed).
const maxPublicWaits = 1 << 10

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
	k.pubAt.Store(0)
	k.pub = Public{}
}

// setWithPublic makes k the key with secret d and public key a = d·G,
// which the caller has computed or copied from a key with the same secret.
// Like every setter it must not run while another goroutine uses k.
func (k *Private) setWithPublic(d *scalar.Scalar, a *group.Affine) {
	k.pubAt.Store(0)
	k.d = *d
	k.pub.setPoint(a)
	k.pubAt.Store(k.addr())
}

// addr is k's address, the value of k.pubAt when k's public key is stored.
// It is compared with, never turned back into a pointer, and keeps nothing
// alive.
func (k *Private) addr() uintptr { return uintptr(unsafe.Pointer(k)) }

// SetBytes sets k to the 32-byte big-endian secret b, which must be in
// [1, n); anything else returns an error wrapping ErrInvalidPrivateKey and
// leaves k unchanged. The range check runs in constant time and only its
// result is revealed. The public key is not computed.
func (k *Private) SetBytes(b []byte) error {
	if k == nil {
		return errNilPrivate
	}
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
	if k == nil {
		return errNilPrivate
	}
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
// call computes it in constant time and stores it in k; concurrent calls
// are safe, and return that stored key, except that a call which waits
// more than maxPublicWaits yields for another goroutine's store returns a
// heap copy of the same key (see pubAt). It returns an error wrapping
// ErrInvalidPrivateKey for a nil or zero-value key.
func (k *Private) Public() (*Public, error) {
	if !k.valid() {
		return nil, errNoPrivate
	}
	if p := k.cachedPublic(); p != nil {
		return p, nil
	}
	var p group.Projective
	ecmult.BaseMult(&p, &k.d)
	var a group.Affine
	a.SetProjective(&p)
	ctcheck.Public(&a) // the public key is public
	return k.storePublic(&a), nil
}

// storePublic stores a, k's public point, unless it is stored already, and
// returns the stored key. If another goroutine is storing it, it waits for
// that store, at most maxPublicWaits yields, then returns a heap copy of a
// instead.
func (k *Private) storePublic(a *group.Affine) *Public {
	self := k.addr()
	for range maxPublicWaits {
		switch s := k.pubAt.Load(); s {
		case self:
			return &k.pub
		case self | pubWriting:
			runtime.Gosched() // another goroutine is storing pub
		default: // not stored in k (s may name the original of a copy)
			if k.pubAt.CompareAndSwap(s, self|pubWriting) {
				k.pub.setPoint(a)
				k.pubAt.Store(self)
				return &k.pub
			}
		}
	}
	p := new(Public)
	p.setPoint(a)
	return p
}

// cachedPublic returns k's public key if it is stored in k, and nil
// otherwise. It never computes it.
func (k *Private) cachedPublic() *Public {
	if k.pubAt.Load() != k.addr() {
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

// Negate sets k to the key n - d, where d is x's secret: its public key is
// the negation of x's (same x coordinate, the other y). k may be x. A
// public key stored in x is carried over, negated. It runs in constant
// time.
func (k *Private) Negate(x *Private) error {
	if k == nil {
		return errNilPrivate
	}
	if !x.valid() {
		return errNoPrivate
	}
	var d scalar.Scalar
	defer d.Zero()
	d.Negate(&x.d)
	cached := x.cachedPublic()
	if cached == nil {
		k.set(&d)
		return nil
	}
	var p group.Affine
	p.Negate(&cached.p)
	k.setWithPublic(&d, &p)
	return nil
}

// EvenY sets k to x if x's public key has even y and to its negation
// otherwise: the key whose public key is the point x's x-only key stands
// for. k may be x. It computes x's public key if needed; only its (public)
// parity is branched on.
func (k *Private) EvenY(x *Private) error {
	if k == nil {
		return errNilPrivate
	}
	pub, err := x.Public()
	if err != nil {
		return err
	}
	if pub.p.Y.IsOdd() == 1 {
		return k.Negate(x)
	}
	if k != x {
		k.setWithPublic(&x.d, &pub.p)
	}
	return nil
}

// Wipe zeroes the secret and forgets the public key: k becomes the
// (invalid) zero value. It does nothing on a nil key.
func (k *Private) Wipe() {
	if k == nil {
		return
	}
	k.d.Zero()
	k.pubAt.Store(0)
	k.pub = Public{}
}

// Set sets k to a copy of the valid key x, its public key included if it
// is stored in x. k may be x.
func (k *Private) Set(x *Private) error {
	if k == nil {
		return errNilPrivate
	}
	if !x.valid() {
		return errNoPrivate
	}
	if k == x {
		return nil
	}
	if p := x.cachedPublic(); p != nil {
		k.setWithPublic(&x.d, &p.p)
	} else {
		k.set(&x.d)
	}
	return nil
}
