package musig2

import (
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// DeterministicSign is BIP-327's DeterministicSign: a signer that is the
// last to send its nonce derives it from its secret key, the aggregate of
// the other signers' nonces, the aggregate key and the message, and signs
// at once, without keeping a secret nonce between rounds (stateless
// signing). It returns the signer's 66-byte public nonce and 32-byte
// partial signature; the aggregator adds the public nonce to the others
// (NonceAgg) for the session that aggregates the partial signatures.
//
// aggOtherNonce is the 66-byte NonceAgg of the other signers' public
// nonces, cache the key aggregation cache with every tweak applied, and
// rand optional 32 bytes of randomness (nil: none; the result is then a
// function of the inputs only). The other signers must not learn the
// signer's nonce before sending theirs.
//
// It runs in constant time with respect to the secret key and the nonce.
// Errors: an invalid aggOtherNonce (a half at infinity included) returns an
// *InvalidContributionError with NoSigner and ContribAggOtherNonce; a rand
// of another length ErrInvalidInput; then as NewSession and Session.Sign.
func DeterministicSign(priv *secp256k1.PrivateKey, aggOtherNonce []byte, cache *KeyAggCache, msg []byte, rand []byte) (pubnonce, psig []byte, err error) {
	if !cache.ok() {
		return nil, nil, ErrInvalidKeyAggCache
	}
	if rand != nil && len(rand) != 32 {
		return nil, nil, fmt.Errorf("%w: rand of %d bytes, want 32", ErrInvalidInput, len(rand))
	}
	kp := (*keys.Private)(priv)
	d, err := kp.Scalar()
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrInvalidPrivateKey, err)
	}
	pub, err := kp.Public()
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrInvalidPrivateKey, err)
	}
	var pk [33]byte
	if err := pub.PutCompressed(&pk); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrInvalidPrivateKey, err)
	}
	if len(aggOtherNonce) != PubNonceSize {
		return nil, nil, contribErr(NoSigner, ContribAggOtherNonce)
	}

	// sk' = sk xor hash_MuSig/aux(rand) if rand is given, else sk.
	var skp [32]byte
	defer clear(skp[:])
	d.PutBytes(&skp)
	if rand != nil {
		var aux [32]byte
		tagAux.Sum(&aux, rand, nil, nil)
		for i := range skp {
			skp[i] ^= aux[i]
		}
	}
	var qx [32]byte
	cache.q.X.PutBytes(&qx)
	var k1, k2 scalar.Scalar
	defer k1.Zero()
	defer k2.Zero()
	detNonceHash(&k1, &skp, aggOtherNonce, &qx, msg, 0)
	detNonceHash(&k2, &skp, aggOtherNonce, &qx, msg, 1)
	pubnonce = make([]byte, PubNonceSize)
	if err := noncePoints(pubnonce, &k1, &k2); err != nil {
		return nil, nil, err
	}
	aggnonce, err := NonceAgg([][]byte{pubnonce, aggOtherNonce})
	if err != nil {
		return nil, nil, contribErr(NoSigner, ContribAggOtherNonce)
	}
	s, err := NewSession(cache, aggnonce, msg)
	if err != nil {
		return nil, nil, err
	}
	psig = make([]byte, PartialSigSize)
	if err := s.sign(psig, &k1, &k2, &pk, priv); err != nil {
		return nil, nil, err
	}
	return pubnonce, psig, nil
}

// detNonceHash sets k to BIP-327's det_nonce_hash mod n:
// hash_MuSig/deterministic/nonce(sk' ‖ aggothernonce ‖ aggpk ‖ len(m)
// (8 bytes) ‖ m ‖ i).
func detNonceHash(k *scalar.Scalar, skp *[32]byte, aggOther []byte, aggpk *[32]byte, msg []byte, i byte) {
	var buf [32 + 66 + 32 + 8]byte
	defer clear(buf[:])
	pre := append(buf[:0], skp[:]...)
	pre = append(pre, aggOther...)
	pre = append(pre, aggpk[:]...)
	pre = binary.BigEndian.AppendUint64(pre, uint64(len(msg)))
	hashToScalar(k, &tagDetNonce, pre, msg, []byte{i})
}
