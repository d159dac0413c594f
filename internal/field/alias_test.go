package field

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestAliasing checks that every v.Op(a, b) gives the same result whichever
// of v, a and b are the same variable.
func TestAliasing(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleElements(r, 6)
	binary := map[string]func(v, a, b *Element) *Element{
		"Add":      (*Element).Add,
		"Subtract": (*Element).Subtract,
		"Multiply": (*Element).Multiply,
		"Select1":  func(v, a, b *Element) *Element { return v.Select(a, b, 1) },
		"Select0":  func(v, a, b *Element) *Element { return v.Select(a, b, 0) },
	}
	unary := map[string]func(v, a *Element) *Element{
		"Square":        (*Element).Square,
		"Negate":        (*Element).Negate,
		"Double":        (*Element).Double,
		"Halve":         (*Element).Halve,
		"Invert":        (*Element).Invert,
		"InvertVarTime": (*Element).InvertVarTime,
		"MulInt":        func(v, a *Element) *Element { return v.MulInt(a, 7) },
		"CondNegate":    func(v, a *Element) *Element { return v.CondNegate(a, 1) },
		"Sqrt":          func(v, a *Element) *Element { v.Sqrt(a); return v },
	}
	for _, a0 := range xs[len(xs)-4:] {
		for _, b0 := range xs[len(xs)-3:] {
			for name, op := range binary {
				var want Element
				op(&want, a0, b0)
				a, b := *a0, *b0
				if op(&a, &a, &b).Equal(&want) != 1 {
					t.Errorf("%s: v = a aliasing", name)
				}
				a, b = *a0, *b0
				if op(&b, &a, &b).Equal(&want) != 1 {
					t.Errorf("%s: v = b aliasing", name)
				}
				var wantSame Element
				op(&wantSame, a0, a0)
				a = *a0
				if op(&a, &a, &a).Equal(&wantSame) != 1 {
					t.Errorf("%s: v = a = b aliasing", name)
				}
			}
		}
		for name, op := range unary {
			var want Element
			op(&want, a0)
			a := *a0
			if op(&a, &a).Equal(&want) != 1 {
				t.Errorf("%s: v = a aliasing", name)
			}
		}
	}
}
