package group

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/impl/impltest"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestPointLayout checks the layouts the point assembly relies on
// (internal/asm/group): Jacobian X, Y, Z at 0, 32, 64 and Infinity
// at 96 in 104 bytes; Affine X, Y at 0, 32 and Infinity at 64 in 72 bytes;
// Projective X, Y, Z at 0, 32, 64 in 96 bytes; an Element is its four
// little-endian limbs.
func TestPointLayout(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the layout matters to the amd64 assembly only (sizes differ on 32-bit)")
	}
	var j Jacobian
	var a Affine
	var p Projective
	var e field.Element
	got := []uintptr{
		unsafe.Offsetof(j.X), unsafe.Offsetof(j.Y), unsafe.Offsetof(j.Z), unsafe.Offsetof(j.Infinity), unsafe.Sizeof(j),
		unsafe.Offsetof(a.X), unsafe.Offsetof(a.Y), unsafe.Offsetof(a.Infinity), unsafe.Sizeof(a),
		unsafe.Offsetof(p.X), unsafe.Offsetof(p.Y), unsafe.Offsetof(p.Z), unsafe.Sizeof(p),
		unsafe.Sizeof(e), unsafe.Sizeof(true),
	}
	want := []uintptr{0, 32, 64, 96, 104, 0, 32, 64, 72, 0, 32, 64, 96, 32, 1}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("layout %v, want %v", got, want)
		}
	}
	e.SetUint64(7)
	if l := (*[4]uint64)(unsafe.Pointer(&e)); *l != [4]uint64{7, 0, 0, 0} {
		t.Fatalf("Element limbs %x", *l)
	}
}

// pointCases returns Jacobian and affine inputs for the differential tests:
// random points with random Z, and every special case the formulas treat
// apart: infinity in each position (by flag, with Z = 0, and a Jacobian
// whose Z is 0 while its flag says finite), q = a, q = -a, the degenerate
// case of the unified addition (a = -λ(q): y1 = -y2, x1 = β·x2), the
// off-curve (0, 0), and Z = 1.
func pointCases(r *rand.Rand, n int) (js []Jacobian, as []Affine) {
	var inf Jacobian
	inf.SetInfinity()
	zero := Affine{}
	for range n {
		a, b := randPoint(r), randPoint(r)
		var na, la Affine
		na.Negate(&a)
		la.Endomorphism(&a)
		la.Negate(&la)
		ja := randJacobian(r, &a)
		forged := ja
		forged.Z.Zero() // finite by its flag, but Z = 0
		var one Jacobian
		one.SetAffine(&b)
		infJunk := ja
		infJunk.Infinity = true // flagged infinite with finite coordinates
		js = append(js, ja, ja, ja, ja, ja, inf, forged, one, infJunk)
		as = append(as, b, a, na, la, Affine{Infinity: true}, b, b, a, b)
		infAff := b
		infAff.Infinity = true // flagged infinite with finite coordinates
		js = append(js, ja, inf, randJacobian(r, &zero))
		as = append(as, infAff, Affine{Infinity: true}, zero)
	}
	return js, as
}

// runBoth runs f once with the point assembly and once with the Go
// formulas (only the Go formulas where the assembly is unavailable).
func runBoth[T any](f func() T) (asm, generic T) {
	if pointAsmAvailable() {
		restore := setPointAsm(true)
		asm = f()
		restore()
	}
	restore := setPointAsm(false)
	generic = f()
	restore()
	if !pointAsmAvailable() {
		asm = generic
	}
	return asm, generic
}

type jacOut struct {
	p  Jacobian
	ok bool
	zr field.Element
}

// TestPointAsmVsGo checks that every assembly point operation gives exactly
// the Go method's result (every coordinate and the Infinity flag, as the
// assembly computes the same field elements), on the cases of pointCases,
// with the receiver distinct from the arguments and aliasing each of them.
func TestPointAsmVsGo(t *testing.T) {
	if !pointAsmAvailable() {
		t.Skip("no point assembly on this CPU or build")
	}
	r := testutil.Rand(t)
	js, as := pointCases(r, 30)
	for i := range js {
		junk := randJacobian(r, &as[i])
		if err := comparePointOps(&js[i], &as[i], randElement(r), &junk); err != "" {
			t.Fatalf("case %d: %s", i, err)
		}
	}
}

