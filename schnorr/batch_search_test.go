package schnorr

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// fakeTester is a batch of u entries of which those in bad are invalid,
// for testing the search without curve arithmetic: the point of a range is
// the sum, modulo the prime 2^61 - 1, of random non-zero weights of its
// invalid entries (zero only when it holds none, but with probability
// about 2^-61), and every test has the cost of one with distinct keys.
type fakeTester struct {
	t       *testing.T
	s       *groupSearch
	u       int
	weight  []uint64 // 0 for a valid entry
	points  []uint64
	singled []int // how often each entry was verified singly
}

const fakePrime = 1<<61 - 1

func newFakeTester(t *testing.T, r *rand.Rand, u int, bad []int) *fakeTester {
	f := &fakeTester{t: t, u: u, weight: make([]uint64, u), singled: make([]int, u)}
	for _, i := range bad {
		f.weight[i] = 1 + r.Uint64N(fakePrime-1)
	}
	return f
}

func (f *fakeTester) size() int             { return f.u }
func (f *fakeTester) halves(lo, hi int) int { return 3*(hi-lo) + 2 }
func (f *fakeTester) zero(a int) bool       { return f.points[a] == 0 }

func (f *fakeTester) point(v uint64) int {
	f.points = append(f.points, v%fakePrime)
	return len(f.points) - 1
}

func (f *fakeTester) whole() int { return f.sum(0, f.u) }

func (f *fakeTester) sum(lo, hi int) int {
	var v uint64
	for _, w := range f.weight[lo:hi] {
		v = (v + w) % fakePrime
	}
	return f.point(v)
}

func (f *fakeTester) test(lo, hi int) int {
	// The search pays for a test before running it, within its allowance.
	if f.s.stats.testCost > f.s.allowance+1e-9 {
		f.t.Fatalf("test [%d, %d): tests cost %.2f, allowance %.2f", lo, hi, f.s.stats.testCost, f.s.allowance)
	}
	if lo < 0 || hi > f.u || lo >= hi {
		f.t.Fatalf("test [%d, %d) of %d", lo, hi, f.u)
	}
	return f.sum(lo, hi)
}

func (f *fakeTester) sub(a, b int) int {
	return f.point(f.points[a] + fakePrime - f.points[b])
}

func (f *fakeTester) verify(out []int, lo, hi int) []int {
	for i := lo; i < hi; i++ {
		f.singled[i]++
		if f.weight[i] != 0 {
			out = append(out, i)
		}
	}
	return out
}

// searchPlacements returns sets of k invalid entries among u: spread
// evenly (from the first entry and from the middle of each share),
// clustered at the start, middle and end, in pairs, one at the start of
// every window of each power-of-two length, and at random.
func searchPlacements(r *rand.Rand, u, k int) map[string][]int {
	p := map[string][]int{}
	add := func(name string, idx []int) {
		idx = slices.Compact(slices.Sorted(slices.Values(idx)))
		if len(idx) == k {
			p[name] = idx
		}
	}
	var spread, offset, start, mid, end, pairs []int
	for i := range k {
		spread = append(spread, i*u/k)
		offset = append(offset, i*u/k+u/(2*k))
		start = append(start, i)
		mid = append(mid, (u-k)/2+i)
		end = append(end, u-k+i)
		pairs = append(pairs, (i/2*2)*u/k+i%2)
	}
	add("spread", spread)
	add("spread+half", offset)
	add("clustered-start", start)
	add("clustered-mid", mid)
	add("clustered-end", end)
	add("pairs", pairs)
	for w := 1; w*k <= u; w *= 2 {
		var win []int
		for i := range k {
			win = append(win, i*w)
		}
		add(fmt.Sprintf("every %d", w), win)
	}
	for j := range 3 {
		add(fmt.Sprintf("random %d", j), r.Perm(u)[:k])
	}
	return p
}

