package ecmult

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestPairStepLayout checks the layout of group.Affine that
// pairStepVarTimeAsm assumes ([9]uint64: X, Y, Infinity). The assembly is
// amd64 only; on 32-bit platforms the int flag is 4 bytes.
func TestPairStepLayout(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skipf("the pair-step assembly is amd64 only (GOARCH %s)", runtime.GOARCH)
	}
	var a group.Affine
	if unsafe.Sizeof(a) != 72 || unsafe.Offsetof(a.Y) != 32 || unsafe.Offsetof(a.Infinity) != 64 || unsafe.Sizeof(a.X) != 32 {
		t.Fatalf("group.Affine: size %d, Y at %d, Infinity at %d", unsafe.Sizeof(a), unsafe.Offsetof(a.Y), unsafe.Offsetof(a.Infinity))
	}
}

// pairStepPoint returns k·G in affine coordinates.
func pairStepPoint(k *scalar.Scalar) group.Affine {
	var pp group.Projective
	var a group.Affine
	a.SetProjective(BaseMult(&pp, k))
	return a
}

// checkPairStep runs pairStepVarTime (the selected implementation) on p, q, prev
// with acc = 1/(prev·den), r at a separate place and aliasing p and q, and
// compares it with pairStepGenericVarTime and with the reference: r = p + q by
// Jacobian addition and acc = 1/prev.
func checkPairStep(t *testing.T, p, q *group.Affine, prev *field.Element) {
	t.Helper()
	var den, acc0 field.Element
	pairDenominator(&den, p, q)
	acc0.Multiply(prev, &den)
	acc0.InvertVarTime(&acc0)
	var jp, jq, js group.Jacobian
	jp.SetAffine(p)
	jq.SetAffine(q)
	js.AddVarTime(&jp, &jq)
	var want group.Affine
	want.SetJacobianVarTime(&js)
	var wantAcc field.Element
	wantAcc.InvertVarTime(prev)

	var gr group.Affine
	gacc := acc0
	pairStepGenericVarTime(&gr, p, q, &gacc, prev)
	for alias := range 3 {
		r, pp, qq := new(group.Affine), new(group.Affine), new(group.Affine)
		*pp, *qq = *p, *q
		switch alias {
		case 1:
			r = pp
		case 2:
			r = qq
		}
		acc := acc0
		pairStepVarTime(r, pp, qq, &acc, prev)
		if *r != gr || acc != gacc {
			t.Fatalf("p = %v, q = %v, alias %d: pairStepVarTime %v acc %x, pairStepGenericVarTime %v acc %x", p, q, alias, *r, acc.Bytes(), gr, gacc.Bytes())
		}
		if r.Equal(&want) != 1 || acc.Equal(&wantAcc) != 1 {
			t.Fatalf("p = %v, q = %v: pairStepVarTime %v acc %x, want %v acc %x", p, q, *r, acc.Bytes(), want, wantAcc.Bytes())
		}
	}
}

// TestPairStep compares pairStepVarTime with pairStepGenericVarTime and with Jacobian
// addition, on random pairs and the cases the assembly leaves to the Go
// code (infinity, doubling, q = -p), with prev = 1 and random.
func TestPairStep(t *testing.T) {
	r := testutil.Rand(t)
	randScalar := func() scalar.Scalar {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		var k scalar.Scalar
		k.SetBytes(&b)
		return k
	}
	var inf group.Affine
	inf.SetInfinity()
	for it := range testutil.Iters(20, 200) {
		k1, k2 := randScalar(), randScalar()
		p, q := pairStepPoint(&k1), pairStepPoint(&k2)
		var negP group.Affine
		negP.Negate(&p)
		var prev field.Element
		prev.One()
		if it%2 == 1 {
			var b [32]byte
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			prev.SetBytes(&b)
			if prev.IsZero() == 1 {
				prev.One()
			}
		}
		for _, c := range [][2]*group.Affine{{&p, &q}, {&q, &p}, {&p, &p}, {&p, &negP}, {&inf, &q}, {&p, &inf}, {&inf, &inf}} {
			checkPairStep(t, c[0], c[1], &prev)
		}
	}
}

