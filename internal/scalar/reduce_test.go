//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package scalar

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestReduce512 checks the full-width reduction on arbitrary 512-bit inputs
// (not only products of reduced scalars), including the all-ones value and
// inputs whose intermediate folds hit their bounds.
func TestReduce512(t *testing.T) {
	r := testutil.Rand(t)
	inputs := [][8]uint64{
		{},
		{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)},
		{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), 0, 0, 0, 0},
		{0, 0, 0, 0, ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)},
		{n0, n1, n2, n3, 0, 0, 0, 0},
		{n0 - 1, n1, n2, n3, n0 - 1, n1, n2, n3},
	}
	for range 5000 {
		var x [8]uint64
		for i := range x {
			switch r.IntN(4) {
			case 0:
				x[i] = ^uint64(0)
			case 1:
				x[i] = 0
			default:
				x[i] = r.Uint64()
			}
		}
		inputs = append(inputs, x)
	}
	for _, x := range inputs {
		want := new(big.Int)
		for i := 7; i >= 0; i-- {
			want.Lsh(want, 64)
			want.Or(want, new(big.Int).SetUint64(x[i]))
		}
		want.Mod(want, bigN)
		var s Scalar
		s.reduce512(&x)
		if toBig(&s).Cmp(want) != 0 {
			t.Fatalf("reduce512(%x) = %x, want %x", x, toBig(&s), want)
		}
	}
}
