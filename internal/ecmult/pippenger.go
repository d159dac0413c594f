package ecmult

import (
	"sync"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// pippengerMinHalves is the number of non-zero 128-bit halves from which
// Pippenger is faster than Strauss (measured, doc/batch.md).
const pippengerMinHalves = 40

// The cost model of pippWindow, in units of one batch-affine bucket
// addition (2M + 1S, 3M of the shared inversion, the counting sort's copy):
// a window costs h such additions, a cost per bucket for Σ b·bucket[b]
// (pippBucketCost with bucketSumsTwoLevel: two affine additions per bucket
// plus the short running sums; pippRunningSumCost for running sums: a mixed
// and a full Jacobian addition) and pippWindowCost for the rest (c
// doublings of the accumulator, the Horner addition, loop and recoding
// overhead). Fitted to BenchmarkPippengerWindow and
// BenchmarkPippengerBucketSums: the chosen c is the measured best, or
// within 3% of it, from 34 to 24,578 halves.
const (
	pippBucketCost     = 2
	pippRunningSumCost = 4
	pippWindowCost     = 60
)

// pippWindow returns the digit width c for h 128-bit halves: the c that
// minimizes W(c)·(h + bucket cost·2^(c-1) + pippWindowCost) with
// W(c) = ceil(129/c) windows. It grows from 5 for a few dozen halves to 12
// at 20,000.
func pippWindow(h int) uint {
	best, bestCost := uint(2), -1
	for c := uint(2); c <= 13; c++ {
		w := (129 + int(c) - 1) / int(c)
		bc := pippRunningSumCost
		if c >= pippTwoLevelMinC {
			bc = pippBucketCost
		}
		cost := w * (h + bc<<(c-1) + pippWindowCost)
		if bestCost < 0 || cost < bestCost {
			best, bestCost = c, cost
		}
	}
	return best
}

// pippScratch is the reusable memory of Pippenger's method.
type pippScratch struct {
	pts    []group.Affine   // the expanded points, one per 128-bit half
	offs   []int32          // offs[i]: the first point of term i
	digits []int16          // digits[w*len(pts)+j]: digit w of point j
	sums   []group.Jacobian // sums[w]: Σ digit·point of window w
	ws     []windowScratch  // one per worker

	// workers is the number of goroutines that share the windows; 0 or 1
	// means the calling goroutine only.
	workers int
	// forceWindow, if non-zero, overrides pippWindow (benchmarks).
	forceWindow uint
	// jacobianBuckets selects Jacobian buckets with mixed additions instead
	// of batch-affine ones (benchmarks compare the two).
	jacobianBuckets bool
	// perWindowRounds runs the affine addition rounds window by window
	// (one inversion per round and window) instead of across all windows
	// at once (benchmarks compare the two).
	perWindowRounds bool
	// runningSums forms every window's Σ b·bucket[b] by running sums,
	// never by bucketSumsTwoLevel (benchmarks compare the two).
	runningSums bool
}

// windowScratch is the memory of one window sum.
type windowScratch struct {
	arr      []group.Affine   // one window's points, sorted by bucket
	start    []int32          // start[b]: first index of bucket b in arr
	count    []int32          // count[b]: points (then partial sums) in bucket b
	den      []field.Element  // the running products of one round's denominators
	pairs    [][2]int32       // a round in lanes: each pair's first point and its sum's place
	spec     []group.Affine   // a round in lanes: the special pairs' points
	blocks   []laneBlock      // a round's pairs in lanes, eight per block
	jbuckets []group.Jacobian // Jacobian buckets (jacobianBuckets)
	pieces   []piece          // this worker's share of the windows
	arr2     []group.Affine   // the row and column lists of the bucket sums
	start2   []int32
	count2   []int32
}

// piece is the part of a window that one worker sums: the points [lo, hi)
// of window win.
type piece struct {
	win, lo, hi int
	sum         group.Jacobian
}

// pippGroupPoints is about the number of points whose affine addition
// rounds are run together (BenchmarkPippengerRounds: sharing the
// inversions across windows wins below a thousand points per window,
// keeping the working set in the cache wins above).
const pippGroupPoints = 4096

// pippMinHalvesPerWorker is the least number of 128-bit halves worth a
// goroutine: below it the windows are summed on the calling goroutine.
const pippMinHalvesPerWorker = 256

// multiMult sets out = g·G + Σ terms with Pippenger's bucket method; h is
// the number of non-zero halves of terms (MultiScalarMultVarTime counted
// them). Execution time depends on the inputs.
//
// Every 128-bit half becomes a point (P or λP) with a magnitude below 2^128
// and a sign, and g·G becomes g1·G + g2·(2^128·G). The magnitudes are
// recoded into W = ceil(129/c) signed digits in [-2^(c-1), 2^(c-1)]. For
// each window, every point is added (negated for a negative digit) into the
// bucket of its digit's magnitude, and the window's sum Σ b·bucket[b] is
// formed with the running-sum trick (2·2^(c-1) Jacobian additions). The
// windows are independent: with several workers each goroutine sums every
// workers-th window. Finally out = Σ 2^(c·w)·sum[w] by Horner's rule (c
// doublings per window).
func (s *pippScratch) multiMult(out *group.Jacobian, g *scalar.Scalar, terms []Term, h int) *group.Jacobian {
	var g1, g2 scalar.Scalar
	if g != nil && g.IsZero() == 0 {
		g1, g2 = g.Split128()
		h += 2
	}
	c := pippWindow(h)
	if s.forceWindow != 0 {
		c = s.forceWindow
	}
	w := (129 + int(c) - 1) / int(c)
	s.pts = grow(s.pts, h)
	s.digits = grow(s.digits, w*h)
	s.sums = grow(s.sums, w)

	// Expand the terms: offs[i] is the first point of term i.
	s.offs = grow(s.offs, len(terms)+1)
	s.offs[0] = 0
	for i := range terms {
		s.offs[i+1] = s.offs[i] + int32(terms[i].halves())
	}
	workers := min(max(s.workers, 1), w, max(h/pippMinHalvesPerWorker, 1))
	if workers == 1 {
		s.expand(terms, 0, len(terms), h, c, w)
	} else {
		s.expandParallel(terms, workers, h, c, w)
	}
	j := int(s.offs[len(terms)])
	if g1.IsZero() == 0 || g2.IsZero() == 0 {
		gTablesOnce.Do(initGTables)
		s.pts[j] = gTable[0]
		recodeSigned(s.digits[j:], h, &g1, false, c, w)
		s.pts[j+1] = g128Table[0]
		recodeSigned(s.digits[j+1:], h, &g2, false, c, w)
		j += 2
	}
	if j != h {
		panic("ecmult: internal error: Pippenger half count mismatch")
	}

	if len(s.ws) < workers {
		s.ws = append(s.ws, make([]windowScratch, workers-len(s.ws))...)
	}
	if workers == 1 {
		s.windowSums(&s.ws[0], 0, 1, h, c)
	} else {
		s.windowSumsParallel(workers, h, c)
	}
	for win := range s.sums {
		s.sums[win].SetInfinity()
	}
	for k := range workers {
		for i := range s.ws[k].pieces {
			p := &s.ws[k].pieces[i]
			s.sums[p.win].AddVarTime(&s.sums[p.win], &p.sum)
		}
	}

	var acc group.Jacobian
	acc.Set(&s.sums[w-1])
	for win := w - 2; win >= 0; win-- {
		if !acc.Infinity {
			for range c {
				acc.DoubleVarTime(&acc)
			}
		}
		acc.AddVarTime(&acc, &s.sums[win])
	}
	return out.Set(&acc)
}

// expand writes the points and digits of terms[lo:hi], from s.offs[lo]:
// P and its digits for the first half, λP = (β·x, y) for the second.
func (s *pippScratch) expand(terms []Term, lo, hi, h int, c uint, w int) {
	for i := lo; i < hi; i++ {
		t := &terms[i]
		if t.P.Infinity {
			continue
		}
		j := int(s.offs[i])
		if t.K1.IsZero() == 0 {
			s.pts[j] = t.P
			recodeSigned(s.digits[j:], h, &t.K1, t.Neg1, c, w)
			j++
		}
		if t.K2.IsZero() == 0 {
			s.pts[j].Endomorphism(&t.P)
			recodeSigned(s.digits[j:], h, &t.K2, t.Neg2, c, w)
		}
	}
}

// expandParallel runs expand on workers goroutines, each on a contiguous
// range of the terms.
func (s *pippScratch) expandParallel(terms []Term, workers, h int, c uint, w int) {
	var wg sync.WaitGroup
	n := len(terms)
	for k := range workers {
		lo, hi := k*n/workers, (k+1)*n/workers
		wg.Go(func() { s.expand(terms, lo, hi, h, c, w) })
	}
	wg.Wait()
}

// windowSumsParallel runs windowSums on workers goroutines (a separate
// function so that its closures do not move multiMult's variables to the
// heap).
func (s *pippScratch) windowSumsParallel(workers, h int, c uint) {
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() { s.windowSums(&s.ws[k], k, workers, h, c) })
	}
	wg.Wait()
}

