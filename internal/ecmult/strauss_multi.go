package ecmult

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// straussTable is the number of odd multiples per point (window windowP).
const straussTable = 1 << (windowP - 2)

// straussHalf is one 128-bit half of a term in the Strauss loop.
type straussHalf struct {
	tbl    []group.Affine // odd multiples 1, 3, ..., 15 of P or λP
	digits *[wnafLen]int32
	neg    bool
}

// straussScratch is the reusable memory of the multi-point Strauss.
type straussScratch struct {
	jac     []group.Jacobian
	tbl     []group.Affine // P tables, then λP tables
	fe      []field.Element
	digits  [][wnafLen]int32
	halves  []straussHalf
	termIdx []int
}

// multiMult sets out = g·G + Σ terms with Strauss–Shamir interleaving: every
// 128-bit half gets a window-5 wNAF expansion against a table of 8 odd
// multiples (the λP table is the P table with x multiplied by β), all tables
// are normalized to affine with one shared inversion, and g = g1 + 2^128·g2
// uses the precomputed window-13 tables of G and 2^128·G, as
// DoubleMultVarTime does. The additions run along one chain of at most 130
// doublings. Execution time depends on the inputs.
func (s *straussScratch) multiMult(out *group.Jacobian, g *scalar.Scalar, terms []Term) *group.Jacobian {
	// Terms with work to do.
	s.termIdx = s.termIdx[:0]
	for i := range terms {
		if terms[i].halves() != 0 {
			s.termIdx = append(s.termIdx, i)
		}
	}
	n := len(s.termIdx)
	s.jac = grow(s.jac, n*straussTable)
	s.tbl = grow(s.tbl, 2*n*straussTable)
	s.fe = grow(s.fe, 2*n*straussTable)
	s.digits = grow(s.digits, 2*n+2)
	s.halves = s.halves[:0]

	// Odd multiples of every P in Jacobian form, then one batch inversion.
	for j, ti := range s.termIdx {
		p := &terms[ti].P
		jac := s.jac[j*straussTable : (j+1)*straussTable]
		jac[0].SetAffine(p)
		var p2 group.Jacobian
		p2.DoubleVarTime(&jac[0])
		for k := 1; k < straussTable; k++ {
			jac[k].AddVarTime(&jac[k-1], &p2)
		}
	}
	ptbl := s.tbl[:n*straussTable]
	group.BatchToAffineVarTime(ptbl, s.jac[:n*straussTable], s.fe)

	top := 0
	for j, ti := range s.termIdx {
		t := &terms[ti]
		tp := ptbl[j*straussTable : (j+1)*straussTable]
		if t.K1.IsZero() == 0 {
			d := &s.digits[len(s.halves)]
			top = max(top, t.K1.WNAFVarTime(d[:], windowP))
			s.halves = append(s.halves, straussHalf{tbl: tp, digits: d, neg: t.Neg1})
		}
		if t.K2.IsZero() == 0 {
			tl := s.tbl[(n+j)*straussTable : (n+j+1)*straussTable]
			for k := range tl {
				tl[k].Endomorphism(&tp[k])
			}
			d := &s.digits[len(s.halves)]
			top = max(top, t.K2.WNAFVarTime(d[:], windowP))
			s.halves = append(s.halves, straussHalf{tbl: tl, digits: d, neg: t.Neg2})
		}
	}
	var wg1, wg2 *[wnafLen]int32
	if g != nil && g.IsZero() == 0 {
		gTablesOnce.Do(initGTables)
		g1, g2 := g.Split128()
		wg1, wg2 = &s.digits[2*n], &s.digits[2*n+1]
		top = max(top, g1.WNAFVarTime(wg1[:], windowG), g2.WNAFVarTime(wg2[:], windowG))
	}

	var acc group.Jacobian
	acc.SetInfinity()
	var neg group.Affine
	for i := top - 1; i >= 0; i-- {
		acc.DoubleVarTime(&acc)
		for h := range s.halves {
			if d := s.halves[h].digits[i]; d != 0 {
				addDigit(&acc, s.halves[h].tbl, d, s.halves[h].neg, &neg)
			}
		}
		if wg1 != nil {
			if d := wg1[i]; d != 0 {
				addDigit(&acc, gTable, d, false, &neg)
			}
			if d := wg2[i]; d != 0 {
				addDigit(&acc, g128Table, d, false, &neg)
			}
		}
	}
	return out.Set(&acc)
}

// grow returns s with length n, reallocating only if its capacity is short.
// The contents are not preserved.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
