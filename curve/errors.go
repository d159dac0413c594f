package curve

import (
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1"
)

var (
	// ErrInvalidEncoding: a point or scalar encoding of the wrong length,
	// with a coordinate or value out of range, or a point not on the curve;
	// also a nil receiver of a decoding setter.
	ErrInvalidEncoding = errors.New("curve: invalid encoding")
	// ErrIdentity: an operation that needs a finite point got the identity
	// (or a nil point).
	ErrIdentity = errors.New("curve: the point is the identity")
)

// The errors for nil receivers, made once so that the checks do not
// allocate. Each wraps the sentinel of the invalid input of its kind.
var (
	errNilDecode  = fmt.Errorf("%w: nil receiver", ErrInvalidEncoding)
	errNilBytesX  = fmt.Errorf("%w: nil point", ErrIdentity)
	errNilPublic  = fmt.Errorf("%w: nil receiver", secp256k1.ErrInvalidPublicKey)
	errNilPrivate = fmt.Errorf("%w: nil receiver", secp256k1.ErrInvalidPrivateKey)
)
