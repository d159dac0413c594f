//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package scalar

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

var (
	bigN   = testutil.N
	bigOne = big.NewInt(1)
	two256 = new(big.Int).Lsh(bigOne, 256)
)

func toBig(s *Scalar) *big.Int {
	b := s.Bytes()
	return new(big.Int).SetBytes(b[:])
}

// fromBig returns x mod n as a Scalar.
func fromBig(x *big.Int) *Scalar {
	var s Scalar
	if s.SetCanonicalBytes(bytes32(new(big.Int).Mod(x, bigN))) != 1 {
		panic("non-canonical")
	}
	return &s
}

// bytes32 returns the 32-byte big-endian encoding of 0 <= x < 2^256.
func bytes32(x *big.Int) *[32]byte {
	var b [32]byte
	x.FillBytes(b[:])
	return &b
}

func hexInt(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic(s)
	}
	return x
}

// edgeInts are the special values below 2^256 every test covers: 0, 1, n-1,
// n, n+1, 2^256-1, (n-1)/2, (n+1)/2 and their neighbours, powers of two,
// limb boundaries.
func edgeInts() []*big.Int {
	var out []*big.Int
	for _, k := range []int64{0, 1, 2, 3} {
		out = append(out, big.NewInt(k))
	}
	for _, d := range []int64{-3, -2, -1, 0, 1, 2, 3} {
		out = append(out, new(big.Int).Add(bigN, big.NewInt(d)))
	}
	half := new(big.Int).Rsh(bigN, 1) // (n-1)/2
	for _, d := range []int64{-1, 0, 1, 2} {
		out = append(out, new(big.Int).Add(half, big.NewInt(d)))
	}
	for _, d := range []int64{1, 2, 3} {
		out = append(out, new(big.Int).Sub(two256, big.NewInt(d)))
	}
	for _, k := range []uint{63, 64, 127, 128, 129, 191, 192, 255} {
		pk := new(big.Int).Lsh(bigOne, k)
		out = append(out, pk, new(big.Int).Sub(pk, bigOne))
	}
	// 2^256 - n (nc) and its neighbours.
	nc := new(big.Int).Sub(two256, bigN)
	out = append(out, nc, new(big.Int).Sub(nc, bigOne), new(big.Int).Add(nc, bigOne))
	return out
}

// randInt returns a random integer below 2^256, sometimes biased towards
// limbs of all zeros or ones and towards values near n.
func randInt(r *rand.Rand) *big.Int {
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	switch r.IntN(6) {
	case 0:
		for i := 0; i < 32; i += 8 {
			switch r.IntN(3) {
			case 0:
				clear(b[i : i+8])
			case 1:
				for j := i; j < i+8; j++ {
					b[j] = 0xff
				}
			}
		}
	case 1:
		d := new(big.Int).SetBytes(b[:16])
		x := new(big.Int).Add(bigN, d.Sub(d, new(big.Int).Lsh(bigOne, 127)))
		return x
	case 2:
		x := new(big.Int).SetBytes(b[:])
		return x.Rsh(x, uint(r.IntN(256)))
	}
	return new(big.Int).SetBytes(b[:])
}

// sampleScalars returns the edge values (reduced mod n) and nRandom random
// scalars.
func sampleScalars(r *rand.Rand, nRandom int) []*Scalar {
	var out []*Scalar
	for _, x := range edgeInts() {
		out = append(out, fromBig(x))
	}
	for range nRandom {
		out = append(out, fromBig(randInt(r)))
	}
	return out
}

func TestConstants(t *testing.T) {
	n := Scalar{l: [4]uint64{n0, n1, n2, n3}}
	if toBig(&Scalar{l: nLimbs}).Cmp(bigN) != 0 || n.l != nLimbs {
		t.Errorf("n limbs wrong")
	}
	nc := Scalar{l: [4]uint64{nc0, nc1, nc2, 0}}
	if toBig(&nc).Cmp(new(big.Int).Sub(two256, bigN)) != 0 {
		t.Errorf("nc wrong")
	}
	h := Scalar{l: [4]uint64{h0, h1, h2, h3}}
	if toBig(&h).Cmp(new(big.Int).Rsh(bigN, 1)) != 0 {
		t.Errorf("n/2 wrong")
	}
	var nm2 Scalar
	nm2.l = nMinus2
	if toBig(&nm2).Cmp(new(big.Int).Sub(bigN, big.NewInt(2))) != 0 {
		t.Errorf("n-2 wrong")
	}
}

