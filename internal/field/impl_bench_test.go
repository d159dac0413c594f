package field

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// benchLoop runs f b.N times with a cpu-ns/op metric. The indirect call costs
// a few ns: use it for operations of a microsecond or more.
func benchLoop(b *testing.B, f func()) {
	t := testutil.StartCPUTimer(b)
	for b.Loop() {
		f()
	}
	t.Stop()
}

// BenchmarkImplementations measures the field operations whose speed depends
// on the implementation, once per implementation this CPU can run, in one
// process (sub-benchmark names end in impl=NAME, so that
// `benchstat -col /impl` puts them side by side). Latency: each op feeds the
// next. Multiply16 and Square16 are 16 dependent operations per loop
// iteration, so the loop itself costs nothing measurable per operation;
// squareN16 is the same 16 squarings in one call (the n-fold squaring of the
// addition chains).
func BenchmarkImplementations(b *testing.B) {
	ops := []struct {
		name string
		run  func(b *testing.B)
	}{
		{"Multiply", func(b *testing.B) {
			x, y := benchElements()
			t := testutil.StartCPUTimer(b)
			for b.Loop() {
				x.Multiply(&x, &y)
			}
			t.Stop()
		}},
		{"Multiply16", func(b *testing.B) {
			x, y := benchElements()
			t := testutil.StartCPUTimer(b)
			for b.Loop() {
				for range 16 {
					x.Multiply(&x, &y)
				}
			}
			t.Stop()
		}},
		{"Square", func(b *testing.B) {
			x, _ := benchElements()
			t := testutil.StartCPUTimer(b)
			for b.Loop() {
				x.Square(&x)
			}
			t.Stop()
		}},
		{"Square16", func(b *testing.B) {
			x, _ := benchElements()
			t := testutil.StartCPUTimer(b)
			for b.Loop() {
				for range 16 {
					x.Square(&x)
				}
			}
			t.Stop()
		}},
		{"squareN16", func(b *testing.B) {
			x, _ := benchElements()
			t := testutil.StartCPUTimer(b)
			for b.Loop() {
				x.squareN(&x, 16)
			}
			t.Stop()
		}},
		{"Invert", func(b *testing.B) {
			x, _ := benchElements()
			benchLoop(b, func() { x.Invert(&x) })
		}},
		{"InvertFermat", func(b *testing.B) {
			x, _ := benchElements()
			benchLoop(b, func() { x.invertFermat(&x) })
		}},
		{"Sqrt", func(b *testing.B) {
			x, _ := benchElements()
			benchLoop(b, func() { x.Sqrt(&x) })
		}},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) {
			for _, impl := range implementations() {
				b.Run("impl="+impl.Name, func(b *testing.B) {
					if !impl.Available {
						b.Skipf("this CPU cannot run %s", impl.Name)
					}
					defer impl.Select()()
					op.run(b)
				})
			}
		})
	}
}
