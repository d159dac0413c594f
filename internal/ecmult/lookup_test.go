package ecmult

import (
	"fmt"
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/impl/impltest"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestLookupAffine compares every implementation of the table scan with the
// entry it must return, for every magnitude (0 and past the end give zeros),
// on rows of the two sizes the package uses and a few others, and
// lookupAffineNeg with the entry and its negation.
func TestLookupAffine(t *testing.T) {
	r := testutil.Rand(t)
	for _, impl := range impltest.Implementations("ecmult") {
		t.Run(impl.Name, func(t *testing.T) {
			if !impl.Available {
				t.Skipf("this CPU cannot run %s", impl.Name)
			}
			defer impl.Select()()
			for _, n := range []int{0, 1, 2, 3, 16, 32} {
				row := make([][8]uint64, n)
				for j := range row {
					for k := range row[j] {
						row[j][k] = r.Uint64() >> 1 // below p: SetLimbs keeps it
					}
				}
				for mag := range uint32(n + 2) {
					var e group.Affine
					e.X.SetUint64(12345)
					e.Infinity = true
					lookupAffine(&e, row, mag)
					var want [8]uint64
					if mag >= 1 && int(mag) <= n {
						want = row[mag-1]
					}
					x, y := e.X.Limbs(), e.Y.Limbs()
					if e.Infinity || [4]uint64(want[0:4]) != x || [4]uint64(want[4:8]) != y {
						t.Fatalf("n=%d mag=%d: got %x %x (infinity %v), want %x", n, mag, x, y, e.Infinity, want)
					}
					for neg := range 2 {
						var f group.Affine
						f.Infinity = true
						lookupAffineNeg(&f, row, mag, neg)
						var wy field.Element
						wy.SetLimbs((*[4]uint64)(want[4:8]))
						wy.CondNegate(&wy, neg)
						if f.Infinity || f.X.Limbs() != x || f.Y.Equal(&wy) != 1 {
							t.Fatalf("n=%d mag=%d neg=%d: got %x %x, want y %x", n, mag, neg, f.X.Limbs(), f.Y.Limbs(), wy.Limbs())
						}
					}
				}
			}
		})
	}
}

// BenchmarkLookupAffine measures one table scan per implementation, in one
// process (`benchstat -col /impl`): rows of 32 entries (k·G) and 16 (k·P).
func BenchmarkLookupAffine(b *testing.B) {
	for _, n := range []int{32, 16} {
		row := baseTable[5][:n]
		for _, impl := range impltest.Implementations("ecmult") {
			b.Run(fmt.Sprintf("n=%d/impl=%s", n, impl.Name), func(b *testing.B) {
				if !impl.Available {
					b.Skipf("this CPU cannot run %s", impl.Name)
				}
				defer impl.Select()()
				var e group.Affine
				mag := uint32(7)
				t := testutil.StartCPUTimer(b)
				for b.Loop() {
					lookupAffine(&e, row, mag)
					mag = (mag + 7) & uint32(n-1) // n is a power of 2
				}
				t.Stop()
			})
		}
	}
}
