package field

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// The lane kernels are compared lane for lane with the scalar Element code,
// on edge values (every element of edgeInts and kernelEdgeInts, and the
// unreduced values at the bounds of form N) and random ones, in every
// combination of lanes, and their results are checked to be in form N.

// skipNoLanes skips the test, with the reason, where the lane kernels
// cannot run.
func skipNoLanes(t testing.TB) {
	t.Helper()
	if !LanesEnabled() {
		t.Skip("the AVX-512 IFMA lane kernels do not run here (CPU without AVX-512F and IFMA, -tags purego, or not amd64): only the scalar path is tested")
	}
}

const (
	m52 = 1<<52 - 1
	// formNLimb4 is the bound of limb 4 in form N.
	formNLimb4 = 1<<48 + 1<<12
)

// formNMax is the largest value in form N, 2^256 + 2^220 - 1.
var formNMax = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(formNLimb4), 208), big.NewInt(1))

// laneEdgeInts are the edge values of the field tests and, beyond p, the
// unreduced inputs that form N admits: p and its neighbours, 2^256 - 1,
// 2^256 and above up to formNMax, and limbs at their bounds.
func laneEdgeInts() []*big.Int {
	one := big.NewInt(1)
	two256 := new(big.Int).Lsh(one, 256)
	out := append(edgeInts(), kernelEdgeInts()...)
	for _, d := range []int64{0, 1, 2, c, 1 << 40} {
		out = append(out, new(big.Int).Add(two256, big.NewInt(d)))
		out = append(out, new(big.Int).Sub(formNMax, big.NewInt(d)))
	}
	// limb 4 at its bound with the low limbs zero, p + 2^220 - 1, and all
	// low limbs at 2^52 - 1 with limb 4 = 2^48 (just above 2^256).
	out = append(out, new(big.Int).Lsh(big.NewInt(formNLimb4-1), 208))
	out = append(out, new(big.Int).Add(bigP, new(big.Int).Sub(new(big.Int).Lsh(one, 220), one)))
	out = append(out, new(big.Int).Add(two256, new(big.Int).Sub(new(big.Int).Lsh(one, 208), one)))
	for _, x := range out {
		if x.Sign() < 0 || x.Cmp(formNMax) > 0 {
			panic("lane edge value outside form N")
		}
	}
	return out
}

// randFormN returns a random value in form N: mostly reduced values, and
// sometimes values up to formNMax or with extreme limbs.
func randFormN(r *rand.Rand) *big.Int {
	var l [5]uint64
	switch r.IntN(4) {
	case 0: // any value of form N
		for i := range 4 {
			l[i] = r.Uint64() & m52
		}
		l[4] = r.Uint64N(formNLimb4)
	case 1: // limbs near their bounds
		for i := range 4 {
			l[i] = m52 - r.Uint64N(4)
		}
		l[4] = formNLimb4 - 1 - r.Uint64N(1<<13)
	default: // reduced
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		x := new(big.Int).SetBytes(b[:])
		return x.Mod(x, bigP)
	}
	return limbsToBig(l)
}

func limbsToBig(l [5]uint64) *big.Int {
	x := new(big.Int)
	for i := 4; i >= 0; i-- {
		x.Lsh(x, 52).Or(x, new(big.Int).SetUint64(l[i]))
	}
	return x
}

// setLane sets lane j of v to x, which must be in form N.
func (v *Lanes) setLane(j int, x *big.Int) {
	if x.Sign() < 0 || x.Cmp(formNMax) > 0 {
		panic("setLane: value outside form N")
	}
	y := new(big.Int).Set(x)
	mask := new(big.Int).SetUint64(m52)
	for i := range 4 {
		v.l[i][j] = new(big.Int).And(y, mask).Uint64()
		y.Rsh(y, 52)
	}
	v.l[4][j] = y.Uint64()
}

// lane returns the limbs of lane j of v.
func (v *Lanes) lane(j int) [5]uint64 {
	var l [5]uint64
	for i := range l {
		l[i] = v.l[i][j]
	}
	return l
}

