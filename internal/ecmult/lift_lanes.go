package ecmult

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// liftLanes is the number of x that liftXLanesVarTime lifts at a time:
// three sets of eight lanes, whose square roots run interleaved.
const liftLanes = 24

// seven8 is the curve constant b = 7 in eight lanes.
var seven8 = new(field.Lanes).SetUint64VarTime(group.B)

// liftXLanesVarTime is LiftXBatchVarTime for at most liftLanes x, in up to
// three sets of AVX-512 IFMA lanes whose square roots run interleaved
// (field.SqrtsVarTime); unused lanes compute the root of 7, and are
// dropped. It returns the number of x without a point. The caller checks
// field.LanesEnabled.
func liftXLanesVarTime(p []group.Affine, ok []bool, x []field.Element, odd int) int {
	var v [3]field.Lanes
	var mask [3]uint8
	w := (len(x) + 7) / 8
	for k := range w {
		var xs [8]field.Element
		copy(xs[:], x[8*k:])
		var xl field.Lanes
		xl.SetElementsVarTime(&xs)
		v[k].SquareVarTime(&xl)
		v[k].MulVarTime(&v[k], &xl)
		v[k].AddVarTime(&v[k], seven8)
	}
	field.SqrtsVarTime(v[:w], mask[:w], v[:w])
	bad := 0
	for k := range w {
		var ys [8]field.Element
		v[k].ElementsVarTime(&ys)
		for j := range min(8, len(x)-8*k) {
			i := 8*k + j
			y := &ys[j]
			if y.IsOdd() != odd {
				y.Negate(y)
			}
			ok[i] = mask[k]>>j&1 == 1
			if !ok[i] {
				p[i].SetInfinity()
				bad++
				continue
			}
			p[i].SetXY(&x[i], y)
		}
	}
	return bad
}
