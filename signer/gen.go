package signer

import (
	"crypto/rand"
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Gen is the method set of a nostr key generator for vanity key grinding,
// as relays and key tools use it. *KeyGen implements it.
type Gen interface {
	// Generate draws a new key pair and returns its 33-byte compressed
	// public key.
	Generate() (pubBytes []byte, err error)
	// Negate negates the secret key, which flips the public key's y.
	Negate()
	// KeyPairBytes returns the 32-byte secret key and the 33-byte
	// compressed public key.
	KeyPairBytes() (secBytes, cmprPubBytes []byte)
}

// KeyGen generates key pairs for vanity grinding: draw keys with Generate
// (or AppendGenerate, which does not allocate) until the public key matches,
// then take the pair with KeyPairBytes. The zero value holds no key and is
// ready to use. A KeyGen must not be copied after first use, nor used
// concurrently.
type KeyGen struct {
	_   noCopy
	d   scalar.Scalar // 1 <= d < n when ok
	pub group.Affine  // d·G
	ok  bool
}

var _ Gen = (*KeyGen)(nil)

// Generate replaces the generator's key pair with a new one drawn from
// crypto/rand (uniform in [1, n)) and returns its 33-byte SEC 1 compressed
// public key (0x02 or 0x03 ‖ x) in a new slice; x is the nostr public key.
// It runs in constant time with respect to the secret.
func (g *KeyGen) Generate() (pubBytes []byte, err error) {
	return orNil(g.AppendGenerate(make([]byte, 0, 33)))
}

// AppendGenerate is Generate appending the 33-byte compressed public key to
// dst; it does not allocate when dst has room. On error dst is returned
// unchanged and the generator holds no key.
func (g *KeyGen) AppendGenerate(dst []byte) ([]byte, error) {
	g.Zero()
	var b [32]byte
	defer clear(b[:])
	for range 64 {
		if _, err := rand.Read(b[:]); err != nil { // keeps b on the stack
			return dst, fmt.Errorf("signer: reading randomness: %w", err)
		}
		ok := g.d.SetCanonicalBytes(&b) & (1 ^ g.d.IsZero())
		ctcheck.Public(&ok) // only validity is revealed
		if ok == 1 {
			var p group.Projective
			ecmult.BaseMult(&p, &g.d)
			g.pub.SetProjective(&p)
			ctcheck.Public(&g.pub)
			g.ok = true
			return g.appendPub(dst), nil
		}
	}
	g.Zero()
	return dst, fmt.Errorf("signer: reading randomness: 64 consecutive candidates out of range, the reader is broken")
}

func (g *KeyGen) appendPub(dst []byte) []byte {
	var b [33]byte
	b[0] = 0x02 | byte(g.pub.Y.IsOdd())
	g.pub.X.PutBytes((*[32]byte)(b[1:]))
	return append(dst, b[:]...)
}

// Negate replaces the secret d with n - d, in constant time. The public
// key keeps its x (the nostr public key) and its y flips, so the compressed
// prefix changes between 0x02 and 0x03: call it when a ground key has
// prefix 0x03, to get the secret whose public key has even y. It does
// nothing if the generator holds no key.
func (g *KeyGen) Negate() {
	if !g.ok {
		return
	}
	g.d.Negate(&g.d)
	g.pub.Y.Negate(&g.pub.Y)
}

// KeyPairBytes returns new copies of the 32-byte big-endian secret key and
// of the 33-byte compressed public key, or nil, nil if the generator holds
// no key. The caller owns the secret copy and should wipe it after use.
func (g *KeyGen) KeyPairBytes() (secBytes, cmprPubBytes []byte) {
	if !g.ok {
		return nil, nil
	}
	sec := make([]byte, 32)
	g.d.PutBytes((*[32]byte)(sec))
	return sec, g.appendPub(make([]byte, 0, 33))
}

// Zero wipes the key pair from the generator.
func (g *KeyGen) Zero() {
	g.d.Zero()
	g.pub = group.Affine{}
	g.ok = false
}
