//go:build !amd64 || !gc || purego

package ecmult

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// Without assembly every pair takes the Go step.
func pairStepAsmVarTime(r, p, q *group.Affine, acc, prev *field.Element) bool { return false }

func pairStep2AsmVarTime(pa, qa, pb, qb *group.Affine, acc, preva, prevb *field.Element) bool {
	return false
}
