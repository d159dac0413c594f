// Package signer is a nostr signer on p256k1: BIP-340 Schnorr signatures
// with 32-byte x-only keys (NIP-01), ECDH for NIP-04 and NIP-44, the NIP-44
// v2 conversation key and NIP-01 event ids.
//
// Its method sets match the signer interfaces that nostr relays and clients
// in Go program against (an I with Generate, InitSec, InitPub, Sec, Pub,
// Sign, Verify, Zero, ECDH and ECDHRaw; a Gen with Generate, Negate and
// KeyPairBytes for vanity key grinding), so *Signer and *KeyGen satisfy
// those interfaces structurally without this package importing any relay
// module.
//
// Everything that touches a secret key runs in constant time (key
// generation, signing, ECDH, negation); verification handles public data.
// Returned slices are fresh; the Append variants append to a caller's
// buffer instead and do not allocate when it has room.
package signer

import (
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecdh"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keyaccess"
	"github.com/p256k1/secp256k1/schnorr"
)

// I is the method set of a nostr signer, as relays use it. *Signer
// implements it.
type I interface {
	// Generate creates a new random key pair.
	Generate() error
	// InitSec sets the secret key from its 32 raw bytes and derives the
	// public key.
	InitSec(sec []byte) error
	// InitPub sets a verification-only public key from its 32-byte
	// x-only form.
	InitPub(pub []byte) error
	// Sec returns the 32-byte secret key.
	Sec() []byte
	// Pub returns the 32-byte x-only public key.
	Pub() []byte
	// Sign returns the 64-byte BIP-340 signature of msg.
	Sign(msg []byte) ([]byte, error)
	// Verify reports whether sig is a valid BIP-340 signature of msg.
	Verify(msg, sig []byte) (bool, error)
	// Zero wipes the secret key.
	Zero()
	// ECDH returns the hashed shared secret with pub.
	ECDH(pub []byte) ([]byte, error)
	// ECDHRaw returns the x-coordinate of the shared point with pub.
	ECDHRaw(pub []byte) ([]byte, error)
}

// Sentinel errors. Test them with errors.Is. Invalid keys given to the
// methods return errors wrapping secp256k1.ErrInvalidPrivateKey or
// secp256k1.ErrInvalidPublicKey.
var (
	// ErrNoSecretKey: the signer holds no secret key (none was set, or it
	// was wiped by Zero or replaced by InitPub).
	ErrNoSecretKey = errors.New("signer: no secret key")
	// ErrNoPublicKey: the signer holds no public key.
	ErrNoPublicKey = errors.New("signer: no public key")
	// ErrSignatureLength: a signature to verify is not 64 bytes.
	ErrSignatureLength = errors.New("signer: signature is not 64 bytes")
	// ErrSharedSecretLength: a raw ECDH secret is not 32 bytes.
	ErrSharedSecretLength = errors.New("signer: shared secret is not 32 bytes")
)

// Signer is a nostr signer holding one key pair, or only a public key for
// verification. The zero value holds no key and is ready to use:
//
//	var s signer.Signer
//	err := s.InitSec(secret)
//
// The secret key lives inside the Signer value (not behind a pointer), so
// Zero wipes every copy of it that the Signer made. A Signer must not be
// copied after first use (go vet reports copies). Sign, Verify, ECDH and the
// other read-only methods may be called concurrently; Generate, InitSec,
// InitPub and Zero must not run concurrently with any other method.
type Signer struct {
	_      noCopy
	key    secp256k1.PrivateKey     // valid when hasSec
	xonly  secp256k1.XOnlyPublicKey // valid when hasPub
	pub    [32]byte                 // xonly's encoding
	hasSec bool
	hasPub bool
}

// noCopy makes go vet's copylocks check report copies of a Signer or
// KeyGen, which would duplicate the secret out of reach of Zero.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

var _ I = (*Signer)(nil)

// New returns a signer holding the secret key sec (32 bytes, 1 <= sec < n).
// It is InitSec on a new Signer.
func New(sec []byte) (*Signer, error) {
	s := new(Signer)
	if err := s.InitSec(sec); err != nil {
		return nil, err
	}
	return s, nil
}

// Generate replaces the signer's key with a new one drawn from crypto/rand,
// in constant time. The new secret is chosen so that its public key has even
// y: then the full public key is the one the x-only key stands for, and the
// hashed ECDH (ECDH) agrees with peers that lift the x-only key with even y,
// as nostr does. The x-only public key is uniformly distributed.
func (s *Signer) Generate() error {
	k, err := secp256k1.GenerateKey(nil)
	if err != nil {
		return err
	}
	if _, odd := k.PublicKey().XOnly(); odd {
		// The parity of a public key is public.
		neg := k.Negate()
		wipeKey(k)
		k = neg
	}
	s.setKey(k)
	return nil
}

