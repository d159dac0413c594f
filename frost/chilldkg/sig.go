package chilldkg

import (
	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/tagged"
	"github.com/p256k1/secp256k1/schnorr"
)

// The proof of possession of SimplPedPop is a BIP-340 signature whose three
// tagged hashes use the prefix "BIP DKG/pop message" instead of "BIP0340"
// (the reference code's schnorr_sign with tag_prefix), of the 4-byte
// identifier of the participant, by the constant term of its polynomial.
var popTags = sigTags{
	aux:       tagged.New(bipTag + "pop message/aux"),
	nonce:     tagged.New(bipTag + "pop message/nonce"),
	challenge: tagged.New(bipTag + "pop message/challenge"),
}

type sigTags struct{ aux, nonce, challenge tagged.Hash }

// signTagged writes the BIP-340 signature of msg by the secret d (non-zero)
// with auxiliary randomness aux (32 bytes) and the given tags to sig, in
// constant time with respect to d, and declassifies it.
func signTagged(sig *[64]byte, d0 *scalar.Scalar, msg, aux []byte, tags *sigTags) {
	var d, k scalar.Scalar
	defer d.Zero()
	defer k.Zero()
	var p group.Projective
	var pa group.Affine
	ecmult.BaseMult(&p, d0)
	pa.SetProjective(&p)
	ctcheck.Public(&pa) // the public key is public
	d.CondNegate(d0, pa.Y.IsOdd())
	var px, t, ah, nonce [32]byte
	defer clear(t[:])
	defer clear(nonce[:])
	pa.X.PutBytes(&px)
	d.PutBytes(&t)
	tags.aux.Sum(&ah, aux, nil, nil)
	for i := range t {
		t[i] ^= ah[i]
	}
	tags.nonce.Sum(&nonce, t[:], px[:], msg)
	k.SetBytes(&nonce)
	// k = 0 has probability 2^-256; the reference code fails then, this
	// code signs with k = 0 (R = infinity encodes as zeros), which no
	// verifier accepts.
	var ra group.Affine
	ecmult.BaseMult(&p, &k)
	ra.SetProjective(&p)
	k.CondNegate(&k, ra.Y.IsOdd())
	rx := (*[32]byte)(sig[:32])
	ra.X.PutBytes(rx)
	ctcheck.Public(rx)
	var eh [32]byte
	tags.challenge.Sum(&eh, rx[:], px[:], msg)
	var e, s scalar.Scalar
	e.SetBytes(&eh)
	s.Multiply(&e, &d)
	s.Add(&s, &k)
	s.PutBytes((*[32]byte)(sig[32:]))
	ctcheck.Public(sig)
}

// verifyTagged reports whether sig is a valid BIP-340 signature of msg with
// the given tags under the public key with x-coordinate that of p (its
// even-y lift). Variable time (public data).
func verifyTagged(p *group.Affine, msg, sig []byte, tags *sigTags) bool {
	if len(sig) != 64 || p.Infinity {
		return false
	}
	var px [32]byte
	p.X.PutBytes(&px)
	var lifted group.Affine
	if lifted.SetXO(&p.X, 0) != 1 {
		return false
	}
	var r field.Element
	if r.SetCanonicalBytes((*[32]byte)(sig[:32])) != 1 {
		return false
	}
	var s scalar.Scalar
	if s.SetCanonicalBytes((*[32]byte)(sig[32:])) != 1 {
		return false
	}
	var eh [32]byte
	tags.challenge.Sum(&eh, sig[:32], px[:], msg)
	var e scalar.Scalar
	e.SetBytes(&eh)
	e.Negate(&e)
	var rj group.Jacobian
	ecmult.DoubleMultVarTime(&rj, &e, &lifted, &s)
	if rj.EqualXVarTime(&r) != 1 {
		return false
	}
	var ra group.Affine
	ra.SetJacobianVarTime(&rj)
	return ra.Y.IsOdd() == 0
}

// prefixed returns BIP-340's domain-separated message for a signature
// scheme tag: the tag padded with zeros to 33 bytes, the 4-byte identifier
// of the signer, then x.
func prefixed(tag string, id int, x []byte) []byte {
	out := make([]byte, 33, 33+4+len(x))
	copy(out, tag)
	out = append(out, byte(id>>24), byte(id>>16), byte(id>>8), byte(id))
	return append(out, x...)
}

const (
	certeqTag      = bipTag + "certeq message"
	recoveryAckTag = bipTag + "recovery acknowledgment"
)

// signHost is a standard BIP-340 signature by the host secret key of the
// domain-separated message (tag, id, x), with 32 bytes of aux randomness.
func signHost(k *keys.Private, tag string, id int, x, aux []byte) ([]byte, error) {
	return schnorr.SignWithAux((*secp256k1.PrivateKey)(k), prefixed(tag, id, x), aux)
}

// verifyHost reports whether sig is participant id's standard BIP-340
// signature of (tag, id, x) under the x-only form of its host public key
// (the message commits to every host public key, so dropping the parity
// is safe, as ChillDKG notes).
func verifyHost(p *params, tag string, id int, x, sig []byte) bool {
	var xo keys.XOnly
	if _, err := xo.SetPublic(publicOf(&p.pts[id])); err != nil {
		return false
	}
	return schnorr.Verify((*secp256k1.XOnlyPublicKey)(&xo), prefixed(tag, id, x), sig)
}

func publicOf(a *group.Affine) *keys.Public {
	k := new(keys.Public)
	if k.SetOnCurvePoint(a) != nil {
		return nil
	}
	return k
}
