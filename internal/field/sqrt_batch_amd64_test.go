//go:build gc && !purego

package field

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// lazyEdgeInts are kernelEdgeInts plus values in [p, 2^256), which a lazily
// reduced value may hold.
func lazyEdgeInts() []*big.Int {
	two256 := new(big.Int).Lsh(big.NewInt(1), 256)
	xs := kernelEdgeInts()
	for _, d := range []int64{0, 1, 2, c - 2, c - 1} { // p + c = 2^256
		xs = append(xs, new(big.Int).Add(bigP, big.NewInt(d)))
	}
	for _, d := range []int64{1, 2, 1 << 32} {
		xs = append(xs, new(big.Int).Sub(two256, big.NewInt(d)))
	}
	return xs
}

// lp returns the limbs of x < 2^256, unreduced.
func lp(x *big.Int) *[4]uint64 { l := limbsOf(x); return &l }

func limbsBig(l *[4]uint64) *big.Int {
	x := new(big.Int)
	for i := 3; i >= 0; i-- {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(l[i]))
	}
	return x
}

// lazyCarries models the lazy second fold on the 512-bit x: whether t +
// c·top carries out of 2^256 after the first fold (the path that adds c).
func lazyCarries(x *big.Int) bool {
	return reductionPath(x) == 1
}

// TestLazyKernels checks the lazy reduction of the batch kernels
// (feMulLazyAsm, feSquareLazyAsm: the emitters sqrt4VarTimeAsm uses) and
// the final canonicalization (feCanonicalAsm) against math/big on every
// pair of edge values, non-canonical ones included, and on random values,
// and that the edge values take the lazy fold down both of its paths.
func TestLazyKernels(t *testing.T) {
	if !useADX {
		t.Skip("the batch kernels need BMI2 and ADX, which this CPU lacks")
	}
	xs := lazyEdgeInts()
	r := testutil.Rand(t)
	for range testutil.Iters(20, 100) {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		xs = append(xs, new(big.Int).SetBytes(b[:]))
	}
	var carries, plain int
	checkRes := func(what string, got *[4]uint64, want *big.Int) {
		t.Helper()
		g := limbsBig(got)
		if new(big.Int).Mod(g, bigP).Cmp(new(big.Int).Mod(want, bigP)) != 0 {
			t.Fatalf("%s = %x, want %x mod p", what, g, new(big.Int).Mod(want, bigP))
		}
		c := *got
		feCanonicalAsm(&c)
		if limbsBig(&c).Cmp(new(big.Int).Mod(g, bigP)) != 0 {
			t.Fatalf("canonical(%x) = %x", g, limbsBig(&c))
		}
	}
	for _, a := range xs {
		for _, b := range xs {
			var v [4]uint64
			prod := new(big.Int).Mul(a, b)
			feMulLazyAsm(&v, lp(a), lp(b))
			checkRes("lazy "+a.Text(16)+"·"+b.Text(16), &v, prod)
			if lazyCarries(prod) {
				carries++
			} else {
				plain++
			}
		}
		var v [4]uint64
		feSquareLazyAsm(&v, lp(a))
		checkRes("lazy "+a.Text(16)+"²", &v, new(big.Int).Mul(a, a))
	}
	if carries == 0 || plain == 0 {
		t.Errorf("lazy second fold: %d products carry, %d do not: both paths must be tested", carries, plain)
	}
	// Canonicalization at and around p and 2^256.
	for _, x := range lazyEdgeInts() {
		v := limbsOf(x)
		feCanonicalAsm(&v)
		if limbsBig(&v).Cmp(new(big.Int).Mod(x, bigP)) != 0 {
			t.Fatalf("canonical(%x) = %x", x, limbsBig(&v))
		}
	}
}