// checkFormN fails unless every lane of v is in form N and congruent to
// want[j] modulo p.
func checkFormN(t *testing.T, op string, v *Lanes, want *[8]Element, in ...*Lanes) {
	t.Helper()
	for j := range 8 {
		l := v.lane(j)
		inForm := l[0] <= m52 && l[1] <= m52 && l[2] <= m52 && l[3] <= m52 && l[4] < formNLimb4
		got := limbsToBig(l)
		got.Mod(got, bigP)
		if !inForm || got.Cmp(toBig(&want[j])) != 0 {
			var args [][5]uint64
			for _, a := range in {
				args = append(args, a.lane(j))
			}
			t.Fatalf("%s lane %d of %x = %x (form N: %v), want %x mod p", op, j, args, l, inForm, toBig(&want[j]))
		}
	}
}

// laneSamples returns the lane edge values followed by n random values
// in form N.
func laneSamples(t *testing.T, n int) []*big.Int {
	r := testutil.Rand(t)
	xs := laneEdgeInts()
	for range n {
		xs = append(xs, randFormN(r))
	}
	return xs
}

// lanesOf packs xs[k..k+8) (cyclically) into Lanes and the reduced scalar
// elements.
func lanesOf(xs []*big.Int, k int) (Lanes, [8]Element) {
	var v Lanes
	var e [8]Element
	for j := range 8 {
		x := xs[(k+j)%len(xs)]
		v.setLane(j, x)
		e[j] = *fromBig(x)
	}
	return v, e
}

// TestLanesVsScalar checks every lane kernel against the Element code, for
// the pairs (xs[i], xs[k]) of sample values in all combinations: lane j
// of a holds xs[i+j] and lane j of b holds xs[k+j].
func TestLanesVsScalar(t *testing.T) {
	skipNoLanes(t)
	xs := laneSamples(t, testutil.Iters(24, 100))
	for i := range xs {
		a, ae := lanesOf(xs, i)
		for k := range xs {
			b, be := lanesOf(xs, k)
			var got Lanes
			var want [8]Element
			for j := range 8 {
				want[j].Multiply(&ae[j], &be[j])
			}
			checkFormN(t, "Mul", got.MulVarTime(&a, &b), &want, &a, &b)
			for j := range 8 {
				want[j].Add(&ae[j], &be[j])
			}
			checkFormN(t, "Add", got.AddVarTime(&a, &b), &want, &a, &b)
			for j := range 8 {
				want[j].Subtract(&ae[j], &be[j])
			}
			checkFormN(t, "Sub", got.SubVarTime(&a, &b), &want, &a, &b)
		}
		var got Lanes
		var want [8]Element
		for j := range 8 {
			want[j].Square(&ae[j])
		}
		checkFormN(t, "Square", got.SquareVarTime(&a), &want, &a)
		for _, n := range []int{1, 2, 3, 7, 22} {
			for j := range 8 {
				want[j].squareN(&ae[j], n)
			}
			checkFormN(t, "SquareN", got.SquareNVarTime(&a, n), &want, &a)
		}
		checkFormN(t, "SquareN(0)", got.SquareNVarTime(&a, 0), &ae, &a)
		x := xs[i].Uint64() // the low 64 bits
		for j := range 8 {
			want[j].SetUint64(x)
		}
		checkFormN(t, "SetUint64", got.SetUint64VarTime(x), &want)
		for j := range 8 {
			want[j].Negate(&ae[j])
		}
		checkFormN(t, "Negate", got.NegateVarTime(&a), &want, &a)
		// Normalize reduces fully: the limbs are those of the reduced value.
		got.NormalizeVarTime(&a)
		for j := range 8 {
			var w Lanes
			w.setLane(j, toBig(&ae[j]))
			if got.lane(j) != w.lane(j) {
				t.Fatalf("Normalize lane %d of %x = %x, want %x", j, a.lane(j), got.lane(j), w.lane(j))
			}
		}
		// Elements reduces fully.
		var out [8]Element
		a.ElementsVarTime(&out)
		for j := range 8 {
			if out[j] != ae[j] || !LessThanP(&out[j].l) {
				t.Fatalf("Elements lane %d of %x = %x, want %x", j, a.lane(j), out[j].l, ae[j].l)
			}
		}
	}
}

