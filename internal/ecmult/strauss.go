package ecmult

import (
	"github.com/p256k1/secp256k1/internal/field"
	"sync"

	"github.com/p256k1/secp256k1/internal/ecmult/tablegen"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// The wNAF widths windowP and windowG are in params.go (params_exhaustive*.go
// in the exhaustive-test builds).

// wnafLen digits hold every 128-bit half (plus the wNAF carry).
const wnafLen = 130

var (
	gTablesOnce sync.Once
	// gTable[j] = (2j+1)·G and g128Table[j] = (2j+1)·2^128·G.
	gTable, g128Table []group.Affine
)

func initGTables() {
	g := group.Generator()
	gTable = tablegen.OddMultiples(&g, 1<<(windowG-2))
	var h group.Jacobian
	h.SetAffine(&g)
	for range 128 {
		h.DoubleVarTime(&h)
	}
	var ha group.Affine
	ha.SetJacobianVarTime(&h)
	g128Table = tablegen.OddMultiples(&ha, 1<<(windowG-2))
}

// DoubleMultVarTime sets out = a·P + b·G and returns out. P must be a finite
// point. Execution time depends on all inputs: use it only on public data
// (verification, recovery, public-key tweaks).
//
// Strauss–Shamir interleaving of four wNAF expansions over one chain of
// ~128 doublings: a = a1 + λ·a2 (GLV) against odd multiples of ±P and ±λP
// (window 5, normalized to affine with one inversion), and b = b1 + 2^128·b2
// against precomputed odd multiples of G and 2^128·G (window 13).
func DoubleMultVarTime(out *group.Jacobian, a *scalar.Scalar, p *group.Affine, b *scalar.Scalar) *group.Jacobian {
	gTablesOnce.Do(initGTables)

	// Odd multiples of P and of λP, with one global Z (effective affine):
	// the sum runs on the isomorphic curve on which they are affine, and its
	// Z is multiplied by zg at the end.
	var tp, tl [1 << (windowP - 2)]group.Affine
	var zg field.Element
	oddMultiplesGlobalZ(&tp, &zg, p)
	for j := range tp {
		tl[j].Endomorphism(&tp[j])
	}

	a1, a2 := a.SplitLambda()
	a1, n1 := a1.AbsHalf()
	a2, n2 := a2.AbsHalf()
	b1, b2 := b.Split128()

	var w1, w2, w3, w4 [wnafLen]int32
	l1 := a1.WNAFVarTime(w1[:], windowP)
	l2 := a2.WNAFVarTime(w2[:], windowP)
	l3 := b1.WNAFVarTime(w3[:], windowG)
	l4 := b2.WNAFVarTime(w4[:], windowG)
	top := max(l1, l2, l3, l4)

	var acc group.Jacobian
	acc.SetInfinity()
	var neg group.Affine
	for i := top - 1; i >= 0; i-- {
		acc.DoubleVarTime(&acc)
		if d := w1[i]; d != 0 {
			acc.AddMixedVarTime(&acc, digitPoint(tp[:], d, n1 == 1, &neg))
		}
		if d := w2[i]; d != 0 {
			acc.AddMixedVarTime(&acc, digitPoint(tl[:], d, n2 == 1, &neg))
		}
		if d := w3[i]; d != 0 {
			acc.AddZInvVarTime(&acc, digitPoint(gTable, d, false, &neg), &zg)
		}
		if d := w4[i]; d != 0 {
			acc.AddZInvVarTime(&acc, digitPoint(g128Table, d, false, &neg), &zg)
		}
	}
	if !acc.Infinity {
		acc.Z.Multiply(&acc.Z, &zg)
	}
	return out.Set(&acc)
}

// digitPoint returns d·P for an odd digit d, where tbl[j] = (2j+1)·P;
// negate flips the sign of the whole table. A negated entry is written to
// tmp.
func digitPoint(tbl []group.Affine, d int32, negate bool, tmp *group.Affine) *group.Affine {
	if d < 0 {
		d = -d
		negate = !negate
	}
	e := &tbl[d>>1]
	if negate {
		tmp.Negate(e)
		e = tmp
	}
	return e
}

// oddMultiplesGlobalZ sets out[j] to (2j+1)·P and zg to a common Z in
// "effective affine" form (libsecp256k1's ecmult_odd_multiples_table and
// ge_table_set_globalz): out[j] = (X, Y) stands for the point
// (X/zg², Y/zg³), for a finite P. No inversion is needed: with C the Z of
// 2P, the multiples are computed on the isomorphic curve y² = x³ + 7C⁶ on
// which 2P is affine, by mixed additions that record their Z ratios, and
// then scaled to the Z of the last one. Addition and doubling formulas for
// a = 0 do not depend on b, so a sum of these entries computed as if they
// were affine is the true sum with its Z divided by zg.
func oddMultiplesGlobalZ(out *[1 << (windowP - 2)]group.Affine, zg *field.Element, p *group.Affine) {
	const n = 1 << (windowP - 2)
	var pj, d group.Jacobian
	pj.SetAffine(p)
	d.DoubleVarTime(&pj)
	// 2P on the isomorphic curve: (d.X, d.Y), affine. P there: (x·C², y·C³).
	c := d.Z
	var c2, c3 field.Element
	c2.Square(&c)
	c3.Multiply(&c2, &c)
	d2 := group.Affine{X: d.X, Y: d.Y}
	var pre [n]group.Jacobian
	var zr [n]field.Element
	pre[0].X.Multiply(&p.X, &c2)
	pre[0].Y.Multiply(&p.Y, &c3)
	pre[0].Z.One()
	for j := 1; j < n; j++ {
		if !pre[j].AddMixedZRatioVarTime(&pre[j-1], &d2, &zr[j]) {
			// (2j-1)·P = ±2P needs n <= 2j+1: impossible for the prime
			// order n of a finite point.
			panic("ecmult: internal error: degenerate odd-multiples table")
		}
	}
	// Bring every entry to the Z of the last one: entry j is scaled by
	// zr[j+1]·…·zr[n-1].
	var s, s2, s3 field.Element
	s.One()
	for j := n - 1; j >= 0; j-- {
		if j < n-1 {
			s.Multiply(&s, &zr[j+1])
		}
		s2.Square(&s)
		s3.Multiply(&s2, &s)
		var x, y field.Element
		x.Multiply(&pre[j].X, &s2)
		y.Multiply(&pre[j].Y, &s3)
		out[j].SetXY(&x, &y)
	}
	zg.Multiply(&pre[n-1].Z, &c)
}

// addDigit adds d·P to acc with a mixed addition, where tbl[j] = (2j+1)·P
// is affine and d is odd; negate flips the sign of the whole table.
func addDigit(acc *group.Jacobian, tbl []group.Affine, d int32, negate bool, tmp *group.Affine) {
	acc.AddMixedVarTime(acc, digitPoint(tbl, d, negate, tmp))
}
