package bip32

import (
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1/internal/keys"
)

// HardenedOffset is the first hardened child index: index i' (or iH) of a
// path is HardenedOffset + i.
const HardenedOffset uint32 = 1 << 31

// maxDepth is the greatest depth the serialisation holds.
const maxDepth = 255

// bitcoinSeed is the HMAC key of master key generation.
var bitcoinSeed = []byte("Bitcoin seed")

// NewMaster returns the master key of seed (BIP-32 "Master key
// generation": I = HMAC-SHA512("Bitcoin seed", seed), the left half the
// private key and the right half the chain code) with version v, a private
// version (Xprv for mainnet, Tprv for testnet; Zprv and the others for the
// SLIP-132 forms). The seed, 16 to 64 bytes (BIP-39's are 64), is not
// retained; the caller should wipe it after use.
//
// It returns an error wrapping ErrInvalidSeed for a seed of another length,
// ErrInvalidVersion for an unknown or public version, and ErrUnusableSeed if
// the left half of I is 0 or >= n (probability about 2^-127; BIP-32 calls
// the master key invalid, and the seed must be replaced). It runs in
// constant time with respect to the seed, and reveals only whether the
// master key is valid.
func NewMaster(seed []byte, v Version) (*ExtendedKey, error) {
	if len(seed) < 16 || len(seed) > 64 {
		return nil, fmt.Errorf("%w: %d bytes", ErrInvalidSeed, len(seed))
	}
	if err := checkVersion(v, true); err != nil {
		return nil, err
	}
	var I [64]byte
	defer clear(I[:])
	hmacSHA512(&I, bitcoinSeed, seed, nil)
	k := new(ExtendedKey)
	if err := k.setMaster(&I, v); err != nil {
		return nil, err
	}
	return k, nil
}

// setMaster sets k to the master key of I = HMAC-SHA512("Bitcoin seed",
// seed) with version v. It returns ErrUnusableSeed, leaving k unchanged,
// if I_L is 0 or >= n; only that verdict is revealed.
func (k *ExtendedKey) setMaster(I *[64]byte, v Version) error {
	if err := k.priv.SetBytes(I[:32]); err != nil {
		return ErrUnusableSeed
	}
	k.version, k.private = v, true
	copy(k.chain[:], I[32:])
	return nil
}

// Child returns child i of k: the hardened child for i >= HardenedOffset,
// the normal one below (BIP-32 CKDpriv for a private k, CKDpub for a public
// one). A private k gives a private child; Neuter it for the public one,
// which for a normal index equals the child of k's neutered form.
//
// It returns an error wrapping ErrHardenedFromPublic for a hardened index
// of a public key, ErrMaxDepth for a key at depth 255, ErrInvalidKey for an
// invalid key, and ErrInvalidChild for the (probability about 2^-127) index
// whose child is invalid: BIP-32 says to go on with the next index, which
// is the caller's decision (a wallet skips the index, as btcutil's
// hdkeychain users do on its ErrInvalidChild).
//
// For a private key the derivation runs in constant time with respect to
// the private key and the chain code, and reveals only whether the child is
// valid. It computes k's public key if k has not computed it yet (a normal
// child hashes it, and every child records its fingerprint).
func (k *ExtendedKey) Child(i uint32) (*ExtendedKey, error) {
	if !k.valid() {
		return nil, errNoKey
	}
	out := new(ExtendedKey)
	if err := out.setChild(k, i, true); err != nil {
		out.Zero()
		return nil, err
	}
	return out, nil
}

// Derive returns the key at path below k: "m/86'/0'/0'/0/0" from a master
// key, or a relative path such as "0/5" from any key (see ParsePath for
// the syntax). A path that starts with "m" is absolute, and only a master
// key (depth 0) accepts it; an error wrapping ErrInvalidPath says so for
// other keys. "m" alone gives a copy of k.
//
// The keys in between are kept on the stack and wiped; a public key is
// computed only where a normal child needs it and for the result's parent
// fingerprint. Errors are those of ParsePath and Child.
func (k *ExtendedKey) Derive(path string) (*ExtendedKey, error) {
	if !k.valid() {
		return nil, errNoKey
	}
	var idx [maxDepth]uint32
	n, absolute, err := parsePath(&idx, path)
	if err != nil {
		return nil, err
	}
	if absolute && k.depth != 0 {
		return nil, fmt.Errorf("%w: %q is absolute (starts with m) but the key is at depth %d; give the path relative to it", ErrInvalidPath, path, k.depth)
	}
	return k.derive(idx[:n])
}

