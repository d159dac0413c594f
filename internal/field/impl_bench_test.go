package field

import "testing"

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
					b.ReportAllocs()
					for b.Loop() {
						op.f(&x, &y)
					}
				})
			}
		})
	}
}
