package field

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// dirty returns an element with every limb set, to be overwritten.
func dirty() Element {
	return Element{l: [4]uint64{0x1111111111111111, 0x2222222222222222, 0x3333333333333333, 0x4444444444444444}}
}

// TestSettersOverwrite checks that Zero, One, SetUint64, Set and SetLimbs
// write every limb of a receiver that held another value, and that
// SetLimbs reduces limbs at and above p.
func TestSettersOverwrite(t *testing.T) {
	check := func(name string, got *Element, want *big.Int) {
		t.Helper()
		if toBig(got).Cmp(want) != 0 || !LessThanP(&got.l) {
			t.Errorf("%s = %x (limbs %x), want %x", name, toBig(got), got.l, want)
		}
	}
	v := dirty()
	check("Zero", v.Zero(), big.NewInt(0))
	v = dirty()
	check("One", v.One(), big.NewInt(1))
	for _, x := range []uint64{0, 1, 977, 1 << 63, ^uint64(0)} {
		v = dirty()
		check("SetUint64", v.SetUint64(x), new(big.Int).SetUint64(x))
	}
	a := fromBig(new(big.Int).Sub(bigP, big.NewInt(5)))
	v = dirty()
	check("Set", v.Set(a), toBig(a))
	// SetLimbs of p + k for k up to c - 1 (the largest 256-bit value,
	// 2^256 - 1, is p + c - 1) gives k.
	for _, k := range []int64{0, 1, 16, 0xFFFF, c - 1} {
		l := limbsOf(new(big.Int).Add(bigP, big.NewInt(k)))
		v = dirty()
		check("SetLimbs(p+k)", v.SetLimbs(&l), big.NewInt(k))
	}
}

// TestSetBytesAboveP checks SetBytes on random values in [p, 2^256), every
// one of which is reduced by one subtraction of p, against math/big.
func TestSetBytesAboveP(t *testing.T) {
	r := testutil.Rand(t)
	for range testutil.Iters(200, 2000) {
		k := new(big.Int).SetUint64(r.Uint64N(c))
		x := new(big.Int).Add(bigP, k)
		var v Element
		if v.SetBytes(bytes32(x)) != 1 || toBig(&v).Cmp(k) != 0 {
			t.Fatalf("SetBytes(p + %x) = %x, want %x", k, toBig(&v), k)
		}
	}
}

// TestEqualIsZeroByLimb checks IsZero and Equal on values that differ from
// zero, or from each other, in one limb only: each limb is compared.
func TestEqualIsZeroByLimb(t *testing.T) {
	for i := range 4 {
		for _, x := range []uint64{1, 1 << 63, ^uint64(0) >> 1} {
			var v Element
			v.l[i] = x
			if v.IsZero() != 0 {
				t.Errorf("IsZero(limb %d = %x) = 1", i, x)
			}
			var zero Element
			if v.Equal(&zero) != 0 || zero.Equal(&v) != 0 {
				t.Errorf("Equal(0, limb %d = %x) = 1", i, x)
			}
			w := v
			if v.Equal(&w) != 1 {
				t.Errorf("Equal(v, copy of v) = 0 for limb %d = %x", i, x)
			}
		}
	}
}

// TestLessThanP checks LessThanP at p and its neighbours and on each limb.
func TestLessThanP(t *testing.T) {
	one := big.NewInt(1)
	cases := []*big.Int{
		big.NewInt(0), one, new(big.Int).Sub(bigP, one), bigP, new(big.Int).Add(bigP, one),
		new(big.Int).Sub(new(big.Int).Lsh(one, 256), one),
		new(big.Int).Lsh(one, 64), new(big.Int).Lsh(one, 128), new(big.Int).Lsh(one, 192),
		new(big.Int).Sub(bigP, new(big.Int).Lsh(one, 64)), new(big.Int).Sub(bigP, new(big.Int).Lsh(one, 128)),
		new(big.Int).Sub(bigP, new(big.Int).Lsh(one, 192)),
	}
	for _, x := range cases {
		l := limbsOf(x)
		if got, want := LessThanP(&l), x.Cmp(bigP) < 0; got != want {
			t.Errorf("LessThanP(%x) = %v, want %v", x, got, want)
		}
	}
}

// TestMulIntCarry checks MulInt where the top limbs' product carries into
// the fifth limb: a3·k ≡ -1 (mod 2^64) and a2 = 2^64 - 1, so that
// lo(a3·k) + hi(a2·k) overflows; random values almost never do.
func TestMulIntCarry(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	used := 0
	for _, k := range []int64{3, 977, 0x10001, 1<<32 - 1, 1<<32 - 5} {
		// a3 = -1/k mod 2^64.
		a3 := new(big.Int).ModInverse(big.NewInt(k), two64)
		a3.Sub(two64, a3)
		a := new(big.Int).Lsh(a3, 192)
		a.Add(a, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 192), big.NewInt(1)))
		if a.Cmp(bigP) >= 0 {
			continue
		}
		used++
		var v Element
		want := new(big.Int).Mul(a, big.NewInt(k))
		want.Mod(want, bigP)
		if got := toBig(v.MulInt(fromBig(a), uint64(k))); got.Cmp(want) != 0 {
			t.Errorf("MulInt(%x, %d) = %x, want %x", a, k, got, want)
		}
	}
	if used < 3 {
		t.Fatalf("only %d multipliers gave a value below p", used)
	}
}

// TestReduce512VsBig checks reduce512 (which MulInt calls with the top
// three limbs zero) on full 512-bit inputs against math/big: random ones,
// products of the edge values (which take each reduction path, see
// TestReductionPaths), and limbs of all ones.
func TestReduce512VsBig(t *testing.T) {
	r := testutil.Rand(t)
	var ins []*big.Int
	xs := kernelEdgeInts()
	for _, a := range xs {
		for _, b := range xs {
			ins = append(ins, new(big.Int).Mul(a, b))
		}
	}
	two512 := new(big.Int).Lsh(big.NewInt(1), 512)
	ins = append(ins, new(big.Int).Sub(two512, big.NewInt(1)))
	for range testutil.Iters(200, 2000) {
		var b [64]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		ins = append(ins, new(big.Int).SetBytes(b[:]))
	}
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	for _, x := range ins {
		lo := limbsOf(new(big.Int).And(x, mask))
		hi := limbsOf(new(big.Int).Rsh(x, 256))
		v := dirty()
		v.reduce512(lo[0], lo[1], lo[2], lo[3], hi[0], hi[1], hi[2], hi[3])
		want := new(big.Int).Mod(x, bigP)
		if toBig(&v).Cmp(want) != 0 || !LessThanP(&v.l) {
			t.Fatalf("reduce512(%x) = %x (limbs %x), want %x", x, toBig(&v), v.l, want)
		}
	}
}
