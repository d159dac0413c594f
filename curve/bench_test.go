package curve

import (
	"fmt"
	"testing"
)

func BenchmarkPoint(b *testing.B) {
	s, _ := new(Scalar).SetUniformBytes(make([]byte, 64))
	s.Add(s, new(Scalar).SetUint64(0x1234567))
	s.Invert(s)
	p := new(Point).ScalarBaseMult(s)
	var v Point
	b.Run("ScalarBaseMult", func(b *testing.B) {
		for b.Loop() {
			v.ScalarBaseMult(s)
		}
	})
	b.Run("ScalarMult", func(b *testing.B) {
		for b.Loop() {
			v.ScalarMult(s, p)
		}
	})
	b.Run("VarTimeDoubleScalarBaseMult", func(b *testing.B) {
		for b.Loop() {
			v.VarTimeDoubleScalarBaseMult(s, p, s)
		}
	})
	b.Run("Add", func(b *testing.B) {
		for b.Loop() {
			v.Add(&v, p)
		}
	})
	b.Run("BytesCompressed", func(b *testing.B) {
		for b.Loop() {
			_ = p.BytesCompressed()
		}
	})
	for _, n := range []int{16, 256, 4096} {
		scalars, points := make([]*Scalar, n), make([]*Point, n)
		for i := range n {
			scalars[i] = new(Scalar).Multiply(s, new(Scalar).SetUint64(uint64(i+1)))
			points[i] = new(Point).ScalarBaseMult(scalars[i])
		}
		b.Run(fmt.Sprintf("VarTimeMultiScalarMult/%d", n), func(b *testing.B) {
			for b.Loop() {
				v.VarTimeMultiScalarMult(scalars, points)
			}
		})
	}
}
