package curve

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

func TestPointArithmeticVsBig(t *testing.T) {
	r := testutil.Rand(t)
	ps := testPoints(r, 8)
	for i, a := range ps {
		for j, b := range ps {
			pa, pb := fromRef(a), fromRef(b)
			check := func(name string, got *Point, want refPoint) {
				t.Helper()
				if !refEqual(toRef(got), want) {
					t.Fatalf("points %d, %d: %s mismatch", i, j, name)
				}
			}
			check("Add", new(Point).Add(pa, pb), refAdd(a, b))
			check("Subtract", new(Point).Subtract(pa, pb), refAdd(a, refNeg(b)))
			check("Double", new(Point).Double(pa), refAdd(a, a))
			check("Negate", new(Point).Negate(pa), refNeg(a))
			check("Set", new(Point).Set(pa), a)
			check("Select(1)", new(Point).Select(pa, pb, 1), a)
			check("Select(0)", new(Point).Select(pa, pb, 0), b)
			if pa.Equal(pb) != testutil.BoolInt(refEqual(a, b)) {
				t.Fatalf("points %d, %d: Equal", i, j)
			}
			// Equal across different representations of the same point.
			sum := new(Point).Add(pa, pb)
			if sum.Equal(fromRef(refAdd(a, b))) != 1 {
				t.Fatalf("points %d, %d: Equal of two representations", i, j)
			}
		}
		if fromRef(a).IsIdentity() != testutil.BoolInt(a == nil) {
			t.Fatalf("point %d: IsIdentity", i)
		}
	}
}

func TestScalarMultVsBig(t *testing.T) {
	r := testutil.Rand(t)
	ps := testPoints(r, 3)
	ks := testScalars(r, 6)
	for i, a := range ps {
		for j, k := range ks {
			p, s := fromRef(a), scalarFromBig(k)
			want := refMul(k, a)
			if !refEqual(toRef(new(Point).ScalarMult(s, p)), want) {
				t.Fatalf("point %d scalar %d: ScalarMult mismatch", i, j)
			}
			// a·P + b·G with b = k+1.
			b := new(big.Int).Add(k, big.NewInt(1))
			want2 := refAdd(want, refMul(b, refG()))
			if !refEqual(toRef(new(Point).VarTimeDoubleScalarBaseMult(s, p, scalarFromBig(b))), want2) {
				t.Fatalf("point %d scalar %d: VarTimeDoubleScalarBaseMult mismatch", i, j)
			}
		}
	}
	for j, k := range ks {
		if !refEqual(toRef(new(Point).ScalarBaseMult(scalarFromBig(k))), refMul(k, refG())) {
			t.Fatalf("scalar %d: ScalarBaseMult mismatch", j)
		}
	}
	// The zero value multiplies like the identity.
	var zero Point
	if new(Point).ScalarMult(scalarFromBig(big.NewInt(5)), &zero).IsIdentity() != 1 {
		t.Fatal("k·(zero value) is not the identity")
	}
}

func TestVarTimeMultiScalarMult(t *testing.T) {
	r := testutil.Rand(t)
	for _, n := range []int{0, 1, 2, 3, 20, 65, 200} {
		var scalars []*Scalar
		var points []*Point
		ps := testPoints(r, 4)
		for i := range n {
			a := ps[i%len(ps)]
			if i%9 == 8 {
				a = refMul(randBig(r, bigN), refG())
			}
			k := randBig(r, bigN)
			if i%5 == 4 {
				k = big.NewInt(0)
			}
			if i%7 == 6 {
				k = new(big.Int).Sub(bigN, big.NewInt(1))
			}
			scalars = append(scalars, scalarFromBig(k))
			points = append(points, fromRef(a))
		}
		if n > 1 {
			points[1] = new(Point) // the zero value: the identity
		}
		got := NewGeneratorPoint().VarTimeMultiScalarMult(scalars, points)
		if !refEqual(toRef(got), recompute(scalars, points)) {
			t.Fatalf("n=%d: VarTimeMultiScalarMult mismatch", n)
		}
	}
	if new(Point).VarTimeMultiScalarMult([]*Scalar{NewScalar()}, nil) != nil {
		t.Fatal("length mismatch accepted")
	}
	if new(Point).VarTimeMultiScalarMult([]*Scalar{nil}, []*Point{new(Point)}) != nil {
		t.Fatal("nil scalar accepted")
	}
}

// recompute is Σ kᵢ·Pᵢ with the math/big reference.
func recompute(scalars []*Scalar, points []*Point) refPoint {
	var sum refPoint
	for i := range scalars {
		sum = refAdd(sum, refMul(bigFromScalar(scalars[i]), toRef(points[i])))
	}
	return sum
}

func TestPointEncoding(t *testing.T) {
	r := testutil.Rand(t)
	for i, a := range testPoints(r, 10) {
		p := fromRef(a)
		u, c := p.BytesUncompressed(), p.BytesCompressed()
		if !bytes.Equal(u, refBytes(a)) {
			t.Fatalf("point %d: BytesUncompressed", i)
		}
		if a == nil {
			if !bytes.Equal(c, []byte{0}) {
				t.Fatal("identity: BytesCompressed")
			}
			if x, err := p.BytesX(); x != nil || !errors.Is(err, ErrIdentity) {
				t.Fatal("identity: BytesX")
			}
			continue
		}
		if len(c) != 33 || c[0] != 2+byte(a.Y.Bit(0)) || !bytes.Equal(c[1:], u[1:33]) {
			t.Fatalf("point %d: BytesCompressed", i)
		}
		if x, err := p.BytesX(); err != nil || !bytes.Equal(x, u[1:33]) {
			t.Fatalf("point %d: BytesX", i)
		}
		for _, enc := range [][]byte{u, c} {
			q, err := new(Point).SetBytes(enc)
			if err != nil || q.Equal(p) != 1 {
				t.Fatalf("point %d: SetBytes(%x) round trip: %v", i, enc, err)
			}
		}
	}
	// The zero value encodes as the identity.
	var zero Point
	if !bytes.Equal(zero.BytesCompressed(), []byte{0}) || !bytes.Equal(zero.BytesUncompressed(), []byte{0}) {
		t.Fatal("zero value encoding")
	}
	if q, err := new(Point).SetBytes([]byte{0}); err != nil || q.IsIdentity() != 1 {
		t.Fatal("SetBytes(0x00)")
	}
}

