//go:build exhaustive7 || exhaustive13 || exhaustive199

package ecmult_test

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/exhaustive"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The exhaustive tests of internal/ecmult (doc/assurance.md, "Exhaustive
// tests"): k·G, k·P, a·P + b·G and the multi-scalar multiplication for every
// scalar and point of the test group against the brute-force table
// (libsecp256k1's test_exhaustive_ecmult and test_exhaustive_ecmult_multi),
// under every selection of the field, point and table-scan implementations
// this CPU runs. Where a space is too large to enumerate within the time of
// a CI step (order 199, and the selections other than the default, and
// all-generic for k·P and a·P + b·G, for the deepest loops), every case is
// still enumerated under the default selection when it fits, and a random
// sample of it is checked otherwise; the tests log which.

var n = exhaustive.N

func mod(i int) int { return ((i % n) + n) % n }

// limit is the number of cases a loop runs: every case up to full under
// the selections where run is true, a sample of part under the others.
func limit(run bool, full, part int) int {
	if run {
		return full
	}
	return part
}

func checkJ(t *testing.T, what string, p *group.Jacobian, want int) {
	t.Helper()
	if !exhaustive.IsJacobian(p, want) || p.Infinity != (mod(want) == 0) {
		t.Fatalf("%s = %d·G (flag %v), want %d·G", what, exhaustive.IndexJacobian(p), p.Infinity, mod(want))
	}
}

var allPkgs = []string{"field", "group", "ecmult"}

// TestExhaustiveBaseMult checks k·G, constant time (BaseMult, with the
// table recomputed for this curve's G) and variable time, for every k.
func TestExhaustiveBaseMult(t *testing.T) {
	exhaustive.ForEachSelection(t, allPkgs, func(t *testing.T, sel exhaustive.Selection) {
		for k := range n {
			s := exhaustive.Scalar(k)
			var p group.Projective
			ecmult.BaseMult(&p, &s)
			if !exhaustive.IsProjective(&p, k) {
				t.Fatalf("BaseMult(%d) = %d·G", k, exhaustive.IndexProjective(&p))
			}
			var j group.Jacobian
			checkJ(t, "BaseMultVarTime("+itoa(k)+")", ecmult.BaseMultVarTime(&j, &s), k)
		}
	})
}

// TestExhaustiveScalarMult checks k·P in constant time, with a public P
// (ScalarMult) and with a secret one (ScalarMultSecretPoint), for every k
// and every finite P. Their tables hold 1..16 times P: on a group of order
// 7 or 13 these include N·P, the point at infinity, which the tables
// cannot represent (libsecp256k1 shrinks its ecmult_const window for these
// orders; scalarmult.go has one fixed size), so this test runs at order 199
// (tag exhaustive199) and is skipped at 7 and 13.
func TestExhaustiveScalarMult(t *testing.T) {
	if n <= 16 {
		t.Skipf("the 16-entry tables of k·P hold N·P = ∞ at N = %d: covered by the exhaustive199 build", n)
	}
	r := testutil.Rand(t)
	exhaustive.ForEachSelection(t, allPkgs, func(t *testing.T, sel exhaustive.Selection) {
		exhaustive.Cases(t, r, "k, P", n*(n-1), limit(sel.Default || sel.Generic, 50000, 2000), func(idx int) {
			k, i := idx%n, 1+idx/n
			s := exhaustive.Scalar(k)
			p := exhaustive.Affine(i)
			var out group.Jacobian
			checkJ(t, "ScalarMult("+itoa(k)+", "+itoa(i)+")", ecmult.ScalarMult(&out, &s, &p), k*i)
			checkJ(t, "ScalarMultSecretPoint("+itoa(k)+", "+itoa(i)+")", ecmult.ScalarMultSecretPoint(&out, &s, &p), k*i)
		})
	})
}

// TestExhaustiveDoubleMult checks a·P + b·G (DoubleMultVarTime: GLV and
// wNAF against the tables of odd multiples of P, λP, G and 2^128·G) for
// every a, b and finite P.
func TestExhaustiveDoubleMult(t *testing.T) {
	r := testutil.Rand(t)
	exhaustive.ForEachSelection(t, allPkgs, func(t *testing.T, sel exhaustive.Selection) {
		exhaustive.Cases(t, r, "a, b, P", n*n*(n-1), limit(sel.Default || sel.Generic, 50000, 4000), func(idx int) {
			a, b, i := idx%n, idx/n%n, 1+idx/(n*n)
			sa, sb := exhaustive.Scalar(a), exhaustive.Scalar(b)
			p := exhaustive.Affine(i)
			var out group.Jacobian
			ecmult.DoubleMultVarTime(&out, &sa, &p, &sb)
			checkJ(t, "DoubleMultVarTime("+itoa(a)+", "+itoa(i)+", "+itoa(b)+")", &out, a*i+b)
		})
	})
}