// windowSums computes the share of worker k of workers: the W·h pairs
// (window, point) in window-major order are cut into equal contiguous
// ranges, so a worker gets whole windows and at most a part of a window at
// each end (its sum is then added to the other worker's part). The sums
// go to ws.pieces.
func (s *pippScratch) windowSums(ws *windowScratch, k, workers, h int, c uint) {
	u := len(s.sums) * h
	from, to := k*u/workers, (k+1)*u/workers
	ws.pieces = ws.pieces[:0]
	for x := from; x < to; {
		win, lo := x/h, x%h
		hi := min(h, lo+to-x)
		ws.pieces = append(ws.pieces, piece{win: win, lo: lo, hi: hi})
		x += hi - lo
	}
	if s.jacobianBuckets {
		for i := range ws.pieces {
			p := &ws.pieces[i]
			ws.windowSumJacobian(&p.sum, s.pts[p.lo:p.hi], s.digits[p.win*h+p.lo:p.win*h+p.hi], c)
		}
		return
	}
	// Pieces in groups of about pippGroupPoints points: sharing the
	// inversions of more windows saves little once a window has thousands
	// of points, and the group's points should stay in the cache.
	for i := 0; i < len(ws.pieces); {
		j, pts := i, 0
		for j < len(ws.pieces) && (j == i || !s.perWindowRounds && pts+ws.pieces[j].hi-ws.pieces[j].lo <= pippGroupPoints) {
			pts += ws.pieces[j].hi - ws.pieces[j].lo
			j++
		}
		s.windowSumsAffine(ws, ws.pieces[i:j], h, c)
		i = j
	}
}

