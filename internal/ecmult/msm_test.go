package ecmult

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// msmCase is an input of a multi-scalar multiplication: Σ ks[i]·ps[i] + g·G.
type msmCase struct {
	name string
	g    *scalar.Scalar
	ks   []scalar.Scalar
	ps   []group.Affine
}

// naive computes the expected result by double-and-add per summand
// (refMul) and plain Jacobian additions.
func (c *msmCase) naive() group.Affine {
	var acc group.Jacobian
	acc.SetInfinity()
	for i := range c.ks {
		q := refMul(&c.ks[i], &c.ps[i])
		acc.AddMixedVarTime(&acc, &q)
	}
	if c.g != nil {
		gen := group.Generator()
		q := refMul(c.g, &gen)
		acc.AddMixedVarTime(&acc, &q)
	}
	var a group.Affine
	a.SetJacobianVarTime(&acc)
	return a
}

func (c *msmCase) terms() []Term {
	t := make([]Term, len(c.ks))
	for i := range t {
		t[i].Set(&c.ks[i], &c.ps[i])
	}
	return t
}

// msmAlgorithms runs every algorithm and parameter choice.
func msmAlgorithms() map[string]func(out *group.Jacobian, g *scalar.Scalar, terms []Term) {
	algs := map[string]func(out *group.Jacobian, g *scalar.Scalar, terms []Term){
		"auto": func(out *group.Jacobian, g *scalar.Scalar, terms []Term) {
			MultiScalarMultVarTime(out, g, terms, nil)
		},
		"strauss": func(out *group.Jacobian, g *scalar.Scalar, terms []Term) {
			var s straussScratch
			s.multiMult(out, g, terms)
		},
	}
	algs["pippenger-c8-running-sums"] = func(out *group.Jacobian, g *scalar.Scalar, terms []Term) {
		s := pippScratch{forceWindow: 8, runningSums: true}
		h := 0
		for i := range terms {
			h += terms[i].halves()
		}
		s.multiMult(out, g, terms, h)
	}
	for _, c := range []uint{2, 3, 4, 5, 6, 7, 8, 12} {
		for _, jac := range []bool{false, true} {
			name := fmt.Sprintf("pippenger-c%d", c)
			if jac {
				name += "-jacobian"
			}
			algs[name] = func(out *group.Jacobian, g *scalar.Scalar, terms []Term) {
				s := pippScratch{forceWindow: c, jacobianBuckets: jac}
				h := 0
				for i := range terms {
					h += terms[i].halves()
				}
				s.multiMult(out, g, terms, h)
			}
		}
	}
	return algs
}

func randPoint(r *rand.Rand) group.Affine {
	k := randScalar(r)
	g := group.Generator()
	return refMul(&k, &g)
}

