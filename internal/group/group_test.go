package group

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The math/big reference curve of internal/testutil.
var (
	bigP = testutil.P
	bigN = testutil.N
	bigL = testutil.Lambda
)

type refPoint = *testutil.Point

func feToBig(v *field.Element) *big.Int {
	b := v.Bytes()
	return new(big.Int).SetBytes(b[:])
}

func affToRef(a *Affine) refPoint {
	if a.Infinity {
		return nil
	}
	return &testutil.Point{X: feToBig(&a.X), Y: feToBig(&a.Y)}
}

func randElement(r *rand.Rand) field.Element {
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	var v field.Element
	v.SetBytes(&b)
	return v
}

// randPoint returns a random finite point by lifting a random x.
func randPoint(r *rand.Rand) Affine {
	for {
		x := randElement(r)
		var a Affine
		if a.SetXO(&x, int(r.Uint32()&1)) == 1 {
			return a
		}
	}
}

// randJacobian returns a with a random Z (X·Z², Y·Z³, Z).
func randJacobian(r *rand.Rand, a *Affine) Jacobian {
	var j Jacobian
	if a.Infinity {
		return *j.SetInfinity()
	}
	z := randElement(r)
	var z2, z3 field.Element
	z2.Square(&z)
	z3.Multiply(&z2, &z)
	j.X.Multiply(&a.X, &z2)
	j.Y.Multiply(&a.Y, &z3)
	j.Z = z
	return j
}

func randProjective(r *rand.Rand, a *Affine) Projective {
	var p Projective
	if a.Infinity {
		p.SetInfinity()
		z := randElement(r)
		p.Y.Multiply(&p.Y, &z) // (0:Y:0) with any Y ≠ 0
		return p
	}
	z := randElement(r)
	p.X.Multiply(&a.X, &z)
	p.Y.Multiply(&a.Y, &z)
	p.Z = z
	return p
}

func jacToRef(j *Jacobian) refPoint {
	var a Affine
	a.SetJacobianVarTime(j)
	return affToRef(&a)
}

func projToRef(p *Projective) refPoint {
	var a Affine
	a.SetProjective(p)
	return affToRef(&a)
}

func TestGeneratorAndConstants(t *testing.T) {
	g := Generator()
	if g.IsOnCurve() != 1 {
		t.Fatal("G is not on the curve")
	}
	if testutil.Mul(bigN, affToRef(&g)) != nil {
		t.Fatal("n·G is not infinity")
	}
	// β is a cube root of unity and λ·G = (β·x, y).
	b := Beta()
	bb := feToBig(&b)
	if new(big.Int).Exp(bb, big.NewInt(3), bigP).Cmp(big.NewInt(1)) != 0 || bb.Cmp(big.NewInt(1)) == 0 {
		t.Fatal("β is not a non-trivial cube root of unity")
	}
	var e Affine
	e.Endomorphism(&g)
	if !testutil.Mul(bigL, affToRef(&g)).Equal(affToRef(&e)) {
		t.Fatal("λ·G != (β·x, y)")
	}
}

// pairs returns random point pairs plus the special cases P+P, P+(-P), P+∞, ∞+P, ∞+∞.
func pairs(r *rand.Rand, n int) [][2]Affine {
	var out [][2]Affine
	inf := Affine{Infinity: true}
	for range n {
		a, b := randPoint(r), randPoint(r)
		var na Affine
		na.Negate(&a)
		out = append(out, [2]Affine{a, b}, [2]Affine{a, a}, [2]Affine{a, na}, [2]Affine{a, inf}, [2]Affine{inf, a})
	}
	out = append(out, [2]Affine{inf, inf})
	return out
}

