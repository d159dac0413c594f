//go:build exhaustive7 || exhaustive13 || exhaustive199

package ecdsa

import (
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// equalXModN reports whether the affine x of the Jacobian point p, reduced
// mod n, equals r: in the exhaustive-test builds (doc/assurance.md), where
// n is a small order and x mod n has about p/n preimages, not only r and
// r + n, x is computed and reduced (libsecp256k1's exhaustive build does
// the same in secp256k1_ecdsa_sig_verify).
func equalXModN(p *group.Jacobian, r *scalar.Scalar) bool {
	if p.IsInfinity() == 1 {
		return false
	}
	var a group.Affine
	a.SetJacobianVarTime(p)
	xb := a.X.Bytes()
	var x scalar.Scalar
	x.SetBytes(&xb)
	return x.Equal(r) == 1
}
