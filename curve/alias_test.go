package curve

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestAliasing checks every operation with its receiver aliasing each
// argument, and with all arguments the same value.
func TestAliasing(t *testing.T) {
	r := testutil.Rand(t)
	ps := testPoints(r, 2)
	p, q := fromRef(ps[3]), fromRef(ps[4])
	x, y := scalarFromBig(randBig(r, bigN)), scalarFromBig(randBig(r, bigN))

	binaryPoint := map[string]func(v, a, b *Point) *Point{
		"Add":       (*Point).Add,
		"Subtract":  (*Point).Subtract,
		"Select(1)": func(v, a, b *Point) *Point { return v.Select(a, b, 1) },
		"Select(0)": func(v, a, b *Point) *Point { return v.Select(a, b, 0) },
		"VarTimeMultiScalarMult": func(v, a, b *Point) *Point {
			return v.VarTimeMultiScalarMult([]*Scalar{x, y}, []*Point{a, b})
		},
		"VarTimeDoubleScalarBaseMult": func(v, a, b *Point) *Point {
			return v.VarTimeDoubleScalarBaseMult(x, a, y)
		},
	}
	for name, op := range binaryPoint {
		want := op(new(Point), p, q)
		v := new(Point).Set(p)
		if op(v, v, q).Equal(want) != 1 {
			t.Errorf("%s(v, v, q)", name)
		}
		v = new(Point).Set(q)
		if op(v, p, v).Equal(want) != 1 {
			t.Errorf("%s(v, p, v)", name)
		}
		want = op(new(Point), p, p)
		v = new(Point).Set(p)
		if op(v, v, v).Equal(want) != 1 {
			t.Errorf("%s(v, v, v)", name)
		}
	}
	unaryPoint := map[string]func(v, a *Point) *Point{
		"Negate":     (*Point).Negate,
		"Double":     (*Point).Double,
		"Set":        (*Point).Set,
		"ScalarMult": func(v, a *Point) *Point { return v.ScalarMult(x, a) },
	}
	for name, op := range unaryPoint {
		want := op(new(Point), p)
		v := new(Point).Set(p)
		if op(v, v).Equal(want) != 1 {
			t.Errorf("%s(v, v)", name)
		}
	}

	ternaryScalar := map[string]func(s, a, b, c *Scalar) *Scalar{
		"Add":         func(s, a, b, _ *Scalar) *Scalar { return s.Add(a, b) },
		"Subtract":    func(s, a, b, _ *Scalar) *Scalar { return s.Subtract(a, b) },
		"Multiply":    func(s, a, b, _ *Scalar) *Scalar { return s.Multiply(a, b) },
		"MultiplyAdd": (*Scalar).MultiplyAdd,
		"Select":      func(s, a, b, _ *Scalar) *Scalar { return s.Select(a, b, 1) },
		"Negate":      func(s, a, _, _ *Scalar) *Scalar { return s.Negate(a) },
		"Invert":      func(s, a, _, _ *Scalar) *Scalar { return s.Invert(a) },
		"Set":         func(s, a, _, _ *Scalar) *Scalar { return s.Set(a) },
	}
	z := scalarFromBig(randBig(r, bigN))
	for name, op := range ternaryScalar {
		want := op(new(Scalar), x, y, z)
		for pos := range 3 {
			args := []*Scalar{new(Scalar).Set(x), new(Scalar).Set(y), new(Scalar).Set(z)}
			v := args[pos]
			if op(v, args[0], args[1], args[2]).Equal(want) != 1 {
				t.Errorf("Scalar.%s with the receiver as argument %d", name, pos)
			}
		}
		want = op(new(Scalar), x, x, x)
		v := new(Scalar).Set(x)
		if op(v, v, v, v).Equal(want) != 1 {
			t.Errorf("Scalar.%s(v, v, v)", name)
		}
	}
}