func TestJacobianVsBig(t *testing.T) {
	r := testutil.Rand(t)
	for i, pr := range pairs(r, 50) {
		a, b := pr[0], pr[1]
		want := testutil.Add(affToRef(&a), affToRef(&b))
		ja, jb := randJacobian(r, &a), randJacobian(r, &b)
		var sum Jacobian
		sum.AddVarTime(&ja, &jb)
		if !jacToRef(&sum).Equal(want) {
			t.Fatalf("case %d: AddVarTime mismatch", i)
		}
		sum.AddMixedVarTime(&ja, &b)
		if !jacToRef(&sum).Equal(want) {
			t.Fatalf("case %d: AddMixedVarTime mismatch", i)
		}
		var d Jacobian
		d.DoubleVarTime(&ja)
		if !jacToRef(&d).Equal(testutil.Add(affToRef(&a), affToRef(&a))) {
			t.Fatalf("case %d: DoubleVarTime mismatch", i)
		}
		// Aliasing: p.Op(p, q), p.Op(q, p), p.Op(p, p).
		s1 := ja
		s1.AddVarTime(&s1, &jb)
		s2 := jb
		s2.AddVarTime(&ja, &s2)
		s3 := ja
		s3.AddMixedVarTime(&s3, &b)
		s4 := ja
		s4.DoubleVarTime(&s4)
		s5 := ja
		s5.AddVarTime(&s5, &s5)
		for k, s := range []*Jacobian{&s1, &s2, &s3} {
			if !jacToRef(s).Equal(want) {
				t.Fatalf("case %d: aliased add %d mismatch", i, k)
			}
		}
		if !jacToRef(&s4).Equal(jacToRef(&d)) || !jacToRef(&s5).Equal(jacToRef(&d)) {
			t.Fatalf("case %d: aliased double mismatch", i)
		}
		if !a.Infinity && !sum.Infinity {
			var x field.Element
			var aff Affine
			aff.SetJacobianVarTime(&sum)
			x = aff.X
			if sum.EqualXVarTime(&x) != 1 {
				t.Fatalf("case %d: EqualXVarTime false on own x", i)
			}
		}
	}
}

func TestProjectiveVsBig(t *testing.T) {
	r := testutil.Rand(t)
	for i, pr := range pairs(r, 50) {
		a, b := pr[0], pr[1]
		if b.Infinity {
			continue // AddAffine takes finite affine points only
		}
		want := testutil.Add(affToRef(&a), affToRef(&b))
		pa := randProjective(r, &a)
		var sum Projective
		sum.AddAffine(&pa, &b)
		if !projToRef(&sum).Equal(want) {
			t.Fatalf("case %d: AddAffine mismatch", i)
		}
		s := pa
		s.AddAffine(&s, &b)
		if !projToRef(&s).Equal(want) {
			t.Fatalf("case %d: aliased AddAffine mismatch", i)
		}
	}
	var inf Projective
	inf.SetInfinity()
	if projToRef(&inf) != nil {
		t.Fatal("SetInfinity is not the point at infinity")
	}
}

func TestSetXO(t *testing.T) {
	r := testutil.Rand(t)
	found := 0
	for range 200 {
		x := randElement(r)
		odd := int(r.Uint32() & 1)
		var a Affine
		ok := a.SetXO(&x, odd)
		xb := feToBig(&x)
		isSq := testutil.CurveY(xb) != nil
		if (ok == 1) != isSq {
			t.Fatalf("SetXO(%x) = %d, want square=%v", xb, ok, isSq)
		}
		if ok == 1 {
			found++
			if a.IsOnCurve() != 1 || a.Y.IsOdd() != odd || a.X.Equal(&x) != 1 {
				t.Fatalf("SetXO(%x, %d) gave a wrong point", xb, odd)
			}
		}
	}
	if found == 0 {
		t.Fatal("no square found in 200 tries")
	}
	var a Affine
	a.X.SetUint64(1)
	if a.IsOnCurve() == 1 {
		t.Fatal("(1, 0) reported on curve")
	}
}

func TestBatchToAffine(t *testing.T) {
	r := testutil.Rand(t)
	var js []Jacobian
	var want []Affine
	for i := range 20 {
		a := randPoint(r)
		if i == 7 {
			a = Affine{Infinity: true}
		}
		want = append(want, a)
		js = append(js, randJacobian(r, &a))
	}
	out := make([]Affine, len(js))
	BatchToAffineVarTime(out, js, make([]field.Element, 2*len(js)))
	for i := range out {
		if out[i].Equal(&want[i]) != 1 {
			t.Fatalf("point %d mismatch", i)
		}
	}
}

