//go:build arm64 && gc && !purego

package group

import "github.com/p256k1/secp256k1/internal/field"

// On arm64 the field has assembly (internal/field, fe_arm64.s) and the point
// operations are the Go formulas on it.
const usePointAsm = false

// PointImplementation describes the code the point operations run in this
// process.
func PointImplementation() string { return "generic Go" }

func jacobianDouble(p, q *Jacobian) { panic(noAsm) }

func jacobianAddMixedVarTime(p, q *Jacobian, a *Affine) bool { panic(noAsm) }

func jacobianAddZInvVarTime(p, q *Jacobian, b *Affine, bzinv *field.Element) bool { panic(noAsm) }

func jacobianAddMixedZRatioVarTime(p, q *Jacobian, a *Affine, zr *field.Element) bool {
	panic(noAsm)
}

func jacobianAddAffine(p, q *Jacobian, a *Affine) { panic(noAsm) }

func projectiveAddAffine(p, q *Projective, a *Affine, cond int) { panic(noAsm) }

const noAsm = "group: internal error: point assembly called without assembly"

// The full addition Jacobian.AddVarTime has no whole-point code in this
// build (pointGenAdd): only the generated Go of the builds without assembly
// (point_gen.go) has it.
const pointGenAdd = false

func jacobianAddVarTime(p, q, r *Jacobian) bool { panic(noAsm) }

// pointAsmCurve: see group.go.
const pointAsmCurve = b3 == 21
