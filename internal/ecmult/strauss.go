package ecmult

import (
	"sync"

	"github.com/p256k1/secp256k1/internal/ecmult/tablegen"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

const (
	// windowP is the wNAF width for the variable point: 8 odd multiples.
	windowP = 5
	// windowG is the wNAF width for G and 2^128·G: 2^(windowG-2) odd
	// multiples of each (2 × 2048 × 64 bytes = 256 KiB), built on first use.
	windowG = 13
	// wnafLen digits hold every 128-bit half (plus the wNAF carry).
	wnafLen = 130
)

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

	// Odd multiples of P and of λP.
	var tp, tl [1 << (windowP - 2)]group.Affine
	oddMultiplesInto(tp[:], p)
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
			addDigit(&acc, tp[:], d, n1 == 1, &neg)
		}
		if d := w2[i]; d != 0 {
			addDigit(&acc, tl[:], d, n2 == 1, &neg)
		}
		if d := w3[i]; d != 0 {
			addDigit(&acc, gTable, d, false, &neg)
		}
		if d := w4[i]; d != 0 {
			addDigit(&acc, g128Table, d, false, &neg)
		}
	}
	return out.Set(&acc)
}

// addDigit adds d·P to acc, where tbl[j] = (2j+1)·P and d is odd; negate
// flips the sign of the whole table.
func addDigit(acc *group.Jacobian, tbl []group.Affine, d int32, negate bool, tmp *group.Affine) {
	if d < 0 {
		d = -d
		negate = !negate
	}
	e := &tbl[d>>1]
	if negate {
		tmp.Negate(e)
		e = tmp
	}
	acc.AddMixedVarTime(acc, e)
}

// oddMultiplesInto sets out[j] = (2j+1)·P with one field inversion.
func oddMultiplesInto(out []group.Affine, p *group.Affine) {
	const n = 1 << (windowP - 2)
	var jac [n]group.Jacobian
	jac[0].SetAffine(p)
	var p2 group.Jacobian
	p2.DoubleVarTime(&jac[0])
	for j := 1; j < n; j++ {
		jac[j].AddVarTime(&jac[j-1], &p2)
	}
	var scratch [2 * n]fieldElement
	group.BatchToAffineVarTime(out, jac[:], scratch[:])
}
