package ecmult

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Sequence tests of Scratch (doc/state.md): one Scratch serves many calls
// of MultiScalarMultVarTime of varying sizes, with and without g, with one
// or several workers and with every internal variant of Pippenger, and each
// result is compared with a reference that shares no code with the
// multi-scalar multiplication: every point is m·G for a known m, so the sum
// is (Σ ±k·m + g)·G, formed with scalar arithmetic and the constant-time
// BaseMult.

// seqSource is where a call sequence takes its choices from: a
// *rand.Rand in the tests, the fuzz input in FuzzScratchSequence.
type seqSource interface {
	IntN(n int) int
	Uint64() uint64
}

// seqPoints is a pool of points with known discrete logarithms: the point
// at infinity, G, −G, and random multiples of G.
type seqPoints struct {
	pts  []group.Affine
	logs []scalar.Scalar
}

func newSeqPoints(r *rand.Rand, n int) *seqPoints {
	p := &seqPoints{}
	var one, minusOne scalar.Scalar
	one.One()
	minusOne.Negate(&one)
	ms := []scalar.Scalar{{}, one, minusOne}
	for range n {
		ms = append(ms, randScalar(r))
	}
	for _, m := range ms {
		var pp group.Projective
		BaseMult(&pp, &m)
		p.pts = append(p.pts, projAffine(&pp))
		p.logs = append(p.logs, m)
	}
	return p
}

// seqGen draws the calls of a sequence.
type seqGen struct {
	src   seqSource
	pool  *seqPoints
	edges []scalar.Scalar // edgeScalars: 0, 1, 2^128 ± 1, n−1, λ, ...
}

