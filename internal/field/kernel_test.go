package field

import (
	"math/big"
	"testing"
	"unsafe"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// kernelEdgeInts are values chosen to stress the carry chains and the
// reduction of the multiplication kernels: small values, powers of two and
// their neighbours, limbs of all ones (below p), p minus small values (whose
// products exercise the rare carry out of the second fold and the final
// subtraction of p, see reductionPath), and the halves of p.
func kernelEdgeInts() []*big.Int {
	one := big.NewInt(1)
	pow := func(k uint) *big.Int { return new(big.Int).Lsh(one, k) }
	add := func(x *big.Int, d int64) *big.Int { return new(big.Int).Add(x, big.NewInt(d)) }
	sub := func(x, y *big.Int) *big.Int { return new(big.Int).Sub(x, y) }
	bigC := big.NewInt(c)
	limbs := func(l0, l1, l2, l3 uint64) *big.Int {
		x := new(big.Int).SetUint64(l3)
		for _, l := range []uint64{l2, l1, l0} {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(l))
		}
		return x
	}
	const ones = ^uint64(0)
	out := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3),
		bigC, add(bigC, -1), add(bigC, 1), new(big.Int).Mul(bigC, bigC),
		pow(32), pow(63), add(pow(64), -1), pow(64), add(pow(64), 1),
		add(pow(128), -1), pow(128), add(pow(128), 1), pow(192), add(pow(192), -1),
		add(pow(255), -1), pow(255), add(pow(255), 1),
		new(big.Int).Rsh(bigP, 1), add(new(big.Int).Rsh(bigP, 1), 1),
		add(bigP, -1), add(bigP, -2), add(bigP, -3), sub(bigP, bigC),
		sub(bigP, pow(17)), sub(bigP, pow(32)), sub(bigP, pow(33)), sub(bigP, pow(64)),
		sub(bigP, pow(128)), sub(bigP, pow(192)), sub(bigP, add(pow(64), -1)),
		// Its square takes the carrying second fold with a result of more
		// than 64 bits, where the final select must keep limb 1.
		sub(bigP, add(pow(32), 1)),
		limbs(0, ones, ones, ones), limbs(ones, ones, ones, 0), limbs(ones, 0, ones, 0),
		limbs(0, ones, 0, ones), limbs(ones, ones, 0, 0), limbs(0, 0, ones, ones),
		limbs(ones, ones, ones, ones>>1), limbs(p0-1, ones, ones, ones>>1),
		limbs(ones, ones, ones-1, ones), limbs(p0-(1<<32), ones, ones, ones),
		limbs(0x8000000000000000, 0x8000000000000000, 0x8000000000000000, 0x8000000000000000),
		limbs(0x00000001000003D0, 0, 0, 0x8000000000000000),
	}
	// p - x for x with x·y just below, at and above c: the second fold
	// carries exactly when x·y ≥ c (see reductionPath).
	for _, x := range []int64{1 << 16, 1 << 17, 1<<17 + 1, 0x10000, 0x1000003D1 / 0x10000} {
		out = append(out, sub(bigP, big.NewInt(x)))
	}
	return out
}

// kernelElements returns the edge values as elements, followed by n random
// ones.
func kernelElements(t *testing.T, n int) []*Element {
	var xs []*Element
	for _, x := range kernelEdgeInts() {
		if x.Cmp(bigP) >= 0 {
			t.Fatalf("edge value %x is not reduced", x)
		}
		xs = append(xs, fromBig(x))
	}
	if n == 0 {
		return xs
	}
	return append(xs, sampleElements(testutil.Rand(t), n)...)
}

// reductionPath models the reduction of the assembly kernels (first fold,
// second fold, conditional subtraction of p) on the 512-bit product x and
// reports which way it goes: 1 if the second fold carries out of 2^256, 2 if
// it does not but the result is ≥ p (p is subtracted by the CMOV/CSEL), 0
// otherwise.
func reductionPath(x *big.Int) int {
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	bigC := big.NewInt(c)
	lo := new(big.Int).And(x, mask)
	hi := new(big.Int).Rsh(x, 256)
	s := new(big.Int).Add(lo, new(big.Int).Mul(bigC, hi)) // first fold
	top := new(big.Int).Rsh(s, 256)
	s.And(s, mask)
	s.Add(s, new(big.Int).Mul(bigC, top)) // second fold
	if s.Bit(256) == 1 {
		return 1
	}
	if s.Cmp(bigP) >= 0 {
		return 2
	}
	return 0
}

