package curve

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// BenchmarkHashToCurve measures the suites and their parts: HashToCurve is
// about two sqrt_ratio (one exponentiation each), two isogeny maps and one
// point addition, plus four SHA-256 compressions of expand_message_xmd.
func BenchmarkHashToCurve(b *testing.B) {
	msg := []byte("a message of some thirty-two bytes")
	dst := []byte("QUUX-V01-CS02-with-" + HashToCurveSuite)
	var v Point
	var s Scalar
	b.Run("HashToCurve", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			v.HashToCurve(msg, dst)
		}
		t.Stop()
	})
	b.Run("EncodeToCurve", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			v.EncodeToCurve(msg, dst)
		}
		t.Stop()
	})
	b.Run("HashToScalar", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			s.HashToScalar(msg, dst)
		}
		t.Stop()
	})
	b.Run("expand_message_xmd/96", func(b *testing.B) {
		var out [96]byte
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			expandMessageXMD(out[:], msg, dst)
		}
		t.Stop()
	})
	var u, y, xn, xd field.Element
	u.SetUint64(0x123456789)
	u.Invert(&u)
	b.Run("sqrt_ratio", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			sqrtRatio(&y, &u, &u)
		}
		t.Stop()
	})
	b.Run("map_to_curve", func(b *testing.B) {
		var p group.Projective
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			mapToCurve(&p, &u)
		}
		t.Stop()
	})
	b.Run("iso_map", func(b *testing.B) {
		mapToCurveSSWU(&xn, &xd, &y, &u)
		var p group.Projective
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			isoMap(&p, &xn, &xd, &y)
		}
		t.Stop()
	})
}
