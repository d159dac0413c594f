package musig2

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// The tagged hashes of BIP-327 (and BIP-340's challenge).
var (
	tagKeyAggList  = tagged.New("KeyAgg list")
	tagKeyAggCoef  = tagged.New("KeyAgg coefficient")
	tagAux         = tagged.New("MuSig/aux")
	tagNonce       = tagged.New("MuSig/nonce")
	tagDetNonce    = tagged.New("MuSig/deterministic/nonce")
	tagNonceCoef   = tagged.New("MuSig/noncecoef")
	tagChallenge   = tagged.New("BIP0340/challenge")
	zeroCompressed [33]byte
)

// Encoding sizes.
const (
	// PubKeySize is the length of a compressed public key, the form
	// BIP-327 aggregates.
	PubKeySize = 33
	// PubNonceSize is the length of a public nonce: two compressed points.
	PubNonceSize = 66
	// AggNonceSize is the length of an aggregate nonce: two compressed
	// points, each possibly the point at infinity as 33 zero bytes.
	AggNonceSize = 66
	// PartialSigSize is the length of a partial signature.
	PartialSigSize = 32
	// SignatureSize is the length of a BIP-340 signature (and of a
	// pre-signature).
	SignatureSize = 64
)

// parsePoint sets p to the point with the 33-byte compressed encoding b
// (BIP-327's cpoint) and reports whether b is one: prefix 2 or 3, x below
// the field prime and on the curve. Execution time depends on b, which is
// public.
func parsePoint(p *group.Affine, b []byte) bool {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return false
	}
	var x field.Element
	if x.SetCanonicalBytes((*[32]byte)(b[1:])) != 1 {
		return false
	}
	return p.SetXO(&x, int(b[0]&1)) == 1
}

// parsePointExt is parsePoint that also accepts 33 zero bytes as the point
// at infinity (BIP-327's cpoint_ext).
func parsePointExt(p *group.Affine, b []byte) bool {
	if len(b) == 33 && [33]byte(b) == zeroCompressed {
		p.SetInfinity()
		return true
	}
	return parsePoint(p, b)
}

// putPoint writes the compressed encoding of the finite point p
// (BIP-327's cbytes).
func putPoint(out []byte, p *group.Affine) {
	out[0] = 2 | byte(p.Y.IsOdd())
	p.X.PutBytes((*[32]byte)(out[1:33]))
}

// putPointExt writes the compressed encoding of p, or 33 zero bytes for the
// point at infinity (BIP-327's cbytes_ext).
func putPointExt(out []byte, p *group.Affine) {
	if p.Infinity {
		clear(out[:33])
		return
	}
	putPoint(out, p)
}

// hashToScalar sets s to the tagged hash of a ‖ b ‖ c reduced modulo n.
func hashToScalar(s *scalar.Scalar, t *tagged.Hash, a, b, c []byte) {
	var h [32]byte
	t.Sum(&h, a, b, c)
	s.SetBytes(&h)
}
