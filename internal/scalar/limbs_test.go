//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package scalar

import (
	"math/big"
	"testing"
)

// TestOrderLimbs checks Order against n from math/big, limb by limb.
func TestOrderLimbs(t *testing.T) {
	o := Order()
	for i, l := range o {
		want := new(big.Int).Rsh(bigN, uint(64*i))
		want.And(want, new(big.Int).SetUint64(^uint64(0)))
		if l != want.Uint64() {
			t.Errorf("Order()[%d] = %#x, want %#x", i, l, want)
		}
	}
}

// TestIsHighLimbBoundaries checks IsHigh on n/2 plus and minus 2^(64·i) for
// each limb i (and on n/2 ± 1): values that agree with n/2 on every limb but
// one, so that each limb's comparison and its borrow decide the result.
func TestIsHighLimbBoundaries(t *testing.T) {
	half := new(big.Int).Rsh(bigN, 1)
	check := func(x *big.Int) {
		t.Helper()
		want := 0
		if x.Cmp(half) > 0 {
			want = 1
		}
		if got := fromBig(x).IsHigh(); got != want {
			t.Errorf("IsHigh(%x) = %d, want %d", x, got, want)
		}
	}
	check(half)
	for i := 0; i < 4; i++ {
		d := new(big.Int).Lsh(bigOne, uint(64*i))
		check(new(big.Int).Add(half, d))
		check(new(big.Int).Sub(half, d))
	}
	// n/2 with one limb raised and a lower one lowered, and the reverse:
	// the lower limb's borrow must reach the limb above.
	for i := 1; i < 4; i++ {
		hi := new(big.Int).Lsh(bigOne, uint(64*i))
		lo := new(big.Int).Lsh(bigOne, uint(64*(i-1)))
		up := new(big.Int).Add(half, hi)
		check(up.Sub(up, lo))
		down := new(big.Int).Sub(half, hi)
		check(down.Add(down, lo))
	}
}
