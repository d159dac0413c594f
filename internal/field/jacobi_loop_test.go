package field

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// jacobiLoop runs IsSquareVarTime's loop without its fallback to Sqrt and
// reports the Legendre symbol it found as 1 (square) or 0, and whether the
// loop finished (f = 1) within jacobiIterations batches. The fallback gives
// the right answer whatever the loop does, so IsSquareVarTime's results
// alone cannot show that the divsteps, the matrix updates and the sign
// tracking work; this can.
func jacobiLoop(v *Element) (square int, done bool) {
	var g j62
	j62From4(&g, &v.l)
	f := jacobiP
	n := 5
	eta := int64(-1)
	jac := uint64(0)
	for range jacobiIterations {
		var u, w, q, r int64
		eta, u, w, q, r = posdivsteps62VarTime(eta, uint64(f[0])|uint64(f[1])<<62, uint64(g[0])|uint64(g[1])<<62, &jac)
		updateFGJacobiVarTime(n, &f, &g, u, w, q, r)
		if f[0] == 1 {
			rest := int64(0)
			for j := 1; j < n; j++ {
				rest |= f[j]
			}
			if rest == 0 {
				return int(1 ^ jac&1), true
			}
		}
		if n > 1 && f[n-1] == 0 && g[n-1] == 0 {
			n--
		}
	}
	return 0, false
}

// TestJacobiLoopWithoutFallback checks that the loop of IsSquareVarTime
// finishes within its batches and agrees with math/big's Jacobi symbol, on
// random values, squares, non-squares and short values.
func TestJacobiLoopWithoutFallback(t *testing.T) {
	r := testutil.Rand(t)
	vals := []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(3), big.NewInt(7), new(big.Int).Sub(bigP, big.NewInt(1))}
	for i := range testutil.Iters(400, 4000) {
		var b [32]byte
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		v := new(big.Int).SetBytes(b[:])
		switch i % 3 {
		case 1:
			v.Mul(v, v)
		case 2:
			v.Rsh(v, uint(r.IntN(256)))
		}
		vals = append(vals, v.Mod(v, bigP))
	}
	for _, v := range vals {
		if v.Sign() == 0 {
			continue
		}
		want := 0
		if big.Jacobi(v, bigP) == 1 {
			want = 1
		}
		got, done := jacobiLoop(fromBig(v))
		if !done {
			t.Fatalf("%x: the loop did not finish in %d batches", v, jacobiIterations)
		}
		if got != want {
			t.Fatalf("%x: the loop says %d, Jacobi symbol %d", v, got, big.Jacobi(v, bigP))
		}
	}
}

// TestJMulSS checks the signed 64×64 → 128-bit product against math/big on
// every sign combination and the extreme values.
func TestJMulSS(t *testing.T) {
	r := testutil.Rand(t)
	xs := []int64{0, 1, -1, 2, -2, 1<<62 - 1, -(1 << 62), 1<<63 - 1, -1 << 63}
	for range 200 {
		xs = append(xs, int64(r.Uint64()), int64(r.Uint64()>>1), -int64(r.Uint64()>>1))
	}
	two128 := new(big.Int).Lsh(big.NewInt(1), 128)
	for _, a := range xs {
		for _, b := range xs[:20] {
			for _, ab := range [][2]int64{{a, b}, {b, a}} {
				hi, lo := jMulSS(ab[0], ab[1])
				got := new(big.Int).SetUint64(hi)
				got.Lsh(got, 64).Or(got, new(big.Int).SetUint64(lo))
				want := new(big.Int).Mul(big.NewInt(ab[0]), big.NewInt(ab[1]))
				want.Mod(want, two128)
				if got.Cmp(want) != 0 {
					t.Fatalf("jMulSS(%d, %d) = %x, want %x", ab[0], ab[1], got, want)
				}
			}
		}
	}
}
