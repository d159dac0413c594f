package frost

import (
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// DeterministicSign is BIP-445's deterministic_sign: a signer that is the
// last to send its nonce derives it from its secret share, its identifier,
// the signer set, the aggregate of the other signers' nonces, the tweaked
// threshold key and the message, and signs at once, without keeping a
// secret nonce between rounds (stateless signing). It returns the signer's
// 66-byte public nonce and 32-byte partial signature; the coordinator adds
// the public nonce to the others (NonceAgg) for the session that
// aggregates the partial signatures.
//
// aggOtherNonce is the 66-byte NonceAgg of the other signers' public
// nonces, or nil for a sole signer (one signer in sc: the aggregate nonce
// is then the signer's own public nonce). tc holds the session's tweaks
// (nil: none). auxRand is optional randomness, 32 bytes (nil: none; the
// result is then a function of the inputs only; nil differs from 32 zero
// bytes). The other signers must not learn this signer's nonce before
// sending theirs.
//
// It runs in constant time with respect to the secret share and the nonce.
// Errors: ErrInvalidSignersContext, ErrInvalidTweakContext,
// ErrTweakContextMismatch as NewSession; ErrInvalidInput for an auxRand of
// another length, or a nil aggOtherNonce with more than one signer; an
// aggOtherNonce that is not two compressed points (the point at infinity
// included) returns an *InvalidContributionError with NoSigner and
// ContribAggOtherNonce; then as Session.Sign.
func DeterministicSign(secshare *secp256k1.PrivateKey, myID int, aggOtherNonce []byte, sc *SignersContext, tc *TweakContext, msg, auxRand []byte) (pubnonce, psig []byte, err error) {
	s := &Session{sc: sc}
	if err := s.init(tc); err != nil {
		return nil, nil, err
	}
	if auxRand != nil && len(auxRand) != 32 {
		return nil, nil, fmt.Errorf("%w: aux_rand of %d bytes, want 32", ErrInvalidInput, len(auxRand))
	}
	if myID < 0 || uint64(myID) > MaxParticipants-1 {
		return nil, nil, ErrIDNotInSigners
	}
	var r1, r2 group.Affine
	if aggOtherNonce == nil {
		if len(sc.ids) > 1 {
			return nil, nil, fmt.Errorf("%w: no aggOtherNonce for %d signers", ErrInvalidInput, len(sc.ids))
		}
	} else if len(aggOtherNonce) != PubNonceSize || !parsePoint(&r1, aggOtherNonce[:33]) || !parsePoint(&r2, aggOtherNonce[33:]) {
		return nil, nil, contribErr(NoSigner, ContribAggOtherNonce)
	}
	var pk [33]byte
	d, err := shareScalar(secshare, &pk)
	if err != nil {
		return nil, nil, err
	}

	// secshare' = secshare xor hash_BIP0445/aux(aux_rand) if aux_rand is
	// given, else secshare.
	var skp [32]byte
	defer clear(skp[:])
	d.PutBytes(&skp)
	if auxRand != nil {
		var aux [32]byte
		tagAux.Sum(&aux, auxRand, nil, nil)
		for i := range skp {
			skp[i] ^= aux[i]
		}
	}
	var qx [32]byte
	s.tc.q.X.PutBytes(&qx)
	var k1, k2 scalar.Scalar
	defer k1.Zero()
	defer k2.Zero()
	detNonceHash(&k1, &skp, myID, sc.serIDs, aggOtherNonce, &qx, msg, 0)
	detNonceHash(&k2, &skp, myID, sc.serIDs, aggOtherNonce, &qx, msg, 1)
	pubnonce = make([]byte, PubNonceSize)
	if err := noncePoints(pubnonce, &k1, &k2); err != nil {
		return nil, nil, err
	}
	aggnonce := pubnonce
	if aggOtherNonce != nil {
		if aggnonce, err = NonceAgg([][]byte{pubnonce, aggOtherNonce}); err != nil {
			return nil, nil, contribErr(NoSigner, ContribAggOtherNonce)
		}
	}
	if !parsePointExt(&r1, aggnonce[:33]) || !parsePointExt(&r2, aggnonce[33:]) {
		return nil, nil, contribErr(NoSigner, ContribAggOtherNonce)
	}
	s.process(aggnonce, &r1, &r2, msg)
	psig = make([]byte, PartialSigSize)
	var none [33]byte
	if err := s.sign(psig, &k1, &k2, &none, secshare, myID); err != nil {
		return nil, nil, err
	}
	return pubnonce, psig, nil
}

// detNonceHash sets k to BIP-445's det_nonce_hash mod n:
// hash_BIP0445/deterministic/nonce(secshare' ‖ my_id (4 bytes) ‖ u (4
// bytes) ‖ ser_ids ‖ aggothernonce ‖ tweaked x-only threshold key ‖
// len(m) (8 bytes) ‖ m ‖ i), with an empty aggothernonce for a sole
// signer.
func detNonceHash(k *scalar.Scalar, skp *[32]byte, myID int, serIDs, aggOther []byte, tpk *[32]byte, msg []byte, i byte) {
	pre := make([]byte, 0, 32+4+4+len(serIDs)+len(aggOther)+32+8)
	pre = append(pre, skp[:]...)
	pre = binary.BigEndian.AppendUint32(pre, uint32(myID))
	pre = binary.BigEndian.AppendUint32(pre, uint32(len(serIDs)/4))
	pre = append(pre, serIDs...)
	pre = append(pre, aggOther...)
	pre = append(pre, tpk[:]...)
	pre = binary.BigEndian.AppendUint64(pre, uint64(len(msg)))
	hashToScalar(k, &tagDetNonce, pre, msg, []byte{i})
	clear(pre)
}
