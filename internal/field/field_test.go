package field

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

var bigP = testutil.P

func toBig(v *Element) *big.Int {
	b := v.Bytes()
	return new(big.Int).SetBytes(b[:])
}

func fromBig(x *big.Int) *Element {
	var b [32]byte
	new(big.Int).Mod(x, bigP).FillBytes(b[:])
	var v Element
	if v.SetCanonicalBytes(&b) != 1 {
		panic("non-canonical")
	}
	return &v
}

// edgeInts are the values every test must cover: 0, 1, p-1, p, 2^256-1 and
// neighbours (p and above are reduced when loaded through SetBytes).
func edgeInts() []*big.Int {
	one := big.NewInt(1)
	two256 := new(big.Int).Lsh(one, 256)
	var out []*big.Int
	for _, s := range []string{"0", "1", "2", "3"} {
		x, _ := new(big.Int).SetString(s, 10)
		out = append(out, x)
	}
	for _, d := range []int64{-3, -2, -1, 0, 1, 2} {
		out = append(out, new(big.Int).Add(bigP, big.NewInt(d)))
	}
	out = append(out, new(big.Int).Sub(two256, one))
	out = append(out, new(big.Int).Sub(two256, big.NewInt(2)))
	out = append(out, new(big.Int).Lsh(one, 255))
	out = append(out, new(big.Int).Lsh(one, 64))
	out = append(out, new(big.Int).Sub(new(big.Int).Lsh(one, 64), one))
	out = append(out, new(big.Int).Sub(new(big.Int).Lsh(one, 128), one))
	out = append(out, new(big.Int).Rsh(bigP, 1))
	return out
}

func bytes32(x *big.Int) *[32]byte {
	var b [32]byte
	x.FillBytes(b[:])
	return &b
}

// sampleElements returns edge values (reduced) followed by random ones.
func sampleElements(r *rand.Rand, nRandom int) []*Element {
	var out []*Element
	for _, x := range edgeInts() {
		var v Element
		v.SetBytes(bytes32(x))
		out = append(out, &v)
	}
	for range nRandom {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		// Bias some samples towards limbs of all ones or zeros.
		switch r.IntN(4) {
		case 0:
			for i := range 8 {
				b[r.IntN(32)] = 0xff * byte(i&1)
			}
		}
		var v Element
		v.SetBytes(&b)
		out = append(out, &v)
	}
	return out
}

func TestSetBytesCanonical(t *testing.T) {
	for _, x := range edgeInts() {
		canonical := 0
		if x.Cmp(bigP) < 0 {
			canonical = 1
		}
		exp := new(big.Int).Mod(x, bigP)
		var v, u Element
		if ok := v.SetCanonicalBytes(bytes32(x)); ok != canonical {
			t.Errorf("SetCanonicalBytes(%x) ok = %d, want %d", x, ok, canonical)
		}
		if overflow := u.SetBytes(bytes32(x)); overflow != 1^canonical {
			t.Errorf("SetBytes(%x) overflow = %d, want %d", x, overflow, 1^canonical)
		}
		for _, w := range []*Element{&v, &u} {
			if got := toBig(w); got.Cmp(exp) != 0 {
				t.Errorf("SetBytes(%x) = %x, want %x", x, got, exp)
			}
			if b := w.Bytes(); new(big.Int).SetBytes(b[:]).Cmp(bigP) >= 0 {
				t.Errorf("Bytes() not reduced for %x", x)
			}
		}
	}
}

