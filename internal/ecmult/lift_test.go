package ecmult

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestLiftXBatchVarTime compares LiftXBatchVarTime with Affine.SetXO, for
// both parities, on every length up to 21 and a long batch, with x on the
// curve and off it, edge values included, and in place (out[i].X = xs[i]).
func TestLiftXBatchVarTime(t *testing.T) {
	r := testutil.Rand(t)
	var xs []field.Element
	for _, v := range []uint64{0, 1, 2, 3, 7} {
		var x field.Element
		x.SetUint64(v)
		xs = append(xs, x)
		x.Negate(&x)
		xs = append(xs, x)
	}
	for range testutil.Iters(60, 300) {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		var x field.Element
		x.SetBytes(&b)
		xs = append(xs, x)
	}
	on := 0
	check := func(xs []field.Element, odd int) {
		t.Helper()
		out := make([]group.Affine, len(xs))
		ok := make([]bool, len(xs))
		LiftXBatchVarTime(out, xs, odd, ok)
		inPlace := make([]group.Affine, len(xs))
		for i := range inPlace {
			inPlace[i].X = xs[i]
		}
		ok2 := make([]bool, len(xs))
		xv := make([]field.Element, len(xs))
		for i := range xv {
			xv[i] = inPlace[i].X
		}
		LiftXBatchVarTime(inPlace, xv, odd, ok2)
		for i := range xs {
			var want group.Affine
			want.SetInfinity()
			wok := want.SetXO(&xs[i], odd) == 1
			if ok[i] != wok || out[i] != want || ok2[i] != wok || inPlace[i] != want {
				t.Fatalf("x = %x, odd = %d: got %v %v, want %v %v", xs[i].Bytes(), odd, out[i], ok[i], want, wok)
			}
			if wok {
				on++
				if out[i].IsOnCurve() != 1 || out[i].Y.IsOdd() != odd && out[i].Y.IsZero() == 0 {
					t.Fatalf("x = %x: lifted point %v off the curve or of the wrong parity", xs[i].Bytes(), out[i])
				}
			}
		}
	}
	for n := 0; n <= 21; n++ {
		for _, odd := range []int{0, 1} {
			check(xs[n:2*n], odd)
		}
	}
	for _, odd := range []int{0, 1} {
		check(xs, odd)
	}
	if on == 0 {
		t.Fatal("no x on the curve")
	}
	out := make([]group.Affine, len(xs))
	ok := make([]bool, len(xs))
	if a := testing.AllocsPerRun(10, func() { LiftXBatchVarTime(out, xs, 0, ok) }); a != 0 {
		t.Errorf("LiftXBatchVarTime allocates %v times", a)
	}
}

// FuzzLiftXBatchVarTime compares LiftXBatchVarTime with Affine.SetXO on
// batches of x-coordinates taken from the fuzz data (32 bytes each, reduced
// mod p), for the parity of the flag.
func FuzzLiftXBatchVarTime(f *testing.F) {
	f.Add([]byte{}, false)
	f.Add(make([]byte, 32*5), true)
	seed := make([]byte, 32*19)
	for i := range seed {
		seed[i] = byte(i * 13)
	}
	f.Add(seed, false)
	f.Fuzz(func(t *testing.T, data []byte, oddFlag bool) {
		if len(data) > 32*64 {
			return
		}
		odd := 0
		if oddFlag {
			odd = 1
		}
		var xs []field.Element
		for ; len(data) >= 32; data = data[32:] {
			var x field.Element
			x.SetBytes((*[32]byte)(data[:32]))
			xs = append(xs, x)
		}
		out := make([]group.Affine, len(xs))
		ok := make([]bool, len(xs))
		LiftXBatchVarTime(out, xs, odd, ok)
		for i := range xs {
			var want group.Affine
			want.SetInfinity()
			wok := want.SetXO(&xs[i], odd) == 1
			if ok[i] != wok || out[i] != want {
				t.Fatalf("x = %x, odd = %d: got %v %v, want %v %v", xs[i].Bytes(), odd, out[i], ok[i], want, wok)
			}
		}
	})
}
