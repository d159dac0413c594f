package schnorr

import (
	"math"
	"slices"

	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/parallel"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Invalid's search: which entries of a batch whose equation fails are
// invalid. An attacker chooses how many invalid signatures a batch holds
// and where, so the search is built for a bounded worst case, not only for
// the one forgery in a thousand (doc/batch.md, "Finding the invalid
// signatures").
//
// Costs are counted in units of one single verification (schnorr.Verify).
// Checking the equation of a part of the batch (a "test") costs
// testCost(h) for its h 128-bit halves: a fraction of a unit per signature
// for large parts, but nearly a whole unit per signature for small ones,
// which is why bisecting down to small ranges costs several times more
// than verifying one by one once the invalid signatures are more than a
// few. Verifying a signature singly (singleValid, with the challenge and R
// that Verify already computed) costs less than one unit.
//
// A test yields more than a yes or no: the point its equation sums to,
// Σ a_i·(s_i·G - R_i - e_i·P_i) over its entries, which is the identity iff
// the equation holds. These points add up, so the point of the rest of a
// range is the point of the range minus that of the part tested, at the
// cost of one point addition: a bisection step costs one test and learns
// both halves, and once the invalid signatures found so far account for
// the whole batch's point, the rest of the batch is cleared without a test.
//
// The rule that bounds the cost: a test runs only if the tests so far,
// itself included, cost at most searchSlack·u + searchCredit·C units,
// where u is the number of entries in the equation and C the number of
// entries that passing tests (or the differences above) have cleared;
// otherwise the entries in question are verified one by one. No entry is
// verified singly twice or after it was cleared, and a single verification
// costs less than a unit, so the search costs at most
// searchSlack·u + searchCredit·C + (u - C) <= (1 + searchSlack)·u units
// wherever the invalid signatures are; Verify and Invalid together cost at
// most the all-valid Verify plus that.
//
// Within the rule, the search scans the batch in windows: the first of
// searchWindowFirst entries (smaller if the allowance does not cover it),
// each next one twice as long after a window that passes and half as long
// (down to the first's length) after one that fails or whose test the
// allowance does not cover. A failing window is halved while it is at
// least searchSplitMin long (searchSplitCrowded if its sibling failed
// too) and verified one by one below that. The point of the rest of the
// batch is kept up to date, and the scan stops when it is the identity.
// One invalid signature among 1024 costs a few window tests, a few
// halvings and a handful of single verifications.

const (
	// searchSlack is the test cost, per entry, that the search may spend
	// before tests have paid for themselves by clearing entries.
	searchSlack = 0.05
	// searchWindowFirst is the length of the first window (halved until
	// the allowance covers its test), and searchWindowMin the least
	// length worth a test there.
	searchWindowFirst = 32
	searchWindowMin   = 8
	// searchCredit is what an entry cleared without single verification
	// adds to the allowance: about what its single verification would
	// have cost.
	searchCredit = 0.9
	// searchSplitMin: a failing range at least this long is halved, a
	// shorter one is verified one by one. searchSplitCrowded is the same
	// for the halves of a range whose halves both fail: invalid
	// signatures are not rare there, and halving small ranges costs more
	// than it saves.
	searchSplitMin     = 16
	searchSplitCrowded = 128
	// searchSingleMinPerWorker is the least number of single
	// verifications worth a goroutine.
	searchSingleMinPerWorker = 16
)

// searchTestHalfCost[j] is the modeled cost of one 128-bit half of a test
// with 2^(j+3) halves, in single verifications (schnorr.Verify): the cost
// of rangePoint divided by its number of halves, measured on one core by
// TestBatchTestCostModel (distinct keys, so 3 halves per signature),
// interpolated to powers of two and rounded up by 10%. Between the points
// the model interpolates in log2(h); beyond them it keeps the end values.
var searchTestHalfCost = [...]float64{
	0.250, // 8
	0.237, // 16
	0.229, // 32
	0.208, // 64
	0.172, // 128
	0.144, // 256
	0.121, // 512
	0.110, // 1024
	0.096, // 2048
	0.090, // 4096
	0.083, // 8192
	0.079, // 16384
	0.079, // 32768
}

// testCost returns the modeled cost of checking an equation of h 128-bit
// halves, in single verifications.
func testCost(h int) float64 {
	if h <= 0 {
		return 0
	}
	x := math.Log2(float64(h)) - 3
	last := len(searchTestHalfCost) - 1
	var k float64
	switch {
	case x <= 0:
		k = searchTestHalfCost[0]
	case x >= float64(last):
		k = searchTestHalfCost[last]
	default:
		j := int(x)
		f := x - float64(j)
		k = searchTestHalfCost[j]*(1-f) + searchTestHalfCost[j+1]*f
	}
	return float64(h) * k
}

// searchStats counts the work of one search, for tests of the bound.
type searchStats struct {
	tests      int     // equations of parts of the batch checked
	testHalves int     // their 128-bit halves, in all
	testCost   float64 // their modeled cost, in single verifications
	singles    int     // signatures verified one by one
	cleared    int     // entries cleared without single verification
}

// groupTester is what the search needs to know about a batch whose
// equation fails: its u entries, numbered 0 to u-1, the cost and the point
// of the equation of a range of them, and single verification. Points are
// named by handles that the tester hands out and keeps until the search
// ends.
type groupTester interface {
	// size returns u.
	size() int
	// halves returns the number of 128-bit halves of the equation of the
	// entries [lo, hi).
	halves(lo, hi int) int
	// whole returns the point of the equation of all u entries.
	whole() int
	// test computes the point of the equation of the entries [lo, hi).
	test(lo, hi int) int
	// sub returns the point a - b.
	sub(a, b int) int
	// zero reports whether point a is the identity.
	zero(a int) bool
	// verify verifies the entries [lo, hi) one by one and appends the
	// invalid ones to out (as indices of the batch).
	verify(out []int, lo, hi int) []int
}

// groupSearch finds the invalid entries of a groupTester whose equation
// fails, with the bounded cost described above.
type groupSearch struct {
	t         groupTester
	allowance float64 // searchSlack·u + the entries cleared so far
	stats     searchStats
	out       []int
}

// run appends to out the invalid entries of t, whose equation fails.
func (s *groupSearch) run(t groupTester, out []int) []int {
	u := t.size()
	*s = groupSearch{t: t, allowance: searchSlack * float64(u), out: out}
	w := searchWindowFirst
	for w > searchWindowMin && testCost(3*w+2) > s.allowance {
		w /= 2
	}
	wmin := w
	rest, known := t.whole(), true // the point of [cur, u), if known
	for cur := 0; cur < u; {
		if known && t.zero(rest) {
			s.clear(u - cur)
			break
		}
		hi := min(u, cur+w)
		if u-hi < w/2 {
			hi = u // no short last window
		}
		if known && hi == u {
			s.resolve(cur, u, rest, false)
			break
		}
		// A window whose test the allowance does not cover is shortened,
		// down to the first window's length.
		for hi-cur > wmin && !s.affordable(cur, hi) {
			w = max(wmin, w/2)
			hi = cur + w
		}
		p, tested := s.test(cur, hi)
		switch {
		case !tested:
			n := len(s.out)
			s.verify(cur, hi)
			// The window's point is the identity if it holds no invalid
			// signature; otherwise the rest's point is no longer known.
			known = known && len(s.out) == n
		case t.zero(p):
			w = min(2*w, u)
		default:
			s.resolve(cur, hi, p, false)
			w = max(wmin, w/2)
		}
		if tested && known {
			rest = t.sub(rest, p)
		}
		cur = hi
	}
	out = s.out
	s.t, s.out = nil, nil
	return out
}

// resolve finds the invalid entries of [lo, hi), whose point p is not the
// identity; crowded says its sibling's point is not the identity either.
func (s *groupSearch) resolve(lo, hi, p int, crowded bool) {
	if hi-lo >= searchSplitMin && (!crowded || hi-lo >= searchSplitCrowded) {
		mid := lo + (hi-lo)/2
		if left, tested := s.test(lo, mid); tested {
			right := s.t.sub(p, left)
			leftBad, rightBad := !s.t.zero(left), !s.t.zero(right)
			if !rightBad {
				s.clear(hi - mid)
			}
			if leftBad {
				s.resolve(lo, mid, left, rightBad)
			}
			if rightBad {
				s.resolve(mid, hi, right, leftBad)
			}
			return
		}
	}
	s.verify(lo, hi)
}

// affordable reports whether the allowance covers a test of [lo, hi).
func (s *groupSearch) affordable(lo, hi int) bool {
	return s.stats.testCost+testCost(s.t.halves(lo, hi)) <= s.allowance
}

// test computes the point of [lo, hi) if the allowance covers the cost of
// its test, and reports whether it did. A range whose point is the
// identity is cleared.
func (s *groupSearch) test(lo, hi int) (p int, tested bool) {
	h := s.t.halves(lo, hi)
	c := testCost(h)
	if s.stats.testCost+c > s.allowance {
		return 0, false
	}
	s.stats.tests++
	s.stats.testHalves += h
	s.stats.testCost += c
	p = s.t.test(lo, hi)
	if s.t.zero(p) {
		s.clear(hi - lo)
	}
	return p, true
}

// clear counts n entries found valid without single verification: they
// add to the allowance.
func (s *groupSearch) clear(n int) {
	s.stats.cleared += n
	s.allowance += searchCredit * float64(n)
}

// verify verifies the entries [lo, hi) one by one.
func (s *groupSearch) verify(lo, hi int) {
	s.stats.singles += hi - lo
	s.out = s.t.verify(s.out, lo, hi)
}

// findInvalid appends to out the indices of the invalid entries, in
// increasing order: the known-bad ones, and those the search finds if the
// equation fails.
func (b *BatchVerifier) findInvalid(out []int) []int {
	b.search.idx = b.search.idx[:0]
	for i, bad := range b.bad {
		if bad {
			out = append(out, i)
		} else {
			b.search.idx = append(b.search.idx, int32(i))
		}
	}
	b.search.stats = searchStats{}
	if b.eqValid {
		return out
	}
	b.search.points = b.search.points[:0]
	out = b.search.run((*batchTester)(b), out)
	slices.Sort(out)
	return out
}

// batchSearch is the memory of Invalid's search.
type batchSearch struct {
	groupSearch
	idx      []int32          // the entries in the equation (not known to be bad)
	points   []group.Jacobian // the points the search has named
	ok       []bool           // during verify: the results of single verification
	verifyLo int              // during verify: the first entry verified
}

// batchTester is a BatchVerifier seen as a groupTester: its entries are
// those in the equation, b.search.idx.
type batchTester BatchVerifier

func (t *batchTester) size() int { return len(t.search.idx) }

// span returns the range of the batch's entries that holds the entries
// [lo, hi) of the search (and known-bad ones between them, which the
// equation leaves out).
func (t *batchTester) span(lo, hi int) (int, int) {
	return int(t.search.idx[lo]), int(t.search.idx[hi-1]) + 1
}

// halves counts the 128-bit halves of the equation of [lo, hi): one per R,
// two per distinct key and two for G.
func (t *batchTester) halves(lo, hi int) int {
	b := (*BatchVerifier)(t)
	from, to := t.span(lo, hi)
	keys := 0
	for i := from; i < to; i++ {
		if b.bad[i] {
			continue
		}
		if k := b.keyOf[i]; b.keyPos[k] < 0 {
			b.keyPos[k] = 0
			keys++
		}
	}
	for i := from; i < to; i++ {
		if !b.bad[i] {
			b.keyPos[b.keyOf[i]] = -1
		}
	}
	return hi - lo + 2*keys + 2
}

// point appends a point to the search's list and returns its handle.
func (t *batchTester) point() int {
	t.search.points = append(t.search.points, group.Jacobian{})
	return len(t.search.points) - 1
}

func (t *batchTester) whole() int {
	a := t.point()
	t.search.points[a] = t.eqPoint
	return a
}

func (t *batchTester) test(lo, hi int) int {
	b := (*BatchVerifier)(t)
	from, to := t.span(lo, hi)
	a := t.point()
	b.rangePoint(&t.search.points[a], from, to, b.workers(hi-lo))
	return a
}

func (t *batchTester) sub(x, y int) int {
	a := t.point()
	pts := t.search.points
	neg := pts[y]
	neg.Y.Negate(&neg.Y)
	pts[a].AddVarTime(&pts[x], &neg)
	return a
}

func (t *batchTester) zero(a int) bool { return t.search.points[a].IsInfinity() == 1 }

func (t *batchTester) verify(out []int, lo, hi int) []int {
	b := (*BatchVerifier)(t)
	b.search.ok = resize(b.search.ok, len(b.search.idx))
	w := parallel.Workers(b.Workers, hi-lo, searchSingleMinPerWorker)
	b.search.verifyLo = lo
	parallel.Blocks(w, hi-lo, 4, t, (*batchTester).verifyBlock)
	for j := lo; j < hi; j++ {
		if !b.search.ok[j] {
			out = append(out, int(b.search.idx[j]))
		}
	}
	return out
}

// verifyBlock verifies the entries [verifyLo+lo, verifyLo+hi) one by one
// into b.search.ok.
func (t *batchTester) verifyBlock(lo, hi int) {
	b := (*BatchVerifier)(t)
	for j := b.search.verifyLo + lo; j < b.search.verifyLo+hi; j++ {
		b.search.ok[j] = b.singleValid(int(b.search.idx[j]))
	}
}

// singleValid reports whether entry i, which is not known to be bad, is
// valid: whether s·G - e·P equals R, the point with x = r and even y that
// prepare lifted (its negation is the point of rterms[i]). That is BIP-340
// verification with the challenge and R already computed, compared in
// Jacobian coordinates without an inversion. Execution time depends on
// the inputs, which are public.
func (b *BatchVerifier) singleValid(i int) bool {
	e := &b.entries[i]
	var ne scalar.Scalar
	ne.Negate(&e.e)
	var q group.Jacobian
	ecmult.DoubleMultVarTime(&q, &ne, &e.p, &e.s)
	if q.IsInfinity() == 1 {
		return false
	}
	// (X, Y, Z) is R = (r, y) iff X = r·Z² and Y = y·Z³; -R = (r, -y).
	negR := &b.rterms[i].P
	var z2, z3, t field.Element
	z2.Square(&q.Z)
	t.Multiply(&e.r, &z2)
	if t.Equal(&q.X) != 1 {
		return false
	}
	z3.Multiply(&z2, &q.Z)
	t.Multiply(&negR.Y, &z3)
	t.Add(&t, &q.Y)
	return t.IsZero() == 1
}
