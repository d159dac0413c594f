package field

import (
	"runtime"
	"testing"
)

// benchLoop runs f b.N times and, where the OS reports the CPU time of a
// thread (Linux), adds a cpu-ns/op metric: the CPU time the benchmark's
// thread used per op. On a shared machine that excludes the time the thread
// spent descheduled, which otherwise dominates the noise of ns/op.
func benchLoop(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	start := threadCPUTime()
	for b.Loop() {
		f()
	}
	if end := threadCPUTime(); start >= 0 && end >= 0 {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkImplementations measures the field operations whose speed depends
// on the implementation, once per implementation this CPU can run, in one
// process (sub-benchmark names end in impl=NAME, so that
// `benchstat -col /impl` puts them side by side). Latency: each op feeds the
// next.
func BenchmarkImplementations(b *testing.B) {
	ops := []struct {
		name string
		f    func(x, y *Element)
	}{
		{"Multiply", func(x, y *Element) { x.Multiply(x, y) }},
		{"Square", func(x, y *Element) { x.Square(x) }},
		{"Square16", func(x, y *Element) {
			for range 16 {
				x.Square(x)
			}
		}},
		{"squareN16", func(x, y *Element) { x.squareN(x, 16) }},
		{"Invert", func(x, y *Element) { x.Invert(x) }},
		{"InvertFermat", func(x, y *Element) { x.invertFermat(x) }},
		{"Sqrt", func(x, y *Element) { x.Sqrt(x) }},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) {
			for _, impl := range implementations() {
				b.Run("impl="+impl.name, func(b *testing.B) {
					if !impl.available {
						b.Skipf("this CPU cannot run %s", impl.name)
					}
					defer setImplementation(impl)()
					x, y := benchElements()
					benchLoop(b, func() { op.f(&x, &y) })
				})
			}
		})
	}
}
