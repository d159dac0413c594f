//go:build gc && !purego

package field

import (
	"fmt"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestLanesSquareNInterleaved checks the kernels that run two and three
// chains of squarings at once against fe8SquareNVarTime on each chain.
func TestLanesSquareNInterleaved(t *testing.T) {
	skipNoLanes(t)
	xs := laneSamples(t, testutil.Iters(24, 96))
	for k := 0; k < len(xs); k += 3 {
		var in [3][5][8]uint64
		for i := range in {
			v, _ := lanesOf(xs, k+8*i)
			in[i] = v.l
		}
		for _, n := range []int{1, 2, 5, 44} {
			var want [3][5][8]uint64
			for i := range want {
				fe8SquareNVarTime(&want[i], &in[i], n)
			}
			var got2 [2][5][8]uint64
			fe8SquareNx2VarTime(&got2, (*[2][5][8]uint64)(in[:2]), n)
			if got2 != [2][5][8]uint64(want[:2]) {
				t.Fatalf("SquareNx2(%x, %d) = %x, want %x", in[:2], n, got2, want[:2])
			}
			got3 := in
			fe8SquareNx3VarTime(&got3, &got3, n)
			if got3 != want {
				t.Fatalf("SquareNx3(%x, %d) = %x, want %x", in, n, got3, want)
			}
		}
	}
}

// BenchmarkLanesSquareNInterleaved measures 100 squarings of one, two and
// three sets of eight lanes in one kernel, per lane and squaring
// (cpu-ns/elem): the interleaved chains fill the latency of one.
func BenchmarkLanesSquareNInterleaved(b *testing.B) {
	skipNoLanes(b)
	var in [8]Element
	for j := range in {
		in[j].SetUint64(uint64(j + 2))
		in[j].Invert(&in[j])
	}
	var v [3][5][8]uint64
	for i := range v {
		var a Lanes
		a.SetElementsVarTime(&in)
		v[i] = a.l
	}
	for w, f := range []func(){
		func() { fe8SquareNVarTime(&v[0], &v[0], 100) },
		func() { fe8SquareNx2VarTime((*[2][5][8]uint64)(v[:2]), (*[2][5][8]uint64)(v[:2]), 100) },
		func() { fe8SquareNx3VarTime(&v, &v, 100) },
	} {
		b.Run(fmt.Sprintf("chains=%d", w+1), func(b *testing.B) {
			t := testutil.StartCPUTimer(b)
			start := testutil.ThreadCPUTime()
			for b.Loop() {
				f()
			}
			end := testutil.ThreadCPUTime()
			t.Stop()
			b.ReportMetric(float64(end-start)/float64(100*8*(w+1)*b.N), "cpu-ns/elem")
		})
	}
}
