package ellswift

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
)

// Decode returns the public key that the 64-byte ElligatorSwift encoding
// enc = u ‖ t stands for (BIP-324's ellswift_decode, libsecp256k1's
// secp256k1_ellswift_decode): the point with x-coordinate XSwiftEC(u, t)
// and the y whose parity is that of t mod p. Every 64-byte string decodes to
// a valid key; only a length other than 64 is an error (wrapping
// ErrInvalidEncoding).
//
// Encodings are public: execution time depends on enc.
func Decode(enc []byte) (*secp256k1.PublicKey, error) {
	if len(enc) != EncodingSize {
		return nil, fmt.Errorf("%w (got %d bytes)", ErrInvalidEncoding, len(enc))
	}
	var u, t field.Element
	u.SetBytes((*[32]byte)(enc[:32]))
	t.SetBytes((*[32]byte)(enc[32:]))
	var a group.Affine
	swiftecVarTime(&a.X, &a.Y, &u, &t)
	k := new(keys.Public)
	if err := k.SetPoint(&a); err != nil {
		return nil, err // unreachable: the map always yields a point
	}
	return (*secp256k1.PublicKey)(k), nil
}