// InitSec replaces the signer's key with the 32-byte big-endian secret key
// sec (1 <= sec < n), kept as given (an odd-y key is not negated), and
// derives its public key in constant time. It returns an error wrapping
// secp256k1.ErrInvalidPrivateKey for any other input, and then leaves the
// signer unchanged. sec is not retained.
func (s *Signer) InitSec(sec []byte) error {
	k, err := secp256k1.NewPrivateKey(sec)
	if err != nil {
		return err
	}
	s.setKey(k)
	return nil
}

// setKey moves k into the signer (k's own secret is wiped: k must not be
// shared).
func (s *Signer) setKey(k *secp256k1.PrivateKey) {
	s.Zero()
	s.key = *k
	wipeKey(k)
	x, _ := s.key.PublicKey().XOnly()
	s.xonly = *x
	s.pub = [32]byte(x.Bytes())
	s.hasSec, s.hasPub = true, true
}

// wipeKey zeroes the secret scalar of a private key that the caller owns
// exclusively (PrivateKey has no exported way to do so, as it is immutable
// for everyone else).
func wipeKey(k *secp256k1.PrivateKey) {
	keyaccess.PrivateScalar(k).Zero()
}

// InitPub wipes any secret key and sets the 32-byte x-only public key pub
// (BIP-340 lift_x), for verification only. It returns an error wrapping
// secp256k1.ErrInvalidPublicKey if pub is not 32 bytes or not the x of a
// point on the curve, and then leaves the signer unchanged.
func (s *Signer) InitPub(pub []byte) error {
	x, err := secp256k1.NewXOnlyPublicKey(pub)
	if err != nil {
		return err
	}
	s.Zero()
	s.xonly = *x
	s.pub = [32]byte(pub)
	s.hasPub = true
	return nil
}

// Sec returns a new copy of the 32-byte secret key, or nil if the signer
// holds none. The caller owns the copy and should wipe it after use.
func (s *Signer) Sec() []byte {
	if !s.hasSec {
		return nil
	}
	return s.key.Bytes()
}

// Pub returns a new copy of the 32-byte x-only public key, or nil if the
// signer holds none.
func (s *Signer) Pub() []byte {
	if !s.hasPub {
		return nil
	}
	return s.AppendPub(make([]byte, 0, 32))
}

// AppendPub appends the 32-byte x-only public key to dst (nothing if the
// signer holds none) and returns the extended slice.
func (s *Signer) AppendPub(dst []byte) []byte {
	if !s.hasPub {
		return dst
	}
	return append(dst, s.pub[:]...)
}

// Zero wipes the secret key from the signer; the public key stays, so
// Verify and Pub keep working. After Zero the signer holds no secret byte
// and the secret methods return ErrNoSecretKey until InitSec or Generate.
func (s *Signer) Zero() {
	wipeKey(&s.key)
	s.key = secp256k1.PrivateKey{}
	s.hasSec = false
}

// Sign returns the 64-byte BIP-340 signature of msg (of any length; nostr
// signs the 32-byte event id) with 32 bytes of fresh auxiliary randomness
// from crypto/rand, in constant time. It returns ErrNoSecretKey if the
// signer holds no secret key.
func (s *Signer) Sign(msg []byte) ([]byte, error) {
	return orNil(s.AppendSign(make([]byte, 0, schnorr.SignatureSize), msg))
}

// orNil turns the (dst, err) result of an Append method on a fresh buffer
// into (nil, err) on error.
func orNil(b []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return b, nil
}

// AppendSign appends the 64-byte BIP-340 signature of msg to dst, as Sign,
// and returns the extended slice. It does not allocate when dst has room.
// On error dst is returned unchanged.
func (s *Signer) AppendSign(dst, msg []byte) ([]byte, error) {
	if !s.hasSec {
		return dst, ErrNoSecretKey
	}
	var aux [32]byte
	// crypto/rand.Read (not io.ReadFull on rand.Reader) keeps aux on the
	// stack.
	if _, err := rand.Read(aux[:]); err != nil {
		return dst, fmt.Errorf("signer: reading randomness: %w", err)
	}
	return schnorr.AppendSign(dst, &s.key, msg, aux[:])
}

// AppendSignWithAux appends the BIP-340 signature of msg made with the
// given 32 bytes of auxiliary randomness (schnorr.SignWithAux) to dst and
// returns the extended slice. The signature is then deterministic, which is
// what test vectors and cross-library comparisons need; Sign and AppendSign,
// with fresh randomness, are the right choice otherwise. It does not
// allocate when dst has room; on error dst is returned unchanged.
func (s *Signer) AppendSignWithAux(dst, msg, aux []byte) ([]byte, error) {
	if !s.hasSec {
		return dst, ErrNoSecretKey
	}
	return schnorr.AppendSign(dst, &s.key, msg, aux)
}

