package ecdsa

import (
	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Verify reports whether sig is a valid signature of hash (of any length,
// see the package documentation) by pub. As in libsecp256k1, a signature
// with s > n/2 is rejected even though it is mathematically valid: call
// sig.Normalize() first to accept it deliberately. A nil or zero-value key
// or signature never verifies. Execution time depends on the inputs, which
// are public. It does not allocate.
func Verify(pub *secp256k1.PublicKey, hash []byte, sig *Signature) bool {
	p, err := (*keys.Public)(pub).Point()
	if err != nil || !sig.valid() || sig.s.IsHigh() == 1 {
		return false
	}
	m, _ := hashToScalar(hash)
	var w, u1, u2 scalar.Scalar
	w.InvertVarTime(&sig.s)
	u1.Multiply(&m, &w)
	u2.Multiply(&sig.r, &w)
	var rj group.Jacobian
	ecmult.DoubleMultVarTime(&rj, &u2, p, &u1)
	return equalXModN(&rj, &sig.r)
}