// recodeSigned writes the w signed c-bit digits of (-1)^neg·k, k < 2^128,
// to out[0], out[stride], ..., out[(w-1)·stride]: k = Σ dᵢ·2^(c·i) with dᵢ
// in [-2^(c-1), 2^(c-1)]. w = ceil(129/c) digits always absorb the last
// carry.
func recodeSigned(out []int16, stride int, k *scalar.Scalar, neg bool, c uint, w int) {
	l := k.Limbs()
	lo, hi := l[0], l[1]
	mask := uint64(1)<<c - 1
	half := uint64(1) << (c - 1)
	var carry uint64
	for i := range w {
		off := uint(i) * c
		var v uint64
		switch {
		case off >= 128:
			v = 0
		case off >= 64:
			v = hi >> (off - 64)
		case off == 0:
			v = lo
		default:
			v = lo>>off | hi<<(64-off)
		}
		v = v&mask + carry
		d := int16(v)
		carry = 0
		if v > half {
			d -= int16(1) << c
			carry = 1
		}
		if neg {
			d = -d
		}
		out[i*stride] = d
	}
	if carry != 0 {
		panic("ecmult: internal error: signed recoding overflow")
	}
}

// bucketSum sets sum = Σ b·bucket[b] for b = 1..nb by running sums from
// the top: running = Σ_{b' >= b} bucket[b'], sum = Σ running. bucket(b)
// returns the affine point of bucket b, or nil if it is empty.
func bucketSum(sum *group.Jacobian, nb int, bucket func(b int) *group.Affine) {
	var running group.Jacobian
	running.SetInfinity()
	sum.SetInfinity()
	for b := nb; b >= 1; b-- {
		if p := bucket(b); p != nil {
			running.AddMixedVarTime(&running, p)
		}
		if !running.Infinity {
			sum.AddVarTime(sum, &running)
		}
	}
}