// expectRejectPoint checks a rejected encoding: nil, an error wrapping
// ErrInvalidEncoding, and the receiver unchanged.
func expectRejectPoint(t *testing.T, b []byte) {
	t.Helper()
	p := NewGeneratorPoint()
	got, err := p.SetBytes(b)
	if got != nil || !errors.Is(err, ErrInvalidEncoding) || p.Equal(NewGeneratorPoint()) != 1 {
		t.Errorf("SetBytes(%x) accepted or changed the receiver (%v)", b, err)
	}
}

func TestPointSetBytesRejects(t *testing.T) {
	g := NewGeneratorPoint()
	u, c := g.BytesUncompressed(), g.BytesCompressed()
	pBytes := bigP.FillBytes(make([]byte, 32))
	mutate := func(b []byte, i int, v byte) []byte {
		b = bytes.Clone(b)
		b[i] = v
		return b
	}
	cases := [][]byte{
		nil, {}, {1}, {0, 0}, make([]byte, 33), make([]byte, 65),
		mutate(u, 0, 6), mutate(u, 0, 7), // hybrid
		mutate(u, 0, 2), mutate(c, 0, 4), mutate(c, 0, 0),
		mutate(u, 64, u[64]^1), // off the curve
		append([]byte{2}, pBytes...),
		append(append([]byte{4}, pBytes...), u[33:]...),
		append(append([]byte{4}, u[1:33]...), pBytes...),
		c[:32], u[:64], append(bytes.Clone(c), 0), append(bytes.Clone(u), 0),
	}
	// x = 5: 5³ + 7 = 132 is not a square mod p.
	x5 := make([]byte, 33)
	x5[0], x5[32] = 2, 5
	cases = append(cases, x5)
	for _, b := range cases {
		expectRejectPoint(t, b)
	}
}

func TestZeroValues(t *testing.T) {
	var p, q Point
	g := NewGeneratorPoint()
	if p.IsIdentity() != 1 || p.Equal(NewIdentityPoint()) != 1 || p.Equal(&q) != 1 || p.Equal(g) != 0 {
		t.Fatal("the zero Point is not the identity")
	}
	if new(Point).Add(&p, g).Equal(g) != 1 || new(Point).Add(g, &p).Equal(g) != 1 {
		t.Fatal("zero + G != G")
	}
	if new(Point).Double(&p).IsIdentity() != 1 || new(Point).Negate(&p).IsIdentity() != 1 {
		t.Fatal("2·0, -0")
	}
	if new(Point).Subtract(g, g).IsIdentity() != 1 {
		t.Fatal("G - G")
	}
	var s Scalar
	if new(Point).ScalarBaseMult(&s).IsIdentity() != 1 || new(Point).ScalarMult(&s, g).IsIdentity() != 1 {
		t.Fatal("0·G")
	}
}

func TestAllocations(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	g := NewGeneratorPoint()
	s := new(Scalar).SetUint64(12345)
	var v Point
	if n := testing.AllocsPerRun(10, func() {
		v.ScalarBaseMult(s)
		v.ScalarMult(s, &v)
		v.Add(&v, g)
		v.Double(&v)
		v.VarTimeDoubleScalarBaseMult(s, &v, s)
		s.Multiply(s, s)
		s.Invert(s)
	}); n != 0 {
		t.Errorf("arithmetic: %v allocations", n)
	}
	scalars := []*Scalar{s, s, s}
	points := []*Point{g, &v, g}
	v.VarTimeMultiScalarMult(scalars, points)
	if n := testing.AllocsPerRun(10, func() { v.VarTimeMultiScalarMult(scalars, points) }); n != 0 {
		t.Errorf("VarTimeMultiScalarMult: %v allocations", n)
	}
	// The encoders allocate only the returned slice.
	if n := testing.AllocsPerRun(10, func() { _ = g.BytesCompressed(); _ = s.Bytes() }); n > 2 {
		t.Errorf("encoders: %v allocations", n)
	}
}

// TestPointSetBytesRejectsXAboveP checks that a compressed encoding of
// x + p is rejected where x itself encodes a point: x + p reduces to a
// valid x, so only the canonical-encoding check can refuse it.
func TestPointSetBytesRejectsXAboveP(t *testing.T) {
	found := 0
	for x := int64(1); x < 50; x++ {
		b := make([]byte, 33)
		b[0] = 2
		big.NewInt(x).FillBytes(b[1:])
		if _, err := new(Point).SetBytes(b); err != nil {
			continue // no point with this x
		}
		found++
		new(big.Int).Add(bigP, big.NewInt(x)).FillBytes(b[1:])
		for _, prefix := range []byte{2, 3} {
			b[0] = prefix
			expectRejectPoint(t, b)
		}
	}
	if found == 0 {
		t.Fatal("no x below 50 has a point")
	}
}