func TestArithmeticVsBig(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleElements(r, testutil.Iters(40, 200))
	for _, a := range xs {
		for _, b := range xs {
			A, B := toBig(a), toBig(b)
			check := func(name string, got *Element, want *big.Int) {
				t.Helper()
				want.Mod(want, bigP)
				if toBig(got).Cmp(want) != 0 {
					t.Fatalf("%s(%x, %x) = %x, want %x", name, A, B, toBig(got), want)
				}
			}
			var v Element
			check("Add", v.Add(a, b), new(big.Int).Add(A, B))
			check("Subtract", v.Subtract(a, b), new(big.Int).Sub(A, B))
			check("Multiply", v.Multiply(a, b), new(big.Int).Mul(A, B))
			if a.Equal(b) != testutil.BoolInt(A.Cmp(B) == 0) {
				t.Fatalf("Equal(%x, %x) wrong", A, B)
			}
		}
		A := toBig(a)
		var v Element
		check := func(name string, got *Element, want *big.Int) {
			t.Helper()
			want.Mod(want, bigP)
			if toBig(got).Cmp(want) != 0 {
				t.Fatalf("%s(%x) = %x, want %x", name, A, toBig(got), want)
			}
		}
		check("Square", v.Square(a), new(big.Int).Mul(A, A))
		check("Negate", v.Negate(a), new(big.Int).Neg(A))
		check("Double", v.Double(a), new(big.Int).Lsh(A, 1))
		half := new(big.Int).ModInverse(big.NewInt(2), bigP)
		check("Halve", v.Halve(a), new(big.Int).Mul(A, half))
		check("MulInt(21)", v.MulInt(a, 21), new(big.Int).Mul(A, big.NewInt(21)))
		check("MulInt(2^32-1)", v.MulInt(a, 1<<32-1), new(big.Int).Mul(A, big.NewInt(1<<32-1)))
		inv := new(big.Int).ModInverse(A, bigP)
		if inv == nil {
			inv = new(big.Int)
		}
		check("Invert", v.Invert(a), new(big.Int).Set(inv))
		check("InvertVarTime", v.InvertVarTime(a), new(big.Int).Set(inv))
		check("invertFermat", v.invertFermat(a), new(big.Int).Set(inv))
		if a.IsZero() != testutil.BoolInt(A.Sign() == 0) || a.IsOdd() != int(A.Bit(0)) {
			t.Fatalf("IsZero/IsOdd wrong for %x", A)
		}
		// Square root: a is a square iff a^((p-1)/2) != p-1.
		e := new(big.Int).Rsh(bigP, 1)
		isSquare := new(big.Int).Exp(A, e, bigP).Cmp(new(big.Int).Sub(bigP, big.NewInt(1))) != 0
		var s Element
		ok := s.Sqrt(a)
		if ok != testutil.BoolInt(isSquare) {
			t.Fatalf("Sqrt(%x) ok = %d, want %v", A, ok, isSquare)
		}
		want := new(big.Int).Set(A)
		if !isSquare {
			want.Neg(want)
		}
		check("Sqrt²", v.Square(&s), want)
	}
}

func TestSelectCondNegate(t *testing.T) {
	r := testutil.Rand(t)
	xs := sampleElements(r, 4)
	a, b := xs[len(xs)-1], xs[len(xs)-2]
	var v Element
	if v.Select(a, b, 1).Equal(a) != 1 || v.Select(a, b, 0).Equal(b) != 1 {
		t.Fatal("Select")
	}
	var n Element
	n.Negate(a)
	if v.CondNegate(a, 1).Equal(&n) != 1 || v.CondNegate(a, 0).Equal(a) != 1 {
		t.Fatal("CondNegate")
	}
}

func TestBatchInvert(t *testing.T) {
	r := testutil.Rand(t)
	in := make([]Element, 0, 20)
	for _, x := range sampleElements(r, 8) {
		in = append(in, *x)
	}
	out := make([]Element, len(in))
	scratch := make([]Element, len(in))
	BatchInvertVarTime(out, in, scratch)
	for i := range in {
		var want Element
		want.Invert(&in[i])
		if out[i].Equal(&want) != 1 {
			t.Fatalf("BatchInvertVarTime[%d] wrong", i)
		}
	}
	// In place.
	BatchInvertVarTime(in, in, scratch)
	for i := range in {
		if in[i].Equal(&out[i]) != 1 {
			t.Fatalf("in-place BatchInvertVarTime[%d] wrong", i)
		}
	}
}

func TestLimbsRoundTrip(t *testing.T) {
	r := testutil.Rand(t)
	for _, x := range sampleElements(r, 10) {
		l := x.Limbs()
		var v Element
		if v.SetLimbs(&l).Equal(x) != 1 {
			t.Fatal("SetLimbs(Limbs()) mismatch")
		}
	}
}

func TestZeroAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	var a, b Element
	a.SetUint64(12345)
	b.SetUint64(67890)
	n := testing.AllocsPerRun(10, func() {
		a.Multiply(&a, &b)
		a.Square(&a)
		a.Invert(&a)
		a.Sqrt(&a)
	})
	if n != 0 {
		t.Fatalf("allocs = %v, want 0", n)
	}
}
