//go:build gc && !purego

package group

import (
	"unsafe"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/impl"
)

// usePointAsm selects the whole-point assembly of point_amd64.s (generated
// by internal/asm/group): the methods Double, DoubleVarTime, AddAffine,
// AddMixedVarTime, AddZInvVarTime, AddMixedZRatioVarTime and
// Projective.AddAffine branch on it at their top. It needs MULX (BMI2) and
// ADCX/ADOX (ADX); internal/impl decides its value (impl.ADX, with the
// valgrind override), and tests turn it off through internal/impl to run
// the package on the Go formulas too (TestAllImplementations).
var usePointAsm = impl.ADX

func init() { impl.Register("group", "ADX", &usePointAsm) }

// PointImplementation describes the code the point operations run in this
// process.
func PointImplementation() string {
	if usePointAsm {
		return "amd64 assembly (whole point operations, MULX/ADCX/ADOX)"
	}
	return "generic Go"
}

// The assembly takes the Go types as arrays of 64-bit words (layouts in
// internal/asm/group, checked by TestPointLayout). The conversions
// are free and keep the arguments on the caller's stack: the stubs are
// //go:noescape, and these wrappers are small enough to inline.

func jacobianWords(p *Jacobian) *[13]uint64     { return (*[13]uint64)(unsafe.Pointer(p)) }
func affineWords(a *Affine) *[9]uint64          { return (*[9]uint64)(unsafe.Pointer(a)) }
func projectiveWords(p *Projective) *[12]uint64 { return (*[12]uint64)(unsafe.Pointer(p)) }
func elementWords(v *field.Element) *[4]uint64  { return (*[4]uint64)(unsafe.Pointer(v)) }

func jacobianDouble(p, q *Jacobian) {
	jacobianDoubleAsm(jacobianWords(p), jacobianWords(q))
}

func jacobianAddMixedVarTime(p, q *Jacobian, a *Affine) bool {
	return jacobianAddMixedVarTimeAsm(jacobianWords(p), jacobianWords(q), affineWords(a))
}

func jacobianAddZInvVarTime(p, q *Jacobian, b *Affine, bzinv *field.Element) bool {
	return jacobianAddZInvVarTimeAsm(jacobianWords(p), jacobianWords(q), affineWords(b), elementWords(bzinv))
}

func jacobianAddMixedZRatioVarTime(p, q *Jacobian, a *Affine, zr *field.Element) bool {
	return jacobianAddMixedZRatioVarTimeAsm(jacobianWords(p), jacobianWords(q), affineWords(a), elementWords(zr))
}

func jacobianAddAffine(p, q *Jacobian, a *Affine) {
	jacobianAddAffineAsm(jacobianWords(p), jacobianWords(q), affineWords(a))
}

func projectiveAddAffine(p, q *Projective, a *Affine, cond int) {
	projectiveAddAffineAsm(projectiveWords(p), projectiveWords(q), affineWords(a), cond)
}

// The full addition Jacobian.AddVarTime has no whole-point code in this
// build (pointGenAdd): only the generated Go of the builds without assembly
// (point_gen.go) has it.
const pointGenAdd = false

func jacobianAddVarTime(p, q, r *Jacobian) bool {
	panic("group: internal error: jacobianAddVarTime called without generated point code")
}

// pointAsmCurve: see group.go.
const pointAsmCurve = b3 == 21
