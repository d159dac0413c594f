package ellswift

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/field"
)

// XSwiftEC returns the x-coordinate (32 bytes, big-endian) that the field
// elements u and t map to under BIP-324's xswiftec, the x-only SwiftEC map.
// u and t are 32-byte big-endian values, reduced modulo p; every pair maps
// to a valid x-coordinate, including u = 0, t = 0 and u³ + t² + 7 = 0,
// which the BIP special-cases. It returns an error wrapping
// ErrInvalidFieldElement if u or t is not 32 bytes.
//
// It runs in constant time with respect to u and t (Decode, which takes
// only public encodings, is faster).
func XSwiftEC(u, t []byte) ([]byte, error) {
	var fu, ft, x field.Element
	if err := setFieldElement(&fu, u); err != nil {
		return nil, err
	}
	if err := setFieldElement(&ft, t); err != nil {
		return nil, err
	}
	xswiftec(&x, &fu, &ft)
	out := make([]byte, 32)
	x.PutBytes((*[32]byte)(out))
	return out, nil
}

// XSwiftECInv returns the t (32 bytes, big-endian, below p) of the c-th
// branch of BIP-324's xswiftec_inv: a field element t with XSwiftEC(u, t) =
// x, where x is a 32-byte x-coordinate of a point, u any 32-byte value
// (reduced modulo p) and c in [0, 8). The eight cases together reach every
// t that maps to x for this u, except t = 0 and the t with u³ + t² + 7 = 0,
// and no two cases return the same t. A case with no such t, which is about
// three in four on average, returns an error wrapping ErrNoPreimage, as does
// u = 0 mod p (the forward map reads u = 0 as 1).
//
// It returns an error wrapping ErrInvalidX if x is not 32 bytes, is >= p or
// is not the x-coordinate of a point, ErrInvalidFieldElement if u is not 32
// bytes, and ErrInvalidCase if c is out of range.
//
// It runs in constant time with respect to x, u and c; only whether x and c
// are valid and whether the case has a preimage are revealed. Encode and
// EncodeSecret pick u and c at random and call it until a case succeeds.
func XSwiftECInv(x, u []byte, c int) ([]byte, error) {
	var fx, fu, a, t field.Element
	if len(x) != 32 {
		return nil, fmt.Errorf("%w: %d bytes", ErrInvalidX, len(x))
	}
	if err := setFieldElement(&fu, u); err != nil {
		return nil, err
	}
	// c in [0, 8), tested without a branch on c; only the result is public.
	hiBits := uint64(c) >> 3
	inRange := int(((hiBits | -hiBits) >> 63) ^ 1)
	ctcheck.Public(&inRange)
	if inRange != 1 {
		return nil, fmt.Errorf("%w (got %d)", ErrInvalidCase, c)
	}
	ok := fx.SetCanonicalBytes((*[32]byte)(x))
	ok &= a.Sqrt(curveRHS(&a, &fx))
	ctcheck.Public(&ok) // whether x is valid is public
	if ok != 1 {
		return nil, fmt.Errorf("%w: x >= p or no point has it", ErrInvalidX)
	}
	ok = xswiftecInv(&t, &fx, &fu, c)
	ctcheck.Public(&ok) // whether the case has a preimage is public
	if ok != 1 {
		return nil, ErrNoPreimage
	}
	out := make([]byte, 32)
	t.PutBytes((*[32]byte)(out))
	return out, nil
}
