package field

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestSqrtBatchVarTime checks SqrtBatchVarTime against math/big (the root
// is a^((p+1)/4), the verdict Euler's criterion) and against Sqrt, for
// every length up to 13 (whole groups of four and every tail), in place
// and not, on edge, small and random values. It is in fieldSuite, so it
// runs under every implementation.
func TestSqrtBatchVarTime(t *testing.T) {
	r := testutil.Rand(t)
	exp := new(big.Int).Rsh(new(big.Int).Add(bigP, big.NewInt(1)), 2)
	var xs []Element
	for _, x := range sampleElements(r, testutil.Iters(40, 400)) {
		xs = append(xs, *x)
	}
	for _, x := range kernelElements(t, 0) {
		xs = append(xs, *x)
	}
	for v := int64(-12); v <= 12; v++ {
		xs = append(xs, *fromBig(big.NewInt(v)))
	}
	squares := 0
	check := func(in, out []Element, ok []bool) {
		t.Helper()
		for i := range in {
			A := toBig(&in[i])
			want := new(big.Int).Exp(A, exp, bigP)
			isSq := new(big.Int).Exp(want, big.NewInt(2), bigP).Cmp(A) == 0
			if got := toBig(&out[i]); got.Cmp(want) != 0 || !LessThanP(&out[i].l) {
				t.Fatalf("root of %x = %x, want %x", A, got, want)
			}
			if ok[i] != isSq {
				t.Fatalf("verdict for %x = %v, want %v", A, ok[i], isSq)
			}
			var s Element
			if okS := s.Sqrt(&in[i]) == 1; s != out[i] || okS != ok[i] {
				t.Fatalf("SqrtBatchVarTime(%x) differs from Sqrt", A)
			}
			if isSq {
				squares++
			}
		}
	}
	for n := 0; n <= 13; n++ {
		for off := 0; off+n <= len(xs); off += max(n, 1) + 7 {
			in := xs[off : off+n]
			out := make([]Element, n)
			ok := make([]bool, n)
			SqrtBatchVarTime(out, in, ok)
			check(in, out, ok)
			// In place.
			inPlace := append([]Element(nil), in...)
			SqrtBatchVarTime(inPlace, inPlace, ok)
			if len(in) > 0 && !equalElements(inPlace, out) {
				t.Fatalf("n = %d in place: %x, want %x", n, inPlace, out)
			}
		}
	}
	out := make([]Element, len(xs))
	ok := make([]bool, len(xs))
	SqrtBatchVarTime(out, xs, ok)
	check(xs, out, ok)
	if squares == 0 || squares == len(xs) {
		t.Fatalf("%d squares: both kinds must be tested", squares)
	}
	if a := testing.AllocsPerRun(10, func() { SqrtBatchVarTime(out, xs, ok) }); a != 0 {
		t.Errorf("SqrtBatchVarTime allocates %v times", a)
	}
}

func equalElements(a, b []Element) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FuzzSqrtBatchVarTime compares SqrtBatchVarTime on up to five fuzzed
// elements (32 bytes each, reduced as SetBytes does) with Sqrt on each.
func FuzzSqrtBatchVarTime(f *testing.F) {
	for _, x := range kernelEdgeInts() {
		b := bytes32(x)
		f.Add(append(append(b[:], b[:]...), bytes32(new(big.Int).Sub(bigP, x))[:]...))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n := min(len(data)/32, 5)
		in := make([]Element, n)
		for i := range in {
			in[i].SetBytes((*[32]byte)(data[32*i:]))
		}
		out := make([]Element, n)
		ok := make([]bool, n)
		SqrtBatchVarTime(out, in, ok)
		for i := range in {
			var s Element
			if okS := s.Sqrt(&in[i]) == 1; s != out[i] || okS != ok[i] {
				t.Fatalf("SqrtBatchVarTime(%x)[%d] = %x %v, Sqrt gives %x %v", in, i, out[i].l, ok[i], s.l, okS)
			}
		}
	})
}
