package ecmult

import (
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Multi-scalar multiplication: Σ kᵢ·Pᵢ (+ g·G) in variable time, for public
// inputs only (batch verification, protocol code working on public points).
//
// The summands are Terms whose scalars are already split into two halves
// below 2^128 (k·P = k1·P + k2·λP, the GLV endomorphism). A caller holding a
// full 256-bit scalar uses Term.Set; one holding a scalar that is short to
// begin with (the 128-bit randomizers of batch verification) uses
// Term.SetShort and saves the second half altogether.
//
// Two algorithms, chosen by the number of 128-bit halves (see msmUsePippenger
// and doc/batch.md for the measured crossover):
//
//   - Strauss (strauss_multi.go): one shared chain of ~128 doublings,
//     window-5 wNAF digits against per-point tables of odd multiples, and the
//     precomputed window-13 tables of G and 2^128·G for the g·G part.
//   - Pippenger (pippenger.go): the bucket method with signed c-bit digits,
//     c chosen by the number of halves, and bucket sums formed with affine
//     additions sharing one field inversion per round (Montgomery's trick).

// Term is one summand k·P of a multi-scalar multiplication, held as
// (-1)^Neg1·K1·P + (-1)^Neg2·K2·λP with K1, K2 < 2^128. Build it with Set or
// SetShort.
type Term struct {
	P          group.Affine
	K1, K2     scalar.Scalar // magnitudes, each below 2^128
	Neg1, Neg2 bool
}

// Set sets t to the summand k·P, splitting k with the GLV endomorphism, and
// returns t. P may be the point at infinity.
func (t *Term) Set(k *scalar.Scalar, p *group.Affine) *Term {
	k1, k2 := k.SplitLambda()
	var n1, n2 int
	t.K1, n1 = k1.AbsHalf()
	t.K2, n2 = k2.AbsHalf()
	t.Neg1, t.Neg2 = n1 == 1, n2 == 1
	t.P = *p
	return t
}

// SetShort sets t to the summand (-1)^neg·k·P for k below 2^128, which it
// does not split, and returns t. It panics if k is not below 2^128 (an
// internal error: callers pass 128-bit randomizers).
func (t *Term) SetShort(k *scalar.Scalar, neg bool, p *group.Affine) *Term {
	if l := k.Limbs(); l[2]|l[3] != 0 {
		panic("ecmult: internal error: SetShort scalar is not below 2^128")
	}
	t.K1, t.Neg1 = *k, neg
	t.K2.Zero()
	t.Neg2 = false
	t.P = *p
	return t
}

// SetZero sets t to the summand 0 (zero scalars and the point at
// infinity), which contributes nothing to a sum, and returns t.
func (t *Term) SetZero() *Term {
	t.P.SetInfinity()
	t.K1.Zero()
	t.K2.Zero()
	t.Neg1, t.Neg2 = false, false
	return t
}

// halves returns the number of non-zero 128-bit halves of t with a finite
// point: the amount of work t contributes.
func (t *Term) halves() int {
	if t.P.Infinity {
		return 0
	}
	return 1 - t.K1.IsZero() + 1 - t.K2.IsZero()
}

// Scratch holds the memory of multi-scalar multiplications so that repeated
// calls (a batch verifier working through many batches) do not allocate. The
// zero value is ready to use; it grows to the largest input seen. A Scratch
// must not be used by two goroutines at once.
type Scratch struct {
	// Workers is the number of goroutines that Pippenger's method may use
	// for large inputs (it splits the windows between them); 0 or 1 means
	// the calling goroutine only.
	Workers int

	strauss straussScratch
	pipp    pippScratch
}

// MultiScalarMultVarTime sets out = g·G + Σ terms[i] and returns out; g may
// be nil (no G term). scratch may be nil, and then the memory is allocated
// for this call. Execution time depends on all inputs: use it only on
// public data.
func MultiScalarMultVarTime(out *group.Jacobian, g *scalar.Scalar, terms []Term, scratch *Scratch) *group.Jacobian {
	if scratch == nil {
		scratch = new(Scratch)
	}
	h := 0
	for i := range terms {
		h += terms[i].halves()
	}
	if msmUsePippenger(h) {
		scratch.pipp.workers = scratch.Workers
		return scratch.pipp.multiMult(out, g, terms, h)
	}
	return scratch.strauss.multiMult(out, g, terms)
}

// msmUsePippenger reports whether Pippenger beats Strauss for h non-zero
// 128-bit halves (measured: doc/batch.md).
func msmUsePippenger(h int) bool {
	return h >= pippengerMinHalves
}
