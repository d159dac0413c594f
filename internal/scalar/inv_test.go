//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package scalar

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestInvertVsFermat checks the safegcd inversions (constant-time and
// variable-time) against the Fermat exponentiation, on edge values, values
// with many trailing zeros, and random scalars.
func TestInvertVsFermat(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleScalars(r, testutil.Iters(2000, 20000))
	for k := uint(0); k < 256; k += 3 {
		xs = append(xs, fromBig(new(big.Int).Lsh(bigOne, k)))
		xs = append(xs, fromBig(new(big.Int).Lsh(new(big.Int).Rsh(bigN, k), k)))
	}
	for _, x := range xs {
		var ct, vt, fe Scalar
		ct.Invert(x)
		vt.InvertVarTime(x)
		fe.invertFermat(x)
		if ct != fe || vt != fe {
			t.Fatalf("1/%x: Invert %x, InvertVarTime %x, Fermat %x", toBig(x), toBig(&ct), toBig(&vt), toBig(&fe))
		}
		if x.IsZero() == 1 {
			if ct.IsZero() != 1 {
				t.Fatalf("1/0 != 0")
			}
			continue
		}
		var one Scalar
		if one.Multiply(&ct, x); toBig(&one).Cmp(big.NewInt(1)) != 0 {
			t.Fatalf("x·(1/x) != 1 for %x", toBig(x))
		}
	}
}
