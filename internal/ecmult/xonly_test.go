package ecmult

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestScalarMultXOnly compares ScalarMultXOnly with the x-coordinate of
// the double-and-add reference, for P and -P given as n/d with d = 1, d = -1
// and random d, on the edge scalars and random ones.
func TestScalarMultXOnly(t *testing.T) {
	r := testutil.Rand(t)
	g := group.Generator()
	points := []group.Affine{g}
	for range 3 {
		points = append(points, randPoint(r))
	}
	var one, minusOne field.Element
	one.One()
	minusOne.Negate(&one)
	nRandom := 8
	if testing.Short() {
		nRandom = 2
	}
	for pi, p := range points {
		var neg group.Affine
		neg.Negate(&p)
		for i, k := range testScalars(t, r, nRandom) {
			want := refMul(&k, &p)
			for di, d := range []field.Element{one, minusOne, randElement(r), randElement(r)} {
				var n, got field.Element
				n.Multiply(&p.X, &d)
				ScalarMultXOnly(&got, &k, &n, &d)
				wantX := want.X
				if want.IsInfinity() == 1 {
					wantX.Zero() // k = 0
				}
				if got.Equal(&wantX) != 1 {
					t.Fatalf("point %d scalar %d (%x) d %d: ScalarMultXOnly mismatch", pi, i, k.Bytes(), di)
				}
			}
			// -P has the same x: the result is x(k·P) too.
			var got field.Element
			ScalarMultXOnly(&got, &k, &neg.X, &one)
			if want.IsInfinity() == 0 && got.Equal(&want.X) != 1 {
				t.Fatalf("point %d scalar %d: ScalarMultXOnly(-P) differs", pi, i)
			}
		}
	}
	if testutil.RaceEnabled {
		return
	}
	k := randScalar(r)
	d := randElement(r)
	var n, x field.Element
	n.Multiply(&g.X, &d)
	if a := testing.AllocsPerRun(10, func() { ScalarMultXOnly(&x, &k, &n, &d) }); a != 0 {
		t.Fatalf("%v allocations", a)
	}
}

// randElement returns a random nonzero field element.
func randElement(r interface{ Uint32() uint32 }) field.Element {
	for {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		var e field.Element
		e.SetBytes(&b)
		if e.IsZero() == 0 {
			return e
		}
	}
}

func BenchmarkScalarMultXOnly(b *testing.B) {
	r := testutil.Rand(b)
	k := randScalar(r)
	d := randElement(r)
	g := group.Generator()
	var n, x field.Element
	n.Multiply(&g.X, &d)
	for b.Loop() {
		ScalarMultXOnly(&x, &k, &n, &d)
	}
}
