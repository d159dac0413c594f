package keys

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// tagTapTweak is the BIP-341 TapTweak tagged hash.
var tagTapTweak = tagged.New("TapTweak")

var errTapTweakRange = fmt.Errorf("%w: TapTweak hash >= n", ErrInvalidTweak)

// tapTweak sets t to hash_TapTweak(P.x ‖ merkleRoot) for the valid x-only
// key x, rejecting a merkle root that is not empty or 32 bytes and a hash
// >= n (probability about 2^-128).
func (x *XOnly) tapTweak(t *scalar.Scalar, merkleRoot []byte) error {
	var px [32]byte
	if err := x.PutBytes(&px); err != nil {
		return err
	}
	if len(merkleRoot) != 0 && len(merkleRoot) != 32 {
		return fmt.Errorf("%w: merkle root of length %d, want 0 or 32", ErrInvalidTweak, len(merkleRoot))
	}
	var h [32]byte
	tagTapTweak.Sum(&h, px[:], merkleRoot, nil)
	if t.SetCanonicalBytes(&h) != 1 {
		return errTapTweakRange
	}
	return nil
}

// TapTweakHash sets out to the BIP-341 tweak hash_TapTweak(x ‖ merkleRoot)
// of the internal key x, where merkleRoot is empty (no script tree, BIP-86)
// or 32 bytes.
func TapTweakHash(out *[32]byte, x *XOnly, merkleRoot []byte) error {
	var t scalar.Scalar
	if err := x.tapTweak(&t, merkleRoot); err != nil {
		return err
	}
	t.PutBytes(out)
	return nil
}

// TaprootOutput sets x to the x-only BIP-341 output key Q = P + t·G of the
// internal key P, the even-y point of internal, with
// t = hash_TapTweak(P.x ‖ merkleRoot), and returns the parity of Q's y
// (true: odd). x may be internal.
func (x *XOnly) TaprootOutput(internal *XOnly, merkleRoot []byte) (yOdd bool, err error) {
	if x == nil {
		return false, errNilPublic
	}
	p, err := internal.Point()
	if err != nil {
		return false, err
	}
	var t scalar.Scalar
	if err := internal.tapTweak(&t, merkleRoot); err != nil {
		return false, err
	}
	var q Public
	if err := q.setTweakAddVarTime(p, &t); err != nil {
		return false, fmt.Errorf("%w: the output key is the point at infinity", ErrInvalidTweak)
	}
	return x.SetPublic(&q)
}

// TaprootTweak sets k to the key that spends, by the key path, the BIP-341
// output whose internal key is x's x-only key and whose script tree has the
// given merkle root (BIP-341's taproot_tweak_seckey): the even-y secret of
// x plus hash_TapTweak(P.x ‖ merkleRoot). k may be x. The tweak is derived
// from public data; the secret is handled in constant time.
func (k *Private) TaprootTweak(x *Private, merkleRoot []byte) error {
	if k == nil {
		return errNilPrivate
	}
	var d scalar.Scalar
	defer d.Zero()
	pub, err := x.EvenYScalar(&d)
	if err != nil {
		return err
	}
	var xo XOnly
	if _, err := xo.SetPublic(pub); err != nil {
		return err
	}
	var t scalar.Scalar
	if err := xo.tapTweak(&t, merkleRoot); err != nil {
		return err
	}
	return k.setSum(&d, &t, 1)
}
