//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package ecdsa

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// equalXModN reports whether the affine x of the Jacobian point p, reduced
// mod n, equals r, without an inversion: x mod n == r iff x == r or
// x == r + n < p (field.Element.SetScalarPlusOrder), and x == c iff
// X == c·Z².
func equalXModN(p *group.Jacobian, r *scalar.Scalar) bool {
	rl := r.Limbs()
	var x field.Element
	x.SetLimbs(&rl) // r < n < p: no reduction happens
	if p.EqualXVarTime(&x) == 1 {
		return true
	}
	return x.SetScalarPlusOrder(&rl) == 1 && p.EqualXVarTime(&x) == 1
}