// Verify reports whether sig is a valid 64-byte BIP-340 signature of msg
// (of any length) by the signer's public key. An invalid signature returns
// false and a nil error; the error is ErrNoPublicKey if the signer holds no
// public key and ErrSignatureLength if sig is not 64 bytes. Public data:
// execution time depends on the inputs. It does not allocate.
func (s *Signer) Verify(msg, sig []byte) (bool, error) {
	if !s.hasPub {
		return false, ErrNoPublicKey
	}
	if len(sig) != schnorr.SignatureSize {
		return false, fmt.Errorf("%w (got %d)", ErrSignatureLength, len(sig))
	}
	return schnorr.Verify(&s.xonly, msg, sig), nil
}

// ECDH returns the 32-byte hashed ECDH secret SHA256(0x02|parity(y) ‖ x) of
// the shared point d·Q, the default output of libsecp256k1's secp256k1_ecdh
// (the same as secp256k1.PrivateKey.ECDHSHA256). pub is the peer's public
// key: 32 bytes x-only, lifted with even y as nostr does, or 33 bytes SEC 1
// compressed. Both sides get the same value when both know each other's
// full key; with x-only keys, when both secrets have even-y public keys
// (Generate ensures it). NIP-04 and NIP-44 use ECDHRaw instead.
//
// It runs in constant time with respect to the secret key. It returns
// ErrNoSecretKey if the signer holds none and an error wrapping
// secp256k1.ErrInvalidPublicKey for an invalid pub.
func (s *Signer) ECDH(pub []byte) ([]byte, error) {
	return orNil(s.AppendECDH(make([]byte, 0, 32), pub))
}

// AppendECDH appends the 32-byte hashed ECDH secret of ECDH to dst and
// returns the extended slice. It does not allocate when dst has room. On
// error dst is returned unchanged.
func (s *Signer) AppendECDH(dst, pub []byte) ([]byte, error) {
	return s.appendECDH(dst, pub, true)
}

// ECDHRaw returns the 32-byte x-coordinate of the shared point d·Q, the raw
// ECDH secret that NIP-04 uses directly and NIP-44 feeds to HKDF (see
// ConversationKey). pub is 32 bytes x-only or 33 bytes compressed, as for
// ECDH; the result does not depend on the parity of either key.
//
// It runs in constant time with respect to the secret key. It returns
// ErrNoSecretKey if the signer holds none and an error wrapping
// secp256k1.ErrInvalidPublicKey for an invalid pub.
func (s *Signer) ECDHRaw(pub []byte) ([]byte, error) {
	return orNil(s.AppendECDHRaw(make([]byte, 0, 32), pub))
}

// AppendECDHRaw appends the 32-byte raw ECDH secret of ECDHRaw to dst and
// returns the extended slice. It does not allocate when dst has room. On
// error dst is returned unchanged.
func (s *Signer) AppendECDHRaw(dst, pub []byte) ([]byte, error) {
	return s.appendECDH(dst, pub, false)
}

// appendECDH appends the raw or hashed ECDH secret with the peer key pub.
func (s *Signer) appendECDH(dst, pub []byte, hashed bool) ([]byte, error) {
	if !s.hasSec {
		return dst, ErrNoSecretKey
	}
	var q group.Affine
	if err := parsePeer(&q, pub); err != nil {
		return dst, err
	}
	var out [32]byte
	defer clear(out[:])
	// d·Q is finite for 1 <= d < n and Q of prime order n.
	if !ecdh.Shared(&out, keyaccess.PrivateScalar(&s.key), &q, hashed) {
		return dst, fmt.Errorf("%w: shared point is the point at infinity", secp256k1.ErrInvalidPublicKey)
	}
	return append(dst, out[:]...), nil
}

// parsePeer sets a to the peer key pub: 32 bytes x-only (even y) or 33
// bytes SEC 1 compressed. It does not allocate.
func parsePeer(a *group.Affine, pub []byte) error {
	odd := 0
	switch {
	case len(pub) == 32:
	case len(pub) == 33 && (pub[0] == 0x02 || pub[0] == 0x03):
		odd = int(pub[0] & 1)
		pub = pub[1:]
	case len(pub) == 33:
		return fmt.Errorf("%w: bad prefix %#02x", secp256k1.ErrInvalidPublicKey, pub[0])
	default:
		return fmt.Errorf("%w: length %d, want 32 (x-only) or 33 (compressed)", secp256k1.ErrInvalidPublicKey, len(pub))
	}
	var x field.Element
	if x.SetCanonicalBytes((*[32]byte)(pub)) != 1 {
		return fmt.Errorf("%w: x >= p", secp256k1.ErrInvalidPublicKey)
	}
	if a.SetXO(&x, odd) != 1 {
		return fmt.Errorf("%w: no point on the curve has this x", secp256k1.ErrInvalidPublicKey)
	}
	return nil
}