// TestReductionPaths checks that the edge values drive the kernels' reduction
// down each of its paths, for products and for squares, so that
// TestKernelsVsBig and TestKernelsVsGeneric test all of them.
func TestReductionPaths(t *testing.T) {
	var mulSeen, sqrSeen [3]int
	xs := kernelEdgeInts()
	for _, a := range xs {
		for _, b := range xs {
			mulSeen[reductionPath(new(big.Int).Mul(a, b))]++
		}
		sqrSeen[reductionPath(new(big.Int).Mul(a, a))]++
	}
	for path, name := range []string{"no correction", "second fold carries", "p subtracted"} {
		if mulSeen[path] == 0 || sqrSeen[path] == 0 {
			t.Errorf("reduction path %q: %d products, %d squares among the edge values", name, mulSeen[path], sqrSeen[path])
		}
	}
	t.Logf("paths (none, fold carry, subtract p): products %v, squares %v", mulSeen, sqrSeen)
}

// TestKernelsVsBig checks Multiply, Square and squareN on every pair of edge
// values against math/big. It is in fieldSuite, so it runs under every
// implementation.
func TestKernelsVsBig(t *testing.T) {
	xs := kernelElements(t, 0)
	for _, a := range xs {
		A := toBig(a)
		for _, b := range xs {
			B := toBig(b)
			var v Element
			want := new(big.Int).Mul(A, B)
			want.Mod(want, bigP)
			if got := toBig(v.Multiply(a, b)); got.Cmp(want) != 0 {
				t.Fatalf("Multiply(%x, %x) = %x, want %x", A, B, got, want)
			}
		}
		want := new(big.Int).Set(A)
		for _, n := range []int{1, 2, 3, 5, 23} {
			var v Element
			v.squareN(a, n)
			want.Exp(A, new(big.Int).Lsh(big.NewInt(1), uint(n)), bigP)
			if got := toBig(&v); got.Cmp(want) != 0 {
				t.Fatalf("squareN(%x, %d) = %x, want %x", A, n, got, want)
			}
		}
		var v Element
		want.Mul(A, A).Mod(want, bigP)
		if got := toBig(v.Square(a)); got.Cmp(want) != 0 {
			t.Fatalf("Square(%x) = %x, want %x", A, got, want)
		}
	}
}

// TestKernelsVsGeneric compares each assembly backend with the generic Go
// code on all pairs of edge and random values, including aliased arguments,
// and checks that every result is fully reduced.
func TestKernelsVsGeneric(t *testing.T) {
	if len(asmImplementations()) == 0 {
		t.Skip("no assembly in this build")
	}
	xs := kernelElements(t, testutil.Iters(60, 300))
	for _, impl := range asmImplementations() {
		t.Run(impl.Name, func(t *testing.T) {
			if !impl.Available {
				t.Skipf("this CPU cannot run %s", impl.Name)
			}
			defer impl.Select()()
			check := func(op string, got, want *Element, args ...*Element) {
				t.Helper()
				if got.l != want.l || !LessThanP(&got.l) {
					var in [][4]uint64
					for _, a := range args {
						in = append(in, a.l)
					}
					t.Fatalf("%s %s(%x) = %x, generic %x", impl.Name, op, in, got.l, want.l)
				}
			}
			for _, a := range xs {
				for _, b := range xs {
					var got, want Element
					feMulGeneric(&want, a, b)
					feMul(&got, a, b)
					check("mul", &got, &want, a, b)
					x, y := *a, *b
					feMul(&x, &x, &y)
					check("mul (v = a)", &x, &want, a, b)
					x, y = *a, *b
					feMul(&y, &x, &y)
					check("mul (v = b)", &y, &want, a, b)
				}
				var got, want Element
				feSquareGeneric(&want, a)
				feSquare(&got, a)
				check("square", &got, &want, a)
				x := *a
				feSquare(&x, &x)
				check("square (v = a)", &x, &want, a)
				feMulGeneric(&got, a, a)
				check("mul(a, a)", &got, &want, a)
				for _, n := range []int{1, 2, 3, 4, 11, 22} {
					feSquareNGeneric(&want, a, n)
					feSquareN(&got, a, n)
					check("squareN", &got, &want, a)
					x := *a
					feSquareN(&x, &x, n)
					check("squareN (v = a)", &x, &want, a)
				}
			}
		})
	}
}

// TestElementLayout checks what asElement (fe_asm.go) relies on: an Element
// is exactly its four limbs.
func TestElementLayout(t *testing.T) {
	var e Element
	if unsafe.Sizeof(e) != unsafe.Sizeof(e.l) || unsafe.Offsetof(e.l) != 0 {
		t.Fatal("Element is not laid out as [4]uint64")
	}
}