func TestSelect(t *testing.T) {
	r := testutil.Rand(t)
	a, b := randPoint(r), Affine{Infinity: true}
	pa, pb := randProjective(r, &a), randProjective(r, &b)
	var ps Projective
	if !projToRef(ps.Select(&pa, &pb, 1)).Equal(affToRef(&a)) || !projToRef(ps.Select(&pa, &pb, 0)).Equal(affToRef(&b)) {
		t.Fatal("Projective.Select")
	}
	ja, jb := randJacobian(r, &a), randJacobian(r, &b)
	var js Jacobian
	if !jacToRef(js.Select(&ja, &jb, 1)).Equal(affToRef(&a)) || !jacToRef(js.Select(&ja, &jb, 0)).Equal(affToRef(&b)) {
		t.Fatal("Jacobian.Select")
	}
}

func TestZeroAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	r := testutil.Rand(t)
	a, b := randPoint(r), randPoint(r)
	ja, jb := randJacobian(r, &a), randJacobian(r, &b)
	pa := randProjective(r, &a)
	n := testing.AllocsPerRun(100, func() {
		ja.AddVarTime(&ja, &jb)
		ja.AddMixedVarTime(&ja, &b)
		ja.DoubleVarTime(&ja)
		pa.AddAffine(&pa, &b)
		jb.Double(&jb)
		jb.AddAffine(&jb, &a)
	})
	if n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func TestJacobianConstantTimeVsVarTime(t *testing.T) {
	r := testutil.Rand(t)
	ps := pairs(r, 50)
	// The case the unified formula cannot handle by itself: y1 = -y2 with
	// x1 = β·x2, i.e. b = -λ(a).
	for range 5 {
		a := randPoint(r)
		var b Affine
		b.Endomorphism(&a)
		b.Negate(&b)
		ps = append(ps, [2]Affine{a, b})
	}
	for i, pr := range ps {
		a, b := pr[0], pr[1]
		ja := randJacobian(r, &a)
		var want, got Jacobian
		want.DoubleVarTime(&ja)
		got.Double(&ja)
		if !jacToRef(&got).Equal(jacToRef(&want)) || got.Infinity != want.Infinity {
			t.Fatalf("case %d: Double mismatch", i)
		}
		if b.Infinity {
			continue
		}
		want.AddMixedVarTime(&ja, &b)
		got.AddAffine(&ja, &b)
		if !jacToRef(&got).Equal(jacToRef(&want)) || got.Infinity != want.Infinity {
			t.Fatalf("case %d: AddAffine mismatch", i)
		}
		var ga, wa Affine
		ga.SetJacobian(&got)
		wa.SetJacobianVarTime(&want)
		if ga.Equal(&wa) != 1 {
			t.Fatalf("case %d: SetJacobian mismatch", i)
		}
		s := ja
		s.AddAffine(&s, &b)
		if !jacToRef(&s).Equal(jacToRef(&want)) {
			t.Fatalf("case %d: aliased AddAffine mismatch", i)
		}
	}
}

// TestDegenerateZIsInfinity checks the defence in depth below the key
// layer: a formula whose result has Z = 0 flags it as infinity, and the
// x-check never matches a point with Z = 0. The zero Affine (0, 0) is off
// the curve; doubling it gives Z3 = 2·Y·Z = 0.
func TestDegenerateZIsInfinity(t *testing.T) {
	var zero Affine
	var j, d Jacobian
	j.SetAffine(&zero)
	if d.DoubleVarTime(&j); !d.Infinity {
		t.Fatal("DoubleVarTime of (0, 0) is not flagged as infinity")
	}
	if d.Double(&j); !d.Infinity {
		t.Fatal("Double of (0, 0) is not flagged as infinity")
	}
	var x field.Element
	forged := Jacobian{X: x, Y: x, Z: x} // Infinity false, Z = 0
	if forged.EqualXVarTime(&x) != 0 {
		t.Fatal("EqualXVarTime matched a point with Z = 0")
	}
	var a Affine
	if a.SetJacobianVarTime(&forged); !a.Infinity {
		t.Fatal("SetJacobianVarTime of a point with Z = 0 is not infinity")
	}
	// A mixed sum that lands on Z = 0 without taking the H = 0 branch:
	// (0, 0, 1) + (0, 0): H = 0 and r = 0 double, giving Z = 0.
	var s Jacobian
	if s.AddMixedVarTime(&j, &zero); !s.Infinity {
		t.Fatal("AddMixedVarTime (0,0)+(0,0) is not flagged as infinity")
	}
	if s.AddVarTime(&j, &j); !s.Infinity {
		t.Fatal("AddVarTime (0,0)+(0,0) is not flagged as infinity")
	}
}