func msmCases(t *testing.T, r *rand.Rand) []msmCase {
	var cases []msmCase
	edges := edgeScalars(t)
	nMinus1 := edges[12]
	random := func(name string, n int, withG bool) msmCase {
		c := msmCase{name: name}
		for range n {
			c.ks = append(c.ks, randScalar(r))
			c.ps = append(c.ps, randPoint(r))
		}
		if withG {
			g := randScalar(r)
			c.g = &g
		}
		return c
	}
	for _, n := range []int{0, 1, 2, 3, 65} {
		cases = append(cases, random(fmt.Sprintf("random-%d", n), n, false))
		cases = append(cases, random(fmt.Sprintf("random-%d+G", n), n, true))
	}
	cases = append(cases, random("random-1025+G", 1025, true))
	for range 3 {
		n := 1 + r.IntN(300)
		cases = append(cases, random(fmt.Sprintf("random-%d+G", n), n, r.IntN(2) == 0))
	}

	// Edge scalars against random points, and G with each edge scalar.
	c := msmCase{name: "edge-scalars"}
	for i := range edges {
		c.ks = append(c.ks, edges[i])
		c.ps = append(c.ps, randPoint(r))
	}
	cases = append(cases, c)
	for i := range edges {
		c := random(fmt.Sprintf("edge-G-%d", i), 2, false)
		c.g = &edges[i]
		cases = append(cases, c)
	}

	// Points at infinity, zero scalars, n-1.
	c = random("infinity-and-zero", 20, true)
	for i := 0; i < 20; i += 3 {
		c.ps[i] = group.Affine{Infinity: true}
	}
	for i := 1; i < 20; i += 4 {
		c.ks[i].Zero()
	}
	c.ks[2] = nMinus1
	cases = append(cases, c)
	cases = append(cases, msmCase{name: "all-infinity", ks: make([]scalar.Scalar, 5), ps: make([]group.Affine, 5)})
	for i := range cases[len(cases)-1].ps {
		cases[len(cases)-1].ps[i].Infinity = true
		cases[len(cases)-1].ks[i] = randScalar(r)
	}
	zeroG := scalar.Scalar{}
	cases = append(cases, msmCase{name: "zero-G", g: &zeroG})

	// Repeated points with the same scalar (bucket doublings), with
	// different scalars, and P, -P with equal scalars (cancellation).
	for _, n := range []int{2, 3, 64, 200} {
		c := msmCase{name: fmt.Sprintf("repeated-%d", n)}
		p := randPoint(r)
		k := randScalar(r)
		for i := range n {
			c.ps = append(c.ps, p)
			if i%2 == 0 {
				c.ks = append(c.ks, k)
			} else {
				c.ks = append(c.ks, randScalar(r))
			}
		}
		cases = append(cases, c)

		c = msmCase{name: fmt.Sprintf("cancel-%d", n)}
		for range n {
			p := randPoint(r)
			var np group.Affine
			np.Negate(&p)
			k := randScalar(r)
			c.ps = append(c.ps, p, np)
			c.ks = append(c.ks, k, k)
		}
		cases = append(cases, c)

		c = msmCase{name: fmt.Sprintf("same-scalar-%d", n)}
		k = randScalar(r)
		for range n {
			c.ps = append(c.ps, p)
			c.ks = append(c.ks, k)
		}
		g := group.Generator()
		c.ps = append(c.ps, g, g)
		c.ks = append(c.ks, k, nMinus1)
		cases = append(cases, c)
	}
	// A sum that is exactly the point at infinity: k·P + (n-k)·P.
	p := randPoint(r)
	k := randScalar(r)
	var nk scalar.Scalar
	nk.Negate(&k)
	cases = append(cases, msmCase{name: "sum-infinity", ks: []scalar.Scalar{k, nk}, ps: []group.Affine{p, p}})
	// G itself among the points, cancelled by g.
	g := group.Generator()
	cases = append(cases, msmCase{name: "G-cancel", g: &nk, ks: []scalar.Scalar{k}, ps: []group.Affine{g}})
	return cases
}

func TestMultiScalarMult(t *testing.T) {
	r := testutil.Rand(t)
	cases := msmCases(t, r)
	algs := msmAlgorithms()
	for _, c := range cases {
		want := c.naive()
		terms := c.terms()
		for name, alg := range algs {
			var out group.Jacobian
			alg(&out, c.g, terms)
			var got group.Affine
			got.SetJacobianVarTime(&out)
			if got.Equal(&want) != 1 {
				t.Errorf("%s (n=%d): %s mismatch", c.name, len(c.ks), name)
			}
		}
	}
}

// TestMultiScalarMultShort checks SetShort terms (unsplit 128-bit scalars
// with a sign), the form batch verification uses.
func TestMultiScalarMultShort(t *testing.T) {
	r := testutil.Rand(t)
	for _, n := range []int{1, 5, 100, 300} {
		var terms []Term
		c := msmCase{}
		for i := range n {
			k := randScalar(r)
			lo, _ := k.Split128()
			if i%7 == 0 {
				lo.Zero()
			}
			if i%11 == 0 {
				lo.SetUint64(1)
			}
			neg := r.IntN(2) == 0
			p := randPoint(r)
			terms = append(terms, Term{})
			terms[len(terms)-1].SetShort(&lo, neg, &p)
			if neg {
				lo.Negate(&lo)
			}
			c.ks = append(c.ks, lo)
			c.ps = append(c.ps, p)
		}
		g := randScalar(r)
		c.g = &g
		want := c.naive()
		for name, alg := range msmAlgorithms() {
			var out group.Jacobian
			alg(&out, c.g, terms)
			var got group.Affine
			got.SetJacobianVarTime(&out)
			if got.Equal(&want) != 1 {
				t.Errorf("n=%d: %s mismatch", n, name)
			}
		}
	}
}

