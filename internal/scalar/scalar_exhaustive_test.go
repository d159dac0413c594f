//go:build exhaustive7 || exhaustive13 || exhaustive199

package scalar

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// The small-order scalars of the exhaustive builds, checked for every value
// (and every pair of values) against plain integer arithmetic mod N, and
// the 32-byte conversions against math/big. The rest of the module's
// exhaustive tests rely on them.

func small(v uint64) Scalar { return Scalar{v: v} }

// TestExhaustiveScalarConstants checks N (prime, the limbs of Order) and λ
// (a cube root of unity other than 1).
func TestExhaustiveScalarConstants(t *testing.T) {
	if !big.NewInt(order).ProbablyPrime(20) {
		t.Fatalf("N = %d is not prime", order)
	}
	if o := Order(); o != [4]uint64{order, 0, 0, 0} {
		t.Fatalf("Order() = %x", o)
	}
	l := Lambda()
	if l.v == 1 || l.v*l.v*l.v%order != 1 {
		t.Fatalf("λ = %d is not a non-trivial cube root of unity mod %d", l.v, order)
	}
	t.Logf("N = %d, λ = %d", order, l.v)
}

// TestExhaustiveScalarArithmetic checks every unary and binary operation on
// every value (every pair for the binary ones).
func TestExhaustiveScalarArithmetic(t *testing.T) {
	const n = order
	for a := range uint64(n) {
		x := small(a)
		var r Scalar
		check := func(op string, got *Scalar, want uint64) {
			t.Helper()
			if got.v != want {
				t.Fatalf("%s(%d) = %d, want %d", op, a, got.v, want)
			}
		}
		check("Negate", r.Negate(&x), (n-a)%n)
		check("Square", r.Square(&x), a*a%n)
		check("Set", r.Set(&x), a)
		check("SetUint64", r.SetUint64(a+5*n), a)
		var inv uint64
		for c := range uint64(n) {
			if a*c%n == 1 {
				inv = c
			}
		}
		check("Invert", r.Invert(&x), inv)
		check("InvertVarTime", r.InvertVarTime(&x), inv)
		check("CondNegate 0", r.CondNegate(&x, 0), a)
		check("CondNegate 1", r.CondNegate(&x, 1), (n-a)%n)
		if got, want := x.IsZero(), testutil.BoolInt(a == 0); got != want {
			t.Fatalf("IsZero(%d) = %d", a, got)
		}
		if got, want := x.IsHigh(), testutil.BoolInt(a > n/2); got != want {
			t.Fatalf("IsHigh(%d) = %d", a, got)
		}
		if got, want := x.IsOdd(), int(a&1); got != want {
			t.Fatalf("IsOdd(%d) = %d", a, got)
		}
		if l := x.Limbs(); l != [4]uint64{a, 0, 0, 0} {
			t.Fatalf("Limbs(%d) = %x", a, l)
		}
		for off := range uint(300) {
			for count := uint(1); count <= 32; count++ {
				want := uint32(0)
				if off < 64 {
					want = uint32(a >> off & (1<<count - 1))
				}
				if got := x.Bits(off, count); got != want {
					t.Fatalf("Bits(%d, %d, %d) = %d, want %d", a, off, count, got, want)
				}
			}
		}
		abs, neg := x.AbsHalf()
		if neg != x.IsHigh() || neg == 1 && abs.v != (n-a)%n || neg == 0 && abs.v != a {
			t.Fatalf("AbsHalf(%d) = %d, %d", a, abs.v, neg)
		}
		r1, r2 := x.SplitLambda()
		if r1.v >= n || r2.v >= n || (r1.v+Lambda().v*r2.v)%n != a {
			t.Fatalf("SplitLambda(%d) = %d, %d", a, r1.v, r2.v)
		}
		lo, hi := x.Split128()
		if lo.v != a || hi.v != 0 {
			t.Fatalf("Split128(%d) = %d, %d", a, lo.v, hi.v)
		}
		for b := range uint64(n) {
			y := small(b)
			check2 := func(op string, got *Scalar, want uint64) {
				t.Helper()
				if got.v != want {
					t.Fatalf("%s(%d, %d) = %d, want %d", op, a, b, got.v, want)
				}
			}
			check2("Add", r.Add(&x, &y), (a+b)%n)
			check2("Subtract", r.Subtract(&x, &y), (a+n-b)%n)
			check2("Multiply", r.Multiply(&x, &y), a*b%n)
			check2("Select 1", r.Select(&x, &y, 1), a)
			check2("Select 0", r.Select(&x, &y, 0), b)
			if got, want := x.Equal(&y), testutil.BoolInt(a == b); got != want {
				t.Fatalf("Equal(%d, %d) = %d", a, b, got)
			}
			// Aliasing: the receiver is an argument.
			z := x
			check2("Add aliased", z.Add(&z, &y), (a+b)%n)
			z = y
			check2("Multiply aliased", z.Multiply(&x, &z), a*b%n)
		}
	}
}

