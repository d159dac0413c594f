//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package scalar

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

var (
	bigLambda = hexInt("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72")
	// The short lattice basis (a1, b1), (a2, b2) of {(x, y) : x + y·λ ≡ 0}
	// from libsecp256k1's scalar_impl.h.
	bigA1 = hexInt("3086d221a7d46bcde86c90e49284eb15")
	bigB1 = new(big.Int).Neg(hexInt("e4437ed6010e88286f547fa90abfe4c3"))
	bigA2 = hexInt("114ca50f7a8e2f3f657c1108d9d44cfd8")
	bigB2 = bigA1
)

func mod(x *big.Int) *big.Int { return new(big.Int).Mod(x, bigN) }

// roundDiv returns round(x / n) for x >= 0.
func roundDiv(x *big.Int) *big.Int {
	q, r := new(big.Int).QuoRem(x, bigN, new(big.Int))
	if new(big.Int).Lsh(r, 1).Cmp(bigN) >= 0 {
		q.Add(q, bigOne)
	}
	return q
}

func TestLambdaConstants(t *testing.T) {
	l := Lambda()
	if toBig(&l).Cmp(bigLambda) != 0 {
		t.Fatalf("Lambda() = %x", toBig(&l))
	}
	// λ is a non-trivial cube root of unity: λ³ = 1, λ ≠ 1, λ² + λ + 1 = 0.
	var l2, l3 Scalar
	l2.Square(&l)
	l3.Multiply(&l2, &l)
	if toBig(&l3).Cmp(big.NewInt(1)) != 0 || toBig(&l).Cmp(big.NewInt(1)) == 0 {
		t.Fatalf("λ³ != 1 or λ = 1")
	}
	if mod(new(big.Int).Exp(bigLambda, big.NewInt(3), bigN)).Cmp(bigOne) != 0 {
		t.Fatalf("λ³ != 1 (math/big)")
	}
	var sum Scalar
	sum.Add(&l2, &l)
	sum.Add(&sum, new(Scalar).One())
	if sum.IsZero() != 1 {
		t.Fatalf("λ² + λ + 1 != 0")
	}
	if toBig(&minusLambda).Cmp(mod(new(big.Int).Neg(bigLambda))) != 0 {
		t.Errorf("minusLambda wrong")
	}
	// The basis vectors are in the lattice.
	for i, v := range [][2]*big.Int{{bigA1, bigB1}, {bigA2, bigB2}} {
		x := new(big.Int).Mul(v[1], bigLambda)
		if mod(x.Add(x, v[0])).Sign() != 0 {
			t.Errorf("basis vector %d: a + b·λ != 0", i+1)
		}
	}
	if toBig(&minusB1).Cmp(mod(new(big.Int).Neg(bigB1))) != 0 {
		t.Errorf("minusB1 wrong")
	}
	if toBig(&minusB2).Cmp(mod(new(big.Int).Neg(bigB2))) != 0 {
		t.Errorf("minusB2 wrong")
	}
	// g1 = round(2^384·b2/n), g2 = round(2^384·(-b1)/n).
	two384 := new(big.Int).Lsh(bigOne, 384)
	if want := roundDiv(new(big.Int).Mul(two384, bigB2)); toBig(&g1).Cmp(want) != 0 {
		t.Errorf("g1 = %x, want %x", toBig(&g1), want)
	}
	if want := roundDiv(new(big.Int).Mul(two384, new(big.Int).Neg(bigB1))); toBig(&g2).Cmp(want) != 0 {
		t.Errorf("g2 = %x, want %x", toBig(&g2), want)
	}
}

func TestMulShift384(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleScalars(r, testutil.Iters(300, 3000))
	two384 := new(big.Int).Lsh(bigOne, 384)
	for i, a := range xs {
		b := xs[(i*5+1)%len(xs)]
		for _, bb := range []*Scalar{b, &g1, &g2} {
			p := new(big.Int).Mul(toBig(a), toBig(bb))
			// round(p / 2^384) = floor((p + 2^383) / 2^384)
			want := p.Add(p, new(big.Int).Rsh(two384, 1)).Rsh(p, 384)
			var got Scalar
			if got.mulShift384(a, bb); toBig(&got).Cmp(want) != 0 {
				t.Fatalf("mulShift384(%x, %x) = %x, want %x", toBig(a), toBig(bb), toBig(&got), want)
			}
		}
	}
}

// signed returns r as a signed integer in (-n/2, n/2].
func signed(r *Scalar) *big.Int {
	x := toBig(r)
	if x.Cmp(new(big.Int).Rsh(bigN, 1)) > 0 {
		x.Sub(x, bigN)
	}
	return x
}

