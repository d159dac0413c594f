package ellswift

import "errors"

// Errors returned by this package, wrapped with detail where useful: test
// them with errors.Is. Invalid keys get the sentinels of package secp256k1
// (ErrInvalidPrivateKey, ErrInvalidPublicKey).
var (
	// ErrInvalidEncoding: an ElligatorSwift encoding is not 64 bytes (every
	// 64-byte string is a valid encoding).
	ErrInvalidEncoding = errors.New("ellswift: an encoding must be 64 bytes")
	// ErrInvalidFieldElement: u or t is not 32 bytes (any 32-byte value
	// is accepted and reduced modulo p).
	ErrInvalidFieldElement = errors.New("ellswift: u and t must be 32 bytes")
	// ErrInvalidX: x is not 32 bytes, is >= p, or is not the x-coordinate of
	// a point on the curve.
	ErrInvalidX = errors.New("ellswift: invalid x-coordinate")
	// ErrInvalidCase: the case of XSwiftECInv is not in [0, 8).
	ErrInvalidCase = errors.New("ellswift: the case must be in [0, 8)")
	// ErrNoPreimage: XSwiftECInv found no t for this x, u and case (which
	// happens for about three cases in four), or u is 0 mod p.
	ErrNoPreimage = errors.New("ellswift: no preimage for this x, u and case")
	// ErrInvalidAux: auxiliary randomness is neither 32 bytes nor empty.
	ErrInvalidAux = errors.New("ellswift: auxiliary randomness must be 32 bytes or empty")
	// ErrInvalidRole: the role of XDH is neither Initiator nor Responder.
	ErrInvalidRole = errors.New("ellswift: the role must be Initiator or Responder")
)