// FuzzPairStep compares pairStepVarTime with pairStepGenericVarTime and Jacobian addition
// on points k1·G and k2·G (or k1·G, its double, negation or infinity, by
// the selector) and a prev taken from the fuzz data.
func FuzzPairStep(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint64(3), uint8(0))
	f.Add(uint64(5), uint64(5), uint64(1), uint8(1))
	f.Add(uint64(7), uint64(0), uint64(0), uint8(2))
	f.Fuzz(func(t *testing.T, s1, s2, s3 uint64, sel uint8) {
		r := rand.New(rand.NewPCG(s1, s2))
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		var k1, k2 scalar.Scalar
		k1.SetBytes(&b)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		k2.SetBytes(&b)
		p, q := pairStepPoint(&k1), pairStepPoint(&k2)
		switch sel % 5 {
		case 1:
			q = p
		case 2:
			q.Negate(&p)
		case 3:
			p.SetInfinity()
		case 4:
			q.SetInfinity()
		}
		var prev field.Element
		prev.SetUint64(s3)
		if prev.IsZero() == 1 {
			prev.One()
		}
		checkPairStep(t, &p, &q, &prev)
		// Two pairs at once: this one and (q, p + q), this one second.
		var jp, jq group.Jacobian
		jp.SetAffine(&p)
		jq.SetAffine(&q)
		jq.AddVarTime(&jp, &jq)
		var s group.Affine
		s.SetJacobianVarTime(&jq)
		var acc field.Element
		acc.SetUint64(s1 | 1)
		checkPairStep2(t, &q, &s, &p, &q, &acc, &prev, &prev)
	})
}

// checkPairStep2 compares pairStep2VarTime with two pairStepGenericVarTime
// calls, from acc.
func checkPairStep2(t *testing.T, pa, qa, pb, qb *group.Affine, acc, preva, prevb *field.Element) {
	t.Helper()
	wa, wb := *pa, *pb
	wacc := *acc
	pairStepGenericVarTime(&wa, &wa, qa, &wacc, preva)
	pairStepGenericVarTime(&wb, &wb, qb, &wacc, prevb)
	ga, gb, gqa, gqb := *pa, *pb, *qa, *qb
	gacc := *acc
	pairStep2VarTime(&ga, &gqa, &gb, &gqb, &gacc, preva, prevb)
	if ga != wa || gb != wb || gacc != wacc || gqa != *qa || gqb != *qb {
		t.Fatalf("pairs (%v, %v), (%v, %v): pairStep2VarTime %v %v acc %x, want %v %v acc %x", pa, qa, pb, qb, ga, gb, gacc.Bytes(), wa, wb, wacc.Bytes())
	}
}

// TestPairStep2 compares pairStep2VarTime with two steps of
// pairStepGenericVarTime, with random pairs and each of the special cases
// in either pair.
func TestPairStep2(t *testing.T) {
	r := testutil.Rand(t)
	randElement := func() field.Element {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		var e field.Element
		e.SetBytes(&b)
		if e.IsZero() == 1 {
			e.One()
		}
		return e
	}
	randPoint := func() group.Affine {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		var k scalar.Scalar
		k.SetBytes(&b)
		return pairStepPoint(&k)
	}
	var inf group.Affine
	inf.SetInfinity()
	for range testutil.Iters(20, 200) {
		p1, q1, p2, q2 := randPoint(), randPoint(), randPoint(), randPoint()
		var n1 group.Affine
		n1.Negate(&p1)
		acc, preva, prevb := randElement(), randElement(), randElement()
		cases := [][2]group.Affine{{p1, q1}, {p1, p1}, {p1, n1}, {inf, q1}, {p1, inf}}
		for _, a := range cases {
			for _, b := range cases {
				if b == cases[0] {
					b = [2]group.Affine{p2, q2}
				}
				checkPairStep2(t, &a[0], &a[1], &b[0], &b[1], &acc, &preva, &prevb)
			}
		}
	}
}