func TestSplitLambda(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleScalars(r, testutil.Iters(2000, 20000))
	// Scalars built from halves near the 2^128 bound, of every sign.
	two128 := new(big.Int).Lsh(bigOne, 128)
	for range testutil.Iters(500, 5000) {
		var h [2]*big.Int
		for j := range h {
			v := new(big.Int).SetUint64(r.Uint64())
			v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(r.Uint64()))
			v.Rsh(v, uint(r.IntN(8)))
			if r.IntN(2) == 0 {
				v.Neg(v)
			}
			h[j] = v
		}
		k := new(big.Int).Mul(h[1], bigLambda)
		xs = append(xs, fromBig(k.Add(k, h[0])))
	}
	for _, d := range []int64{-2, -1, 0, 1, 2} {
		xs = append(xs, fromBig(new(big.Int).Add(bigLambda, big.NewInt(d))))
		xs = append(xs, fromBig(new(big.Int).Sub(big.NewInt(d), bigLambda)))
		xs = append(xs, fromBig(new(big.Int).Add(two128, big.NewInt(d))))
	}
	for _, k := range xs {
		r1, r2 := k.SplitLambda()
		// r1 + r2·λ == k (mod n), checked with Scalar ops and with math/big.
		var chk Scalar
		chk.Multiply(&r2, &lambda)
		chk.Add(&chk, &r1)
		if chk != *k {
			t.Fatalf("SplitLambda(%x): r1 + r2·λ != k", toBig(k))
		}
		s1, s2 := signed(&r1), signed(&r2)
		sum := new(big.Int).Mul(s2, bigLambda)
		if mod(sum.Add(sum, s1)).Cmp(toBig(k)) != 0 {
			t.Fatalf("SplitLambda(%x): r1 + r2·λ != k (math/big)", toBig(k))
		}
		for i, h := range []*Scalar{&r1, &r2} {
			abs, neg := h.AbsHalf()
			if toBig(&abs).Cmp(two128) >= 0 {
				t.Fatalf("SplitLambda(%x): |r%d| = %x >= 2^128", toBig(k), i+1, toBig(&abs))
			}
			if new(big.Int).Abs(signed(h)).Cmp(toBig(&abs)) != 0 {
				t.Fatalf("AbsHalf(%x) = %x", toBig(h), toBig(&abs))
			}
			if neg != testutil.BoolInt(signed(h).Sign() < 0) {
				t.Fatalf("AbsHalf(%x) sign = %d", toBig(h), neg)
			}
		}
	}
}

func TestAbsHalf(t *testing.T) {
	r := testutil.Rand(t)
	half := new(big.Int).Rsh(bigN, 1)
	for _, s := range sampleScalars(r, testutil.Iters(500, 5000)) {
		x := toBig(s)
		abs, neg := s.AbsHalf()
		want, wantNeg := x, 0
		if x.Cmp(half) > 0 {
			want, wantNeg = new(big.Int).Sub(bigN, x), 1
		}
		if toBig(&abs).Cmp(want) != 0 || neg != wantNeg {
			t.Fatalf("AbsHalf(%x) = %x, %d; want %x, %d", x, toBig(&abs), neg, want, wantNeg)
		}
		// abs with the sign applied gives back s.
		var back Scalar
		if back.CondNegate(&abs, neg); back != *s {
			t.Fatalf("AbsHalf(%x) does not round-trip", x)
		}
	}
}

func TestSplit128(t *testing.T) {
	r := testutil.Rand(t)
	two128 := new(big.Int).Lsh(bigOne, 128)
	for _, s := range sampleScalars(r, testutil.Iters(500, 5000)) {
		lo, hi := s.Split128()
		l, h := toBig(&lo), toBig(&hi)
		if l.Cmp(two128) >= 0 || h.Cmp(two128) >= 0 {
			t.Fatalf("Split128(%x): half >= 2^128", toBig(s))
		}
		if new(big.Int).Add(l, new(big.Int).Lsh(h, 128)).Cmp(toBig(s)) != 0 {
			t.Fatalf("Split128(%x): lo + hi·2^128 != k", toBig(s))
		}
	}
}

// checkWNAF verifies the wNAF digits of s for window w.
func checkWNAF(t *testing.T, s *Scalar, out []int32, w uint, n int) {
	t.Helper()
	sum := new(big.Int)
	last := -1
	for i := len(out) - 1; i >= 0; i-- {
		sum.Lsh(sum, 1).Add(sum, big.NewInt(int64(out[i])))
		d := out[i]
		if d == 0 {
			continue
		}
		if last < 0 {
			last = i
		}
		if d&1 == 0 || d >= 1<<(w-1) || d <= -(1<<(w-1)) {
			t.Fatalf("wNAF(%x, w=%d): digit %d at %d", toBig(s), w, d, i)
		}
		for j := i + 1; j < i+int(w) && j < len(out); j++ {
			if out[j] != 0 {
				t.Fatalf("wNAF(%x, w=%d): non-zero digits at %d and %d", toBig(s), w, i, j)
			}
		}
	}
	if sum.Cmp(toBig(s)) != 0 {
		t.Fatalf("wNAF(%x, w=%d) sums to %x", toBig(s), w, sum)
	}
	if n != last+1 {
		t.Fatalf("wNAF(%x, w=%d) returned %d, highest digit at %d", toBig(s), w, n, last)
	}
}

func TestWNAF(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleScalars(r, testutil.Iters(300, 2000))
	for _, w := range []uint{2, 3, 4, 5, 6, 7, 8, 12, 16, 24} {
		for _, s := range xs {
			// Full scalars with 257 digits.
			var out [257]int32
			for i := range out {
				out[i] = 0x5a5a // must be overwritten
			}
			checkWNAF(t, s, out[:], w, s.WNAFVarTime(out[:], w))
			// 128-bit halves with 129 digits, as the GLV halves are used.
			lo, hi := s.Split128()
			for _, h := range []*Scalar{&lo, &hi} {
				var o [129]int32
				checkWNAF(t, h, o[:], w, h.WNAFVarTime(o[:], w))
			}
		}
		// All-ones values, the largest for each length, which carry the most.
		for _, bits := range []uint{1, 2, 7, 64, 127, 128} {
			v := fromBig(new(big.Int).Sub(new(big.Int).Lsh(bigOne, bits), bigOne))
			o := make([]int32, bits+1)
			checkWNAF(t, v, o, w, v.WNAFVarTime(o, w))
		}
	}
}

func TestWNAFPanics(t *testing.T) {
	var s Scalar
	s.SetUint64(1)
	for _, tc := range []struct {
		n int
		w uint
	}{{129, 1}, {129, 25}, {258, 5}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("WNAFVarTime(len %d, w %d) did not panic", tc.n, tc.w)
				}
			}()
			s.WNAFVarTime(make([]int32, tc.n), tc.w)
		}()
	}
}
