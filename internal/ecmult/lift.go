package ecmult

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// liftChunk is the number of points LiftXBatchVarTime lifts per call of
// field.SqrtBatchVarTime (its buffers live on the stack).
const liftChunk = 16

// LiftXBatchVarTime sets out[i] to the point with x-coordinate xs[i] whose y
// is odd (odd = 1) or even (odd = 0; BIP-340's lift_x) and ok[i] to true,
// for every i; where x³ + b is not a square there is no such point, and
// out[i] is set to the point at infinity and ok[i] to false. It is
// Affine.SetXO for many points at once: where field.LanesEnabled reports
// the AVX-512 IFMA kernels, 24 square roots at a time in three interleaved
// chains of eight lanes (liftXLanesVarTime, several times cheaper per root,
// doc/performance.md, "AVX-512 IFMA"); elsewhere several at a time with
// field.SqrtBatchVarTime, which is about twice as fast per point on amd64 as
// one at a time. out, xs and ok must have the same length; out[i].X may be
// xs[i]. It allocates nothing. Execution time depends on the inputs, which
// must be public.
//
// This is the one place batch verification lifts points (the R of every
// signature, the keys given as bytes).
func LiftXBatchVarTime(out []group.Affine, xs []field.Element, odd int, ok []bool) {
	n := len(xs)
	if len(out) != n || len(ok) != n {
		panic("ecmult: internal error: LiftXBatchVarTime length mismatch")
	}
	if field.LanesEnabled() {
		for lo := 0; lo < n; lo += liftLanes {
			hi := min(lo+liftLanes, n)
			liftXLanesVarTime(out[lo:hi], ok[lo:hi], xs[lo:hi], odd)
		}
		return
	}
	var rhs, y [liftChunk]field.Element
	var b field.Element
	b.SetUint64(group.B)
	for lo := 0; lo < n; lo += liftChunk {
		m := min(liftChunk, n-lo)
		for j := range m {
			x := &xs[lo+j]
			rhs[j].Square(x)
			rhs[j].Multiply(&rhs[j], x)
			rhs[j].Add(&rhs[j], &b)
		}
		field.SqrtBatchVarTime(y[:m], rhs[:m], ok[lo:lo+m])
		for j := range m {
			p := &out[lo+j]
			if !ok[lo+j] {
				p.SetInfinity()
				continue
			}
			if y[j].IsOdd() != odd {
				y[j].Negate(&y[j])
			}
			p.SetXY(&xs[lo+j], &y[j])
		}
	}
}
