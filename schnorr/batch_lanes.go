package schnorr

import (
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// liftBlockLanes is the number of r that liftNegRLanes lifts at a time:
// three sets of eight lanes, whose square roots run interleaved.
const liftBlockLanes = 24

// liftNegRLanes sets b.rterms[i].P to -R_i = (r_i, odd y) for the entries
// [lo, hi), or to the point at infinity where r_i is not the x of a point,
// with the AVX-512 IFMA lanes (ecmult.LiftXVarTime), and reports true; it
// does nothing and reports false where field.LanesEnabled does not report
// them (prepareEntries then lifts each r with Affine.SetXO). The r are
// public, and the entries that are rejected or whose key has no point are
// lifted too (prepareEntries ignores their points).
func (b *BatchVerifier) liftNegRLanes(lo, hi int) bool {
	if !field.LanesEnabled() {
		return false
	}
	var xs [liftBlockLanes]field.Element
	var ps [liftBlockLanes]group.Affine
	var ok [liftBlockLanes]bool
	for i := lo; i < hi; i += liftBlockLanes {
		m := min(liftBlockLanes, hi-i)
		for k := range m {
			xs[k] = b.entries[i+k].r
		}
		ecmult.LiftXVarTime(ps[:m], ok[:m], xs[:m], 1)
		for k := range m {
			b.rterms[i+k].P = ps[k]
		}
	}
	return true
}

// liftKeysBlock returns the number of keys a worker lifts at a time:
// liftBlockLanes with the lanes (a block of 24 runs three interleaved
// chains), liftBlock without them.
func liftKeysBlock() int {
	if field.LanesEnabled() {
		return liftBlockLanes
	}
	return liftBlock
}

// liftKeysLanes is liftKeys with the AVX-512 IFMA lanes: it lifts the keys
// [lo, hi) whose first entry was added as bytes, up to 24 at a time
// (ecmult.LiftXVarTime), and reports true; it does nothing and reports
// false where field.LanesEnabled does not report the lanes.
func (b *BatchVerifier) liftKeysLanes(lo, hi int) bool {
	if !field.LanesEnabled() {
		return false
	}
	var xs [liftBlockLanes]field.Element
	var ps [liftBlockLanes]group.Affine
	var ok [liftBlockLanes]bool
	var ks [liftBlockLanes]int
	m := 0
	flush := func() {
		ecmult.LiftXVarTime(ps[:m], ok[:m], xs[:m], 0)
		for j, k := range ks[:m] {
			e := &b.entries[b.keyFirst[k]]
			b.keyBad[k] = !ok[j]
			if ok[j] {
				e.p = ps[j]
				e.lift = false
			}
		}
		m = 0
	}
	for k := lo; k < hi; k++ {
		e := &b.entries[b.keyFirst[k]]
		b.keyBad[k] = false
		if !e.lift {
			continue
		}
		// AddBytes checked that e.px is below p.
		xs[m].SetCanonicalBytes(&e.px)
		ks[m] = k
		m++
		if m == liftBlockLanes {
			flush()
		}
	}
	if m > 0 {
		flush()
	}
	return true
}
