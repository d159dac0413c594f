package ellswift

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/keys"
)

// Role is a party's side of a BIP-324 handshake, which fixes the order of
// the two encodings in the shared secret's hash. The zero value is invalid.
type Role int

const (
	// Initiator is the party that opened the connection: its encoding
	// comes first (ell_a in libsecp256k1).
	Initiator Role = 1 + iota
	// Responder is the party that accepted it: its encoding comes second
	// (ell_b).
	Responder
)

// XDH returns the 32-byte BIP-324 shared secret between priv, whose
// encoding sent to the peer is ours, and the peer's encoding theirs
// (libsecp256k1's secp256k1_ellswift_xdh with
// secp256k1_ellswift_xdh_hash_function_bip324): the tagged hash
// "bip324_ellswift_xonly_ecdh" of ell_a ‖ ell_b ‖ x, where ell_a is the
// initiator's encoding, ell_b the responder's, and x the 32-byte
// x-coordinate of priv·Decode(theirs). Both parties get the same secret,
// each with its own role.
//
// ours is only hashed; it is not checked to encode priv's public key (it
// must, for the peer to get the same secret). It returns an error wrapping
// ErrInvalidEncoding if ours or theirs is not 64 bytes, ErrInvalidRole for
// any role but Initiator and Responder, and secp256k1.ErrInvalidPrivateKey
// for a nil or zero-value key. Every 64-byte theirs is a valid key.
//
// It runs in constant time with respect to priv. theirs, which is public,
// is decoded in variable time, and only to its x-coordinate as a fraction
// n/d, with at most two quadratic-residue tests (no square root, no
// inversion); the multiplication by priv takes that fraction and works on
// an isomorphic curve where the point needs no y-coordinate, in constant
// time with one inversion, as libsecp256k1's does.
func XDH(priv *secp256k1.PrivateKey, ours, theirs []byte, role Role) ([]byte, error) {
	if len(ours) != EncodingSize || len(theirs) != EncodingSize {
		return nil, fmt.Errorf("%w (got %d and %d bytes)", ErrInvalidEncoding, len(ours), len(theirs))
	}
	var a, b []byte
	switch role {
	case Initiator:
		a, b = ours, theirs
	case Responder:
		a, b = theirs, ours
	default:
		return nil, fmt.Errorf("%w (got %d)", ErrInvalidRole, int(role))
	}
	k, err := (*keys.Private)(priv).Scalar()
	if err != nil {
		return nil, err
	}
	var u, t, n, d, x field.Element
	u.SetBytes((*[32]byte)(theirs[:32]))
	t.SetBytes((*[32]byte)(theirs[32:]))
	xswiftecFracVarTime(&n, &d, &u, &t)
	ecmult.ScalarMultXOnly(&x, k, &n, &d)
	var xb [32]byte
	x.PutBytes(&xb)
	x = field.Element{}
	defer clear(xb[:])
	var out [32]byte
	tagXDH.Sum(&out, a, b, xb[:])
	return out[:], nil
}
