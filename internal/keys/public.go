package keys

import (
	"bytes"
	"fmt"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// Public is a public key: a finite point on the curve. The zero value and
// nil are invalid.
type Public struct {
	_ [0]func() // not comparable

	p   group.Affine // finite and on the curve when set
	set bool         // set by a constructor of this package
}

// SEC 1 point encoding prefixes.
const (
	prefixEven         = 0x02
	prefixOdd          = 0x03
	prefixUncompressed = 0x04
)

// Point returns k's point (finite, on the curve; callers must not modify
// it), or an error wrapping ErrInvalidPublicKey for a nil or zero-value key.
func (k *Public) Point() (*group.Affine, error) {
	if k == nil || !k.set {
		return nil, errNoPublic
	}
	return &k.p, nil
}

// Valid reports whether k is a valid public key (not nil, not the zero
// value).
func (k *Public) Valid() bool { return k != nil && k.set }

// setPoint sets k to p, which the caller guarantees is finite and on the
// curve.
func (k *Public) setPoint(p *group.Affine) {
	k.p.SetXY(&p.X, &p.Y)
	k.set = true
}

// SetPoint sets k to p. It returns an error wrapping ErrInvalidPublicKey,
// leaving k unchanged, if p is the point at infinity or not on the curve.
func (k *Public) SetPoint(p *group.Affine) error {
	if k == nil {
		return errNilPublic
	}
	if p == nil {
		return errNilPoint
	}
	if p.IsInfinity() == 1 {
		return errInfinity
	}
	if p.IsOnCurve() != 1 {
		return errNotOnCurve
	}
	k.setPoint(p)
	return nil
}

// SetOnCurvePoint sets k to p without checking it. The caller guarantees
// that p is on the curve and not the point at infinity (its infinity flag
// is ignored); a point computed by the group operations from points on the
// curve is. Unlike SetPoint it never branches on p, so it may be given a
// secret point. A nil k or p returns an error wrapping ErrInvalidPublicKey
// (nil-ness is public).
func (k *Public) SetOnCurvePoint(p *group.Affine) error {
	if k == nil {
		return errNilPublic
	}
	if p == nil {
		return errNilPoint
	}
	k.setPoint(p)
	return nil
}

var (
	errInfinity   = fmt.Errorf("%w: the point at infinity is not a public key", ErrInvalidPublicKey)
	errNotOnCurve = fmt.Errorf("%w: point not on the curve", ErrInvalidPublicKey)
	errXRange     = fmt.Errorf("%w: x >= p", ErrInvalidPublicKey)
	errYRange     = fmt.Errorf("%w: y >= p", ErrInvalidPublicKey)
	errNoSuchX    = fmt.Errorf("%w: no point on the curve has this x", ErrInvalidPublicKey)
	errNilPoint   = fmt.Errorf("%w: nil point", ErrInvalidPublicKey)
)

// setJacobianVarTime sets k to the affine form of j, which the caller
// guarantees is on the curve, and returns an error wrapping
// ErrInvalidPublicKey if j is the point at infinity (k is then unchanged).
// Execution time depends on the inputs.
func (k *Public) setJacobianVarTime(j *group.Jacobian) error {
	var a group.Affine
	if a.SetJacobianVarTime(j).IsInfinity() == 1 {
		return errInfinity
	}
	k.setPoint(&a)
	return nil
}

// SetJacobianVarTime is setJacobianVarTime for the scheme packages
// (recovery): j must be a point on the curve computed from valid keys.
func (k *Public) SetJacobianVarTime(j *group.Jacobian) error {
	if k == nil {
		return errNilPublic
	}
	if j == nil {
		return errNilPoint
	}
	return k.setJacobianVarTime(j)
}

// SetBytes parses a SEC 1 encoded public key: 33 bytes compressed (0x02 or
// 0x03 ‖ x) or 65 bytes uncompressed (0x04 ‖ x ‖ y). It rejects, with an
// error wrapping ErrInvalidPublicKey and leaving k unchanged: any other
// length, the hybrid prefixes 0x06 and 0x07, the infinity encoding 0x00,
// coordinates >= p, points not on the curve and compressed x with no point
// on the curve.
func (k *Public) SetBytes(b []byte) error {
	if k == nil {
		return errNilPublic
	}
	var a group.Affine
	switch {
	case len(b) == 33 && (b[0] == prefixEven || b[0] == prefixOdd):
		var x field.Element
		if x.SetCanonicalBytes((*[32]byte)(b[1:33])) != 1 {
			return errXRange
		}
		if a.SetXO(&x, int(b[0]&1)) != 1 {
			return errNoSuchX
		}
	case len(b) == 65 && b[0] == prefixUncompressed:
		if a.X.SetCanonicalBytes((*[32]byte)(b[1:33])) != 1 {
			return errXRange
		}
		if a.Y.SetCanonicalBytes((*[32]byte)(b[33:65])) != 1 {
			return errYRange
		}
		if a.IsOnCurve() != 1 {
			return errNotOnCurve
		}
	case len(b) == 65 && (b[0] == 0x06 || b[0] == 0x07):
		return fmt.Errorf("%w: hybrid encoding (prefix %#02x) is not accepted", ErrInvalidPublicKey, b[0])
	case len(b) == 0:
		return fmt.Errorf("%w: empty input", ErrInvalidPublicKey)
	case len(b) == 1 && b[0] == 0:
		return errInfinity
	case len(b) == 33 || len(b) == 65:
		return fmt.Errorf("%w: bad prefix %#02x for length %d", ErrInvalidPublicKey, b[0], len(b))
	default:
		return fmt.Errorf("%w: length %d, want 33 or 65", ErrInvalidPublicKey, len(b))
	}
	k.setPoint(&a)
	return nil
}

// PutCompressed writes the 33-byte SEC 1 compressed encoding
// (0x02 or 0x03 ‖ x) to b.
func (k *Public) PutCompressed(b *[33]byte) error {
	p, err := k.Point()
	if err != nil {
		return err
	}
	b[0] = prefixEven | byte(p.Y.IsOdd())
	p.X.PutBytes((*[32]byte)(b[1:]))
	return nil
}

// PutUncompressed writes the 65-byte SEC 1 uncompressed encoding
// (0x04 ‖ x ‖ y) to b.
func (k *Public) PutUncompressed(b *[65]byte) error {
	p, err := k.Point()
	if err != nil {
		return err
	}
	b[0] = prefixUncompressed
	p.X.PutBytes((*[32]byte)(b[1:33]))
	p.Y.PutBytes((*[32]byte)(b[33:65]))
	return nil
}

// Equal reports whether k and o are the same valid key. It runs in constant
// time for valid keys.
func (k *Public) Equal(o *Public) bool {
	a, err := k.Point()
	if err != nil {
		return false
	}
	b, err := o.Point()
	if err != nil {
		return false
	}
	return a.X.Equal(&b.X)&a.Y.Equal(&b.Y) == 1
}

// Compare returns -1, 0 or +1 as the 33-byte compressed encoding of k is
// lexicographically less than, equal to or greater than that of o; nil and
// zero-value keys sort before every valid key and compare equal to each
// other. Execution time depends on the inputs.
func (k *Public) Compare(o *Public) int {
	var a, b [33]byte
	errA, errB := k.PutCompressed(&a), o.PutCompressed(&b)
	switch {
	case errA != nil && errB != nil:
		return 0
	case errA != nil:
		return -1
	case errB != nil:
		return 1
	}
	return bytes.Compare(a[:], b[:])
}

// Set sets k to a copy of the valid key x; k may be x.
func (k *Public) Set(x *Public) error {
	if k == nil {
		return errNilPublic
	}
	p, err := x.Point()
	if err != nil {
		return err
	}
	k.setPoint(p)
	return nil
}
