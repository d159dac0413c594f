package ecmult

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// LiftXVarTime sets p[i] to the point with x-coordinate x[i] whose
// y-coordinate has the parity odd (0: even, BIP-340's lift_x; 1: odd), and
// ok[i] to true, for every i < len(x); where x[i]³ + 7 is not a square there
// is no such point, and p[i] is set to the point at infinity and ok[i] to
// false. It returns the number of x[i] without a point. p and ok must have
// at least len(x) elements; p may not alias x.
//
// It is what Affine.SetXO computes for each x[i], in variable time: for
// public coordinates only (the r of signatures and public keys in batch
// verification). Where field.LanesEnabled reports the AVX-512 IFMA kernels,
// it computes 24 square roots at a time in lanes (three interleaved chains
// of eight; several times cheaper per root than the scalar code,
// doc/performance.md, "AVX-512 IFMA"); elsewhere it calls SetXO for each.
func LiftXVarTime(p []group.Affine, ok []bool, x []field.Element, odd int) int {
	n := len(x)
	p, ok = p[:n], ok[:n]
	if !field.LanesEnabled() {
		bad := 0
		for i := range x {
			ok[i] = p[i].SetXO(&x[i], odd) == 1
			if !ok[i] {
				p[i].SetInfinity()
				bad++
			}
		}
		return bad
	}
	bad := 0
	for i := 0; i < n; i += 24 {
		m := min(24, n-i)
		bad += liftX24VarTime(p[i:i+m], ok[i:i+m], x[i:i+m], odd)
	}
	return bad
}

// seven8 is the curve constant b = 7 in eight lanes.
var seven8 = new(field.Lanes).SetUint64VarTime(group.B)

// liftX24VarTime is LiftXVarTime for at most 24 x in up to three sets of
// lanes, whose square roots run interleaved (field.SqrtsVarTime); unused
// lanes compute the root of 7, and are dropped.
func liftX24VarTime(p []group.Affine, ok []bool, x []field.Element, odd int) int {
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
