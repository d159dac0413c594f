package musig2

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/ripemd160"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// syntheticChainCode is BIP-328's chain code, SHA-256("MuSig2MuSig2MuSig2").
var syntheticChainCode = [32]byte{
	0x86, 0x80, 0x87, 0xca, 0x02, 0xa6, 0xf9, 0x74, 0xc4, 0x59, 0x89, 0x24, 0xc3, 0x6b, 0x57, 0x76,
	0x2d, 0x32, 0xcb, 0x45, 0x71, 0x71, 0x67, 0xe3, 0x00, 0x62, 0x2c, 0x71, 0x67, 0xe3, 0x89, 0x65,
}

// SyntheticChainCode returns BIP-328's fixed chain code of the synthetic
// extended public key of an aggregate key,
// 868087ca02a6f974c4598924c36b57762d32cb45717167e300622c7167e38965, the
// SHA-256 of "MuSig2MuSig2MuSig2".
func SyntheticChainCode() [32]byte { return syntheticChainCode }

// ExtendedKey is a BIP-32 extended public key: what an xpub string encodes
// (without the version bytes). KeyAggCache.ExtendedKey makes BIP-328's
// synthetic one of an aggregate key: depth 0, no parent, child number 0 and
// the chain code SyntheticChainCode. All of it is public.
//
// The zero value is invalid (its Key is not a point): Child returns an
// error for it.
type ExtendedKey struct {
	Key               [33]byte // the compressed public key
	ChainCode         [32]byte
	Depth             uint8
	ParentFingerprint [4]byte // the first 4 bytes of HASH160 of the parent key
	ChildNumber       uint32
}

// extState is the BIP-328 part of a KeyAggCache: the chain code, depth,
// parent fingerprint and child number of the cache's key viewed as an
// extended key, valid while extendable (the key was only ever tweaked by
// DeriveChild).
type extState struct {
	chainCode   [32]byte
	depth       uint8
	parentFP    [4]byte
	childNumber uint32
	extendable  bool
}

func (e *extState) init() {
	*e = extState{chainCode: syntheticChainCode, extendable: true}
}

// ExtendedKey returns the cache's aggregate key as a BIP-32 extended public
// key: BIP-328's synthetic xpub right after KeyAgg, and its child after
// DeriveChild calls. After TweakAdd, XOnlyTweakAdd or TaprootTweak the key
// is no longer one of these, and ExtendedKey returns ErrNotExtendable; a
// nil or zero-value cache returns ErrInvalidKeyAggCache.
func (c *KeyAggCache) ExtendedKey() (*ExtendedKey, error) {
	if !c.ok() {
		return nil, ErrInvalidKeyAggCache
	}
	if !c.ext.extendable {
		return nil, fmt.Errorf("%w: the key was tweaked", ErrNotExtendable)
	}
	k := &ExtendedKey{
		ChainCode:         c.ext.chainCode,
		Depth:             c.ext.depth,
		ParentFingerprint: c.ext.parentFP,
		ChildNumber:       c.ext.childNumber,
	}
	putPoint(k.Key[:], &c.q)
	return k, nil
}

// DeriveChild replaces the cache's key by its unhardened BIP-32 child i
// (CKDpub), as BIP-328 describes: the tweak I_L of the derivation is
// applied as a plain tweak, so that the signers' partial signatures sign
// for the child key. Derive a path by calling it for each index in turn,
// starting from a cache fresh from KeyAgg (BIP-328 derives from the
// untweaked aggregate key); apply a taproot tweak after the derivation.
//
// It returns ErrNotExtendable for a hardened index (i >= 2^31: there is no
// aggregate secret key) or after another tweak, ErrInvalidChild when the
// child does not exist (probability below 2^-127; BIP-32 says to use the
// next index), and an error wrapping ErrInvalidKeyAggCache for a nil or
// zero-value cache. On error the cache is unchanged.
func (c *KeyAggCache) DeriveChild(i uint32) error {
	parent, err := c.ExtendedKey()
	if err != nil {
		return err
	}
	var t scalar.Scalar
	var chain [32]byte
	if err := parent.ckd(&t, &chain, i); err != nil {
		return err
	}
	if err := c.tweakScalar(&t, false); err != nil {
		return ErrInvalidChild
	}
	c.ext.chainCode = chain
	c.ext.depth++
	c.ext.parentFP = fingerprint(&parent.Key)
	c.ext.childNumber = i
	return nil
}

// Child returns the unhardened BIP-32 child i of k (CKDpub) and the
// derivation's tweak I_L (32 bytes), which is the plain tweak (TweakAdd)
// that takes k's key to the child's. It returns ErrNotExtendable for a
// hardened index or a key at depth 255, an error wrapping
// ErrInvalidPublicKey when k.Key is not a valid compressed point (the zero
// value), and ErrInvalidChild when the child does not exist. Variable time
// (public data).
func (k *ExtendedKey) Child(i uint32) (*ExtendedKey, []byte, error) {
	if k == nil {
		return nil, nil, fmt.Errorf("%w: nil extended key", ErrInvalidPublicKey)
	}
	var p group.Affine
	if !parsePoint(&p, k.Key[:]) {
		return nil, nil, fmt.Errorf("%w: extended key", ErrInvalidPublicKey)
	}
	if k.Depth == 255 {
		return nil, nil, fmt.Errorf("%w: depth 255 has no children", ErrNotExtendable)
	}
	child := &ExtendedKey{Depth: k.Depth + 1, ParentFingerprint: fingerprint(&k.Key), ChildNumber: i}
	var t scalar.Scalar
	if err := k.ckd(&t, &child.ChainCode, i); err != nil {
		return nil, nil, err
	}
	var j group.Jacobian
	ecmult.BaseMultVarTime(&j, &t)
	j.AddMixedVarTime(&j, &p)
	if j.IsInfinity() == 1 {
		return nil, nil, ErrInvalidChild
	}
	var a group.Affine
	a.SetJacobianVarTime(&j)
	putPoint(child.Key[:], &a)
	tw := t.Bytes()
	return child, tw[:], nil
}

// ckd computes I = HMAC-SHA512(chain code, Key ‖ ser32(i)) and sets t to
// I_L and chain to I_R, rejecting a hardened i and I_L >= n.
func (k *ExtendedKey) ckd(t *scalar.Scalar, chain *[32]byte, i uint32) error {
	if i >= 1<<31 {
		return fmt.Errorf("%w: hardened index %#x (no aggregate secret key)", ErrNotExtendable, i)
	}
	mac := hmac.New(sha512.New, k.ChainCode[:])
	var data [37]byte
	copy(data[:33], k.Key[:])
	binary.BigEndian.PutUint32(data[33:], i)
	mac.Write(data[:])
	var sum [64]byte
	mac.Sum(sum[:0])
	if t.SetCanonicalBytes((*[32]byte)(sum[:32])) != 1 {
		return ErrInvalidChild
	}
	copy(chain[:], sum[32:])
	return nil
}

// fingerprint returns the first 4 bytes of HASH160(key).
func fingerprint(key *[33]byte) [4]byte {
	h := ripemd160.Hash160(key[:])
	return [4]byte(h[:4])
}
