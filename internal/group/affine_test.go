package group

import (
	"testing"
	"unsafe"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// garbage returns a point with the given flag and coordinates that are
// neither zero nor on the curve, as a stale buffer may hold.
func garbage(inf bool) Affine {
	var a Affine
	a.X.SetUint64(5)
	a.Y.SetUint64(9)
	a.Infinity = inf
	return a
}

// TestAffineLayout checks the layout FiniteLimbs exposes (and the assembly
// table scans of internal/ecmult write through): an Affine starts with the
// four limbs of X followed by the four of Y, and FiniteLimbs clears the
// flag.
func TestAffineLayout(t *testing.T) {
	e := garbage(true)
	if unsafe.Offsetof(e.X) != 0 || unsafe.Offsetof(e.Y) != 32 || unsafe.Sizeof(e.X) != 32 {
		t.Fatalf("Affine layout: X at %d, Y at %d, %d bytes per coordinate", unsafe.Offsetof(e.X), unsafe.Offsetof(e.Y), unsafe.Sizeof(e.X))
	}
	l := e.FiniteLimbs()
	if e.Infinity {
		t.Fatal("FiniteLimbs left the infinity flag set")
	}
	for i := range l {
		l[i] = uint64(i + 1)
	}
	if e.X.Limbs() != [4]uint64{1, 2, 3, 4} || e.Y.Limbs() != [4]uint64{5, 6, 7, 8} {
		t.Fatalf("limbs %x %x", e.X.Limbs(), e.Y.Limbs())
	}
}

// TestAffineSetters checks SetInfinity, IsInfinity, SetXY and SetLimbs on
// receivers holding stale state of either kind.
func TestAffineSetters(t *testing.T) {
	r := testutil.Rand(t)
	p := randPoint(r)
	for _, inf := range []bool{false, true} {
		a := garbage(inf)
		a.SetInfinity()
		if !a.Infinity || a.IsInfinity() != 1 || a.X.IsZero() != 1 || a.Y.IsZero() != 1 {
			t.Errorf("SetInfinity on a point with flag %v: %+v", inf, a)
		}
		if a.IsOnCurve() != 1 || affToRef(&a) != nil {
			t.Error("SetInfinity: not the point at infinity")
		}

		a = garbage(inf)
		a.SetXY(&p.X, &p.Y)
		if a.IsInfinity() != 0 || !affToRef(&a).Equal(affToRef(&p)) {
			t.Errorf("SetXY on a point with flag %v", inf)
		}

		a = garbage(inf)
		x, y := p.X.Limbs(), p.Y.Limbs()
		xy := [8]uint64{x[0], x[1], x[2], x[3], y[0], y[1], y[2], y[3]}
		a.SetLimbs(&xy)
		if a.IsInfinity() != 0 || !affToRef(&a).Equal(affToRef(&p)) {
			t.Errorf("SetLimbs on a point with flag %v", inf)
		}
		// SetLimbs reduces each coordinate once, as field.Element.SetLimbs:
		// p + 1 is 1.
		a.SetLimbs(&[8]uint64{0xFFFFFFFEFFFFFC30, ^uint64(0), ^uint64(0), ^uint64(0), 2})
		if a.X.Limbs() != [4]uint64{1} || a.Y.Limbs() != [4]uint64{2} {
			t.Errorf("SetLimbs(p + 1, 2) = (%x, %x)", a.X.Limbs(), a.Y.Limbs())
		}
	}

	var j Jacobian
	for _, c := range []struct {
		flag, zZero bool
		want        int
	}{{false, false, 0}, {true, false, 1}, {false, true, 1}, {true, true, 1}} {
		j = randJacobian(r, &p)
		j.Infinity = c.flag
		if c.zZero {
			j.Z.Zero()
		}
		if got := j.IsInfinity(); got != c.want {
			t.Errorf("Jacobian.IsInfinity with flag %v, Z = 0 %v: %d", c.flag, c.zZero, got)
		}
	}
}

// TestAffineSelectEqual checks Select (coordinates and flag) and Equal
// against the reference over finite points, points at infinity with
// different coordinates, and receivers that alias an argument.
func TestAffineSelectEqual(t *testing.T) {
	r := testutil.Rand(t)
	p, q := randPoint(r), randPoint(r)
	inf1, inf2 := garbage(true), Affine{}
	inf2.SetInfinity()
	pts := []Affine{p, q, inf1, inf2}
	for i := range pts {
		for j := range pts {
			a, b := &pts[i], &pts[j]
			want := affToRef(a).Equal(affToRef(b))
			if got := a.Equal(b); got != testutil.BoolInt(want) {
				t.Errorf("Equal(%d, %d) = %d, want %v", i, j, got, want)
			}
			for cond := range 2 {
				var s Affine
				s.Select(a, b, cond)
				src := b
				if cond == 1 {
					src = a
				}
				if s != *src {
					t.Errorf("Select(%d, %d, %d) = %+v, want %+v", i, j, cond, s, *src)
				}
				s = *a
				s.Select(&s, b, cond)
				if s != *src {
					t.Errorf("aliased Select(%d, %d, %d)", i, j, cond)
				}
			}
		}
	}
}

// TestSetXOFailure checks that a failed lift leaves the receiver as it was,
// whatever it held (a finite point, the point at infinity, garbage), and
// that a successful one clears the flag.
func TestSetXOFailure(t *testing.T) {
	r := testutil.Rand(t)
	var bad, good field.Element
	for {
		bad = randElement(r)
		var a Affine
		if a.SetXO(&bad, 0) == 0 {
			break
		}
	}
	good = randPoint(r).X
	for _, before := range []Affine{randPoint(r), garbage(true), garbage(false)} {
		for odd := range 2 {
			a := before
			if a.SetXO(&bad, odd) != 0 {
				t.Fatal("SetXO accepted a non-residue")
			}
			if a != before {
				t.Errorf("failed SetXO changed the receiver: %+v, was %+v", a, before)
			}
			if a.SetXO(&good, odd) != 1 || a.IsInfinity() != 0 || a.IsOnCurve() != 1 || a.Y.IsOdd() != odd {
				t.Errorf("SetXO(x, %d) on %+v: %+v", odd, before, a)
			}
			// x may alias the receiver's X.
			a.X = good
			if a.SetXO(&a.X, odd) != 1 || a.X.Equal(&good) != 1 || a.Y.IsOdd() != odd {
				t.Error("SetXO(&a.X) gave a wrong point")
			}
		}
	}
}
