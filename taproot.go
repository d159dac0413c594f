package secp256k1

import "github.com/p256k1/secp256k1/internal/keys"

// TapTweakHash returns the 32-byte BIP-341 tweak
// t = hash_TapTweak(x ‖ merkleRoot) of the internal key x, where merkleRoot
// is nil (or empty: a key-path-only output, as BIP-86 uses) or the 32-byte
// root of the script tree. This is the tweak that TaprootOutputKey and
// PrivateKey.TaprootTweak apply, and that MuSig2 and PSBT code apply to an
// aggregate key with x-only tweaking. It returns an error wrapping
// ErrInvalidTweak for a merkle root of any other length, or if t >= n
// (BIP-341 fails such outputs; the probability is about 2^-128).
func TapTweakHash(internal *XOnlyPublicKey, merkleRoot []byte) ([]byte, error) {
	var t [32]byte
	if err := keys.TapTweakHash(&t, internal.in(), merkleRoot); err != nil {
		return nil, err
	}
	return t[:], nil
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
	out := new(keys.XOnly)
	parity, err = out.TaprootOutput(internal.in(), merkleRoot)
	if err != nil {
		return nil, false, err
	}
	return (*XOnlyPublicKey)(out), parity, nil
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
	return newPrivate(func(out *keys.Private) error { return out.TaprootTweak(k.in(), merkleRoot) })
}
