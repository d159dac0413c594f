package curve

import (
	"sync"

	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// ScalarBaseMult sets v = x·G, where G is the generator, and returns v. It
// uses the precomputed table of multiples of G (signed 6-bit digits, a
// masked scan of each row) and runs in constant time.
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	if v == nil || x == nil {
		return nil
	}
	ecmult.BaseMult(&v.p, &x.s)
	return v
}

// ScalarMult sets v = x·q, and returns v. It runs in constant time with
// respect to both x and q: GLV split, signed 5-bit windows, tables of
// multiples built with constant-time formulas and one constant-time
// inversion, masked table lookups.
func (v *Point) ScalarMult(x *Scalar, q *Point) *Point {
	if v == nil || x == nil || q == nil {
		return nil
	}
	a := q.affine()
	// The identity has no affine form: multiply G instead and select the
	// identity afterwards, without a branch.
	inf := q.IsIdentity()
	g := group.Generator()
	a.Select(&g, &a, inf)
	var j group.Jacobian
	ecmult.ScalarMultSecretPoint(&j, &x.s, &a)
	var r, id group.Projective
	r.SetJacobian(&j)
	id.SetInfinity()
	v.p.Select(&id, &r, inf)
	return v
}

// VarTimeDoubleScalarBaseMult sets v = a·A + b·G, where G is the generator,
// and returns v. Execution time depends on the inputs: use it only on
// public data, such as when verifying a proof.
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	if v == nil || a == nil || A == nil || b == nil {
		return nil
	}
	pa := A.affineVarTime()
	var j group.Jacobian
	if pa.IsInfinity() == 1 {
		var p group.Projective
		ecmult.BaseMult(&p, &b.s)
		v.p = p
		return v
	}
	ecmult.DoubleMultVarTime(&j, &a.s, &pa, &b.s)
	v.p.SetJacobian(&j)
	return v
}

// affineVarTime is affine with a variable-time inversion.
func (v *Point) affineVarTime() group.Affine {
	p := v.load()
	var a group.Affine
	if p.Z.IsZero() == 1 {
		a.SetInfinity()
		return a
	}
	var zi, x, y field.Element
	zi.InvertVarTime(&p.Z)
	x.Multiply(&p.X, &zi)
	y.Multiply(&p.Y, &zi)
	a.SetXY(&x, &y)
	return a
}

// msmScratch is the reusable memory of VarTimeMultiScalarMult, taken from
// msmPool for one call at a time. A call writes every element it reads
// (doc/state.md): terms[i] entirely with Term.Set, z[i] before the batch
// inversion, and tmp and msm inside it; nothing of an earlier call, in any
// goroutine, reaches its result.
type msmScratch struct {
	msm   ecmult.Scratch
	terms []ecmult.Term
	z     []field.Element
	tmp   []field.Element
}

var msmPool = sync.Pool{New: func() any { return new(msmScratch) }}

// VarTimeMultiScalarMult sets v = Σ scalars[i]·points[i], and returns v.
// The sum of no terms is the identity. If the slices differ in length or
// any element is nil, it returns nil and v is unchanged.
//
// It uses Strauss's method with wNAF digits for a few points and
// Pippenger's bucket method for many (the crossover is about 20 points;
// see doc/batch.md), both with the GLV endomorphism: for n points the cost
// per point falls from about one variable-time scalar multiplication to a
// fifth of one at n = 8192. Execution time depends on the inputs: use it
// only on public data, such as when verifying proofs in a batch.
func (v *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	if v == nil || len(scalars) != len(points) {
		return nil
	}
	for i := range scalars {
		if scalars[i] == nil || points[i] == nil {
			return nil
		}
	}
	s := msmPool.Get().(*msmScratch)
	defer msmPool.Put(s)
	return v.varTimeMultiScalarMult(scalars, points, s)
}

// varTimeMultiScalarMult is VarTimeMultiScalarMult on the scratch s, whose
// contents may be anything left by earlier calls; the caller has checked
// the arguments.
func (v *Point) varTimeMultiScalarMult(scalars []*Scalar, points []*Point, s *msmScratch) *Point {
	n := len(points)
	if cap(s.terms) < n || cap(s.z) < n || cap(s.tmp) < n {
		s.terms = make([]ecmult.Term, n)
		s.z = make([]field.Element, n)
		s.tmp = make([]field.Element, n)
	}
	terms, z := s.terms[:n], s.z[:n]
	// Affine forms with one shared inversion of all Z (zero for the
	// identity, which BatchInvertVarTime leaves at zero).
	for i, p := range points {
		pp := p.load()
		z[i] = pp.Z
	}
	field.BatchInvertVarTime(z, z, s.tmp[:n])
	for i, pt := range points {
		// The affine point is built afresh and terms[i] is overwritten as
		// a whole by Set: no field of an earlier call's term is read.
		var p group.Affine
		if z[i].IsZero() == 1 {
			p.SetInfinity()
		} else {
			pp := pt.load()
			var x, y field.Element
			x.Multiply(&pp.X, &z[i])
			y.Multiply(&pp.Y, &z[i])
			p.SetXY(&x, &y)
		}
		terms[i].Set(&scalars[i].s, &p)
	}
	var j group.Jacobian
	ecmult.MultiScalarMultVarTime(&j, nil, terms, &s.msm)
	v.p.SetJacobian(&j)
	return v
}
