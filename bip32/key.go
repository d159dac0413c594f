package bip32

import (
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/ripemd160"
)

// ExtendedKey is a BIP-32 extended key: a secp256k1 private or public key,
// its 32-byte chain code, and the header of its serialisation: the version,
// the depth (0 for a master key), the fingerprint of its parent and its
// child number (the index it was derived at, HardenedOffset and above for
// hardened children).
//
// The zero value is not a valid key, and neither is nil: every method given
// one returns an error wrapping ErrInvalidKey, or the zero value of its
// result where it has no error result. Get keys from NewMaster, Parse,
// NewPrivate or NewPublic, and derive others from them.
//
// An ExtendedKey is immutable and safe for concurrent use, except Zero,
// which must not run while the key is in use. Do not copy the value (go vet
// reports copies): pass pointers. A private key computes its public key on
// first use and keeps it (see secp256k1.PrivateKey.PublicKey).
type ExtendedKey struct {
	_ [0]func() // not comparable

	version  Version
	depth    uint8
	parentFP [4]byte
	child    uint32
	chain    [32]byte
	private  bool
	priv     keys.Private // the key when private
	pub      keys.Public  // the key when public
}

var errNoKey = fmt.Errorf("%w: nil, zero-value or wiped key", ErrInvalidKey)

// valid reports whether k is a valid key: not nil, a known version, and a
// valid key of the version's kind. Only validity is revealed.
func (k *ExtendedKey) valid() bool {
	if k == nil || !k.version.Known() {
		return false
	}
	if k.private {
		return k.priv.Valid()
	}
	return k.pub.Valid()
}

// public returns k's public key, computing it for a private key that has
// not computed it yet. k must be valid.
func (k *ExtendedKey) public() *keys.Public {
	if !k.private {
		return &k.pub
	}
	p, err := k.priv.Public()
	if err != nil {
		panic("bip32: internal error: public key of a valid key: " + err.Error())
	}
	return p
}

// fingerprint returns the first four bytes of HASH160 of p's compressed
// encoding: BIP-32's key fingerprint. p must be valid.
func fingerprint(p *keys.Public) [4]byte {
	var c [33]byte
	if err := p.PutCompressed(&c); err != nil {
		panic("bip32: internal error: encoding a valid public key: " + err.Error())
	}
	h := ripemd160.Hash160(c[:])
	return [4]byte(h[:4])
}

// checkHeader checks the rule BIP-32 states for parsing, and that this
// package applies to every key it builds: a master key (depth 0) has
// parent fingerprint 0 and child number 0.
func checkHeader(depth uint8, parentFP [4]byte, child uint32) error {
	if depth != 0 {
		return nil
	}
	if parentFP != [4]byte{} {
		return fmt.Errorf("%w: depth 0 with parent fingerprint %x, want 00000000", ErrInvalidKey, parentFP)
	}
	if child != 0 {
		return fmt.Errorf("%w: depth 0 with child number %d, want 0", ErrInvalidKey, child)
	}
	return nil
}

// set sets k to a copy of the valid key x (with x's public key if it is
// computed). k must not be x.
func (k *ExtendedKey) set(x *ExtendedKey) {
	k.version, k.depth, k.parentFP, k.child = x.version, x.depth, x.parentFP, x.child
	k.chain = x.chain
	k.private = x.private
	var err error
	if x.private {
		err = k.priv.Set(&x.priv)
		k.pub = keys.Public{}
	} else {
		err = k.pub.Set(&x.pub)
		k.priv.Wipe()
	}
	if err != nil {
		panic("bip32: internal error: copying a valid key: " + err.Error())
	}
}