// TestLanesAliasing checks the kernels with the receiver aliasing an
// argument.
func TestLanesAliasing(t *testing.T) {
	skipNoLanes(t)
	xs := laneSamples(t, 16)
	a, _ := lanesOf(xs, 3)
	b, _ := lanesOf(xs, 11)
	for _, op := range []struct {
		name string
		f    func(v, a, b *Lanes) *Lanes
	}{
		{"Mul", (*Lanes).MulVarTime},
		{"Add", (*Lanes).AddVarTime},
		{"Sub", (*Lanes).SubVarTime},
		{"Square", func(v, a, _ *Lanes) *Lanes { return v.SquareVarTime(a) }},
		{"Negate", func(v, a, _ *Lanes) *Lanes { return v.NegateVarTime(a) }},
		{"Normalize", func(v, a, _ *Lanes) *Lanes { return v.NormalizeVarTime(a) }},
		{"SquareN", func(v, a, _ *Lanes) *Lanes { return v.SquareNVarTime(a, 5) }},
	} {
		var want Lanes
		op.f(&want, &a, &b)
		x, y := a, b
		if op.f(&x, &x, &y); x != want {
			t.Errorf("%s with v = a: %x, want %x", op.name, x.l, want.l)
		}
		x, y = a, b
		if op.f(&y, &x, &y); y != want {
			t.Errorf("%s with v = b: %x, want %x", op.name, y.l, want.l)
		}
		x = a
		var same Lanes
		op.f(&same, &a, &a)
		if op.f(&x, &x, &x); x != same {
			t.Errorf("%s with v = a = b: %x, want %x", op.name, x.l, same.l)
		}
	}
}

// TestLanesConversion checks that SetElementsVarTime and ElementsVarTime
// round-trip every element, lane by lane.
func TestLanesConversion(t *testing.T) {
	skipNoLanes(t)
	xs := sampleElements(testutil.Rand(t), testutil.Iters(64, 512))
	for k := 0; k < len(xs); k += 8 {
		var in, out [8]Element
		for j := range 8 {
			in[j] = *xs[(k+j)%len(xs)]
		}
		var v Lanes
		v.SetElementsVarTime(&in)
		for j := range 8 {
			l := v.lane(j)
			var want Lanes
			want.setLane(j, toBig(&in[j]))
			if l != want.lane(j) {
				t.Fatalf("SetElements lane %d of %x = %x, want %x", j, in[j].l, l, want.lane(j))
			}
		}
		v.ElementsVarTime(&out)
		if out != in {
			t.Fatalf("round trip of %x gave %x", in, out)
		}
	}
}

