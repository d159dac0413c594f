package curve

import (
	"bytes"
	"testing"
)

// FuzzHashToCurve: HashToCurve, EncodeToCurve and HashToScalar never panic,
// reject exactly the empty tag, return points on the curve (the NU
// encoding never the identity), and agree with the math/big reference.
func FuzzHashToCurve(f *testing.F) {
	f.Add([]byte(""), []byte("QUUX-V01-CS02-with-secp256k1_XMD:SHA-256_SSWU_RO_"))
	f.Add([]byte("abc"), []byte("D"))
	f.Add([]byte("msg"), []byte{})
	f.Add(bytes.Repeat([]byte{0xff}, 200), bytes.Repeat([]byte{'1'}, 256))
	f.Fuzz(func(t *testing.T, msg, dst []byte) {
		p, err := new(Point).HashToCurve(msg, dst)
		q, qerr := new(Point).EncodeToCurve(msg, dst)
		s, serr := new(Scalar).HashToScalar(msg, dst)
		if len(dst) == 0 {
			if err == nil || qerr == nil || serr == nil || p != nil || q != nil || s != nil {
				t.Fatal("an empty tag was accepted")
			}
			return
		}
		if err != nil || qerr != nil || serr != nil {
			t.Fatalf("errors for a valid tag: %v, %v, %v", err, qerr, serr)
		}
		if a := p.affine(); a.IsOnCurve() != 1 {
			t.Fatal("HashToCurve: not on the curve")
		}
		if a := q.affine(); a.Infinity || a.IsOnCurve() != 1 {
			t.Fatal("EncodeToCurve: the identity or not on the curve")
		}
		if !projectiveToRef(&p.p).Equal(refHashToCurve(msg, dst)) {
			t.Fatal("HashToCurve differs from the reference")
		}
		if !projectiveToRef(&q.p).Equal(refEncodeToCurve(msg, dst)) {
			t.Fatal("EncodeToCurve differs from the reference")
		}
		if s2, _ := new(Scalar).HashToScalar(msg, dst); s2.Equal(s) != 1 {
			t.Fatal("HashToScalar is not deterministic")
		}
	})
}