// TestAddMixedZRatioAndZInv checks the two formulas of the effective-affine
// tables against the reference: the z ratio is Z3/Z1, and an addition in
// the coordinates of a curve scaled by z equals the ordinary sum once z is
// multiplied back into Z.
func TestAddMixedZRatioAndZInv(t *testing.T) {
	r := testutil.Rand(t)
	for i := range 50 {
		a, b := randPoint(r), randPoint(r)
		q := randJacobian(r, &a)
		want := testutil.Add(affToRef(&a), affToRef(&b))

		var s Jacobian
		var zr field.Element
		if !s.AddMixedZRatioVarTime(&q, &b, &zr) {
			t.Fatalf("case %d: AddMixedZRatioVarTime failed on distinct points", i)
		}
		var ratio field.Element
		if ratio.Multiply(&q.Z, &zr); ratio.Equal(&s.Z) != 1 || !jacToRef(&s).Equal(want) {
			t.Fatalf("case %d: AddMixedZRatioVarTime wrong sum or ratio", i)
		}
		// Aliasing.
		if q2 := q; !q2.AddMixedZRatioVarTime(&q2, &b, &zr) || !jacToRef(&q2).Equal(want) {
			t.Fatalf("case %d: AddMixedZRatioVarTime aliased", i)
		}
		// q = ±b and infinity are refused.
		bj := randJacobian(r, &b)
		var nb Affine
		nb.Negate(&b)
		inf := Jacobian{}
		inf.SetInfinity()
		if s.AddMixedZRatioVarTime(&bj, &b, &zr) || s.AddMixedZRatioVarTime(&bj, &nb, &zr) || s.AddMixedZRatioVarTime(&inf, &b, &zr) {
			t.Fatalf("case %d: AddMixedZRatioVarTime accepted a degenerate case", i)
		}

		// AddZInvVarTime: q' = (X, Y, Z/z) is q on the curve scaled by z.
		z := randElement(r)
		var zinv field.Element
		zinv.InvertVarTime(&z)
		qs := q
		qs.Z.Multiply(&q.Z, &zinv)
		var u Jacobian
		u.AddZInvVarTime(&qs, &b, &z)
		u.Z.Multiply(&u.Z, &z)
		if !jacToRef(&u).Equal(want) {
			t.Fatalf("case %d: AddZInvVarTime wrong sum", i)
		}
		// From infinity, and doubling.
		u.AddZInvVarTime(&inf, &b, &z)
		u.Z.Multiply(&u.Z, &z)
		if !jacToRef(&u).Equal(affToRef(&b)) {
			t.Fatalf("case %d: AddZInvVarTime from infinity", i)
		}
		bs := randJacobian(r, &b)
		bs.Z.Multiply(&bs.Z, &zinv)
		u.AddZInvVarTime(&bs, &b, &z)
		u.Z.Multiply(&u.Z, &z)
		if !jacToRef(&u).Equal(testutil.Add(affToRef(&b), affToRef(&b))) {
			t.Fatalf("case %d: AddZInvVarTime doubling", i)
		}
		bs.Y.Negate(&bs.Y)
		if u.AddZInvVarTime(&bs, &b, &z); !u.Infinity {
			t.Fatalf("case %d: AddZInvVarTime of opposite points is not infinity", i)
		}
	}
}
