package signer

import "github.com/p256k1/secp256k1/internal/keys"

// Gen is the method set of a nostr key generator for vanity key grinding,
// as relays and key tools use it. *KeyGen implements it.
type Gen interface {
	// Generate draws a new key pair and returns its 33-byte compressed
	// public key.
	Generate() (pubBytes []byte, err error)
	// Negate negates the secret key, which flips the public key's y.
	Negate()
	// KeyPairBytes returns the 32-byte secret key and the 32-byte x-only
	// public key.
	KeyPairBytes() (secBytes, pubBytes []byte)
}

// KeyGen generates key pairs for vanity grinding: draw keys with Generate
// (or AppendGenerate, which does not allocate) until the public key matches,
// then take the pair with KeyPairBytes. The zero value holds no key and is
// ready to use. A KeyGen must not be copied after first use, nor used
// concurrently.
type KeyGen struct {
	_   noCopy
	key keys.Private // valid when ok, its public key computed
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
// unchanged and the generator holds no key; on a nil generator the error
// wraps ErrNoSecretKey.
func (g *KeyGen) AppendGenerate(dst []byte) ([]byte, error) {
	if g == nil {
		return dst, errNilSec
	}
	g.Zero()
	if err := g.key.Generate(nil); err != nil {
		return dst, err
	}
	var b [33]byte
	if err := g.putPub(&b); err != nil {
		g.Zero()
		return dst, err
	}
	g.ok = true
	return append(dst, b[:]...), nil
}

// putPub writes the 33-byte compressed public key of g.key to b, computing
// it in constant time if needed.
func (g *KeyGen) putPub(b *[33]byte) error {
	pub, err := g.key.Public()
	if err != nil {
		return err
	}
	return pub.PutCompressed(b)
}

// holds reports whether g is not nil and holds a key pair.
func (g *KeyGen) holds() bool { return g != nil && g.ok }

// Negate replaces the secret d with n - d, in constant time. The public
// key keeps its x (the nostr public key) and its y flips, so the compressed
// prefix changes between 0x02 and 0x03: call it when a ground key has
// prefix 0x03, to get the secret whose public key has even y. It does
// nothing if the generator holds no key.
func (g *KeyGen) Negate() {
	if g.holds() {
		g.key.Negate(&g.key)
	}
}

// KeyPairBytes returns new copies of the 32-byte big-endian secret key and
// of the 32-byte x-only public key (the nostr public key), or nil, nil if
// the generator holds no key. The caller owns the secret copy and should
// wipe it after use.
func (g *KeyGen) KeyPairBytes() (secBytes, pubBytes []byte) {
	if !g.holds() {
		return nil, nil
	}
	var b [33]byte
	if g.putPub(&b) != nil {
		return nil, nil
	}
	sec := make([]byte, 32)
	g.key.PutBytes((*[32]byte)(sec))
	return sec, append([]byte(nil), b[1:]...)
}

// Zero wipes the key pair from the generator. It does nothing on a nil
// generator.
func (g *KeyGen) Zero() {
	if g == nil {
		return
	}
	g.key.Wipe()
	g.ok = false
}
