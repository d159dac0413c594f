package chilldkg

import (
	"encoding/binary"

	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// EncPedPop encrypts each partial secret share to its recipient with a pad
// derived from an ECDH between the sender's per-session nonce and the
// recipient's host key (a multi-recipient hashed ElGamal); the encryption
// is additive, so the coordinator sums the encrypted shares for each
// recipient without learning them.

// encContext is serialize_enc_context: t (4 bytes) ‖ the host public keys.
func encContext(p *params) []byte {
	out := binary.BigEndian.AppendUint32(make([]byte, 0, 4+33*p.n()), uint32(p.t))
	for _, pk := range p.hostpubkeys {
		out = append(out, pk...)
	}
	return out
}

// padContext returns the context of the pad for recipient i: i (4 bytes)
// ‖ encContext.
func padContext(i int, enc []byte) []byte {
	return append(binary.BigEndian.AppendUint32(make([]byte, 0, 4+len(enc)), uint32(i)), enc...)
}

// selfPad sets pad to the pad a participant encrypts to itself with
// (self_pad): hash_encaps_multi self_pad(symkey ‖ nonce ‖ context) mod n,
// where symkey is its host secret key. Constant time.
func selfPad(pad *scalar.Scalar, symkey []byte, pubnonce []byte, ctx []byte) {
	buf := make([]byte, 0, 32+33)
	buf = append(buf, symkey...)
	buf = append(buf, pubnonce...)
	var h [32]byte
	tagSelfPad.Sum(&h, buf, ctx, nil)
	pad.SetBytes(&h)
	clear(buf)
	clear(h[:])
}

// ecdhPad sets pad to the ECDH pad between seckey and theirs (ecdh):
// hash_encpedpop ecdh(ECDH(seckey, theirs) ‖ pubnonce ‖ enckey ‖ context)
// mod n, where the ECDH is libsecp256k1's (SHA-256 of the compressed shared
// point), pubnonce is the sender's nonce and enckey the recipient's host
// public key. It returns false, and leaves pad unchanged, when theirs is
// not a compressed point. Constant time with respect to seckey.
func ecdhPad(pad *scalar.Scalar, seckey *keys.Private, theirs []byte, pubnonce, enckey, ctx []byte) bool {
	var remote keys.Public
	if remote.SetBytes(theirs) != nil || len(theirs) != 33 {
		return false
	}
	var shared [32]byte
	defer clear(shared[:])
	if keys.ECDHSHA256(&shared, seckey, &remote) != nil {
		return false
	}
	buf := make([]byte, 0, 32+66)
	buf = append(buf, shared[:]...)
	buf = append(buf, pubnonce...)
	buf = append(buf, enckey...)
	var h [32]byte
	tagECDH.Sum(&h, buf, ctx, nil)
	pad.SetBytes(&h)
	clear(buf)
	clear(h[:])
	return true
}

// decryptPads sets pads[j] to the pad of sender j's encryption to
// participant id (decaps_multi): the self pad for j = id, the ECDH pad with
// sender j's public nonce otherwise. It returns the first sender whose
// public nonce is not a compressed point, or -1.
func decryptPads(pads []scalar.Scalar, k *keys.Private, hostseckey []byte, id int, enckey []byte, pubnonces [][]byte, enc []byte) int {
	ctx := padContext(id, enc)
	for j, pn := range pubnonces {
		if j == id {
			selfPad(&pads[j], hostseckey, pn, ctx)
			continue
		}
		if !ecdhPad(&pads[j], k, pn, pn, enckey, ctx) {
			return j
		}
	}
	return -1
}
