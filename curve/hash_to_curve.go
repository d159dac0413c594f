package curve

import (
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// The suite identifiers of RFC 9380 (section 8.7) that HashToCurve and
// EncodeToCurve implement. RFC 9380 (section 3.1) recommends a domain
// separation tag made of an application's name and version and the suite
// identifier, such as "MYAPP-V01-CS01-with-" + HashToCurveSuite.
const (
	HashToCurveSuite   = "secp256k1_XMD:SHA-256_SSWU_RO_"
	EncodeToCurveSuite = "secp256k1_XMD:SHA-256_SSWU_NU_"
)

// ErrInvalidDST: an empty domain separation tag, which RFC 9380 (section
// 3.1) forbids; also a nil receiver of HashToCurve, EncodeToCurve or
// HashToScalar.
var ErrInvalidDST = errors.New("curve: invalid domain separation tag")

var (
	errEmptyDST = fmt.Errorf("%w: empty", ErrInvalidDST)
	errNilHash  = fmt.Errorf("%w: nil receiver", ErrInvalidDST)
)

// hashLen is L of the suites, ceil((ceil(log2(p)) + k) / 8) for k = 128:
// every field element, and the scalar of HashToScalar, is reduced from 48
// uniform bytes, which keeps the bias below 2^-128.
const hashLen = 48

// HashToCurve sets v to the hash of msg to a point, hash_to_curve of the
// suite secp256k1_XMD:SHA-256_SSWU_RO_ of RFC 9380 with domain separation
// tag dst, and returns v. The result is indistinguishable from a random
// point whose discrete logarithm nobody knows (a random oracle): it is the
// encoding to use for new protocols. It is the sum of two mapped field
// elements and may in principle be the identity (with probability about
// 2^-256).
//
// dst must not be empty (RFC 9380 recommends at least 16 bytes, unique to
// the application); a dst longer than 255 bytes is hashed first as RFC 9380
// (section 5.3.3) specifies. An empty dst returns nil and an error wrapping
// ErrInvalidDST, and v is unchanged. Any msg is accepted, nil included (the
// empty message). msg and dst are only read, and may alias.
//
// It runs in constant time with respect to the contents of msg, which may
// be secret; the lengths of msg and dst, and dst, are public.
func (v *Point) HashToCurve(msg, dst []byte) (*Point, error) {
	if v == nil {
		return nil, errNilHash
	}
	if len(dst) == 0 {
		return nil, errEmptyDST
	}
	var u [2]field.Element
	hashToField(u[:], msg, dst)
	var q0, q1 group.Projective
	mapToCurve(&q0, &u[0])
	mapToCurve(&q1, &u[1])
	// clear_cofactor is the identity: secp256k1's cofactor is 1.
	v.p.Add(&q0, &q1)
	return v, nil
}

// EncodeToCurve sets v to the encoding of msg as a point, encode_to_curve
// of the suite secp256k1_XMD:SHA-256_SSWU_NU_ of RFC 9380 with domain
// separation tag dst, and returns v. It costs about half of HashToCurve,
// but its output is not uniformly distributed (it reaches only a fraction
// of the points, some more often than others): use it only where a
// protocol names this suite; HashToCurve is the safe choice. The result is
// never the identity.
//
// dst and msg are as for HashToCurve, with the same errors, and it runs in
// constant time with respect to the contents of msg.
func (v *Point) EncodeToCurve(msg, dst []byte) (*Point, error) {
	if v == nil {
		return nil, errNilHash
	}
	if len(dst) == 0 {
		return nil, errEmptyDST
	}
	var u [1]field.Element
	hashToField(u[:], msg, dst)
	mapToCurve(&v.p, &u[0])
	return v, nil
}

// HashToScalar sets s to the hash of msg to a scalar, and returns s:
// hash_to_field of RFC 9380 (section 5.2) into the integers modulo the
// group order n, with expand_message_xmd and SHA-256 as in HashToCurve and
// L = 48, so that s is uniform up to a bias below 2^-128. It is the
// construction of the H1, H2 and H3 of RFC 9591's FROST(secp256k1,
// SHA-256), and of RFC 9497's HashToScalar for its prime-order groups, each
// with the tag those documents give.
//
// dst and msg are as for HashToCurve, with the same errors, and it runs in
// constant time with respect to the contents of msg.
func (s *Scalar) HashToScalar(msg, dst []byte) (*Scalar, error) {
	if s == nil {
		return nil, errNilHash
	}
	if len(dst) == 0 {
		return nil, errEmptyDST
	}
	// The 48 bytes are the low end of a 64-byte big-endian integer for
	// the wide reduction of SetUniformBytes.
	var wide [64]byte
	expandMessageXMD(wide[64-hashLen:], msg, dst)
	s.SetUniformBytes(wide[:])
	clear(wide[:])
	return s, nil
}

// hashToField is hash_to_field(msg, len(u)) of RFC 9380, section 5.2, for
// the field of secp256k1 (m = 1, L = 48) with expand_message_xmd and
// SHA-256. dst must not be empty, and len(u) is 1 or 2. It runs in constant
// time with respect to the contents of msg.
func hashToField(u []field.Element, msg, dst []byte) {
	var uniform [2 * hashLen]byte
	b := uniform[:len(u)*hashLen]
	expandMessageXMD(b, msg, dst)
	for i := range u {
		fieldFromWide(&u[i], (*[hashLen]byte)(b[i*hashLen:]))
	}
	clear(uniform[:])
}

// twoTo256ModP is 2^256 mod p = 2^32 + 977.
var twoTo256ModP = mustFieldElement("00000000000000000000000000000000000000000000000000000001000003d1")

// fieldFromWide sets e to the 48-byte big-endian integer b reduced modulo p,
// in constant time: b = hi·2^256 + lo ≡ hi·(2^32 + 977) + lo.
func fieldFromWide(e *field.Element, b *[hashLen]byte) {
	var buf [32]byte
	copy(buf[32-(hashLen-32):], b[:hashLen-32])
	var hi, lo field.Element
	hi.SetBytes(&buf)
	lo.SetBytes((*[32]byte)(b[hashLen-32:]))
	hi.Multiply(&hi, &twoTo256ModP)
	e.Add(&hi, &lo)
	clear(buf[:])
}