// TestExhaustiveScalarSplitCoverage checks that SplitLambda's halves take
// every shape the callers handle: zero, low and high (negative), for each
// half.
func TestExhaustiveScalarSplitCoverage(t *testing.T) {
	var seen [2][3]bool // [half][zero, low, high]
	for a := range uint64(order) {
		x := small(a)
		r1, r2 := x.SplitLambda()
		for h, r := range []Scalar{r1, r2} {
			switch {
			case r.v == 0:
				seen[h][0] = true
			case r.IsHigh() == 1:
				seen[h][2] = true
			default:
				seen[h][1] = true
			}
		}
	}
	for h := range seen {
		for k, ok := range seen[h] {
			if !ok {
				t.Errorf("no scalar gives half %d of kind %d (zero, low, high)", h+1, k)
			}
		}
	}
}

// TestExhaustiveScalarBytes checks SetBytes, SetCanonicalBytes, PutBytes
// and Bytes: every value round-trips, and 32-byte inputs (every value below
// N plus k·N, the edges of every byte, random ones) are reduced as math/big
// reduces them, with the overflow flag set exactly for inputs >= N.
func TestExhaustiveScalarBytes(t *testing.T) {
	r := testutil.Rand(t)
	bigN := big.NewInt(order)
	try := func(b [32]byte) {
		t.Helper()
		x := new(big.Int).SetBytes(b[:])
		want := new(big.Int).Mod(x, bigN).Uint64()
		wantOver := testutil.BoolInt(x.Cmp(bigN) >= 0)
		var s Scalar
		if over := s.SetBytes(&b); s.v != want || over != wantOver {
			t.Fatalf("SetBytes(%x) = %d, %d; want %d, %d", b, s.v, over, want, wantOver)
		}
		var c Scalar
		if ok := c.SetCanonicalBytes(&b); c.v != want || ok != 1-wantOver {
			t.Fatalf("SetCanonicalBytes(%x) = %d, %d", b, c.v, ok)
		}
	}
	for a := range uint64(order) {
		x := small(a)
		b := x.Bytes()
		var put [32]byte
		for i := range put {
			put[i] = 0xA5
		}
		x.PutBytes(&put)
		if put != b || new(big.Int).SetBytes(b[:]).Uint64() != a || new(big.Int).SetBytes(b[:]).BitLen() > 64 {
			t.Fatalf("Bytes(%d) = %x, PutBytes %x", a, b, put)
		}
		try(b)
		for k := int64(1); k < 4; k++ {
			v := new(big.Int).Add(big.NewInt(int64(a)), new(big.Int).Mul(big.NewInt(k), bigN))
			var e [32]byte
			v.FillBytes(e[:])
			try(e)
		}
	}
	for i := range 32 {
		for _, v := range []byte{1, 0x80, 0xFF} {
			var b [32]byte
			b[i] = v
			try(b)
		}
	}
	var ones [32]byte
	for i := range ones {
		ones[i] = 0xFF
	}
	try(ones)
	for range testutil.Iters(1000, 10000) {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if r.IntN(2) == 0 {
			clear(b[:r.IntN(32)]) // short values, near N
		}
		try(b)
	}
}

// TestExhaustiveScalarWNAF checks WNAFVarTime (the code the normal build
// runs too) on every value and every width the callers use: odd digits in
// range, separated by at least w-1 zeros, summing to the value.
func TestExhaustiveScalarWNAF(t *testing.T) {
	for a := range uint64(order) {
		x := small(a)
		for w := uint(2); w <= 16; w++ {
			for _, n := range []int{10, 130} {
				out := make([]int32, n)
				l := x.WNAFVarTime(out, w)
				var sum int64
				last := -1
				for i, d := range out {
					if d == 0 {
						continue
					}
					if d%2 == 0 || d >= 1<<(w-1) || d <= -(1<<(w-1)) {
						t.Fatalf("WNAF(%d, w=%d): digit %d at %d", a, w, d, i)
					}
					if last >= 0 && i-last < int(w) {
						t.Fatalf("WNAF(%d, w=%d): digits at %d and %d", a, w, last, i)
					}
					last = i
					sum += int64(d) << i
				}
				if sum != int64(a) || l != last+1 {
					t.Fatalf("WNAF(%d, w=%d) sums to %d, length %d (last digit %d)", a, w, sum, l, last)
				}
			}
		}
	}
}
