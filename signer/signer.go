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
// # ECDH: NIP-04 and NIP-44 need ECDHRaw, not ECDH
//
// ECDH returns libsecp256k1's hashed secret, SHA-256(0x02|parity(y) ‖ x),
// as the signer this package replaces does. NIP-04 encrypts with the raw
// shared x coordinate and NIP-44 derives its conversation key from it:
// use ECDHRaw (or ConversationKey) for both. Some other Go nostr signers
// return the raw x from a method called ECDH; code ported from them must
// switch to ECDHRaw, or its messages will not decrypt on the other side.
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
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/keys"
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
	// ErrInvalidEvent: an event that cannot be signed (a nil *Event).
	ErrInvalidEvent = errors.New("signer: invalid event")
)

// The errors of the methods that set a key, called on a nil *Signer or
// *KeyGen, made once so that the checks do not allocate: a nil signer
// holds no key, and cannot be given one.
var (
	errNilSec = fmt.Errorf("%w: nil signer", ErrNoSecretKey)
	errNilPub = fmt.Errorf("%w: nil signer", ErrNoPublicKey)
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
	key    keys.Private // valid when hasSec
	xonly  keys.XOnly   // valid when hasPub
	pub    [32]byte     // xonly's encoding
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
// as nostr does. The x-only public key is uniformly distributed. On error
// the signer is left unchanged; on a nil signer the error wraps
// ErrNoSecretKey.
func (s *Signer) Generate() error {
	if s == nil {
		return errNilSec
	}
	var k keys.Private
	defer k.Wipe()
	if err := k.Generate(nil); err != nil {
		return err
	}
	// The parity of the public key is public: EvenY branches on it only.
	if err := k.EvenY(&k); err != nil {
		return err
	}
	return s.setKey(&k)
}

// InitSec replaces the signer's key with the 32-byte big-endian secret key
// sec (1 <= sec < n), kept as given (an odd-y key is not negated), and
// derives its public key in constant time. It returns an error wrapping
// secp256k1.ErrInvalidPrivateKey for any other input, and then leaves the
// signer unchanged; on a nil signer, one wrapping ErrNoSecretKey. sec is
// not retained.
func (s *Signer) InitSec(sec []byte) error {
	if s == nil {
		return errNilSec
	}
	var k keys.Private
	defer k.Wipe()
	if err := k.SetBytes(sec); err != nil {
		return err
	}
	return s.setKey(&k)
}

// setKey replaces the signer's key with a copy of the valid key k and
// derives its public key.
func (s *Signer) setKey(k *keys.Private) error {
	pub, err := k.Public()
	if err != nil {
		return err
	}
	s.Zero()
	s.key.Set(k)
	s.xonly.SetPublic(pub)
	s.xonly.PutBytes(&s.pub)
	s.hasSec, s.hasPub = true, true
	return nil
}

// InitPub wipes any secret key and sets the 32-byte x-only public key pub
// (BIP-340 lift_x), for verification only. It returns an error wrapping
// secp256k1.ErrInvalidPublicKey if pub is not 32 bytes or not the x of a
// point on the curve, and then leaves the signer unchanged; on a nil
// signer, one wrapping ErrNoPublicKey.
func (s *Signer) InitPub(pub []byte) error {
	if s == nil {
		return errNilPub
	}
	var x keys.XOnly
	if err := x.SetBytes(pub); err != nil {
		return err
	}
	s.Zero()
	s.xonly.SetBytes(pub)
	s.pub = [32]byte(pub)
	s.hasPub = true
	return nil
}

// Sec returns a new copy of the 32-byte secret key, or nil if the signer
// holds none. The caller owns the copy and should wipe it after use.
func (s *Signer) Sec() []byte {
	if !s.holdsSec() {
		return nil
	}
	b := make([]byte, 32)
	s.key.PutBytes((*[32]byte)(b))
	return b
}

// holdsSec reports whether s is not nil and holds a secret key.
func (s *Signer) holdsSec() bool { return s != nil && s.hasSec }

// holdsPub reports whether s is not nil and holds a public key.
func (s *Signer) holdsPub() bool { return s != nil && s.hasPub }

// Pub returns a new copy of the 32-byte x-only public key, or nil if the
// signer holds none.
func (s *Signer) Pub() []byte {
	if !s.holdsPub() {
		return nil
	}
	return s.AppendPub(make([]byte, 0, 32))
}

// AppendPub appends the 32-byte x-only public key to dst (nothing if the
// signer holds none) and returns the extended slice.
func (s *Signer) AppendPub(dst []byte) []byte {
	if !s.holdsPub() {
		return dst
	}
	return append(dst, s.pub[:]...)
}

// Zero wipes the secret key from the signer; the public key stays, so
// Verify and Pub keep working. After Zero the signer holds no secret byte
// and the secret methods return ErrNoSecretKey until InitSec or Generate.
// It does nothing on a nil signer.
func (s *Signer) Zero() {
	if s == nil {
		return
	}
	s.key.Wipe()
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
	if !s.holdsSec() {
		return dst, ErrNoSecretKey
	}
	var aux [32]byte
	// crypto/rand.Read (not io.ReadFull on rand.Reader) keeps aux on the
	// stack.
	if _, err := rand.Read(aux[:]); err != nil {
		return dst, fmt.Errorf("signer: reading randomness: %w", err)
	}
	ctcheck.Secret(&aux) // fresh randomness is secret (for the valgrind check)
	return schnorr.AppendSign(dst, s.privateKey(), msg, aux[:])
}

// AppendSignWithAux appends the BIP-340 signature of msg made with the
// given 32 bytes of auxiliary randomness (schnorr.SignWithAux) to dst and
// returns the extended slice. The signature is then deterministic, which is
// what test vectors and cross-library comparisons need; Sign and AppendSign,
// with fresh randomness, are the right choice otherwise. It does not
// allocate when dst has room; on error dst is returned unchanged.
func (s *Signer) AppendSignWithAux(dst, msg, aux []byte) ([]byte, error) {
	if !s.holdsSec() {
		return dst, ErrNoSecretKey
	}
	return schnorr.AppendSign(dst, s.privateKey(), msg, aux)
}

// privateKey returns the signer's key as the public type (a free
// conversion).
func (s *Signer) privateKey() *secp256k1.PrivateKey {
	return (*secp256k1.PrivateKey)(&s.key)
}

// Verify reports whether sig is a valid 64-byte BIP-340 signature of msg
// (of any length) by the signer's public key. An invalid signature returns
// false and a nil error; the error is ErrNoPublicKey if the signer holds no
// public key and ErrSignatureLength if sig is not 64 bytes. Public data:
// execution time depends on the inputs. It does not allocate.
func (s *Signer) Verify(msg, sig []byte) (bool, error) {
	if !s.holdsPub() {
		return false, ErrNoPublicKey
	}
	if len(sig) != schnorr.SignatureSize {
		return false, fmt.Errorf("%w (got %d)", ErrSignatureLength, len(sig))
	}
	return schnorr.Verify((*secp256k1.XOnlyPublicKey)(&s.xonly), msg, sig), nil
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
	if !s.holdsSec() {
		return dst, ErrNoSecretKey
	}
	var q keys.Public
	if err := parsePeer(&q, pub); err != nil {
		return dst, err
	}
	var out [32]byte
	defer clear(out[:])
	var err error
	if hashed {
		err = keys.ECDHSHA256(&out, &s.key, &q)
	} else {
		err = keys.ECDH(&out, &s.key, &q)
	}
	if err != nil {
		return dst, err
	}
	return append(dst, out[:]...), nil
}

// parsePeer sets q to the peer key pub: 32 bytes x-only (lifted with even
// y) or 33 bytes SEC 1 compressed. It does not allocate.
func parsePeer(q *keys.Public, pub []byte) error {
	switch len(pub) {
	case 32:
		var x keys.XOnly
		if err := x.SetBytes(pub); err != nil {
			return err
		}
		p, err := x.Public()
		if err != nil {
			return err
		}
		return q.Set(p)
	case 33:
		return q.SetBytes(pub)
	default:
		return fmt.Errorf("%w: length %d, want 32 (x-only) or 33 (compressed)", secp256k1.ErrInvalidPublicKey, len(pub))
	}
}
