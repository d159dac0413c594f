package ecmult

import (
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/ecmult/tablegen"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

func randScalar(r *rand.Rand) scalar.Scalar {
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	var s scalar.Scalar
	s.SetBytes(&b)
	return s
}

func scalarFromHex(t testing.TB, h string) scalar.Scalar {
	var b [32]byte
	if len(h) != 64 {
		t.Fatalf("bad hex length %d", len(h))
	}
	for i := range b {
		var v byte
		for _, c := range h[2*i : 2*i+2] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= byte(c - '0')
			case c >= 'a' && c <= 'f':
				v |= byte(c - 'a' + 10)
			case c >= 'A' && c <= 'F':
				v |= byte(c - 'A' + 10)
			}
		}
		b[i] = v
	}
	var s scalar.Scalar
	s.SetBytes(&b)
	return s
}

// edgeScalars are scalars that stress carries, signs and window boundaries.
func edgeScalars(t testing.TB) []scalar.Scalar {
	hexes := []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0000000000000000000000000000000000000000000000000000000000000001",
		"0000000000000000000000000000000000000000000000000000000000000002",
		"0000000000000000000000000000000000000000000000000000000000000003",
		"000000000000000000000000000000000000000000000000000000000000001f",
		"0000000000000000000000000000000000000000000000000000000000000020",
		"0000000000000000000000000000000000000000000000000000000000000021",
		"00000000000000000000000000000000ffffffffffffffffffffffffffffffff",
		"0000000000000000000000000000000100000000000000000000000000000000",
		"7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0", // (n-1)/2
		"7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a1",
		"8000000000000000000000000000000000000000000000000000000000000000",
		"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140", // n-1
		"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd036413f", // n-2
		"5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72", // λ
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		"5555555555555555555555555555555555555555555555555555555555555555",
		"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364100",
	}
	out := make([]scalar.Scalar, len(hexes))
	for i, h := range hexes {
		out[i] = scalarFromHex(t, h)
	}
	return out
}

// refMul computes k·P by plain double-and-add over the bits of k with the
// variable-time Jacobian formulas (which are tested against math/big in
// internal/group): an independent, obviously correct reference.
func refMul(k *scalar.Scalar, p *group.Affine) group.Affine {
	var acc group.Jacobian
	acc.SetInfinity()
	for i := 255; i >= 0; i-- {
		acc.DoubleVarTime(&acc)
		if k.Bits(uint(i), 1) == 1 {
			acc.AddMixedVarTime(&acc, p)
		}
	}
	var a group.Affine
	a.SetJacobianVarTime(&acc)
	return a
}

func projAffine(p *group.Projective) group.Affine {
	var a group.Affine
	a.SetProjective(p)
	return a
}

func jacAffine(p *group.Jacobian) group.Affine {
	var a group.Affine
	a.SetJacobianVarTime(p)
	return a
}

func testScalars(t *testing.T, r *rand.Rand, nRandom int) []scalar.Scalar {
	s := edgeScalars(t)
	for range nRandom {
		s = append(s, randScalar(r))
	}
	return s
}

func TestBaseMult(t *testing.T) {
	r := testutil.Rand(t)
	g := group.Generator()
	for i, k := range testScalars(t, r, 40) {
		want := refMul(&k, &g)
		var p group.Projective
		got := projAffine(BaseMult(&p, &k))
		if got.Equal(&want) != 1 {
			t.Fatalf("scalar %d (%x): BaseMult mismatch", i, k.Bytes())
		}
		var j group.Jacobian
		if got := jacAffine(BaseMultVarTime(&j, &k)); got.Equal(&want) != 1 {
			t.Fatalf("scalar %d (%x): BaseMultVarTime mismatch", i, k.Bytes())
		}
	}
}

func TestScalarMult(t *testing.T) {
	r := testutil.Rand(t)
	g := group.Generator()
	points := []group.Affine{g}
	for range 4 {
		k := randScalar(r)
		points = append(points, refMul(&k, &g))
	}
	for pi, p := range points {
		for i, k := range testScalars(t, r, 10) {
			want := refMul(&k, &p)
			var q group.Jacobian
			ScalarMult(&q, &k, &p)
			var got group.Affine
			got.SetJacobian(&q)
			if got.Equal(&want) != 1 {
				t.Fatalf("point %d scalar %d (%x): ScalarMult mismatch", pi, i, k.Bytes())
			}
		}
	}
}

