package group

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

func TestProjectiveCompleteVsBig(t *testing.T) {
	r := testutil.Rand(t)
	for i, pr := range pairs(r, 50) {
		a, b := pr[0], pr[1]
		want := testutil.Add(affToRef(&a), affToRef(&b))
		pa, pb := randProjective(r, &a), randProjective(r, &b)
		var sum Projective
		if !projToRef(sum.Add(&pa, &pb)).Equal(want) {
			t.Fatalf("case %d: Add mismatch", i)
		}
		var d Projective
		d.Double(&pa)
		if !projToRef(&d).Equal(testutil.Add(affToRef(&a), affToRef(&a))) {
			t.Fatalf("case %d: Double mismatch", i)
		}
		s1, s2, s3, s4 := pa, pb, pa, pa
		s1.Add(&s1, &pb)
		s2.Add(&pa, &s2)
		s3.Double(&s3)
		s4.Add(&s4, &s4)
		if !projToRef(&s1).Equal(want) || !projToRef(&s2).Equal(want) {
			t.Fatalf("case %d: aliased Add mismatch", i)
		}
		if s3.Equal(&d) != 1 || s4.Equal(&d) != 1 {
			t.Fatalf("case %d: aliased Double / Add(p, p) mismatch", i)
		}
		var fromAffine Projective
		fromAffine.SetAffine(&a)
		if fromAffine.Equal(&pa) != 1 || fromAffine.IsInfinity() != testutil.BoolInt(a.Infinity) {
			t.Fatalf("case %d: SetAffine / Equal / IsInfinity", i)
		}
		if a.Equal(&b) == 0 && fromAffine.Equal(&pb) != 0 {
			t.Fatalf("case %d: Equal true for different points", i)
		}
		var n Projective
		n.Negate(&pa)
		var na Affine
		na.Negate(&a)
		if !projToRef(&n).Equal(affToRef(&na)) {
			t.Fatalf("case %d: Negate", i)
		}
		ja := randJacobian(r, &a)
		var viaJ Projective
		if viaJ.SetJacobian(&ja).Equal(&pa) != 1 {
			t.Fatalf("case %d: SetJacobian", i)
		}
	}
	// The identity in Jacobian form with Y = 0 (not produced by the
	// formulas, but a Z = 0 point from anywhere must stay the identity).
	var j Jacobian
	j.SetInfinity()
	j.Y.Zero()
	var p, inf Projective
	inf.SetInfinity()
	if p.SetJacobian(&j).Equal(&inf) != 1 || p.Y.IsZero() == 1 {
		t.Fatal("SetJacobian of (X:0:0)")
	}
}