// windowSumJacobian sets sum = Σ digits[j]·pts[j] with Jacobian buckets:
// one mixed addition per point.
func (ws *windowScratch) windowSumJacobian(sum *group.Jacobian, pts []group.Affine, digits []int16, c uint) {
	nb := 1 << (c - 1)
	ws.jbuckets = grow(ws.jbuckets, nb+1)
	for b := range ws.jbuckets {
		ws.jbuckets[b].SetInfinity()
	}
	var neg group.Affine
	for j, d := range digits {
		switch {
		case d > 0:
			ws.jbuckets[d].AddMixedVarTime(&ws.jbuckets[d], &pts[j])
		case d < 0:
			neg.Negate(&pts[j])
			ws.jbuckets[-d].AddMixedVarTime(&ws.jbuckets[-d], &neg)
		}
	}
	var running group.Jacobian
	running.SetInfinity()
	sum.SetInfinity()
	for b := nb; b >= 1; b-- {
		running.AddVarTime(&running, &ws.jbuckets[b])
		if !running.Infinity {
			sum.AddVarTime(sum, &running)
		}
	}
}

// windowSumsAffine sets p.sum = Σ digit·point over the points [p.lo, p.hi)
// of window p.win, for each piece p, with affine buckets. The points are
// sorted by (piece, bucket) with a counting sort (negated for negative
// digits); then every bucket's list is summed pairwise in rounds
// (reduceGroups), and the buckets are combined into Σ b·bucket[b]
// (bucketSumsTwoLevel, or running sums for small windows).
func (s *pippScratch) windowSumsAffine(ws *windowScratch, pieces []piece, h int, c uint) {
	nb := 1 << (c - 1)
	stride1 := nb + 1 // buckets 0..nb of one piece; bucket 0 stays empty
	nw := len(pieces)
	ws.count = grow(ws.count, nw*stride1)
	ws.start = grow(ws.start, nw*stride1+1)
	clear(ws.count)
	n := 0
	for k := range pieces {
		p := &pieces[k]
		cnt := ws.count[k*stride1 : (k+1)*stride1]
		for _, d := range s.digits[p.win*h+p.lo : p.win*h+p.hi] {
			if d != 0 {
				if d < 0 {
					d = -d
				}
				cnt[d]++
				n++
			}
		}
	}
	ws.arr = grow(ws.arr, n)
	ws.start[0] = 0
	for bi := range nw * stride1 {
		ws.start[bi+1] = ws.start[bi] + ws.count[bi]
	}
	// Place the points; start[bi] advances to the end of bucket bi and is
	// then moved back.
	for k := range pieces {
		p := &pieces[k]
		st := ws.start[k*stride1 : (k+1)*stride1]
		pts := s.pts[p.lo:p.hi]
		for j, d := range s.digits[p.win*h+p.lo : p.win*h+p.hi] {
			switch {
			case d > 0:
				ws.arr[st[d]] = pts[j]
				st[d]++
			case d < 0:
				ws.arr[st[-d]].Negate(&pts[j])
				st[-d]++
			}
		}
	}
	for bi := range nw * stride1 {
		ws.start[bi] -= ws.count[bi]
	}
	ws.reduceGroups(ws.arr, ws.start, ws.count)

	if c >= pippTwoLevelMinC && !s.runningSums {
		ws.bucketSumsTwoLevel(pieces, c)
		return
	}
	for k := range pieces {
		base := k * stride1
		bucketSum(&pieces[k].sum, nb, func(b int) *group.Affine {
			return ws.bucket(ws.arr, ws.start, ws.count, base+b)
		})
	}
}

// bucket returns the point of group g after reduceGroups, or nil if the
// group is empty or summed to the identity.
func (ws *windowScratch) bucket(arr []group.Affine, start, count []int32, g int) *group.Affine {
	if count[g] == 0 {
		return nil
	}
	p := &arr[start[g]]
	if p.Infinity {
		return nil
	}
	return p
}