func TestRecodeSigned(t *testing.T) {
	r := testutil.Rand(t)
	for c := uint(2); c <= 15; c++ {
		w := (129 + int(c) - 1) / int(c)
		for i := range 200 {
			k := randScalar(r)
			k, _ = k.Split128()
			switch i {
			case 0:
				k.Zero()
			case 1: // 2^128 - 1
				k = scalarFromHex(t, "00000000000000000000000000000000ffffffffffffffffffffffffffffffff")
			}
			neg := i%2 == 1
			out := make([]int16, w)
			recodeSigned(out, 1, &k, neg, c, w)
			// Σ dᵢ·2^(c·i) as a scalar.
			var sum, pow, d, base scalar.Scalar
			pow.One()
			base.SetUint64(1 << c)
			for _, di := range out {
				if int(di) > 1<<(c-1) || int(di) < -(1<<(c-1)) {
					t.Fatalf("c=%d: digit %d out of range", c, di)
				}
				if di >= 0 {
					d.SetUint64(uint64(di))
				} else {
					d.SetUint64(uint64(-di))
					d.Negate(&d)
				}
				d.Multiply(&d, &pow)
				sum.Add(&sum, &d)
				pow.Multiply(&pow, &base)
			}
			want := k
			if neg {
				want.Negate(&k)
			}
			if sum.Equal(&want) != 1 {
				t.Fatalf("c=%d: recoding of %x does not sum back", c, k.Bytes())
			}
		}
	}
}

func TestMultiScalarMultAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	r := testutil.Rand(t)
	for _, n := range []int{4, 400} {
		c := msmCase{}
		for range n {
			c.ks = append(c.ks, randScalar(r))
			c.ps = append(c.ps, randPoint(r))
		}
		g := randScalar(r)
		terms := c.terms()
		var s Scratch
		var out group.Jacobian
		MultiScalarMultVarTime(&out, &g, terms, &s) // grows the scratch
		if a := testing.AllocsPerRun(5, func() {
			MultiScalarMultVarTime(&out, &g, terms, &s)
		}); a != 0 {
			t.Errorf("n=%d: %v allocations with a warm Scratch", n, a)
		}
	}
}

// msmBenchInput returns n random terms of full 256-bit scalars.
//
// It also builds the G tables, so that no benchmark times their
// construction.
func msmBenchInput(n int) ([]Term, scalar.Scalar) {
	gTablesOnce.Do(initGTables)
	r := rand.New(rand.NewPCG(uint64(n), 7))
	terms := make([]Term, n)
	g := group.Generator()
	var pp group.Projective
	for i := range terms {
		k := randScalar(r)
		var p group.Affine
		BaseMult(&pp, &k)
		p.SetProjective(&pp)
		_ = g
		k = randScalar(r)
		terms[i].Set(&k, &p)
	}
	return terms, randScalar(r)
}

var msmBenchSizes = []int{2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192}

// BenchmarkMultiScalarMult measures Σ kᵢ·Pᵢ + g·G with full scalars (the
// automatic choice, Strauss and Pippenger), per call; divide by n for the
// cost per point.
func BenchmarkMultiScalarMult(b *testing.B) {
	for _, n := range msmBenchSizes {
		terms, g := msmBenchInput(n)
		var out group.Jacobian
		var s Scratch
		b.Run(fmt.Sprintf("auto/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				MultiScalarMultVarTime(&out, &g, terms, &s)
			}
		})
		if n <= 512 {
			b.Run(fmt.Sprintf("strauss/n=%d", n), func(b *testing.B) {
				for b.Loop() {
					s.strauss.multiMult(&out, &g, terms)
				}
			})
		}
		if n >= 16 {
			b.Run(fmt.Sprintf("pippenger/n=%d", n), func(b *testing.B) {
				for b.Loop() {
					s.pipp.multiMult(&out, &g, terms, 2*n)
				}
			})
		}
	}
}

// BenchmarkMultiScalarMultAlloc compares a fresh Scratch per call with a
// reused one.
func BenchmarkMultiScalarMultAlloc(b *testing.B) {
	for _, n := range []int{16, 256, 4096} {
		terms, g := msmBenchInput(n)
		var out group.Jacobian
		b.Run(fmt.Sprintf("fresh/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				MultiScalarMultVarTime(&out, &g, terms, nil)
			}
		})
		var s Scratch
		b.Run(fmt.Sprintf("reused/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				MultiScalarMultVarTime(&out, &g, terms, &s)
			}
		})
	}
}

