package curve

import "errors"

var (
	// ErrInvalidEncoding: a point or scalar encoding of the wrong length,
	// with a coordinate or value out of range, or a point not on the curve.
	ErrInvalidEncoding = errors.New("curve: invalid encoding")
	// ErrIdentity: an operation that needs a finite point got the identity.
	ErrIdentity = errors.New("curve: the point is the identity")
	// ErrNilArgument: a nil receiver or argument.
	ErrNilArgument = errors.New("curve: nil argument")
)