// TestExhaustiveMSM checks g·G + k1·P1 + k2·P2 for every g, k1, k2, P1 and
// P2 (libsecp256k1's five nested loops of test_exhaustive_ecmult_multi),
// the points at infinity included, with every algorithm and parameter
// choice (ecmult.MSMVariants: Strauss and Pippenger's bucket strategies at
// forced digit widths), each on one scratch reused across the calls, and
// with and without the G term.
func TestExhaustiveMSM(t *testing.T) {
	r := testutil.Rand(t)
	exhaustive.ForEachSelection(t, []string{"field", "group"}, func(t *testing.T, sel exhaustive.Selection) {
		for _, v := range ecmult.MSMVariants() {
			// Every case for MultiScalarMultVarTime's choice and for
			// Pippenger at the narrowest digits (several windows and their
			// carries) where the space has at most 400,000 (order 13:
			// 371,293), 20,000 of them otherwise.
			full := 20000
			if (v.Name == "auto" || v.Name == "pippenger-c2") && n*n*n*n*n <= 400000 {
				full = 400000
			}
			var terms [2]ecmult.Term
			exhaustive.Cases(t, r, v.Name+": g, k1, k2, P1, P2", n*n*n*n*n, limit(sel.Default, full, 1000), func(idx int) {
				g, k1, k2, i1, i2 := idx%n, idx/n%n, idx/(n*n)%n, idx/(n*n*n)%n, idx/(n*n*n*n)
				sg, s1, s2 := exhaustive.Scalar(g), exhaustive.Scalar(k1), exhaustive.Scalar(k2)
				p1, p2 := exhaustive.Affine(i1), exhaustive.Affine(i2)
				terms[0].Set(&s1, &p1)
				terms[1].Set(&s2, &p2)
				var out group.Jacobian
				v.Run(&out, &sg, terms[:])
				checkJ(t, v.Name+"("+itoa(g)+"; "+itoa(k1)+"·"+itoa(i1)+", "+itoa(k2)+"·"+itoa(i2)+")", &out, g+k1*i1+k2*i2)
				if g == 0 {
					v.Run(&out, nil, terms[:])
					checkJ(t, v.Name+"(nil; "+itoa(k1)+"·"+itoa(i1)+", "+itoa(k2)+"·"+itoa(i2)+")", &out, k1*i1+k2*i2)
				}
			})
		}
	})
}

// TestExhaustiveMSMShort checks the short terms of batch verification
// (Term.SetShort: ±k·P without a split) for every k, sign and P, beside a
// split term and G, and SetZero terms.
func TestExhaustiveMSMShort(t *testing.T) {
	r := testutil.Rand(t)
	exhaustive.ForEachSelection(t, []string{"field", "group"}, func(t *testing.T, sel exhaustive.Selection) {
		for _, v := range ecmult.MSMVariants() {
			var terms [3]ecmult.Term
			exhaustive.Cases(t, r, v.Name+": ±k·P, k2·P2, g", 2*n*n*n*n*n, limit(sel.Default, 40000, 500), func(idx int) {
				neg, k, i, k2, i2, g := idx%2, idx/2%n, idx/(2*n)%n, idx/(2*n*n)%n, idx/(2*n*n*n)%n, idx/(2*n*n*n*n)
				s, s2, sg := exhaustive.Scalar(k), exhaustive.Scalar(k2), exhaustive.Scalar(g)
				p, p2 := exhaustive.Affine(i), exhaustive.Affine(i2)
				terms[0].SetShort(&s, neg == 1, &p)
				terms[1].SetZero()
				terms[2].Set(&s2, &p2)
				var out group.Jacobian
				v.Run(&out, &sg, terms[:])
				want := k*i*(1-2*neg) + k2*i2 + g
				checkJ(t, v.Name+" short", &out, want)
			})
		}
	})
}

// TestExhaustiveMSMLarge checks sums of many terms, on random points and
// scalars with repeated and opposite points forced in (so that buckets and
// running sums meet doublings and cancellations), from a handful of terms
// to sizes where MultiScalarMultVarTime picks Pippenger by itself.
func TestExhaustiveMSMLarge(t *testing.T) {
	r := testutil.Rand(t)
	variants := ecmult.MSMVariants()
	sawPippenger := false
	for round := range testutil.Iters(50, 300) {
		m := 1 + r.IntN(40)
		if round%5 == 0 {
			m = 20 + r.IntN(60)
		}
		terms := make([]ecmult.Term, m)
		want := 0
		idx := make([]int, m)
		for i := range terms {
			p := r.IntN(n)
			switch {
			case i > 0 && r.IntN(3) == 0:
				p = idx[r.IntN(i)] // a repeated point
			case i > 0 && r.IntN(3) == 0:
				p = mod(-idx[r.IntN(i)]) // an opposite one
			}
			idx[i] = p
			k := r.IntN(n)
			s := exhaustive.Scalar(k)
			a := exhaustive.Affine(p)
			if r.IntN(4) == 0 {
				neg := r.IntN(2)
				terms[i].SetShort(&s, neg == 1, &a)
				want += k * p * (1 - 2*neg)
			} else {
				terms[i].Set(&s, &a)
				want += k * p
			}
		}
		g := r.IntN(n)
		sg := exhaustive.Scalar(g)
		sawPippenger = sawPippenger || ecmult.UsesPippenger(terms)
		for _, v := range variants {
			var out group.Jacobian
			v.Run(&out, &sg, terms)
			checkJ(t, v.Name+" of "+itoa(m)+" terms", &out, want+g)
		}
	}
	if !sawPippenger {
		t.Error("no input was large enough for MultiScalarMultVarTime to pick Pippenger")
	}
}

// TestExhaustiveWindows logs the table sizes of this build.
func TestExhaustiveWindows(t *testing.T) {
	t.Logf("N = %d: windowP = %d (odd multiples up to %d·P), windowG = %d (up to %d·G)",
		n, ecmult.WindowP, 1<<(ecmult.WindowP-1)-1, ecmult.WindowG, 1<<(ecmult.WindowG-1)-1)
	if 1<<(ecmult.WindowP-1)-1 >= n || 1<<(ecmult.WindowG-1)-1 >= n {
		t.Fatal("a table of odd multiples reaches N")
	}
	_ = scalar.Lambda
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
