// Package tablegen computes the precomputed tables of internal/ecmult from
// first principles (the generator G and the group law). It is used by the
// program that writes the committed table (run by go generate), and by the
// test that checks the committed table equals a fresh computation.
package tablegen

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// Dimensions of the fixed-base table: signed Booth digits of BaseWindow bits,
// BaseWindows windows cover 6·43 = 258 ≥ 257 bits, and each window holds the
// multiples 1..BaseEntries of 2^(BaseWindow·i)·G.
const (
	BaseWindow  = 6
	BaseWindows = 43
	BaseEntries = 1 << (BaseWindow - 1)
)

// BaseTable returns T[i][j] = (j+1)·2^(6i)·G as affine coordinates in
// little-endian limbs (x0..x3, y0..y3).
func BaseTable() *[BaseWindows][BaseEntries][8]uint64 {
	var out [BaseWindows][BaseEntries][8]uint64
	g := group.Generator()
	var base group.Jacobian
	base.SetAffine(&g)
	jac := make([]group.Jacobian, BaseEntries)
	aff := make([]group.Affine, BaseEntries)
	scratch := make([]field.Element, 2*BaseEntries)
	for i := range BaseWindows {
		jac[0] = base
		for j := 1; j < BaseEntries; j++ {
			jac[j].AddVarTime(&jac[j-1], &base)
		}
		group.BatchToAffineVarTime(aff, jac, scratch)
		for j := range aff {
			x, y := aff[j].X.Limbs(), aff[j].Y.Limbs()
			copy(out[i][j][:4], x[:])
			copy(out[i][j][4:], y[:])
		}
		for range BaseWindow {
			base.DoubleVarTime(&base)
		}
	}
	return &out
}

// OddMultiples returns the affine points (2j+1)·P for j in [0, n), computed
// with Jacobian arithmetic and one batch inversion. P must be finite.
func OddMultiples(p *group.Affine, n int) []group.Affine {
	jac := make([]group.Jacobian, n)
	jac[0].SetAffine(p)
	var p2 group.Jacobian
	p2.DoubleVarTime(&jac[0])
	for j := 1; j < n; j++ {
		jac[j].AddVarTime(&jac[j-1], &p2)
	}
	aff := make([]group.Affine, n)
	group.BatchToAffineVarTime(aff, jac, make([]field.Element, 2*n))
	return aff
}
