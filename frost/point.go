package frost

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// The tagged hashes of BIP-445 (draft 0.8.0) and BIP-340's challenge.
var (
	tagAux         = tagged.New("BIP0445/aux")
	tagNonce       = tagged.New("BIP0445/nonce")
	tagNonceCoef   = tagged.New("BIP0445/noncecoef")
	tagDetNonce    = tagged.New("BIP0445/deterministic/nonce")
	tagChallenge   = tagged.New("BIP0340/challenge")
	zeroCompressed [33]byte
)

// Encoding sizes.
const (
	// PubShareSize is the length of a public share and of the threshold
	// public key: a compressed point.
	PubShareSize = 33
	// SecretShareSize is the length of an encoded secret share.
	SecretShareSize = 32
	// PubNonceSize is the length of a public nonce: two compressed points.
	PubNonceSize = 66
	// AggNonceSize is the length of an aggregate nonce: two compressed
	// points, each possibly the point at infinity as 33 zero bytes.
	AggNonceSize = 66
	// PartialSigSize is the length of a partial signature.
	PartialSigSize = 32
	// SignatureSize is the length of a BIP-340 signature.
	SignatureSize = 64
	// MaxParticipants is the largest n: identifiers are encoded in 4 bytes.
	MaxParticipants = 1<<32 - 1
)

// The helpers below are the same few lines as package musig2's (BIP-445
// shares BIP-327's encodings); they are repeated rather than shared so that
// each package owns its encodings without an internal package for a
// handful of one-line functions.

// parsePoint sets p to the point with the 33-byte compressed encoding b
// (cpoint) and reports whether b is one: prefix 2 or 3, x below the field
// prime and on the curve. Execution time depends on b, which is public.
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
// at infinity (cpoint_ext).
func parsePointExt(p *group.Affine, b []byte) bool {
	if len(b) == 33 && [33]byte(b) == zeroCompressed {
		p.SetInfinity()
		return true
	}
	return parsePoint(p, b)
}

// putPoint writes the compressed encoding of the finite point p (cbytes).
func putPoint(out []byte, p *group.Affine) {
	out[0] = 2 | byte(p.Y.IsOdd())
	p.X.PutBytes((*[32]byte)(out[1:33]))
}

// putPointExt writes the compressed encoding of p, or 33 zero bytes for the
// point at infinity (cbytes_ext).
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