// TestSearchBound checks the search's cost bound without timing: for many
// batch sizes u, numbers k and placements of invalid entries, the search
// finds exactly the invalid entries, verifies no entry singly twice or
// after clearing it, keeps its tests within the allowance, and its modeled
// cost (tests by testCost, single verifications at one unit each) stays
// within (1 + searchSlack)·u. It also pins the cost of one and two invalid
// entries among 1024, so that the honest case stays cheap.
func TestSearchBound(t *testing.T) {
	r := testutil.Rand(t)
	sizes := []int{1, 2, 3, 5, 8, 16, 31, 64, 100, 255, 300, 1000, 1024, 4096}
	if !testing.Short() {
		sizes = append(sizes, 8192)
	}
	worst := map[int]float64{} // k -> worst cost per entry at u = 1024
	for _, u := range sizes {
		var ks []int
		for k := 1; k <= u; k *= 2 {
			ks = append(ks, k, k+1, 3*k/2)
		}
		ks = append(ks, u)
		ks = slices.DeleteFunc(slices.Compact(slices.Sorted(slices.Values(ks))), func(k int) bool { return k > u })
		for _, k := range ks {
			for name, bad := range searchPlacements(r, u, k) {
				f := newFakeTester(t, r, u, bad)
				var s groupSearch
				f.s = &s
				got := s.run(f, nil)
				slices.Sort(got)
				if !slices.Equal(got, bad) {
					t.Fatalf("u=%d k=%d %s: found %v, want %v", u, k, name, got, bad)
				}
				singles := 0
				for i, n := range f.singled {
					if n > 1 {
						t.Fatalf("u=%d k=%d %s: entry %d verified singly %d times", u, k, name, i, n)
					}
					singles += n
				}
				st := s.stats
				if st.singles != singles || singles > u-st.cleared {
					t.Fatalf("u=%d k=%d %s: %d single verifications (counted %d), %d entries cleared", u, k, name, singles, st.singles, st.cleared)
				}
				if st.testCost > searchSlack*float64(u)+searchCredit*float64(st.cleared)+1e-9 {
					t.Fatalf("u=%d k=%d %s: tests cost %.2f, over the allowance", u, k, name, st.testCost)
				}
				cost := st.testCost + float64(singles)
				if limit := (1 + searchSlack) * float64(u); cost > limit+1e-9 {
					t.Fatalf("u=%d k=%d %s: modeled cost %.2f > %.2f", u, k, name, cost, limit)
				}
				if u == 1024 {
					worst[k] = max(worst[k], cost/float64(u))
				}
			}
		}
	}
	t.Logf("u = 1024, worst modeled cost of the search per entry, by k: %v", worst)
	// The honest case: a stray invalid signature or two costs a fraction of
	// verifying everything singly, wherever it is.
	for k, limit := range map[int]float64{1: 0.45, 2: 0.65} {
		if worst[k] > limit {
			t.Errorf("u = 1024, k = %d: search costs up to %.2f per entry, want at most %.2f", k, worst[k], limit)
		}
	}
}

// TestSearchRealBatch runs the search on real batches and checks its
// counts against the bound, and its answer against single verification.
func TestSearchRealBatch(t *testing.T) {
	r := testutil.Rand(t)
	n, ks, workers := 300, []int{1, 2, 5, 40, 300}, []int{1, 3}
	if testing.Short() || testutil.RaceEnabled {
		n, ks, workers = 130, []int{2, 40}, []int{2}
	}
	in := newCostInput(t, r, n, n)
	few := newCostInput(t, r, n, 3) // three keys: shared key terms
	for _, base := range []*costInput{in, few} {
		for _, k := range ks {
			for name, bad := range placements(r, n, k) {
				c := base.corrupt(bad)
				for _, w := range workers {
					b := &BatchVerifier{Workers: w}
					c.fill(b)
					if b.Verify() {
						t.Fatalf("k=%d %s: Verify", k, name)
					}
					if got := b.Invalid(); !slices.Equal(got, bad) {
						t.Fatalf("k=%d %s (workers %d): Invalid %v, want %v", k, name, w, got, bad)
					}
					st := b.search.stats
					u := float64(n)
					if st.singles > n-st.cleared || st.testCost > searchSlack*u+searchCredit*float64(st.cleared)+1e-9 ||
						st.testCost+float64(st.singles) > (1+searchSlack)*u+1e-9 {
						t.Fatalf("k=%d %s: %+v over the bound", k, name, st)
					}
				}
			}
		}
	}
}

// TestTestCost: the model grows with the number of halves and costs a
// fraction of a single verification per half.
func TestTestCost(t *testing.T) {
	prev := 0.0
	for h := 1; h < 1<<17; h += 1 + h/7 {
		c := testCost(h)
		if c < prev || c <= 0 || c/float64(h) > 0.3 || c/float64(h) < 0.05 {
			t.Fatalf("testCost(%d) = %v after %v", h, c, prev)
		}
		prev = c
	}
	if testCost(0) != 0 {
		t.Error("testCost(0)")
	}
}