func TestSetBytes(t *testing.T) {
	r := testutil.Rand(t)
	xs := edgeInts()
	for range testutil.Iters(1000, 10000) {
		xs = append(xs, randInt(r))
	}
	for _, x := range xs {
		b := bytes32(x)
		want := new(big.Int).Mod(x, bigN)
		wantOverflow := 0
		if x.Cmp(bigN) >= 0 {
			wantOverflow = 1
		}
		var s Scalar
		if got := s.SetBytes(b); got != wantOverflow {
			t.Fatalf("SetBytes(%x) overflow = %d, want %d", x, got, wantOverflow)
		}
		if toBig(&s).Cmp(want) != 0 {
			t.Fatalf("SetBytes(%x) = %x, want %x", x, toBig(&s), want)
		}
		// SetCanonicalBytes on a receiver holding garbage.
		c := Scalar{l: [4]uint64{1, 2, 3, 4}}
		if got := c.SetCanonicalBytes(b); got != 1-wantOverflow {
			t.Fatalf("SetCanonicalBytes(%x) = %d, want %d", x, got, 1-wantOverflow)
		}
		if c != s {
			t.Fatalf("SetCanonicalBytes(%x) value differs from SetBytes", x)
		}
		// Encoding round trip, and the limbs are fully reduced.
		enc := s.Bytes()
		if new(big.Int).SetBytes(enc[:]).Cmp(want) != 0 {
			t.Fatalf("Bytes(%x) wrong", want)
		}
		var put [32]byte
		s.PutBytes(&put)
		if put != enc {
			t.Fatalf("PutBytes differs from Bytes")
		}
		l := s.Limbs()
		var fromLimbs big.Int
		for i := 3; i >= 0; i-- {
			fromLimbs.Lsh(&fromLimbs, 64).Or(&fromLimbs, new(big.Int).SetUint64(l[i]))
		}
		if fromLimbs.Cmp(want) != 0 {
			t.Fatalf("Limbs(%x) wrong", want)
		}
	}
}

func TestSimpleSetters(t *testing.T) {
	s := Scalar{l: [4]uint64{5, 6, 7, 8}}
	if s.Zero(); s.IsZero() != 1 || toBig(&s).Sign() != 0 || s != (Scalar{}) {
		t.Errorf("Zero")
	}
	if s.One(); toBig(&s).Cmp(bigOne) != 0 {
		t.Errorf("One")
	}
	for _, x := range []uint64{0, 1, 2, 1 << 63, ^uint64(0)} {
		s.SetUint64(x)
		if toBig(&s).Cmp(new(big.Int).SetUint64(x)) != 0 {
			t.Errorf("SetUint64(%d)", x)
		}
		var c Scalar
		if c.Set(&s); c != s {
			t.Errorf("Set")
		}
	}
}

