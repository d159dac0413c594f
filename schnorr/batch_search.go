package schnorr

import "slices"

// bisectLeaf: ranges of at most this many signatures are verified one by
// one while bisecting.
const bisectLeaf = 4

type searchStats struct {
	tests, testEntries, singles int
}

type batchSearch struct {
	stats searchStats
}

// findInvalid appends to out the indices of the invalid entries.
func (b *BatchVerifier) findInvalid(out []int) []int {
	b.search.stats = searchStats{}
	for i, bad := range b.bad {
		if bad {
			out = append(out, i)
		}
	}
	if !b.eqValid {
		out = b.bisect(out, 0, len(b.entries))
		slices.Sort(out)
	}
	return out
}

// bisect appends to out the invalid entries of [lo, hi), whose equation
// fails (or which holds an entry known to be invalid).
func (b *BatchVerifier) bisect(out []int, lo, hi int) []int {
	if hi-lo <= bisectLeaf {
		for i := lo; i < hi; i++ {
			e := &b.entries[i]
			if !b.bad[i] {
				b.search.stats.singles++
				if !verifyChallenge(&e.p, &e.r, &e.s, &e.e) {
					out = append(out, i)
				}
			}
		}
		return out
	}
	mid := lo + (hi-lo)/2
	workers := b.workers(mid - lo)
	if b.rangeValid(lo, mid, workers) {
		return b.bisect(out, mid, hi)
	}
	out = b.bisect(out, lo, mid)
	if b.rangeValid(mid, hi, workers) {
		return out
	}
	return b.bisect(out, mid, hi)
}
