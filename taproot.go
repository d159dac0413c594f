package secp256k1

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// tagTapTweak is the BIP-341 TapTweak tagged hash.
var tagTapTweak = tagged.New("TapTweak")

// tapTweakHash sets out = hash_TapTweak(px ‖ merkleRoot), where merkleRoot
// is empty or 32 bytes (checked by the callers).
func tapTweakHash(out *[32]byte, px *[32]byte, merkleRoot []byte) {
	tagTapTweak.Sum(out, px[:], merkleRoot, nil)
}

// taprootTweakScalar sets t to the BIP-341 tweak of the x-only key with
// x-coordinate px and the given merkle root, rejecting a root that is not
// empty or 32 bytes and a hash >= n (probability about 2^-128).
func taprootTweakScalar(t *scalar.Scalar, px *[32]byte, merkleRoot []byte) error {
	if len(merkleRoot) != 0 && len(merkleRoot) != 32 {
		return fmt.Errorf("%w: merkle root of length %d, want 0 or 32", ErrInvalidTweak, len(merkleRoot))
	}
	var h [32]byte
	tapTweakHash(&h, px, merkleRoot)
	if t.SetCanonicalBytes(&h) != 1 {
		return fmt.Errorf("%w: TapTweak hash >= n", ErrInvalidTweak)
	}
	return nil
}

// TapTweakHash returns the 32-byte BIP-341 tweak
// t = hash_TapTweak(x ‖ merkleRoot) of the internal key x, where merkleRoot
// is nil (or empty: a key-path-only output, as BIP-86 uses) or the 32-byte
// root of the script tree. This is the tweak that TaprootOutputKey and
// PrivateKey.TaprootTweak apply, and that MuSig2 and PSBT code apply to an
// aggregate key with x-only tweaking. It returns an error wrapping
// ErrInvalidTweak for a merkle root of any other length, or if t >= n
// (BIP-341 fails such outputs; the probability is about 2^-128).
func TapTweakHash(internal *XOnlyPublicKey, merkleRoot []byte) ([]byte, error) {
	if internal == nil {
		return nil, fmt.Errorf("%w: nil key", ErrInvalidPublicKey)
	}
	var px [32]byte
	internal.p.X.PutBytes(&px)
	var t scalar.Scalar
	if err := taprootTweakScalar(&t, &px, merkleRoot); err != nil {
		return nil, err
	}
	b := t.Bytes()
	return b[:], nil
}

// TaprootOutputKey returns the BIP-341 output key Q = P + t·G of the
// internal key P (the even-y point of internal) with
// t = hash_TapTweak(P.x ‖ merkleRoot), as the x-only key that goes into the
// witness program, and the parity of Q's y (true: odd) that a script-path
// control block carries. merkleRoot is nil (or empty) for an output with no
// script tree (BIP-86) or the 32-byte root of the script tree.
//
// It returns an error wrapping ErrInvalidTweak if merkleRoot has any other
// length, if t >= n or if Q is the point at infinity (both happen with
// negligible probability; BIP-341 makes such outputs unspendable by key).
// Public data: execution time depends on the inputs.
func TaprootOutputKey(internal *XOnlyPublicKey, merkleRoot []byte) (output *XOnlyPublicKey, parity bool, err error) {
	if internal == nil {
		return nil, false, fmt.Errorf("%w: nil key", ErrInvalidPublicKey)
	}
	var px [32]byte
	internal.p.X.PutBytes(&px)
	var t scalar.Scalar
	if err := taprootTweakScalar(&t, &px, merkleRoot); err != nil {
		return nil, false, err
	}
	var q group.Affine
	if !pointTweakAddVarTime(&q, &internal.p, &t) {
		return nil, false, fmt.Errorf("%w: the output key is the point at infinity", ErrInvalidTweak)
	}
	odd := q.Y.IsOdd()
	output = new(XOnlyPublicKey)
	output.p = q
	output.p.Y.CondNegate(&q.Y, odd)
	return output, odd == 1, nil
}

// TaprootTweak returns the private key that spends, by the key path, the
// BIP-341 output whose internal key is k's x-only public key and whose
// script tree has the given merkle root (nil or empty: no script tree, as
// in BIP-86; otherwise 32 bytes). This is BIP-341's taproot_tweak_seckey:
// the secret is negated if k's public key has odd y, then
// t = hash_TapTweak(P.x ‖ merkleRoot) is added (see XOnlyTweakAdd). The
// x-only form of the result's public key is TaprootOutputKey's output; sign
// with it by BIP-340 (package schnorr).
//
// It returns an error wrapping ErrInvalidTweak if merkleRoot has any other
// length, if t >= n or if the result is 0 (both with negligible
// probability). It runs in constant time with respect to the secret; the
// tweak is derived from public data.
func (k *PrivateKey) TaprootTweak(merkleRoot []byte) (*PrivateKey, error) {
	if k == nil {
		return nil, fmt.Errorf("%w: nil key", ErrInvalidPrivateKey)
	}
	var px [32]byte
	k.pub.p.X.PutBytes(&px)
	var t scalar.Scalar
	if err := taprootTweakScalar(&t, &px, merkleRoot); err != nil {
		return nil, err
	}
	var d scalar.Scalar
	k.evenYSecret(&d)
	defer d.Zero()
	return addTweak(&d, &t, 1)
}
