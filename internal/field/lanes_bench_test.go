package field

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// BenchmarkLanes measures the lane kernels per call (eight lanes): a chain
// of dependent operations (latency) and the square root, beside the
// scalar Sqrt of one element for comparison.
func BenchmarkLanes(b *testing.B) {
	skipNoLanes(b)
	var in [8]Element
	for j := range in {
		in[j].SetUint64(uint64(j + 2))
	}
	var a, c Lanes
	a.SetElementsVarTime(&in)
	c = a
	b.Run("Mul", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			c.MulVarTime(&c, &a)
		}
		t.Stop()
	})
	b.Run("Square", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			c.SquareVarTime(&c)
		}
		t.Stop()
	})
	b.Run("SquareN/n=100", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			c.SquareNVarTime(&c, 100)
		}
		t.Stop()
	})
	b.Run("Add", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			c.AddVarTime(&c, &a)
		}
		t.Stop()
	})
	b.Run("Sqrt", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			c.SqrtVarTime(&a)
		}
		t.Stop()
	})
	b.Run("Elements", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			c.ElementsVarTime(&in)
		}
		t.Stop()
	})
	b.Run("ScalarSqrt", func(b *testing.B) {
		var r Element
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			r.Sqrt(&in[0])
		}
		t.Stop()
	})
}
