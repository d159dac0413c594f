package field

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestInvertVsFermat checks the safegcd inversions (constant-time and
// variable-time) against the Fermat addition chain and math/big, on edge
// values and random elements.
func TestInvertVsFermat(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleElements(r, testutil.Iters(2000, 20000))
	// Values with many trailing zeros, and 2^k - 1.
	for k := uint(0); k < 256; k += 5 {
		one := big.NewInt(1)
		xs = append(xs, fromBig(new(big.Int).Lsh(one, k)))
		xs = append(xs, fromBig(new(big.Int).Sub(new(big.Int).Lsh(one, k), one)))
		xs = append(xs, fromBig(new(big.Int).Lsh(new(big.Int).Rsh(bigP, k), k)))
	}
	for _, x := range xs {
		var ct, vt, fe Element
		ct.Invert(x)
		vt.InvertVarTime(x)
		fe.invertFermat(x)
		if ct.Equal(&fe) != 1 || vt.Equal(&fe) != 1 {
			t.Fatalf("1/%x: Invert %x, InvertVarTime %x, Fermat %x", x.Bytes(), ct.Bytes(), vt.Bytes(), fe.Bytes())
		}
		want := new(big.Int).ModInverse(toBig(x), bigP)
		if want == nil {
			want = new(big.Int)
		}
		if toBig(&ct).Cmp(want) != 0 {
			t.Fatalf("1/%x: Invert %x, math/big %x", x.Bytes(), ct.Bytes(), want)
		}
		if x.IsZero() == 0 {
			var one Element
			one.Multiply(&ct, x)
			if toBig(&one).Cmp(big.NewInt(1)) != 0 {
				t.Fatalf("x·(1/x) != 1 for %x", x.Bytes())
			}
		}
		// Aliasing.
		a := *x
		a.Invert(&a)
		b := *x
		b.InvertVarTime(&b)
		if a.Equal(&ct) != 1 || b.Equal(&vt) != 1 {
			t.Fatalf("aliased inversion of %x differs", x.Bytes())
		}
	}
}

func TestInvertAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	x, _ := benchElements()
	if n := testing.AllocsPerRun(100, func() { x.Invert(&x) }); n != 0 {
		t.Errorf("Invert: %v allocs", n)
	}
	if n := testing.AllocsPerRun(100, func() { x.InvertVarTime(&x) }); n != 0 {
		t.Errorf("InvertVarTime: %v allocs", n)
	}
}

func BenchmarkInvertFermat(b *testing.B) {
	x, _ := benchElements()
	b.ReportAllocs()
	for b.Loop() {
		x.invertFermat(&x)
	}
}

// TestBatchInvertShapes checks BatchInvertVarTime against math/big for
// every length from 1 to 6 and every placement of zeros (a bit mask over
// the positions), into an output slice that held other values (a zero input
// must write a zero), and in place; and that mismatched lengths panic.
func TestBatchInvertShapes(t *testing.T) {
	r := testutil.Rand(t)
	pool := sampleElements(r, 64)[len(edgeInts()):] // random, nonzero
	for n := 1; n <= 6; n++ {
		for zeros := 0; zeros < 1<<n; zeros++ {
			in := make([]Element, n)
			for i := range in {
				if zeros>>i&1 == 0 {
					in[i] = *pool[r.IntN(len(pool))]
				}
			}
			out := make([]Element, n)
			for i := range out {
				out[i] = dirty()
			}
			scratch := make([]Element, n+zeros%2) // longer scratch is allowed
			BatchInvertVarTime(out, in, scratch)
			for i := range in {
				want := new(big.Int).ModInverse(toBig(&in[i]), bigP)
				if want == nil {
					want = new(big.Int)
				}
				if toBig(&out[i]).Cmp(want) != 0 {
					t.Fatalf("n=%d zeros=%b: out[%d] = %x, want %x", n, zeros, i, toBig(&out[i]), want)
				}
			}
			BatchInvertVarTime(in, in, scratch)
			for i := range in {
				if in[i] != out[i] {
					t.Fatalf("n=%d zeros=%b: in place, [%d] = %x, want %x", n, zeros, i, toBig(&in[i]), toBig(&out[i]))
				}
			}
		}
	}
	for _, c := range []struct{ out, in, scratch int }{{3, 2, 2}, {1, 2, 2}, {2, 2, 1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("BatchInvertVarTime with len(out) %d, len(in) %d, len(scratch) %d did not panic", c.out, c.in, c.scratch)
				}
			}()
			BatchInvertVarTime(make([]Element, c.out), make([]Element, c.in), make([]Element, c.scratch))
		}()
	}
	// Length zero does nothing.
	BatchInvertVarTime(nil, nil, nil)
}