// DerivePath returns the key at path below k, each index applied in turn
// as by Child (a path is always relative to k; an empty path gives a copy
// of k). Errors are those of Child, found before any derivation for the
// depth and for hardened indices of a public key.
func (k *ExtendedKey) DerivePath(path Path) (*ExtendedKey, error) {
	if !k.valid() {
		return nil, errNoKey
	}
	return k.derive(path)
}

func (k *ExtendedKey) derive(path []uint32) (*ExtendedKey, error) {
	if len(path) > maxDepth-int(k.depth) {
		return nil, fmt.Errorf("%w: %d levels below depth %d", ErrMaxDepth, len(path), k.depth)
	}
	if !k.private {
		for _, i := range path {
			if i >= HardenedOffset {
				return nil, ErrHardenedFromPublic
			}
		}
	}
	// Two keys on the stack take turns as parent and child.
	var bufs [2]ExtendedKey
	defer bufs[0].Zero()
	defer bufs[1].Zero()
	cur := k
	for j, i := range path {
		next := &bufs[j&1]
		if err := next.setChild(cur, i, j == len(path)-1); err != nil {
			return nil, err
		}
		cur = next
	}
	out := new(ExtendedKey)
	out.set(cur)
	return out, nil
}

// setChild sets k to child i of the valid key parent (k must not be
// parent). The parent fingerprint is computed only if withFP is set (the
// keys in the middle of a path never show theirs); it is 0 otherwise. On
// error k may hold part of the result, and the caller wipes it.
func (k *ExtendedKey) setChild(parent *ExtendedKey, i uint32, withFP bool) error {
	if parent.depth == maxDepth {
		return ErrMaxDepth
	}
	hardened := i >= HardenedOffset
	if hardened && !parent.private {
		return ErrHardenedFromPublic
	}
	// data = 0x00 ‖ ser256(k_par) ‖ ser32(i) for a hardened child,
	// serP(K_par) ‖ ser32(i) for a normal one.
	var data [37]byte
	defer clear(data[:])
	var pub *keys.Public // the parent's public key, where it is needed
	if !hardened || withFP {
		pub = parent.public()
	}
	if hardened {
		if err := parent.priv.PutBytes((*[32]byte)(data[1:33])); err != nil {
			return errNoKey
		}
	} else if err := pub.PutCompressed((*[33]byte)(data[:33])); err != nil {
		return errNoKey
	}
	binary.BigEndian.PutUint32(data[33:], i)
	var I [64]byte
	defer clear(I[:])
	hmacSHA512(&I, parent.chain[:], data[:], nil)
	var fpKey *keys.Public
	if withFP {
		fpKey = pub
	}
	return k.setChildFromI(parent, i, &I, fpKey)
}

// setChildFromI sets k to child i of parent given I = HMAC-SHA512(c_par,
// data): the key is parent's key plus I_L (times G for a public key), the
// chain code I_R. The parent fingerprint is that of parentPub, or 0 if
// parentPub is nil. It returns an error wrapping ErrInvalidChild, leaving
// k's key unchanged, if I_L >= n or the child key is 0 or the point at
// infinity; only that verdict is revealed.
func (k *ExtendedKey) setChildFromI(parent *ExtendedKey, i uint32, I *[64]byte, parentPub *keys.Public) error {
	var err error
	if parent.private {
		err = k.priv.TweakAdd(&parent.priv, I[:32])
	} else {
		err = k.pub.TweakAdd(&parent.pub, I[:32])
	}
	if err != nil {
		return fmt.Errorf("%w: index %d", ErrInvalidChild, i)
	}
	copy(k.chain[:], I[32:])
	k.version, k.private, k.depth, k.child = parent.version, parent.private, parent.depth+1, i
	k.parentFP = [4]byte{}
	if parentPub != nil {
		k.parentFP = fingerprint(parentPub)
	}
	return nil
}