// NewPrivate returns the extended private key made of key, chainCode (32
// bytes) and the header fields, with version v (a private version: Xprv,
// Zprv, Tprv, ...). The key and the chain code are copied: key stays the
// caller's to use and wipe, and the result's copy is wiped by its Zero. It
// returns an error wrapping ErrInvalidVersion for an unknown or public
// version, and ErrInvalidKey for a nil or zero-value key, a chain code of
// another length, and depth 0 with a parent fingerprint or child number
// that is not 0.
func NewPrivate(v Version, key *secp256k1.PrivateKey, chainCode []byte, depth uint8, parentFingerprint, childNumber uint32) (*ExtendedKey, error) {
	k := new(ExtendedKey)
	if err := k.setFields(v, true, chainCode, depth, parentFingerprint, childNumber); err != nil {
		return nil, err
	}
	if err := k.priv.Set((*keys.Private)(key)); err != nil {
		k.Zero()
		return nil, fmt.Errorf("%w: %w", ErrInvalidKey, err)
	}
	return k, nil
}

// NewPublic returns the extended public key made of key, chainCode (32
// bytes) and the header fields, with version v (a public version: Xpub,
// Zpub, Tpub, ...). The key and the chain code are copied. It returns an
// error wrapping ErrInvalidVersion for an unknown or private version, and
// ErrInvalidKey for a nil or zero-value key, a chain code of another
// length, and depth 0 with a parent fingerprint or child number that is
// not 0.
func NewPublic(v Version, key *secp256k1.PublicKey, chainCode []byte, depth uint8, parentFingerprint, childNumber uint32) (*ExtendedKey, error) {
	k := new(ExtendedKey)
	if err := k.setFields(v, false, chainCode, depth, parentFingerprint, childNumber); err != nil {
		return nil, err
	}
	if err := k.pub.Set((*keys.Public)(key)); err != nil {
		k.Zero()
		return nil, fmt.Errorf("%w: %w", ErrInvalidKey, err)
	}
	return k, nil
}

// setFields checks and sets everything but the key.
func (k *ExtendedKey) setFields(v Version, private bool, chainCode []byte, depth uint8, parentFP, child uint32) error {
	if err := checkVersion(v, private); err != nil {
		return err
	}
	if len(chainCode) != 32 {
		return fmt.Errorf("%w: chain code of %d bytes, want 32", ErrInvalidKey, len(chainCode))
	}
	var fp [4]byte
	binary.BigEndian.PutUint32(fp[:], parentFP)
	if err := checkHeader(depth, fp, child); err != nil {
		return err
	}
	k.version, k.private, k.depth, k.parentFP, k.child = v, private, depth, fp, child
	copy(k.chain[:], chainCode)
	return nil
}

// checkVersion returns an error if v is unknown or not of the kind asked
// for.
func checkVersion(v Version, private bool) error {
	i := v.info()
	switch {
	case i == nil:
		return unknownVersion(v)
	case i.private && !private:
		return fmt.Errorf("%w: %s is a private version, the key is public", ErrInvalidVersion, v)
	case !i.private && private:
		return fmt.Errorf("%w: %s is a public version, the key is private", ErrInvalidVersion, v)
	}
	return nil
}

// Version returns k's version, or 0 (not a known version) for an invalid
// key.
func (k *ExtendedKey) Version() Version {
	if !k.valid() {
		return 0
	}
	return k.version
}

// Depth returns k's depth: 0 for a master key, 1 for its children and so
// on. It returns 0 for an invalid key.
func (k *ExtendedKey) Depth() uint8 {
	if !k.valid() {
		return 0
	}
	return k.depth
}

// ParentFingerprint returns the fingerprint of k's parent (see
// Fingerprint), 0 for a master key and for an invalid key.
func (k *ExtendedKey) ParentFingerprint() uint32 {
	if !k.valid() {
		return 0
	}
	return binary.BigEndian.Uint32(k.parentFP[:])
}

// ChildNumber returns the index k was derived at (HardenedOffset and above
// for a hardened child), 0 for a master key and for an invalid key.
func (k *ExtendedKey) ChildNumber() uint32 {
	if !k.valid() {
		return 0
	}
	return k.child
}

