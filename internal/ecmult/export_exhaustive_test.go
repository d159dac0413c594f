//go:build exhaustive7 || exhaustive13 || exhaustive199

package ecmult

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Hooks for the exhaustive tests (ecmult_exhaustive_test.go, an external
// test package so that internal/exhaustive, which imports internal/group,
// can serve as its reference).

// Windows are the wNAF widths of this build.
const WindowP, WindowG = windowP, windowG

// MSMVariant is one algorithm and parameter choice of the multi-scalar
// multiplication, run on a scratch kept between calls (as a batch verifier
// keeps it), so that state surviving a call would show.
type MSMVariant struct {
	Name string
	Run  func(out *group.Jacobian, g *scalar.Scalar, terms []Term)
}

// MSMVariants returns MultiScalarMultVarTime's choice ("auto"), Strauss,
// and Pippenger with every bucket strategy (batch-affine buckets summed
// with running sums or with the two-level row and column sums, Jacobian
// buckets, rounds across windows or per window) at forced digit widths.
func MSMVariants() []MSMVariant {
	var auto Scratch
	var strauss straussScratch
	v := []MSMVariant{
		{"auto", func(out *group.Jacobian, g *scalar.Scalar, terms []Term) {
			MultiScalarMultVarTime(out, g, terms, &auto)
		}},
		{"strauss", func(out *group.Jacobian, g *scalar.Scalar, terms []Term) {
			strauss.multiMult(out, g, terms)
		}},
	}
	pipp := func(name string, s *pippScratch) {
		v = append(v, MSMVariant{name, func(out *group.Jacobian, g *scalar.Scalar, terms []Term) {
			h := 0
			for i := range terms {
				h += terms[i].halves()
			}
			s.multiMult(out, g, terms, h)
		}})
	}
	for _, c := range []uint{2, 3, pippTwoLevelMinC, 8} {
		pipp(fmt.Sprintf("pippenger-c%d", c), &pippScratch{forceWindow: c})
	}
	pipp("pippenger-c5-running-sums", &pippScratch{forceWindow: pippTwoLevelMinC, runningSums: true})
	pipp("pippenger-c3-jacobian", &pippScratch{forceWindow: 3, jacobianBuckets: true})
	pipp("pippenger-c5-per-window", &pippScratch{forceWindow: pippTwoLevelMinC, perWindowRounds: true})
	return v
}

// UsesPippenger reports whether MultiScalarMultVarTime picks Pippenger for
// these terms.
func UsesPippenger(terms []Term) bool {
	h := 0
	for i := range terms {
		h += terms[i].halves()
	}
	return msmUsePippenger(h)
}