// reduceGroups sums the list of every group, arr[start[g] : start[g] +
// count[g]], pairwise in rounds, halving it each round, until it holds at
// most one point (count[g] is updated; the sum is at start[g]). All
// additions of a round, across all groups, share one field inversion
// (Montgomery's trick): about 5M + 1S per addition instead of 7M + 4S for
// a Jacobian mixed addition. A round is three passes: the running products
// of the pairs' denominators (forward), one inversion, then pairStepVarTime for
// every pair from the last to the first, which peels the pair's inverse
// off the running inverse and adds the pair into its first point; last,
// the sums move to the front of each group's list. Where
// field.LanesEnabled, a round of at least pairLaneMin pairs runs in
// AVX-512 IFMA lanes, eight pairs at a time (roundLanesVarTime), with the
// same sums.
func (ws *windowScratch) reduceGroups(arr []group.Affine, start, count []int32) {
	ng := len(count)
	ws.den = grow(ws.den, len(arr)/2)
	var one field.Element
	one.One()
	for {
		m := 0
		for g := range ng {
			m += int(count[g]) / 2
		}
		if m == 0 {
			return
		}
		if m >= pairLaneMin && field.LanesEnabled() {
			ws.roundLanesVarTime(arr, start, count, m)
			continue
		}
		ws.roundScalarVarTime(arr, start, count, &one)
		// Pass 3: the sums (and a last unpaired point) to the front.
		for g := range ng {
			l := int(count[g])
			if l < 2 {
				continue
			}
			a := arr[start[g] : start[g]+int32(l)]
			k := 1
			for i := 2; i+1 < l; i += 2 {
				a[k] = a[i]
				k++
			}
			if l&1 == 1 {
				a[k] = a[l-1]
				k++
			}
			count[g] = int32(k)
		}
	}
}

// roundScalarVarTime is the first two passes of a round of reduceGroups
// on the scalar path: it sets the first point of every pair of every group
// to the pair's sum; one is 1. There is at least one pair.
func (ws *windowScratch) roundScalarVarTime(arr []group.Affine, start, count []int32, one *field.Element) {
	ng := len(count)
	// Pass 1: den[m] = the product of the denominators of the pairs
	// 0..m, over every pair of every group.
	m := 0
	var acc, d field.Element
	acc.One()
	for g := range ng {
		l := int(count[g])
		if l < 2 {
			continue
		}
		a := arr[start[g] : start[g]+int32(l)]
		for i := 0; i+1 < l; i += 2 {
			pairDenominator(&d, &a[i], &a[i+1])
			acc.Multiply(&acc, &d)
			ws.den[m] = acc
			m++
		}
	}
	// pairDenominator is never zero, so neither is the product.
	acc.InvertVarTime(&acc)
	// Pass 2: the sums, backwards, each into the pair's first point,
	// two pairs at a time (a pending pair waits for the next).
	var pp, pq *group.Affine
	var pprev *field.Element
	for g := ng - 1; g >= 0; g-- {
		l := int(count[g])
		if l < 2 {
			continue
		}
		a := arr[start[g] : start[g]+int32(l)]
		for i := l&^1 - 2; i >= 0; i -= 2 {
			m--
			prev := one
			if m > 0 {
				prev = &ws.den[m-1]
			}
			if pp == nil {
				pp, pq, pprev = &a[i], &a[i+1], prev
				continue
			}
			pairStep2VarTime(pp, pq, &a[i], &a[i+1], &acc, pprev, prev)
			pp = nil
		}
	}
	if pp != nil {
		pairStepVarTime(pp, pp, pq, &acc, pprev)
	}
}

// pippTwoLevelMinC is the least window width for which bucketSumsTwoLevel
// beats running sums (BenchmarkPippengerBucketSums).
const pippTwoLevelMinC = 5