// BenchmarkPippengerWindow measures every window width c for a range of
// sizes, with affine and Jacobian buckets (to tune pippWindow).
func BenchmarkPippengerWindow(b *testing.B) {
	for _, n := range []int{16, 64, 256, 1024, 4096, 8192} {
		terms, g := msmBenchInput(n)
		var out group.Jacobian
		for c := uint(3); c <= 12; c++ {
			for _, jac := range []bool{false, true} {
				name := fmt.Sprintf("n=%d/c=%d/affine", n, c)
				if jac {
					name = fmt.Sprintf("n=%d/c=%d/jacobian", n, c)
				}
				s := pippScratch{forceWindow: c, jacobianBuckets: jac}
				b.Run(name, func(b *testing.B) {
					for b.Loop() {
						s.multiMult(&out, &g, terms, 2*n)
					}
				})
			}
		}
	}
}

// TestPippWindow pins the window widths measured best
// (BenchmarkPippengerWindow, doc/batch.md).
func TestPippWindow(t *testing.T) {
	for _, tc := range []struct {
		h int
		c uint
	}{{34, 5}, {130, 6}, {514, 7}, {770, 7}, {3074, 10}, {24578, 12}} {
		if c := pippWindow(tc.h); c != tc.c {
			t.Errorf("pippWindow(%d) = %d, want %d", tc.h, c, tc.c)
		}
	}
}

// TestPippengerWorkers checks that the window sums split over goroutines
// give the same result.
func TestPippengerWorkers(t *testing.T) {
	r := testutil.Rand(t)
	c := msmCase{}
	for range 700 {
		c.ks = append(c.ks, randScalar(r))
		c.ps = append(c.ps, randPoint(r))
	}
	g := randScalar(r)
	c.g = &g
	want := c.naive()
	terms := c.terms()
	for _, workers := range []int{1, 2, 3, 7, 100} {
		for _, jac := range []bool{false, true} {
			s := pippScratch{workers: workers, jacobianBuckets: jac}
			var out group.Jacobian
			s.multiMult(&out, c.g, terms, 2*len(terms))
			var got group.Affine
			got.SetJacobianVarTime(&out)
			if got.Equal(&want) != 1 {
				t.Errorf("workers=%d jacobian=%v: mismatch", workers, jac)
			}
		}
	}
}

// BenchmarkMultiScalarMultWorkers measures Pippenger with the windows
// split over 1 and 2 goroutines.
func BenchmarkMultiScalarMultWorkers(b *testing.B) {
	for _, n := range []int{512, 2048, 8192} {
		terms, g := msmBenchInput(n)
		var out group.Jacobian
		for _, w := range []int{1, 2} {
			s := Scratch{Workers: w}
			b.Run(fmt.Sprintf("n=%d/workers=%d", n, w), func(b *testing.B) {
				for b.Loop() {
					MultiScalarMultVarTime(&out, &g, terms, &s)
				}
			})
		}
	}
}

// BenchmarkPippengerRounds compares the affine addition rounds across all
// windows (one inversion per round) with rounds per window.
func BenchmarkPippengerRounds(b *testing.B) {
	for _, n := range []int{32, 64, 128, 1024, 4096} {
		terms, g := msmBenchInput(n)
		var out group.Jacobian
		for _, per := range []bool{false, true} {
			s := pippScratch{perWindowRounds: per}
			name := fmt.Sprintf("n=%d/joint", n)
			if per {
				name = fmt.Sprintf("n=%d/per-window", n)
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					s.multiMult(&out, &g, terms, 2*n)
				}
			})
		}
	}
}

// BenchmarkPippengerBucketSums compares the two ways of forming Σ b·B_b:
// running sums (two Jacobian additions per bucket) and the two-level
// row/column sums with batch-affine additions.
func BenchmarkPippengerBucketSums(b *testing.B) {
	for _, tc := range []struct {
		n int
		c []uint
	}{{64, []uint{5, 6}}, {256, []uint{6, 7, 8}}, {1536, []uint{8, 9, 10}}, {12288, []uint{10, 11, 12, 13}}} {
		terms, g := msmBenchInput(tc.n)
		var out group.Jacobian
		for _, c := range tc.c {
			for _, running := range []bool{true, false} {
				s := pippScratch{forceWindow: c, runningSums: running}
				name := fmt.Sprintf("n=%d/c=%d/two-level", tc.n, c)
				if running {
					name = fmt.Sprintf("n=%d/c=%d/running", tc.n, c)
				}
				b.Run(name, func(b *testing.B) {
					for b.Loop() {
						s.multiMult(&out, &g, terms, 2*tc.n)
					}
				})
			}
		}
	}
}
