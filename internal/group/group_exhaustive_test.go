//go:build exhaustive7 || exhaustive13 || exhaustive199

package group_test

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/exhaustive"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/impl/impltest"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The exhaustive tests of internal/group (doc/assurance.md, "Exhaustive
// tests"): on the test curve of this build, whose group has N elements,
// every operation on every point (every pair of points for the additions)
// against the brute-force table of internal/exhaustive, under every
// selection of the field and point implementations this CPU runs. Jacobian
// and projective inputs get a fresh random Z for every operation, and the
// point at infinity random coordinates where a representation allows them.

var n = exhaustive.N

// mod returns i mod N in [0, N).
func mod(i int) int { return ((i % n) + n) % n }

// TestExhaustiveConstants checks the constants of this build with math/big:
// G is on the curve y² = x³ + B and has order N (its N multiples are
// distinct points of the curve and N·G = ∞), β is a non-trivial cube root
// of unity mod p, λ (internal/scalar) one mod N, and (β·x, y) = λ·(x, y) on
// every point of the group (libsecp256k1's test_exhaustive_endomorphism,
// through Affine.Endomorphism).
func TestExhaustiveConstants(t *testing.T) {
	g := group.Generator()
	gp := exhaustive.FromAffine(&g)
	if !exhaustive.OnCurve(gp) {
		t.Fatal("G is not on the curve")
	}
	seen := map[string]bool{}
	for i, pt := range exhaustive.Points {
		if (i == 0) != pt.Inf || !exhaustive.OnCurve(pt) {
			t.Fatalf("%d·G = %v: not a point of the group", i, pt)
		}
		if i > 0 {
			k := pt.X.String() + "," + pt.Y.String()
			if seen[k] {
				t.Fatalf("%d·G repeats an earlier multiple: the order of G is below %d", i, n)
			}
			seen[k] = true
		}
	}
	if !exhaustive.Add(exhaustive.Points[n-1], gp).Inf || !exhaustive.Mul(n, gp).Inf {
		t.Fatalf("N·G is not the point at infinity (N = %d)", n)
	}
	if !big.NewInt(int64(n)).ProbablyPrime(20) {
		t.Fatalf("N = %d is not prime", n)
	}
	beta := group.Beta()
	bb := beta.Bytes()
	bigBeta := new(big.Int).SetBytes(bb[:])
	if bigBeta.Cmp(big.NewInt(1)) == 0 || new(big.Int).Exp(bigBeta, big.NewInt(3), exhaustive.P).Cmp(big.NewInt(1)) != 0 {
		t.Fatal("β is not a non-trivial cube root of unity mod p")
	}
	lambda := scalar.Lambda()
	l := exhaustive.ScalarValue(&lambda)
	if l == 1 || l*l%n*l%n != 1 {
		t.Fatalf("λ = %d is not a non-trivial cube root of unity mod %d", l, n)
	}
	for i := range n {
		a := exhaustive.Affine(i)
		var e group.Affine
		e.Endomorphism(&a)
		if got := exhaustive.IndexAffine(&e); got != mod(l*i) {
			t.Fatalf("(β·x, y) of %d·G is %d·G, want %d·G (λ = %d)", i, got, mod(l*i), l)
		}
		want := exhaustive.Mul(mod(l*i), gp)
		if !i0(i) && (want.X.Cmp(new(big.Int).Mod(new(big.Int).Mul(bigBeta, exhaustive.Points[i].X), exhaustive.P)) != 0 ||
			want.Y.Cmp(exhaustive.Points[i].Y) != 0) {
			t.Fatalf("λ·(%d·G) is not (β·x, y) in math/big", i)
		}
	}
	t.Logf("y² = x³ + %d, N = %d, λ = %d", group.B, n, l)
}

func i0(i int) bool { return mod(i) == 0 }

// checkJ fails unless p (a result of a Jacobian formula) is want·G with its
// infinity flag in step with its Z.
func checkJ(t *testing.T, op string, i, j int, p *group.Jacobian, want int) {
	t.Helper()
	if !exhaustive.IsJacobian(p, want) || p.Infinity != (mod(want) == 0) || p.IsInfinity() != testutil.BoolInt(mod(want) == 0) {
		t.Fatalf("%s(%d, %d) = %d·G (flag %v), want %d·G", op, i, j, exhaustive.IndexJacobian(p), p.Infinity, mod(want))
	}
}

// checkA is checkJ for affine results.
func checkA(t *testing.T, op string, i, j int, a *group.Affine, want int) {
	t.Helper()
	if !exhaustive.IsAffine(a, want) {
		t.Fatalf("%s(%d, %d) = %d·G (flag %v), want %d·G", op, i, j, exhaustive.IndexAffine(a), a.Infinity, mod(want))
	}
}

// checkP is checkJ for projective results.
func checkP(t *testing.T, op string, i, j int, p *group.Projective, want int) {
	t.Helper()
	if !exhaustive.IsProjective(p, want) || p.IsInfinity() != testutil.BoolInt(mod(want) == 0) {
		t.Fatalf("%s(%d, %d) = %d·G, want %d·G", op, i, j, exhaustive.IndexProjective(p), mod(want))
	}
}

// TestExhaustiveJacobian checks every Jacobian formula, the variable-time
// and the constant-time ones (and the assembly behind them where the CPU
// has it), on every pair of points: libsecp256k1's
// test_exhaustive_addition with every variant of this package.
func TestExhaustiveJacobian(t *testing.T) {
	r := testutil.Rand(t)
	exhaustive.ForEachSelection(t, []string{"field", "group"}, func(t *testing.T, _ exhaustive.Selection) {
		for i := range n {
			// Unary operations.
			q := exhaustive.Jacobian(i, r)
			var p group.Jacobian
			checkJ(t, "DoubleVarTime", i, i, p.DoubleVarTime(&q), 2*i)
			q = exhaustive.Jacobian(i, r)
			checkJ(t, "Double", i, i, p.Double(&q), 2*i)
			q = exhaustive.Jacobian(i, r)
			checkJ(t, "Double aliased", i, i, q.Double(&q), 2*i)
			q = exhaustive.Jacobian(i, r)
			checkJ(t, "DoubleVarTime aliased", i, i, q.DoubleVarTime(&q), 2*i)
			q = exhaustive.Jacobian(i, r)
			var a, ac group.Affine
			checkA(t, "SetJacobianVarTime", i, i, a.SetJacobianVarTime(&q), i)
			checkA(t, "SetJacobian", i, i, ac.SetJacobian(&q), i)
			a = exhaustive.Affine(i)
			checkJ(t, "SetAffine", i, i, p.SetAffine(&a), i)
			for j := range n {
				x := exhaustive.Affine(j)
				want := testutil.BoolInt(i != 0 && (i == j || i == mod(-j)) && j != 0)
				if j != 0 {
					if got := q.EqualXVarTime(&x.X); got != want {
						t.Fatalf("EqualXVarTime(%d·G, x of %d·G) = %d", i, j, got)
					}
				}
			}
			// Binary operations.
			for j := range n {
				q := exhaustive.Jacobian(i, r)
				s := exhaustive.Jacobian(j, r)
				checkJ(t, "AddVarTime", i, j, p.AddVarTime(&q, &s), i+j)
				q, s = exhaustive.Jacobian(i, r), exhaustive.Jacobian(j, r)
				checkJ(t, "AddVarTime aliased", i, j, q.AddVarTime(&q, &s), i+j)
				b := exhaustive.Affine(j)
				q = exhaustive.Jacobian(i, r)
				checkJ(t, "AddMixedVarTime", i, j, p.AddMixedVarTime(&q, &b), i+j)
				checkJ(t, "AddMixedVarTime aliased", i, j, q.AddMixedVarTime(&q, &b), i+j)

				// AddZInvVarTime: s without its Z, given as its inverse
				// (libsecp256k1's add_zinv_var test).
				q, s = exhaustive.Jacobian(i, r), exhaustive.Jacobian(j, r)
				var zless group.Affine
				zless.SetXY(&s.X, &s.Y)
				if j == 0 {
					zless.SetInfinity()
				}
				var zinv field.Element
				zinv.Invert(&s.Z)
				checkJ(t, "AddZInvVarTime", i, j, p.AddZInvVarTime(&q, &zless, &zinv), i+j)

				// AddMixedZRatioVarTime: defined for finite q and a with
				// q ≠ ±a, where it reports Z3/Z1.
				q = exhaustive.Jacobian(i, r)
				var zr field.Element
				p.SetInfinity()
				ok := p.AddMixedZRatioVarTime(&q, &b, &zr)
				if wantOK := i != 0 && j != 0 && i != j && i != mod(-j); ok != wantOK {
					t.Fatalf("AddMixedZRatioVarTime(%d, %d) = %v", i, j, ok)
				}
				if ok {
					checkJ(t, "AddMixedZRatioVarTime", i, j, &p, i+j)
					var z field.Element
					z.Multiply(&q.Z, &zr)
					if z.Equal(&p.Z) != 1 {
						t.Fatalf("AddMixedZRatioVarTime(%d, %d): Z3 ≠ Z1·zr", i, j)
					}
				}

				// The constant-time unified addition: any q (the point at
				// infinity as (X:Y:0) with any X, Y), a finite a.
				if j != 0 {
					q = exhaustive.Jacobian(i, r)
					checkJ(t, "AddAffine", i, j, p.AddAffine(&q, &b), i+j)
					checkJ(t, "AddAffine aliased", i, j, q.AddAffine(&q, &b), i+j)
				}

				q, s = exhaustive.Jacobian(i, r), exhaustive.Jacobian(j, r)
				for cond := range 2 {
					p.Select(&q, &s, cond)
					checkJ(t, "Select", i, j, &p, map[int]int{1: i, 0: j}[cond])
				}
			}
		}
	})
}

// TestExhaustiveAffine checks the affine operations on every point (pair):
// negation, the endomorphism, equality, selection, the curve check, lifting
// every x of the group (and x that have no point) with both parities, and
// the batch conversion of the whole group.
func TestExhaustiveAffine(t *testing.T) {
	r := testutil.Rand(t)
	exhaustive.ForEachSelection(t, []string{"field", "group"}, func(t *testing.T, _ exhaustive.Selection) {
		for i := range n {
			a := exhaustive.Affine(i)
			var b group.Affine
			checkA(t, "Negate", i, i, b.Negate(&a), -i)
			if a.IsOnCurve() != 1 {
				t.Fatalf("IsOnCurve(%d·G) = 0", i)
			}
			if i != 0 {
				var off group.Affine
				y := exhaustive.ElementInt(1)
				y.Add(&y, &a.Y)
				off.SetXY(&a.X, &y)
				if off.IsOnCurve() != 0 {
					t.Fatalf("IsOnCurve(x of %d·G, y + 1) = 1", i)
				}
				for odd := range 2 {
					var l group.Affine
					l.SetInfinity()
					if l.SetXO(&a.X, odd) != 1 || l.Y.IsOdd() != odd {
						t.Fatalf("SetXO(x of %d·G, %d) failed", i, odd)
					}
					even, oddIdx, _ := exhaustive.IndexX(exhaustive.Points[i].X)
					checkA(t, "SetXO", i, odd, &l, map[int]int{0: even, 1: oddIdx}[odd])
				}
			}
			for j := range n {
				c := exhaustive.Affine(j)
				if got := a.Equal(&c); got != testutil.BoolInt(i == j) {
					t.Fatalf("Equal(%d, %d) = %d", i, j, got)
				}
				for cond := range 2 {
					b.Select(&a, &c, cond)
					checkA(t, "Select", i, j, &b, map[int]int{1: i, 0: j}[cond])
				}
			}
		}
		for _, x := range exhaustive.NoPointX(8) {
			xe := exhaustive.Element(x)
			a := exhaustive.Affine(1)
			if a.SetXO(&xe, 0) != 0 || a.SetXO(&xe, 1) != 0 || exhaustive.IndexAffine(&a) != 1 {
				t.Fatalf("SetXO(%v) found a point, or changed its receiver", x)
			}
		}
		// The whole group, in a random order, to affine in one batch.
		perm := r.Perm(n)
		in := make([]group.Jacobian, n)
		for k, i := range perm {
			in[k] = exhaustive.Jacobian(i, r)
		}
		out := make([]group.Affine, n)
		group.BatchToAffineVarTime(out, in, make([]field.Element, 2*n))
		for k, i := range perm {
			checkA(t, "BatchToAffineVarTime", i, k, &out[k], i)
		}
	})
}

// TestExhaustiveProjective checks the constant-time projective formulas:
// the complete mixed addition of k·G (AddAffine, AddAffineIf), the complete
// addition and doubling (Add, Double), and the conversions, on every point
// (pair), the identity as (0:Y:0) with a random Y.
func TestExhaustiveProjective(t *testing.T) {
	r := testutil.Rand(t)
	exhaustive.ForEachSelection(t, []string{"field", "group"}, func(t *testing.T, _ exhaustive.Selection) {
		for i := range n {
			q := exhaustive.Projective(i, r)
			var p group.Projective
			checkP(t, "Double", i, i, p.Double(&q), 2*i)
			checkP(t, "Double aliased", i, i, q.Double(&q), 2*i)
			q = exhaustive.Projective(i, r)
			checkP(t, "Negate", i, i, p.Negate(&q), -i)
			var a group.Affine
			checkA(t, "SetProjective", i, i, a.SetProjective(&q), i)
			a = exhaustive.Affine(i)
			checkP(t, "SetAffine", i, i, p.SetAffine(&a), i)
			jq := exhaustive.Jacobian(i, r)
			checkP(t, "SetJacobian", i, i, p.SetJacobian(&jq), i)
			for j := range n {
				q, s := exhaustive.Projective(i, r), exhaustive.Projective(j, r)
				checkP(t, "Add", i, j, p.Add(&q, &s), i+j)
				checkP(t, "Add aliased", i, j, q.Add(&q, &s), i+j)
				q, s = exhaustive.Projective(i, r), exhaustive.Projective(j, r)
				if got := q.Equal(&s); got != testutil.BoolInt(i == j) {
					t.Fatalf("Equal(%d, %d) = %d", i, j, got)
				}
				for cond := range 2 {
					p.Select(&q, &s, cond)
					checkP(t, "Select", i, j, &p, map[int]int{1: i, 0: j}[cond])
				}
				if j == 0 {
					continue // AddAffine takes a finite affine point
				}
				b := exhaustive.Affine(j)
				checkP(t, "AddAffine", i, j, p.AddAffine(&q, &b), i+j)
				for cond := range 2 {
					q = exhaustive.Projective(i, r)
					checkP(t, "AddAffineIf", i, j, p.AddAffineIf(&q, &b, cond), i+j*cond)
					checkP(t, "AddAffineIf aliased", i, j, q.AddAffineIf(&q, &b, cond), i+j*cond)
				}
			}
		}
	})
}

// TestExhaustiveSelections checks that the selections above include the
// point assembly where the CPU has it (so that its absence is visible in
// the log rather than silent).
func TestExhaustiveSelections(t *testing.T) {
	for _, pkg := range []string{"field", "group"} {
		for _, im := range impltest.Implementations(pkg) {
			t.Logf("%s %s: available %v", pkg, im.Name, im.Available)
		}
	}
	t.Logf("point code: %s", group.PointImplementation())
}
