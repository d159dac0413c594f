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