func TestArithmeticVsBig(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleScalars(r, testutil.Iters(150, 600))
	half := new(big.Int).Rsh(bigN, 1)
	for i, a := range xs {
		ba := toBig(a)
		// Unary operations and predicates.
		var got Scalar
		check := func(op string, got *Scalar, want *big.Int) {
			t.Helper()
			want = new(big.Int).Mod(want, bigN)
			if toBig(got).Cmp(want) != 0 {
				t.Fatalf("%s(%x) = %x, want %x", op, ba, toBig(got), want)
			}
		}
		check("Negate", got.Negate(a), new(big.Int).Neg(ba))
		check("Square", got.Square(a), new(big.Int).Mul(ba, ba))
		inv := new(big.Int).ModInverse(ba, bigN)
		if inv == nil {
			inv = new(big.Int)
		}
		check("Invert", got.Invert(a), inv)
		check("InvertVarTime", got.InvertVarTime(a), inv)
		check("CondNegate1", got.CondNegate(a, 1), new(big.Int).Neg(ba))
		check("CondNegate0", got.CondNegate(a, 0), ba)
		if a.IsZero() != testutil.BoolInt(ba.Sign() == 0) ||
			a.IsOdd() != int(ba.Bit(0)) || a.IsHigh() != testutil.BoolInt(ba.Cmp(half) > 0) || a.Equal(a) != 1 {
			t.Fatalf("predicates wrong for %x", ba)
		}
		// Binary operations against a window of the other samples (all edge
		// pairs are covered).
		for j := 0; j < len(xs); j++ {
			if j > 40 && (j+i)%7 != 0 {
				continue
			}
			b := xs[j]
			bb := toBig(b)
			check2 := func(op string, got *Scalar, want *big.Int) {
				t.Helper()
				want = new(big.Int).Mod(want, bigN)
				if toBig(got).Cmp(want) != 0 {
					t.Fatalf("%s(%x, %x) = %x, want %x", op, ba, bb, toBig(got), want)
				}
			}
			check2("Add", got.Add(a, b), new(big.Int).Add(ba, bb))
			check2("Subtract", got.Subtract(a, b), new(big.Int).Sub(ba, bb))
			check2("Multiply", got.Multiply(a, b), new(big.Int).Mul(ba, bb))
			check2("Select1", got.Select(a, b, 1), ba)
			check2("Select0", got.Select(a, b, 0), bb)
			if a.Equal(b) != testutil.BoolInt(ba.Cmp(bb) == 0) {
				t.Fatalf("Equal(%x, %x) wrong", ba, bb)
			}
		}
	}
}

func TestIsHighBoundary(t *testing.T) {
	half := new(big.Int).Rsh(bigN, 1) // (n-1)/2, the largest low value
	for _, tc := range []struct {
		x    *big.Int
		high int
	}{
		{big.NewInt(0), 0},
		{big.NewInt(1), 0},
		{new(big.Int).Sub(half, bigOne), 0},
		{half, 0},
		{new(big.Int).Add(half, bigOne), 1}, // (n+1)/2
		{new(big.Int).Add(half, big.NewInt(2)), 1},
		{new(big.Int).Sub(bigN, bigOne), 1},
		{new(big.Int).Lsh(bigOne, 255), 1},
		{new(big.Int).Sub(new(big.Int).Lsh(bigOne, 255), bigOne), 1}, // n/2 < 2^255 - 1
		{new(big.Int).Lsh(bigOne, 254), 0},
	} {
		if got := fromBig(tc.x).IsHigh(); got != tc.high {
			t.Errorf("IsHigh(%x) = %d, want %d", tc.x, got, tc.high)
		}
		// s and -s are on opposite sides unless s = 0.
		if tc.x.Sign() != 0 {
			var neg Scalar
			neg.Negate(fromBig(tc.x))
			if neg.IsHigh() == tc.high {
				t.Errorf("IsHigh(-%x) = IsHigh(%x)", tc.x, tc.x)
			}
		}
	}
}

func TestBits(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleScalars(r, testutil.Iters(20, 100))
	for _, s := range xs {
		x := toBig(s)
		for offset := uint(0); offset < 260; offset++ {
			for cnt := uint(1); cnt <= 32; cnt++ {
				want := new(big.Int).Rsh(x, offset)
				want.And(want, new(big.Int).Sub(new(big.Int).Lsh(bigOne, cnt), bigOne))
				if got := s.Bits(offset, cnt); uint64(got) != want.Uint64() {
					t.Fatalf("Bits(%x, %d, %d) = %x, want %x", x, offset, cnt, got, want)
				}
			}
		}
	}
}