// ChainCode returns a copy of k's 32-byte chain code, or nil for an invalid
// key. The chain code of a private key should be kept as secret as the
// key: with the public key it gives every non-hardened child's public key,
// and with any of those children's private keys, k's private key.
func (k *ExtendedKey) ChainCode() []byte {
	if !k.valid() {
		return nil
	}
	return append([]byte(nil), k.chain[:]...)
}

// IsPrivate reports whether k is a valid extended private key.
func (k *ExtendedKey) IsPrivate() bool { return k.valid() && k.private }

// Fingerprint returns k's fingerprint, the first four bytes (big-endian)
// of HASH160 of its compressed public key: the parent fingerprint of its
// children, and the master fingerprint of PSBT and descriptors for a
// master key. It computes the public key of a private key if needed. It
// returns 0 for an invalid key.
func (k *ExtendedKey) Fingerprint() uint32 {
	if !k.valid() {
		return 0
	}
	fp := fingerprint(k.public())
	return binary.BigEndian.Uint32(fp[:])
}

// PrivateKey returns k's private key. It is not a copy but the key k holds:
// the caller has nothing to wipe, the key stays valid as long as k does,
// and k.Zero wipes it. It returns an error wrapping ErrNotPrivate for a
// public key and ErrInvalidKey for an invalid one.
func (k *ExtendedKey) PrivateKey() (*secp256k1.PrivateKey, error) {
	if !k.valid() {
		return nil, errNoKey
	}
	if !k.private {
		return nil, fmt.Errorf("%w: %s key", ErrNotPrivate, k.version)
	}
	return (*secp256k1.PrivateKey)(&k.priv), nil
}

// PublicKey returns k's public key, computing it from a private key on
// first use (in constant time). It is the key k holds, not a copy, and
// stays valid as long as k does. It returns an error wrapping ErrInvalidKey
// for an invalid key.
func (k *ExtendedKey) PublicKey() (*secp256k1.PublicKey, error) {
	if !k.valid() {
		return nil, errNoKey
	}
	return (*secp256k1.PublicKey)(k.public()), nil
}

// Neuter returns the extended public key of k: the same header and chain
// code, k's public key, and the public version that goes with k's version
// (Xpub for Xprv, Zpub for Zprv, ...). For a public k it returns a copy of
// k. It returns an error wrapping ErrInvalidKey for an invalid key.
func (k *ExtendedKey) Neuter() (*ExtendedKey, error) {
	if !k.valid() {
		return nil, errNoKey
	}
	out := new(ExtendedKey)
	if !k.private {
		out.set(k)
		return out, nil
	}
	v, err := k.version.PublicVersion()
	if err != nil {
		return nil, err
	}
	out.version, out.depth, out.parentFP, out.child = v, k.depth, k.parentFP, k.child
	out.chain = k.chain
	if err := out.pub.Set(k.public()); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidKey, err)
	}
	return out, nil
}

// WithVersion returns a copy of k with version v, which must be a known
// version of the same kind (private or public) as k's: for example the
// zpub form of an xpub. It returns an error wrapping ErrInvalidVersion for
// any other version and ErrInvalidKey for an invalid key.
func (k *ExtendedKey) WithVersion(v Version) (*ExtendedKey, error) {
	if !k.valid() {
		return nil, errNoKey
	}
	if err := checkVersion(v, k.private); err != nil {
		return nil, err
	}
	out := new(ExtendedKey)
	out.set(k)
	out.version = v
	return out, nil
}

// Zero wipes k: the private key, the chain code and the header. k becomes
// the (invalid) zero value, and so does the key PrivateKey returned. It
// does nothing on a nil key. It must not run while k is in use.
func (k *ExtendedKey) Zero() {
	if k == nil {
		return
	}
	k.priv.Wipe()
	k.pub = keys.Public{}
	clear(k.chain[:])
	k.version, k.depth, k.parentFP, k.child, k.private = 0, 0, [4]byte{}, 0, false
}