// jacobianOps are the Jacobian methods with an assembly path, in a common
// shape: p.Op(q, a, zr), returning what the method leaves in p and zr (and
// its bool result).
var jacobianOps = []struct {
	name string
	f    func(p, q *Jacobian, a *Affine, zr *field.Element) jacOut
}{
	{"Double", func(p, q *Jacobian, _ *Affine, _ *field.Element) jacOut { p.Double(q); return jacOut{p: *p} }},
	{"DoubleVarTime", func(p, q *Jacobian, _ *Affine, _ *field.Element) jacOut {
		p.DoubleVarTime(q)
		return jacOut{p: *p}
	}},
	{"AddMixedVarTime", func(p, q *Jacobian, a *Affine, _ *field.Element) jacOut {
		p.AddMixedVarTime(q, a)
		return jacOut{p: *p}
	}},
	{"AddZInvVarTime", func(p, q *Jacobian, a *Affine, zr *field.Element) jacOut {
		p.AddZInvVarTime(q, a, zr)
		return jacOut{p: *p, zr: *zr}
	}},
	{"AddMixedZRatioVarTime", func(p, q *Jacobian, a *Affine, zr *field.Element) jacOut {
		ok := p.AddMixedZRatioVarTime(q, a, zr)
		return jacOut{p: *p, ok: ok, zr: *zr}
	}},
	{"AddVarTime", func(p, q *Jacobian, a *Affine, z *field.Element) jacOut {
		// r is a in Jacobian coordinates with Z = z (z = 0: a forged
		// point, finite by its flag with Z = 0).
		var z2, z3 field.Element
		z2.Square(z)
		z3.Multiply(&z2, z)
		r := Jacobian{Z: *z, Infinity: a.Infinity}
		r.X.Multiply(&a.X, &z2)
		r.Y.Multiply(&a.Y, &z3)
		p.AddVarTime(q, &r)
		return jacOut{p: *p}
	}},
	{"AddAffine", func(p, q *Jacobian, a *Affine, _ *field.Element) jacOut {
		if !a.Infinity { // AddAffine takes finite points (the flag is ignored)
			p.AddAffine(q, a)
		}
		return jacOut{p: *p}
	}},
}

// comparePointOps runs every Jacobian operation on (q, a, z) with the
// assembly and with the Go formulas, the receiver starting as junk and
// distinct from the arguments, equal to q, and (for the z ratio, an output
// too) with zr inside p or inside q. It returns a description of the first
// difference, or "".
func comparePointOps(q *Jacobian, a *Affine, z field.Element, junk *Jacobian) string {
	for _, op := range jacobianOps {
		for alias := range 4 {
			if alias >= 2 && op.name != "AddMixedZRatioVarTime" {
				continue
			}
			got, want := runBoth(func() jacOut {
				qq, aa, zz, p := *q, *a, z, *junk
				pp, zr := &p, &zz
				switch alias {
				case 1:
					pp = &qq
				case 2:
					zr = &p.Z
				case 3:
					zr = &qq.Z
				}
				out := op.f(pp, &qq, &aa, zr)
				if alias == 3 {
					out.zr = qq.Z
				}
				return out
			})
			if got != want {
				return fmt.Sprintf("%s, aliasing %d: assembly %+v, Go %+v", op.name, alias, got, want)
			}
		}
	}
	return ""
}