func (g *seqGen) scalar() scalar.Scalar {
	if g.src.IntN(3) == 0 {
		return g.edges[g.src.IntN(len(g.edges))]
	}
	var b [32]byte
	for i := 0; i < 32; i += 8 {
		v := g.src.Uint64()
		for j := range 8 {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	var s scalar.Scalar
	s.SetBytes(&b)
	return s
}

// point returns a point of the pool, its negation or its image under the
// endomorphism, and its discrete logarithm.
func (g *seqGen) point() (group.Affine, scalar.Scalar) {
	i := g.src.IntN(len(g.pool.pts))
	p, m := g.pool.pts[i], g.pool.logs[i]
	switch g.src.IntN(4) {
	case 0:
		p.Negate(&p)
		m.Negate(&m)
	case 1:
		p.Endomorphism(&p)
		l := scalar.Lambda()
		m.Multiply(&m, &l)
	}
	return p, m
}

// size returns a number of terms: a few, about the Strauss–Pippenger
// crossover (pippengerMinHalves = 40 halves, about 20 terms), up to max, or
// (one call in twelve, if large > 0) from large/2 to large, where several
// workers share Pippenger's windows.
func (g *seqGen) size(max, large int) int {
	switch g.src.IntN(12) {
	case 0, 1, 2:
		return g.src.IntN(5)
	case 3, 4, 5, 6:
		return 12 + g.src.IntN(20)
	case 7:
		if large > 0 {
			return large/2 + g.src.IntN(large/2+1)
		}
	}
	return g.src.IntN(max + 1)
}

// msmCall is one call and its expected result.
type msmCall struct {
	terms []Term
	g     *scalar.Scalar
	want  group.Affine
	desc  string
}

// call draws n terms (full scalars by Set, or signed 128-bit ones by
// SetShort) and g (nil, zero or not), and computes the expected sum.
func (g *seqGen) call(n int) msmCall {
	c := msmCall{terms: make([]Term, n)}
	var sum scalar.Scalar
	for i := range n {
		p, m := g.point()
		var k scalar.Scalar
		if g.src.IntN(3) == 0 {
			k = g.scalar()
			k, _ = k.Split128()
			neg := g.src.IntN(2) == 0
			c.terms[i].SetShort(&k, neg, &p)
			if neg {
				k.Negate(&k)
			}
		} else {
			k = g.scalar()
			c.terms[i].Set(&k, &p)
		}
		k.Multiply(&k, &m)
		sum.Add(&sum, &k)
	}
	gdesc := "nil"
	switch g.src.IntN(4) {
	case 0:
	case 1:
		c.g, gdesc = new(scalar.Scalar), "zero"
	default:
		gs := g.scalar()
		c.g, gdesc = &gs, "non-zero"
		sum.Add(&sum, &gs)
	}
	var pp group.Projective
	c.want = projAffine(BaseMult(&pp, &sum))
	c.desc = fmt.Sprintf("%d terms, g %s", n, gdesc)
	return c
}

// configure sets the worker count and Pippenger's internal variants of s
// for the next call.
func (g *seqGen) configure(s *Scratch) string {
	s.Workers = []int{0, 1, 2, 3, 4, 8}[g.src.IntN(6)]
	p := &s.pipp
	p.forceWindow = 0
	if g.src.IntN(3) == 0 {
		// Up to 2^9 buckets: wider windows cost milliseconds a call.
		p.forceWindow = uint(2 + g.src.IntN(9))
	}
	p.jacobianBuckets = g.src.IntN(4) == 0
	p.perWindowRounds = g.src.IntN(4) == 0
	p.runningSums = g.src.IntN(4) == 0
	return fmt.Sprintf("Workers %d, window %d, jacobian %v, per-window rounds %v, running sums %v",
		s.Workers, p.forceWindow, p.jacobianBuckets, p.perWindowRounds, p.runningSums)
}

// run makes the call on s and reports whether the result is right.
func (c *msmCall) run(s *Scratch) bool {
	var out group.Jacobian
	MultiScalarMultVarTime(&out, c.g, c.terms, s)
	got := jacAffine(&out)
	return got.Equal(&c.want) == 1
}

// TestScratchSequence runs random sequences of calls, each goroutine on its
// own Scratch, several goroutines at once. The seed reproduces every
// goroutine's sequence.
func TestScratchSequence(t *testing.T) {
	r := testutil.Rand(t)
	pool := newSeqPoints(r, 24)
	edges := edgeScalars(t)
	goroutines, calls, max, large := 3, 100, 300, 800
	if testing.Short() {
		goroutines, calls, max, large = 2, 10, 60, 0
	}
	testutil.RunGoroutines(t, r, goroutines, func(_ int, r *rand.Rand) error {
		g := &seqGen{src: r, pool: pool, edges: edges}
		var s Scratch
		for i := range calls {
			conf := g.configure(&s)
			c := g.call(g.size(max, large))
			if !c.run(&s) {
				return fmt.Errorf("call %d (%s; %s): wrong result", i, c.desc, conf)
			}
		}
		return nil
	})
}

// TestScratchWorkersSequence runs Pippenger with more, then fewer, then
// more workers on one Scratch, so that each call finds the per-worker
// memory (windowScratch, with its pieces) of a different split.
func TestScratchWorkersSequence(t *testing.T) {
	r := testutil.Rand(t)
	g := &seqGen{src: r, pool: newSeqPoints(r, 24), edges: edgeScalars(t)}
	// About 1.5 non-zero halves a term (a third of the terms are SetShort):
	// 700 terms make up to 4 workers of pippMinHalvesPerWorker, 400 two.
	n := 700
	if testing.Short() {
		n = 400
	}
	var s Scratch
	for i, w := range []int{3, 1, 5, 2, 4, 1, 3, 2} {
		s.Workers = w
		c := g.call(n - 37*i)
		if !c.run(&s) {
			t.Errorf("call %d (%s, Workers %d): wrong result", i, c.desc, w)
		}
	}
}

// TestScratchDirty fills every buffer of a grown Scratch with garbage
// before each call, as earlier calls could leave it: the results must not
// change. It covers each variant of Pippenger and more than one worker.
func TestScratchDirty(t *testing.T) {
	r := testutil.Rand(t)
	g := &seqGen{src: r, pool: newSeqPoints(r, 24), edges: edgeScalars(t)}
	large := 450
	if testing.Short() {
		large = 140
	}
	for _, v := range []struct {
		name    string
		workers int
		set     func(p *pippScratch)
	}{
		{"auto", 1, func(*pippScratch) {}},
		{"workers", 3, func(*pippScratch) {}},
		{"jacobian", 2, func(p *pippScratch) { p.jacobianBuckets = true }},
		{"per-window-rounds", 1, func(p *pippScratch) { p.perWindowRounds = true }},
		{"running-sums", 1, func(p *pippScratch) { p.runningSums = true }},
		{"c3", 3, func(p *pippScratch) { p.forceWindow = 3 }},
		{"c12", 1, func(p *pippScratch) { p.forceWindow = 12 }},
	} {
		var s Scratch
		s.Workers = v.workers
		v.set(&s.pipp)
		large := large
		if v.workers > 1 {
			large = max(large, 400) // at least 2 workers
		}
		// Grow the buffers of both algorithms: 19 terms have at most 38
		// non-zero halves, below pippengerMinHalves.
		for _, c := range []msmCall{g.call(19), g.call(large)} {
			if !c.run(&s) {
				t.Fatalf("%s: %s: wrong result", v.name, c.desc)
			}
		}
		for _, n := range []int{0, 1, 3, 15, 19, 25, 60, large / 2, large} {
			c := g.call(n)
			dirtyScratch(r, &s)
			if !c.run(&s) {
				t.Errorf("%s: %s on a dirty Scratch: wrong result", v.name, c.desc)
			}
		}
	}
}

// dirtyScratch overwrites every element of every buffer of s, up to its
// capacity, with garbage: points at infinity and finite points off the
// curve, random coordinates, odd wNAF digits, small signed digits, and
// small indices and counts. The settings (Workers and Pippenger's
// variants) are left alone.
func dirtyScratch(r *rand.Rand, s *Scratch) {
	var junk [16]field.Element
	for i := range junk {
		var b [32]byte
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		junk[i].SetBytes(&b)
	}
	fe := func(v *field.Element) { *v = junk[r.IntN(len(junk))] }
	aff := func(a []group.Affine) {
		a = a[:cap(a)]
		for i := range a {
			fe(&a[i].X)
			fe(&a[i].Y)
			a[i].Infinity = r.IntN(2) == 0
		}
	}
	jac := func(a []group.Jacobian) {
		a = a[:cap(a)]
		for i := range a {
			fe(&a[i].X)
			fe(&a[i].Y)
			fe(&a[i].Z)
			a[i].Infinity = r.IntN(2) == 0
		}
	}
	fes := func(a []field.Element) {
		a = a[:cap(a)]
		for i := range a {
			fe(&a[i])
		}
	}
	i32 := func(a []int32) {
		a = a[:cap(a)]
		for i := range a {
			a[i] = r.Int32N(4)
		}
	}

	st := &s.strauss
	jac(st.jac)
	aff(st.tbl)
	fes(st.fe)
	digits := st.digits[:cap(st.digits)]
	for i := range digits {
		for j := range digits[i] {
			digits[i][j] = int32(2*r.IntN(8) + 1)
		}
	}
	halves := st.halves[:cap(st.halves)]
	for i := range halves {
		halves[i] = straussHalf{tbl: st.tbl[:min(len(st.tbl), straussTable)], neg: true}
		if len(digits) > 0 {
			halves[i].digits = &digits[r.IntN(len(digits))]
		}
	}
	idx := st.termIdx[:cap(st.termIdx)]
	for i := range idx {
		idx[i] = r.IntN(3)
	}

	p := &s.pipp
	aff(p.pts)
	i32(p.offs)
	d := p.digits[:cap(p.digits)]
	for i := range d {
		d[i] = int16(r.IntN(5) - 2)
	}
	jac(p.sums)
	for k := range p.ws[:cap(p.ws)] {
		ws := &p.ws[:cap(p.ws)][k]
		aff(ws.arr)
		i32(ws.start)
		i32(ws.count)
		fes(ws.den)
		jac(ws.jbuckets)
		pcs := ws.pieces[:cap(ws.pieces)]
		for i := range pcs {
			pcs[i] = piece{win: r.IntN(3), lo: r.IntN(3), hi: 3 + r.IntN(3)}
			fe(&pcs[i].sum.X)
			fe(&pcs[i].sum.Y)
			fe(&pcs[i].sum.Z)
		}
		aff(ws.arr2)
		i32(ws.start2)
		i32(ws.count2)
	}
}
