package field

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestIsSquareVarTime compares IsSquareVarTime with Euler's criterion
// (math/big) and with Sqrt, on the edge values, small values, random
// elements, squares and non-squares, and through the fallback to Sqrt.
func TestIsSquareVarTime(t *testing.T) {
	r := testutil.Rand(t)
	half := new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(1)), 1)
	euler := func(v *big.Int) int {
		v = new(big.Int).Mod(v, bigP)
		if v.Sign() == 0 || new(big.Int).Exp(v, half, bigP).Cmp(big.NewInt(1)) == 0 {
			return 1
		}
		return 0
	}
	squares, total := 0, 0
	check := func(v *big.Int) {
		t.Helper()
		var e, root Element
		e.SetBytes(bytes32(new(big.Int).Mod(v, bigP)))
		want := euler(v)
		if got := e.IsSquareVarTime(); got != want {
			t.Fatalf("IsSquareVarTime(%x) = %d, want %d", v, got, want)
		}
		if root.Sqrt(&e) != want {
			t.Fatalf("Sqrt(%x) disagrees with Euler's criterion", v)
		}
		squares += want
		total++
	}
	for _, v := range edgeInts() {
		check(v)
	}
	for v := int64(-40); v <= 40; v++ {
		check(big.NewInt(v))
	}
	check(half)
	check(new(big.Int).Add(half, big.NewInt(1)))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		var b [32]byte
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		v := new(big.Int).SetBytes(b[:])
		switch i % 4 {
		case 1:
			v.Mul(v, v) // a square
		case 2:
			v.Mul(v, v).Mul(v, big.NewInt(3)) // 3 = (-1)·(-3) is not a square, so neither is 3v²
		case 3:
			v.Rsh(v, uint(r.IntN(256))) // small values: short gcds, f and g shrinking to one limb
		}
		check(v)
	}
	if squares == 0 || squares == total {
		t.Fatalf("%d of %d values were squares", squares, total)
	}

	// The fallback to Sqrt when the batches run out: one batch is never
	// enough for a value of more than 62 bits.
	defer func(k int) { jacobiIterations = k }(jacobiIterations)
	jacobiIterations = 1
	for range 50 {
		var b [32]byte
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		check(new(big.Int).SetBytes(b[:]))
	}
}

func TestIsSquareVarTimeAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	x, _ := benchElements()
	if n := testing.AllocsPerRun(10, func() { x.IsSquareVarTime() }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func BenchmarkIsSquareVarTime(b *testing.B) {
	x, _ := benchElements()
	var one Element
	one.One()
	b.Run("Jacobi", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			x.IsSquareVarTime()
			x.Add(&x, &one)
		}
		t.Stop()
	})
	b.Run("Sqrt", func(b *testing.B) {
		var r Element
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			r.Sqrt(&x)
			x.Add(&x, &one)
		}
		t.Stop()
	})
}