// TestLanesSqrt checks SqrtVarTime against Element.Sqrt: the same root and
// the same answer whether a root exists, on edge values (0, 1, p - 1, which
// is not a square, and the unreduced ones) and random ones.
func TestLanesSqrt(t *testing.T) {
	skipNoLanes(t)
	xs := laneSamples(t, testutil.Iters(16, 120))
	squares := 0
	for k := 0; k < len(xs); k += 8 {
		a, ae := lanesOf(xs, k)
		var want [8]Element
		var wantOK [8]int
		for j := range 8 {
			wantOK[j] = want[j].Sqrt(&ae[j])
			squares += wantOK[j]
		}
		var r Lanes
		// Assigned in a closure: with -tags purego the lane methods panic
		// (the test skips before), and staticcheck would see ok unused.
		var ok uint8
		func() { ok = r.SqrtVarTime(&a) }()
		var roots [8]Element
		r.ElementsVarTime(&roots)
		for j := range 8 {
			if roots[j] != want[j] || int(ok>>j&1) != wantOK[j] {
				t.Fatalf("Sqrt lane %d of %x = %x (ok %d), want %x (ok %d)", j, a.lane(j), roots[j].l, ok>>j&1, want[j].l, wantOK[j])
			}
		}
	}
	if squares == 0 || squares == len(xs)+(8-len(xs)%8)%8 {
		t.Errorf("%d squares among the samples: both cases must be tested", squares)
	}
	// SqrtsVarTime on 1..7 sets of lanes at once (one, two and three
	// interleaved chains, and their mixtures), each against SqrtVarTime,
	// with v aliasing a for even counts.
	for n := 1; n <= 7; n++ {
		a := make([]Lanes, n)
		for i := range a {
			a[i], _ = lanesOf(xs, 8*i+n)
		}
		want := make([]Lanes, n)
		wantOK := make([]uint8, n)
		for i := range a {
			wantOK[i] = want[i].SqrtVarTime(&a[i])
		}
		v := make([]Lanes, n)
		if n%2 == 0 {
			copy(v, a)
			a = v
		}
		ok := make([]uint8, n+1)
		ok[n] = 0xA5
		SqrtsVarTime(v, ok, a)
		for i := range v {
			if v[i] != want[i] || ok[i] != wantOK[i] {
				t.Fatalf("Sqrts of %d sets, set %d: %x ok %08b, want %x ok %08b", n, i, v[i].l, ok[i], want[i].l, wantOK[i])
			}
		}
		if ok[n] != 0xA5 {
			t.Fatalf("Sqrts of %d sets wrote ok past len(a)", n)
		}
	}
	if n := testing.AllocsPerRun(3, func() {
		var v, a [4]Lanes
		var ok [4]uint8
		SqrtsVarTime(v[:], ok[:], a[:])
	}); n != 0 {
		t.Errorf("SqrtsVarTime: %v allocations", n)
	}
}

// FuzzLanes compares the lane kernels with the Element code on eight pairs
// of values in form N taken from the input (each limb masked to its bound).
func FuzzLanes(f *testing.F) {
	f.Add(make([]byte, 2*8*40), uint8(3))
	edge := laneEdgeInts()
	seed := make([]byte, 2*8*40)
	for k := range 16 {
		x := edge[k*3%len(edge)]
		var l Lanes
		l.setLane(0, x)
		for i := range 5 {
			v := l.l[i][0]
			for b := range 8 {
				seed[k*40+i*8+b] = byte(v >> (8 * b))
			}
		}
	}
	f.Add(seed, uint8(1))
	f.Fuzz(func(t *testing.T, in []byte, n uint8) {
		skipNoLanes(t)
		buf := make([]byte, 2*8*40)
		copy(buf, in)
		var a, b Lanes
		var ae, be [8]Element
		for k := range 16 {
			var l [5]uint64
			for i := range 5 {
				for bi := range 8 {
					l[i] |= uint64(buf[k*40+i*8+bi]) << (8 * bi)
				}
				l[i] &= m52
			}
			l[4] %= formNLimb4
			x := limbsToBig(l)
			if k < 8 {
				a.setLane(k, x)
				ae[k] = *fromBig(x)
			} else {
				b.setLane(k-8, x)
				be[k-8] = *fromBig(x)
			}
		}
		var got Lanes
		var want [8]Element
		for j := range 8 {
			want[j].Multiply(&ae[j], &be[j])
		}
		checkFormN(t, "Mul", got.MulVarTime(&a, &b), &want, &a, &b)
		for j := range 8 {
			want[j].Add(&ae[j], &be[j])
		}
		checkFormN(t, "Add", got.AddVarTime(&a, &b), &want, &a, &b)
		for j := range 8 {
			want[j].Subtract(&ae[j], &be[j])
		}
		checkFormN(t, "Sub", got.SubVarTime(&a, &b), &want, &a, &b)
		sq := int(n%32) + 1
		for j := range 8 {
			want[j].squareN(&ae[j], sq)
		}
		checkFormN(t, "SquareN", got.SquareNVarTime(&a, sq), &want, &a)
		for j := range 8 {
			want[j].Negate(&ae[j])
		}
		checkFormN(t, "Negate", got.NegateVarTime(&a), &want, &a)
		var out [8]Element
		a.ElementsVarTime(&out)
		if out != ae {
			t.Fatalf("Elements(%x) = %x, want %x", a.l, out, ae)
		}
	})
}
