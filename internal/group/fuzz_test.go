package group

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
)

// FuzzPointAsm compares the assembly point operations with the Go formulas
// (bit for bit, as TestPointAsmVsGo does) on points built from the input:
// q from an x-coordinate and a Z (possibly 0), a from a second
// x-coordinate or, by the selector byte, related to q (a = q, a = -q,
// a = -λ(q), the degenerate case of the unified addition), with either
// point flagged as infinity, and the receiver starting as junk.
func FuzzPointAsm(f *testing.F) {
	f.Add(make([]byte, 129))
	f.Add([]byte{1, 2, 3})
	for sel := range 16 {
		b := make([]byte, 129)
		b[0] = byte(sel)
		for i := 1; i < len(b); i++ {
			b[i] = byte(i * (sel + 7))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !pointAsmAvailable() {
			t.Skip("no point assembly on this CPU or build")
		}
		var in [129]byte
		copy(in[:], data)
		sel := in[0]
		elem := func(i int) field.Element {
			var e field.Element
			e.SetBytes((*[32]byte)(in[1+32*i : 33+32*i]))
			return e
		}
		x1, x2, z, zr := elem(0), elem(1), elem(2), elem(3)
		var qa, a Affine
		if qa.SetXO(&x1, int(sel>>4)&1) == 0 {
			qa = Affine{X: x1, Y: x2} // off the curve: the formulas must still agree
		}
		switch sel & 7 {
		case 0, 1, 2:
			if a.SetXO(&x2, int(sel>>5)&1) == 0 {
				a = Generator()
			}
		case 3:
			a = qa
		case 4:
			a.Negate(&qa)
		case 5:
			a.Endomorphism(&qa)
			a.Negate(&a)
		case 6:
			a = Affine{} // (0, 0)
		case 7:
			a = Affine{X: x2, Y: zr}
		}
		var q Jacobian
		q.SetAffine(&qa)
		var z2, z3 field.Element
		z2.Square(&z)
		z3.Multiply(&z2, &z)
		q.X.Multiply(&q.X, &z2)
		q.Y.Multiply(&q.Y, &z3)
		q.Z.Multiply(&q.Z, &z)
		q.Infinity = sel&0x40 != 0
		a.Infinity = sel&0x80 != 0
		junk := Jacobian{X: zr, Y: x1, Z: x2}
		if err := comparePointOps(&q, &a, zr, &junk); err != "" {
			t.Fatal(err)
		}
		// Projective.AddAffine and AddAffineIf, with q's coordinates read
		// projectively.
		pq := Projective{X: q.X, Y: q.Y, Z: q.Z}
		for cond := range 3 { // 2: AddAffine, 0 and 1: AddAffineIf
			got, want := runBoth(func() Projective {
				p := pq
				if cond == 2 {
					p.AddAffine(&p, &a)
				} else {
					p.AddAffineIf(&p, &a, cond)
				}
				return p
			})
			if got != want {
				t.Fatalf("Projective.AddAffine (cond %d): assembly %+v, Go %+v", cond, got, want)
			}
		}
	})
}
