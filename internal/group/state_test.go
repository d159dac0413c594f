package group

import (
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestSetInfinityOverwrites checks that Jacobian.SetInfinity writes every
// coordinate, (0, 1, 0), over whatever the receiver held: a point left with
// old coordinates keeps data (possibly secret) past its use.
func TestSetInfinityOverwrites(t *testing.T) {
	r := testutil.Rand(t)
	a := randPoint(r)
	p := randJacobian(r, &a)
	p.SetInfinity()
	var zero, one field.Element
	one.One()
	if p.X.Equal(&zero) != 1 || p.Y.Equal(&one) != 1 || p.Z.Equal(&zero) != 1 || !p.Infinity {
		t.Errorf("SetInfinity over a finite point left %+v", p)
	}
}

// TestAddVarTimeInfinityFlag checks that AddVarTime sets the flag, not only
// Z = 0, when the sum is the point at infinity (q + (-q)) or has Z = 0
// (from an input with Z = 0 and no flag), and clears it on a receiver that
// held the point at infinity otherwise.
func TestAddVarTimeInfinityFlag(t *testing.T) {
	r := testutil.Rand(t)
	a, b := randPoint(r), randPoint(r)
	var na Affine
	na.Negate(&a)
	q, nq, s := randJacobian(r, &a), randJacobian(r, &na), randJacobian(r, &b)
	var p Jacobian
	p.AddVarTime(&q, &nq)
	if !p.Infinity || p.IsInfinity() != 1 {
		t.Errorf("q + (-q): flag %v, IsInfinity %d", p.Infinity, p.IsInfinity())
	}
	p.SetInfinity()
	p.AddVarTime(&q, &s)
	if p.Infinity || p.IsInfinity() != 0 {
		t.Errorf("q + s into the point at infinity: flag %v, IsInfinity %d", p.Infinity, p.IsInfinity())
	}
	// A point with Z = 0 and no flag (IsInfinity reads it as infinity)
	// plus a finite point: the general formulas give Z = 0, and the flag
	// must say so, as later additions read the flag.
	var forged Jacobian
	forged.X.SetUint64(1)
	forged.Y.SetUint64(1)
	p.AddVarTime(&forged, &s)
	if p.Z.IsZero() == 1 && !p.Infinity {
		t.Errorf("(1, 1, 0) + s: Z = 0 without the flag")
	}
}

// TestAffineEqualCoordinates checks Equal where the coordinates and the
// flag disagree: the point at infinity holding a finite point's coordinates
// is not that point, two points at infinity are equal whatever their
// coordinates, and q and -q (same x) are not equal.
func TestAffineEqualCoordinates(t *testing.T) {
	r := testutil.Rand(t)
	p := randPoint(r)
	infP := p
	infP.Infinity = true
	var np, inf Affine
	np.Negate(&p)
	inf.SetInfinity()
	for _, c := range []struct {
		name string
		a, b *Affine
		want int
	}{
		{"p, p", &p, &p, 1},
		{"p, -p", &p, &np, 0},
		{"-p, p", &np, &p, 0},
		{"infinity with p's coordinates, p", &infP, &p, 0},
		{"p, infinity with p's coordinates", &p, &infP, 0},
		{"infinity, infinity with p's coordinates", &inf, &infP, 1},
	} {
		if got := c.a.Equal(c.b); got != c.want {
			t.Errorf("Equal(%s) = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestConversionsOnDirtyReceivers checks that SetJacobianVarTime,
// Endomorphism and BatchToAffineVarTime write the flag of a receiver that
// held the point at infinity (or a finite point, for a result at infinity).
func TestConversionsOnDirtyReceivers(t *testing.T) {
	r := testutil.Rand(t)
	a := randPoint(r)
	j := randJacobian(r, &a)
	inf := garbage(true)
	fin := garbage(false)

	out := inf
	out.SetJacobianVarTime(&j)
	if out.Equal(&a) != 1 || out.Infinity {
		t.Errorf("SetJacobianVarTime into the point at infinity: %+v", out)
	}

	out = inf
	out.Endomorphism(&a)
	var want Affine
	want.X.Multiply(&a.X, &betaElement)
	want.Y.Set(&a.Y)
	if out != want {
		t.Errorf("Endomorphism into the point at infinity: %+v, want %+v", out, want)
	}
	out = fin
	ia := Affine{}
	ia.SetInfinity()
	out.Endomorphism(&ia)
	if !out.Infinity {
		t.Errorf("Endomorphism of the point at infinity into a finite point: %+v", out)
	}

	var ij Jacobian
	ij.SetInfinity()
	outs := []Affine{inf, fin, inf}
	BatchToAffineVarTime(outs, []Jacobian{j, ij, j}, make([]field.Element, 6))
	if outs[0].Equal(&a) != 1 || outs[0].Infinity || !outs[1].Infinity || outs[2].Equal(&a) != 1 || outs[2].Infinity {
		t.Errorf("BatchToAffineVarTime into dirty points: %+v", outs)
	}
}

// TestBatchToAffinePanics checks BatchToAffineVarTime's length checks: an
// out of another length than in, and a scratch shorter than 2·len(in).
func TestBatchToAffinePanics(t *testing.T) {
	in := make([]Jacobian, 3)
	for i := range in {
		in[i].SetInfinity()
	}
	for _, c := range []struct {
		name         string
		out, scratch int
	}{
		{"short out", 2, 6},
		{"long out", 4, 6},
		{"short scratch", 3, 5},
		{"scratch of len(in)", 3, 3},
		{"no scratch", 3, 0},
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, "length mismatch") {
					t.Errorf("%s: panic %q, want a length mismatch", c.name, msg)
				}
			}()
			BatchToAffineVarTime(make([]Affine, c.out), in, make([]field.Element, c.scratch))
		}()
	}
}

// TestJacobianSelectFlag checks that Select writes the flag of the point it
// selects into a receiver that held the other kind.
func TestJacobianSelectFlag(t *testing.T) {
	r := testutil.Rand(t)
	a := randPoint(r)
	fin := randJacobian(r, &a)
	var inf Jacobian
	inf.SetInfinity()
	for cond := range 2 {
		p := fin
		p.Select(&inf, &fin, 1-cond) // the point at infinity when cond is 0
		if p.Infinity != (cond == 0) {
			t.Errorf("Select into a finite point, cond %d: flag %v", 1-cond, p.Infinity)
		}
		p = inf
		p.Select(&fin, &inf, cond) // fin when cond is 1
		if p.Infinity != (cond == 0) {
			t.Errorf("Select into the point at infinity, cond %d: flag %v", cond, p.Infinity)
		}
	}
}

// TestProjectiveIdentityForms checks Projective.Equal against the zero
// value (0:0:0), which the cross products alone would find equal to every
// point (only the Z = 0 test tells them apart), and that SetJacobian keeps
// the Y of a Jacobian identity with Y ≠ 0, (0:Y:0), and sets Y = 1 only for
// Y = 0.
func TestProjectiveIdentityForms(t *testing.T) {
	r := testutil.Rand(t)
	a := randPoint(r)
	pa := randProjective(r, &a)
	var zero Projective
	if pa.Equal(&zero) != 0 || zero.Equal(&pa) != 0 {
		t.Errorf("a finite point equals the zero value (0:0:0)")
	}
	var id Projective
	id.SetInfinity()
	if id.Equal(&zero) != 1 {
		t.Errorf("(0:1:0) does not equal (0:0:0)")
	}

	j := Jacobian{Z: field.Element{}}
	j.Y.SetUint64(7)
	j.X.SetUint64(3)
	var p Projective
	p.SetJacobian(&j)
	var seven field.Element
	seven.SetUint64(7)
	if p.X.IsZero() != 1 || p.Z.IsZero() != 1 || p.Y.Equal(&seven) != 1 {
		t.Errorf("SetJacobian((3, 7, 0)) = %+v, want (0:7:0)", p)
	}
	j.Y = field.Element{}
	p.SetJacobian(&j)
	var one field.Element
	one.One()
	if p.X.IsZero() != 1 || p.Z.IsZero() != 1 || p.Y.Equal(&one) != 1 {
		t.Errorf("SetJacobian((3, 0, 0)) = %+v, want (0:1:0)", p)
	}
}