// TestProjectiveAsmVsGo is TestPointAsmVsGo for Projective.AddAffine and
// AddAffineIf, including the accumulator at infinity (0:Y:0) and q = ±a.
func TestProjectiveAsmVsGo(t *testing.T) {
	if !pointAsmAvailable() {
		t.Skip("no point assembly on this CPU or build")
	}
	r := testutil.Rand(t)
	for i := range 200 {
		a, b := randPoint(r), randPoint(r)
		var na Affine
		na.Negate(&a)
		qa := []Affine{a, a, a, {Infinity: true}}[i%4]
		bs := []Affine{b, a, na, b}[i%4]
		q := randProjective(r, &qa)
		for alias := range 2 {
			for cond := range 3 { // 2: AddAffine, 0 and 1: AddAffineIf
				junk := randProjective(r, &b)
				got, want := runBoth(func() Projective {
					qq := q
					p := junk
					pp := &p
					if alias == 1 {
						pp = &qq
					}
					if cond == 2 {
						pp.AddAffine(&qq, &bs)
					} else {
						pp.AddAffineIf(&qq, &bs, cond)
					}
					return *pp
				})
				if got != want {
					t.Fatalf("case %d, aliasing %d, cond %d: assembly %+v, Go %+v", i, alias, cond, got, want)
				}
				if cond == 0 && got != q {
					t.Fatalf("case %d, aliasing %d: AddAffineIf(q, a, 0) = %+v, want q = %+v", i, alias, got, q)
				}
			}
		}
	}
}

// TestPointOpsZeroAllocs checks that every point operation allocates
// nothing, with the assembly and with the Go formulas.
func TestPointOpsZeroAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	r := testutil.Rand(t)
	a, b := randPoint(r), randPoint(r)
	ja, jb := randJacobian(r, &a), randJacobian(r, &b)
	pa := randProjective(r, &a)
	z := randElement(r)
	for _, on := range []bool{true, false} {
		if on && !pointAsmAvailable() {
			continue
		}
		restore := setPointAsm(on)
		n := testing.AllocsPerRun(100, func() {
			ja.DoubleVarTime(&ja)
			ja.Double(&ja)
			ja.AddMixedVarTime(&ja, &b)
			ja.AddZInvVarTime(&ja, &b, &z)
			ja.AddMixedZRatioVarTime(&ja, &b, &z)
			jb.AddAffine(&jb, &a)
			ja.AddVarTime(&ja, &jb)
			pa.AddAffine(&pa, &b)
			pa.AddAffineIf(&pa, &b, 0)
		})
		restore()
		if n != 0 {
			t.Fatalf("assembly %v: %v allocations", on, n)
		}
	}
}

// BenchmarkPointOps measures each point operation with the assembly and with
// the Go formulas in one process (`benchstat -col /impl`). Each iteration
// feeds its result to the next.
func BenchmarkPointOps(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	pa, pb := randPoint(r), randPoint(r)
	ja, jb := randJacobian(r, &pa), randJacobian(r, &pb)
	pr := randProjective(r, &pa)
	z := randElement(r)
	ops := []struct {
		name string
		f    func(j *Jacobian, p *Projective)
	}{
		{"Double", func(j *Jacobian, _ *Projective) { j.Double(j) }},
		{"DoubleVarTime", func(j *Jacobian, _ *Projective) { j.DoubleVarTime(j) }},
		{"AddMixedVarTime", func(j *Jacobian, _ *Projective) { j.AddMixedVarTime(j, &pb) }},
		{"AddZInvVarTime", func(j *Jacobian, _ *Projective) { j.AddZInvVarTime(j, &pb, &z) }},
		{"AddMixedZRatioVarTime", func(j *Jacobian, _ *Projective) { j.AddMixedZRatioVarTime(j, &pb, &z) }},
		{"AddAffine", func(j *Jacobian, _ *Projective) { j.AddAffine(j, &pb) }},
		{"AddVarTime", func(j *Jacobian, _ *Projective) { j.AddVarTime(j, &jb) }},
		{"ProjectiveAddAffine", func(_ *Jacobian, p *Projective) { p.AddAffine(p, &pb) }},
		{"ProjectiveAddAffineIf", func(_ *Jacobian, p *Projective) { p.AddAffineIf(p, &pb, 1) }},
	}
	for _, op := range ops {
		for _, impl := range impltest.Implementations("group") {
			b.Run(op.name+"/impl="+impl.Name, func(b *testing.B) {
				if !impl.Available {
					b.Skipf("this CPU cannot run %s", impl.Name)
				}
				defer impl.Select()()
				j, p := ja, pr
				t := testutil.StartCPUTimer(b)
				for b.Loop() {
					op.f(&j, &p)
				}
				t.Stop()
			})
		}
	}
}
