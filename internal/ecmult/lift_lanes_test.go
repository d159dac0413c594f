package ecmult

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/impl"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestLiftX compares LiftXBatchVarTime with Affine.SetXO on each x, for
// both parities and lengths around multiples of the eight lanes and of the
// 24 x lifted at a time in lanes, on edge values
// (0, 1, p - 1, the generator's x) and random ones (about half of which
// are the x of a point). It runs under every implementation selection
// (ecmultSuite), so both the lanes and the scalar path are checked where
// the CPU has AVX-512 IFMA.
func TestLiftX(t *testing.T) {
	r := testutil.Rand(t)
	var edge []field.Element
	var e field.Element
	edge = append(edge, e) // 0
	e.SetUint64(1)
	edge = append(edge, e)
	e.Negate(&e) // p - 1
	edge = append(edge, e)
	edge = append(edge, group.Generator().X)
	xs := append([]field.Element(nil), edge...)
	for range testutil.Iters(60, 300) {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		e.SetBytes(&b)
		xs = append(xs, e)
	}
	t.Logf("lanes: %v", field.LanesEnabled())
	seen := [2]int{}
	for _, n := range []int{0, 1, 7, 8, 9, 16, 17, 23, 24, 25, 33, 48, len(xs)} {
		for odd := range 2 {
			start := r.IntN(len(xs) - n + 1)
			x := xs[start : start+n]
			p := make([]group.Affine, n+1)
			ok := make([]bool, n+1)
			p[n].SetXY(&xs[0], &xs[1]) // past the end: left alone
			ok[n] = true
			sentinel := p[n]
			LiftXBatchVarTime(p[:n], x, odd, ok[:n])
			bad := 0
			for i := range n {
				if !ok[i] {
					bad++
				}
			}
			wantBad := 0
			for i := range x {
				var want group.Affine
				wantOK := want.SetXO(&x[i], odd) == 1
				if !wantOK {
					want.SetInfinity()
					wantBad++
				}
				if ok[i] != wantOK || p[i].Equal(&want) != 1 || (wantOK && (p[i].X != x[i] || p[i].Y.IsOdd() != odd)) {
					t.Fatalf("n %d odd %d: lift_x(%x) = %v %+v, want %v %+v", n, odd, x[i].Bytes(), ok[i], p[i], wantOK, want)
				}
				seen[b2i(wantOK)]++
			}
			if bad != wantBad {
				t.Fatalf("n %d odd %d: %d without a point, want %d", n, odd, bad, wantBad)
			}
			if p[n] != sentinel || !ok[n] {
				t.Fatalf("n %d: wrote past len(x)", n)
			}
		}
	}
	p := make([]group.Affine, 40)
	ok := make([]bool, 40)
	if n := testing.AllocsPerRun(3, func() { LiftXBatchVarTime(p, xs[:40], 0, ok) }); n != 0 {
		t.Errorf("LiftXBatchVarTime: %v allocations", n)
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Errorf("x with and without a point: %v; both must be tested", seen)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BenchmarkLiftX measures LiftXBatchVarTime per x on 1024 random x (about half
// with a point), with the lanes (impl=lanes, where the CPU has AVX-512
// IFMA) and with the scalar four-root groups (impl=scalar, field IFMA
// turned off), in thread CPU time. With -count N the two alternate.
func BenchmarkLiftX(b *testing.B) {
	const n = 1024
	r := testutil.Rand(b)
	x := make([]field.Element, n)
	for i := range x {
		var buf [32]byte
		for k := range buf {
			buf[k] = byte(r.Uint32())
		}
		x[i].SetBytes(&buf)
	}
	p := make([]group.Affine, n)
	ok := make([]bool, n)
	var lanes impl.Implementation
	for _, i := range impl.List("field") {
		if i.Name == "IFMA" {
			lanes = i
		}
	}
	for _, name := range []string{"lanes", "scalar"} {
		b.Run("impl="+name, func(b *testing.B) {
			if name == "lanes" && !lanes.Enabled() {
				b.Skip("no AVX-512 IFMA lanes here")
			}
			if name == "scalar" && lanes.Enabled() {
				lanes.SetEnabled(false)
				defer lanes.SetEnabled(true)
			}
			t := testutil.StartCPUTimer(b)
			start := testutil.ThreadCPUTime()
			for b.Loop() {
				LiftXBatchVarTime(p, x, 1, ok)
			}
			end := testutil.ThreadCPUTime()
			t.Stop()
			b.ReportMetric(float64(end-start)/float64(n*b.N), "cpu-ns/x")
		})
	}
}