// TestAliasing checks every operation with the receiver aliasing one or
// both arguments against the non-aliased result.
func TestAliasing(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleScalars(r, testutil.Iters(50, 200))
	type binop func(v, a, b *Scalar) *Scalar
	binops := map[string]binop{
		"Add":      (*Scalar).Add,
		"Subtract": (*Scalar).Subtract,
		"Multiply": (*Scalar).Multiply,
		"Select0":  func(v, a, b *Scalar) *Scalar { return v.Select(a, b, 0) },
		"Select1":  func(v, a, b *Scalar) *Scalar { return v.Select(a, b, 1) },
	}
	unops := map[string]func(v, a *Scalar) *Scalar{
		"Negate":        (*Scalar).Negate,
		"Square":        (*Scalar).Square,
		"Invert":        (*Scalar).Invert,
		"InvertVarTime": (*Scalar).InvertVarTime,
		"invertFermat":  (*Scalar).invertFermat,
		"Set":           (*Scalar).Set,
		"CondNegate0":   func(v, a *Scalar) *Scalar { return v.CondNegate(a, 0) },
		"CondNegate1":   func(v, a *Scalar) *Scalar { return v.CondNegate(a, 1) },
		"mulShift384":   func(v, a *Scalar) *Scalar { return v.mulShift384(a, &g1) },
	}
	for i, a := range xs {
		b := xs[(i*7+3)%len(xs)]
		for name, op := range binops {
			var want Scalar
			op(&want, a, b)
			v := *a
			if op(&v, &v, b); v != want {
				t.Fatalf("%s: v.Op(v, b) differs", name)
			}
			v = *b
			if op(&v, a, &v); v != want {
				t.Fatalf("%s: v.Op(a, v) differs", name)
			}
			op(&want, a, a)
			v = *a
			if op(&v, &v, &v); v != want {
				t.Fatalf("%s: v.Op(v, v) differs", name)
			}
		}
		for name, op := range unops {
			var want Scalar
			op(&want, a)
			v := *a
			if op(&v, &v); v != want {
				t.Fatalf("%s: v.Op(v) differs", name)
			}
		}
	}
}

func TestZeroAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	a := fromBig(hexInt("123456789abcdef0fedcba9876543210123456789abcdef0fedcba9876543210"))
	b := fromBig(hexInt("0fedcba9876543210123456789abcdef0fedcba9876543210123456789abcdef"))
	var out [129]int32
	var enc [32]byte
	for name, f := range map[string]func(){
		"Add":           func() { a.Add(a, b) },
		"Subtract":      func() { a.Subtract(a, b) },
		"Multiply":      func() { a.Multiply(a, b) },
		"Negate":        func() { a.Negate(a) },
		"Invert":        func() { a.Invert(a) },
		"InvertVarTime": func() { a.InvertVarTime(a) },
		"Bytes":         func() { enc = a.Bytes() },
		"SetBytes":      func() { a.SetBytes(&enc) },
		"SplitLambda":   func() { r1, r2 := a.SplitLambda(); r1.AbsHalf(); r2.AbsHalf() },
		"WNAFVarTime":   func() { lo, _ := a.Split128(); lo.WNAFVarTime(out[:], 5) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocs", name, n)
		}
	}
}

func benchScalars() (a, b Scalar) {
	var x, y [32]byte
	for i := range x {
		x[i] = byte(i*7 + 3)
		y[i] = byte(i*13 + 1)
	}
	a.SetBytes(&x)
	b.SetBytes(&y)
	return
}

// BenchmarkScalar measures latency: each op feeds the next.
func BenchmarkScalar(b *testing.B) {
	x, y := benchScalars()
	b.Run("Multiply", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			x.Multiply(&x, &y)
		}
	})
	b.Run("Add", func(b *testing.B) {
		for b.Loop() {
			x.Add(&x, &y)
		}
	})
	b.Run("Invert", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			x.Invert(&x)
		}
	})
	b.Run("InvertVarTime", func(b *testing.B) {
		for b.Loop() {
			x.InvertVarTime(&x)
		}
	})
	b.Run("InvertFermat", func(b *testing.B) {
		for b.Loop() {
			x.invertFermat(&x)
		}
	})
	b.Run("SplitLambda", func(b *testing.B) {
		for b.Loop() {
			r1, _ := x.SplitLambda()
			x.l[0] ^= r1.l[0]
		}
	})
}
