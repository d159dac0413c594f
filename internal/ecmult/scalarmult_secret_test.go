package ecmult

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/testutil"
)

func TestScalarMultSecretPoint(t *testing.T) {
	r := testutil.Rand(t)
	g := group.Generator()
	points := []group.Affine{g}
	for range 4 {
		points = append(points, randPoint(r))
	}
	for pi, p := range points {
		for i, k := range testScalars(t, r, 10) {
			want := refMul(&k, &p)
			var q group.Jacobian
			var got group.Affine
			got.SetJacobian(ScalarMultSecretPoint(&q, &k, &p))
			if got.Equal(&want) != 1 {
				t.Fatalf("point %d scalar %d (%x): ScalarMultSecretPoint mismatch", pi, i, k.Bytes())
			}
		}
	}
	if testutil.RaceEnabled {
		return
	}
	k := randScalar(r)
	var q group.Jacobian
	if n := testing.AllocsPerRun(10, func() { ScalarMultSecretPoint(&q, &k, &g) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}