// bucketSumsTwoLevel sets p.sum = Σ b·B_b over the reduced buckets B_b,
// b = 1..2^(c-1), of every piece p, writing b = b1·m + b0 with m = 2^⌈(c-1)/2⌉:
//
//	Σ b·B_b = m·Σ b1·Row[b1] + Σ b0·Col[b0],
//	Row[b1] = Σ_{b0} B_{b1·m+b0},  Col[b0] = Σ_{b1} B_{b1·m+b0}.
//
// Every bucket is added into one row and one column, and these sums are
// again independent groups, reduced with batch-affine additions; the
// running sums then cover only the ~2·sqrt(2^(c-1)) rows and columns. That
// is 2 cheap affine additions per bucket instead of a mixed and a full
// Jacobian addition.
func (ws *windowScratch) bucketSumsTwoLevel(pieces []piece, c uint) {
	nb := 1 << (c - 1)
	stride1 := nb + 1
	lm := c / 2 // ⌈(c-1)/2⌉
	m := 1 << lm
	rows, cols := nb>>lm, m-1
	t := rows + cols // groups per piece: rows 1..rows, then columns 1..cols
	nw := len(pieces)
	ws.count2 = grow(ws.count2, nw*t)
	ws.start2 = grow(ws.start2, nw*t+1)
	clear(ws.count2)
	n := 0
	for k := range nw {
		for b := 1; b <= nb; b++ {
			if ws.bucket(ws.arr, ws.start, ws.count, k*stride1+b) == nil {
				continue
			}
			if b1 := b >> lm; b1 != 0 {
				ws.count2[k*t+b1-1]++
				n++
			}
			if b0 := b & (m - 1); b0 != 0 {
				ws.count2[k*t+rows+b0-1]++
				n++
			}
		}
	}
	ws.arr2 = grow(ws.arr2, n)
	ws.start2[0] = 0
	for g := range nw * t {
		ws.start2[g+1] = ws.start2[g] + ws.count2[g]
	}
	for k := range nw {
		st := ws.start2[k*t : (k+1)*t]
		for b := 1; b <= nb; b++ {
			p := ws.bucket(ws.arr, ws.start, ws.count, k*stride1+b)
			if p == nil {
				continue
			}
			if b1 := b >> lm; b1 != 0 {
				ws.arr2[st[b1-1]] = *p
				st[b1-1]++
			}
			if b0 := b & (m - 1); b0 != 0 {
				ws.arr2[st[rows+b0-1]] = *p
				st[rows+b0-1]++
			}
		}
	}
	for g := range nw * t {
		ws.start2[g] -= ws.count2[g]
	}
	ws.reduceGroups(ws.arr2, ws.start2, ws.count2)
	for k := range nw {
		base := k * t
		var rowSum, colSum group.Jacobian
		bucketSum(&rowSum, rows, func(b1 int) *group.Affine {
			return ws.bucket(ws.arr2, ws.start2, ws.count2, base+b1-1)
		})
		bucketSum(&colSum, cols, func(b0 int) *group.Affine {
			return ws.bucket(ws.arr2, ws.start2, ws.count2, base+rows+b0-1)
		})
		if !rowSum.Infinity {
			for range lm {
				rowSum.DoubleVarTime(&rowSum)
			}
		}
		pieces[k].sum.AddVarTime(&rowSum, &colSum)
	}
}

// pairDenominator sets den to the denominator of the slope of p + q in
// affine coordinates: x_q - x_p for distinct x, 2·y_p for doubling, and 1
// when there is nothing to invert (one of them is infinity, or q = -p).
func pairDenominator(den *field.Element, p, q *group.Affine) {
	if p.Infinity || q.Infinity {
		den.One()
		return
	}
	den.Subtract(&q.X, &p.X)
	if den.IsZero() == 0 {
		return
	}
	if p.Y.Equal(&q.Y) == 1 {
		den.Double(&p.Y) // doubling; y ≠ 0 on secp256k1
		return
	}
	den.One() // q = -p
}

// pairAdd sets r = p + q given inv, the inverse of pairDenominator(p, q).
// r may alias p or q.
func pairAdd(r, p, q *group.Affine, inv *field.Element) {
	if p.Infinity {
		*r = *q
		return
	}
	if q.Infinity {
		*r = *p
		return
	}
	var lambda, t field.Element
	if p.X.Equal(&q.X) == 1 {
		if p.Y.Equal(&q.Y) == 0 {
			r.SetInfinity() // q = -p
			return
		}
		lambda.Square(&p.X) // λ = 3x²/(2y)
		t.Double(&lambda)
		lambda.Add(&lambda, &t)
	} else {
		lambda.Subtract(&q.Y, &p.Y) // λ = (y_q - y_p)/(x_q - x_p)
	}
	lambda.Multiply(&lambda, inv)
	var x3 field.Element
	x3.Square(&lambda)
	x3.Subtract(&x3, &p.X)
	x3.Subtract(&x3, &q.X) // x3 = λ² - x_p - x_q
	t.Subtract(&p.X, &x3)
	t.Multiply(&t, &lambda)
	var y3 field.Element
	y3.Subtract(&t, &p.Y) // y3 = λ(x_p - x3) - y_p
	r.SetXY(&x3, &y3)
}
