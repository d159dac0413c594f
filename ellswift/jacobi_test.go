package ellswift

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestIsSquareVarTime compares the binary-gcd test with Euler's criterion
// (math/big) and with Sqrt, on random elements, squares, non-squares and
// edge values.
func TestIsSquareVarTime(t *testing.T) {
	r := testutil.Rand(t)
	p := testutil.P
	pm1 := new(big.Int).Sub(p, big.NewInt(1))
	half := new(big.Int).Rsh(pm1, 1)
	euler := func(v *big.Int) bool {
		if v.Sign() == 0 {
			return true
		}
		return new(big.Int).Exp(v, half, p).Cmp(big.NewInt(1)) == 0
	}
	check := func(v *big.Int) {
		t.Helper()
		var b [32]byte
		v.FillBytes(b[:])
		var e, root field.Element
		e.SetBytes(&b)
		want := euler(v)
		if got := isSquareVarTime(&e); got != want {
			t.Fatalf("isSquareVarTime(%x) = %v, want %v", v, got, want)
		}
		if (root.Sqrt(&e) == 1) != want {
			t.Fatalf("Sqrt(%x) disagrees with Euler's criterion", v)
		}
	}
	for _, v := range []int64{0, 1, 2, 3, 4, 5, 7, -1, -2, -3, -7} {
		check(new(big.Int).Mod(big.NewInt(v), p))
	}
	check(half)
	check(new(big.Int).Add(half, big.NewInt(1)))
	n := 3000
	if testing.Short() {
		n = 300
	}
	squares := 0
	for i := range n {
		var b [32]byte
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		v := new(big.Int).Mod(new(big.Int).SetBytes(b[:]), p)
		switch i % 4 {
		case 1:
			v.Mul(v, v).Mod(v, p) // a square
		case 2:
			v.Mul(v, v).Mul(v, big.NewInt(3)).Mod(v, p) // 3 = (-1)·(-3) is a non-square, so is v²·3
		case 3:
			v.Rsh(v, uint(r.IntN(250))) // small values, short gcds
		}
		if euler(v) {
			squares++
		}
		check(v)
	}
	if squares == 0 || squares == n {
		t.Fatalf("%d of %d values were squares", squares, n)
	}

	// The fallback to Sqrt when the batches run out.
	defer func(k int) { jacobiIterations = k }(jacobiIterations)
	jacobiIterations = 1
	for range 50 {
		var b [32]byte
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		check(new(big.Int).Mod(new(big.Int).SetBytes(b[:]), p))
	}
}

func BenchmarkIsSquareVarTime(b *testing.B) {
	var e field.Element
	var buf [32]byte
	for i := range buf {
		buf[i] = byte(i*7 + 1)
	}
	e.SetBytes(&buf)
	var one field.Element
	one.One()
	b.Run("Jacobi", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			isSquareVarTime(&e)
			e.Add(&e, &one)
		}
		t.Stop()
	})
	b.Run("Sqrt", func(b *testing.B) {
		var r field.Element
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			r.Sqrt(&e)
			e.Add(&e, &one)
		}
		t.Stop()
	})
}