func TestDoubleMultVarTime(t *testing.T) {
	r := testutil.Rand(t)
	g := group.Generator()
	edges := edgeScalars(t)
	for i := range 60 {
		var a, b scalar.Scalar
		switch {
		case i < len(edges):
			a, b = edges[i], randScalar(r)
		case i < 2*len(edges):
			a, b = randScalar(r), edges[i-len(edges)]
		default:
			a, b = randScalar(r), randScalar(r)
		}
		k := randScalar(r)
		p := refMul(&k, &g)
		// want = a·P + b·G = (a·k + b)·G
		var ak scalar.Scalar
		ak.Multiply(&a, &k)
		ak.Add(&ak, &b)
		want := refMul(&ak, &g)
		var j group.Jacobian
		got := jacAffine(DoubleMultVarTime(&j, &a, &p, &b))
		if got.Equal(&want) != 1 {
			t.Fatalf("case %d: DoubleMultVarTime mismatch (a=%x b=%x)", i, a.Bytes(), b.Bytes())
		}
	}
	// a·P + b·G = ∞ when b = -a·k.
	k := randScalar(r)
	p := refMul(&k, &g)
	a := randScalar(r)
	var b scalar.Scalar
	b.Multiply(&a, &k)
	b.Negate(&b)
	var j group.Jacobian
	if !DoubleMultVarTime(&j, &a, &p, &b).Infinity {
		t.Fatal("a·P - a·k·G is not infinity")
	}
	// P = G exercises the doubling case inside the additions.
	a = randScalar(r)
	b = a
	var two scalar.Scalar
	two.Add(&a, &b)
	want := refMul(&two, &g)
	if got := jacAffine(DoubleMultVarTime(&j, &a, &g, &b)); got.Equal(&want) != 1 {
		t.Fatal("a·G + a·G mismatch")
	}
}

func TestBaseTableRegenerates(t *testing.T) {
	if *tablegen.BaseTable() != baseTable {
		t.Fatal("table_base.go differs from a fresh computation: run go generate ./internal/ecmult")
	}
}

func TestBooth(t *testing.T) {
	for in := range uint32(1 << 7) {
		mag, neg := boothW6(in)
		want := int(in>>1) + int(in&1) - 64*int(in>>6)
		got := int(mag)
		if neg == 1 {
			got = -got
		}
		if got != want || mag > 32 {
			t.Fatalf("boothW6(%#x) = %d, want %d", in, got, want)
		}
	}
	for in := range uint32(1 << 6) {
		mag, neg := boothW5(in)
		want := int(in>>1) + int(in&1) - 32*int(in>>5)
		got := int(mag)
		if neg == 1 {
			got = -got
		}
		if got != want || mag > 16 {
			t.Fatalf("boothW5(%#x) = %d, want %d", in, got, want)
		}
	}
}

func TestZeroAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	r := testutil.Rand(t)
	k := randScalar(r)
	g := group.Generator()
	var p group.Projective
	var j group.Jacobian
	DoubleMultVarTime(&j, &k, &g, &k) // builds the G tables once
	n := testing.AllocsPerRun(10, func() {
		BaseMult(&p, &k)
		ScalarMult(&j, &k, &g)
		DoubleMultVarTime(&j, &k, &g, &k)
	})
	if n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func BenchmarkBaseMult(b *testing.B) {
	k := randScalar(rand.New(rand.NewPCG(1, 2)))
	var p group.Projective
	for b.Loop() {
		BaseMult(&p, &k)
	}
}

func BenchmarkScalarMult(b *testing.B) {
	k := randScalar(rand.New(rand.NewPCG(1, 2)))
	g := group.Generator()
	var p group.Jacobian
	for b.Loop() {
		ScalarMult(&p, &k, &g)
	}
}

func BenchmarkDoubleMultVarTime(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	k1, k2, k3 := randScalar(r), randScalar(r), randScalar(r)
	var pp group.Projective
	var p group.Affine
	p.SetProjective(BaseMult(&pp, &k3))
	var j group.Jacobian
	DoubleMultVarTime(&j, &k1, &p, &k2) // builds the G tables once
	for b.Loop() {
		DoubleMultVarTime(&j, &k1, &p, &k2)
	}
}
