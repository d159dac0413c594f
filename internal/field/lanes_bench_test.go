package field

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// BenchmarkLanes compares each lane kernel with the Element code this CPU
// selects (the MULX/ADX assembly on amd64), per element: impl=lanes runs
// the kernel on eight lanes and reports cpu-ns/elem as its thread CPU time
// per call over eight; impl=scalar runs the Element operation on one
// element. Both are dependent chains (each result feeds the next call), as
// in an addition chain; Sqrt/impl=lanes3 runs three sets of eight lanes
// interleaved (SqrtsVarTime). With -count N the two alternate N times (the
// rounds are interleaved); compare medians.
func BenchmarkLanes(b *testing.B) {
	skipNoLanes(b)
	var in [8]Element
	for j := range in {
		in[j].SetUint64(uint64(j + 2))
		in[j].Invert(&in[j]) // dense limbs
	}
	var a Lanes
	a.SetElementsVarTime(&in)
	type op struct {
		name   string
		lanes  func(c *Lanes)
		scalar func(c *Element)
	}
	ops := []op{
		{"Mul", func(c *Lanes) { c.MulVarTime(c, &a) }, func(c *Element) { c.Multiply(c, &in[1]) }},
		{"Square", func(c *Lanes) { c.SquareVarTime(c) }, func(c *Element) { c.Square(c) }},
		{"SquareN/n=100", func(c *Lanes) { c.SquareNVarTime(c, 100) }, func(c *Element) { c.squareN(c, 100) }},
		{"Add", func(c *Lanes) { c.AddVarTime(c, &a) }, func(c *Element) { c.Add(c, &in[1]) }},
		{"Sub", func(c *Lanes) { c.SubVarTime(c, &a) }, func(c *Element) { c.Subtract(c, &in[1]) }},
		{"Negate", func(c *Lanes) { c.NegateVarTime(c) }, func(c *Element) { c.Negate(c) }},
		{"Sqrt", func(c *Lanes) { c.SqrtVarTime(c) }, func(c *Element) { c.Sqrt(c) }},
	}
	for _, o := range ops {
		b.Run(o.name+"/impl=lanes", func(b *testing.B) {
			c := a
			t := testutil.StartCPUTimer(b)
			start := testutil.ThreadCPUTime()
			for b.Loop() {
				o.lanes(&c)
			}
			end := testutil.ThreadCPUTime()
			t.Stop()
			b.ReportMetric(float64(end-start)/float64(8*b.N), "cpu-ns/elem")
		})
		b.Run(o.name+"/impl=scalar", func(b *testing.B) {
			c := in[0]
			t := testutil.StartCPUTimer(b)
			start := testutil.ThreadCPUTime()
			for b.Loop() {
				o.scalar(&c)
			}
			end := testutil.ThreadCPUTime()
			t.Stop()
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/elem")
		})
	}
	b.Run("Sqrt/impl=lanes3", func(b *testing.B) {
		v := [3]Lanes{a, a, a}
		var ok [3]uint8
		t := testutil.StartCPUTimer(b)
		start := testutil.ThreadCPUTime()
		for b.Loop() {
			SqrtsVarTime(v[:], ok[:], v[:])
		}
		end := testutil.ThreadCPUTime()
		t.Stop()
		b.ReportMetric(float64(end-start)/float64(24*b.N), "cpu-ns/elem")
	})
	b.Run("Conversion/impl=lanes", func(b *testing.B) {
		var out [8]Element
		t := testutil.StartCPUTimer(b)
		start := testutil.ThreadCPUTime()
		for b.Loop() {
			a.SetElementsVarTime(&in)
			a.ElementsVarTime(&out)
		}
		end := testutil.ThreadCPUTime()
		t.Stop()
		b.ReportMetric(float64(end-start)/float64(8*b.N), "cpu-ns/elem")
	})
}
