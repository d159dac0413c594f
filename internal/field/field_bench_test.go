package field

import "testing"

func benchElements() (a, b Element) {
	var x, y [32]byte
	for i := range x {
		x[i] = byte(i*7 + 3)
		y[i] = byte(i*13 + 1)
	}
	a.SetBytes(&x)
	b.SetBytes(&y)
	return
}

// BenchmarkField measures latency: each op feeds the next (a dependent chain).
func BenchmarkField(b *testing.B) {
	x, y := benchElements()
	b.Run("Multiply", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			x.Multiply(&x, &y)
		}
	})
	b.Run("Square", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			x.Square(&x)
		}
	})
	b.Run("Add", func(b *testing.B) {
		for b.Loop() {
			x.Add(&x, &y)
		}
	})
	b.Run("Invert", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			x.Invert(&x)
		}
	})
	b.Run("InvertVarTime", func(b *testing.B) {
		for b.Loop() {
			x.InvertVarTime(&x)
		}
	})
	b.Run("Sqrt", func(b *testing.B) {
		for b.Loop() {
			x.Sqrt(&x)
		}
	})
}
