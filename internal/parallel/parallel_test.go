package parallel

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// visits counts how often each item was handed to f, and how many calls
// f got.
type visits struct {
	count []atomic.Int32
	calls atomic.Int32
	bad   atomic.Bool // a range outside [0, n) or empty with n > 0
}

func visit(v *visits, lo, hi int) {
	v.calls.Add(1)
	if lo < 0 || hi > len(v.count) || lo > hi || (lo == hi && len(v.count) > 0) {
		v.bad.Store(true)
		return
	}
	for i := lo; i < hi; i++ {
		v.count[i].Add(1)
	}
}

func (v *visits) check(t *testing.T, name string) {
	t.Helper()
	if v.bad.Load() {
		t.Fatalf("%s: a range outside [0, n) or empty", name)
	}
	for i := range v.count {
		if c := v.count[i].Load(); c != 1 {
			t.Fatalf("%s: item %d handled %d times", name, i, c)
		}
	}
}

// TestEveryItemOnce: every item of [0, n) is handed to exactly one call,
// for every worker count, size and block.
func TestEveryItemOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 7, 64, 100, 1000} {
		for _, w := range []int{-1, 0, 1, 2, 3, 8, 2000} {
			v := &visits{count: make([]atomic.Int32, n)}
			Ranges(w, n, v, visit)
			v.check(t, fmt.Sprintf("Ranges(%d, %d)", w, n))
			if w > 1 && n >= w && int(v.calls.Load()) != w {
				t.Errorf("Ranges(%d, %d): %d calls", w, n, v.calls.Load())
			}
			for _, block := range []int{-1, 0, 1, 5, 8, 64, 5000} {
				v := &visits{count: make([]atomic.Int32, n)}
				Blocks(w, n, block, v, visit)
				v.check(t, fmt.Sprintf("Blocks(%d, %d, %d)", w, n, block))
			}
		}
	}
}

// TestOneWorkerRunsInline: one worker means one call, f(arg, 0, n), on
// the calling goroutine (f sees the caller's unsynchronized state), and no
// allocation.
func TestOneWorkerRunsInline(t *testing.T) {
	type state struct{ lo, hi, calls int }
	f := func(s *state, lo, hi int) { s.lo, s.hi, s.calls = lo, hi, s.calls+1 }
	s := new(state)
	for _, w := range []int{-5, 0, 1} { // 0 and below: one worker here (GOMAXPROCS is Workers' business)
		*s = state{}
		Ranges(w, 100, s, f)
		if *s != (state{0, 100, 1}) {
			t.Errorf("Ranges(%d, 100): %+v", w, *s)
		}
		*s = state{}
		Blocks(w, 100, 8, s, f)
		if *s != (state{0, 100, 1}) {
			t.Errorf("Blocks(%d, 100, 8): %+v", w, *s)
		}
	}
	// Several workers but items for one.
	*s = state{}
	Blocks(4, 8, 8, s, f)
	if *s != (state{0, 8, 1}) {
		t.Errorf("Blocks(4, 8, 8): %+v", *s)
	}
	testutil.SkipAllocsUnderRace(t)
	if a := testing.AllocsPerRun(100, func() {
		Ranges(1, 100, s, f)
		Blocks(1, 100, 8, s, f)
		Ranges(Workers(4, 10, 64), 10, s, f)
	}); a != 0 {
		t.Errorf("one worker: %v allocations", a)
	}
}

func TestWorkers(t *testing.T) {
	for _, tc := range []struct{ want, n, per, out int }{
		{1, 1000, 64, 1},
		{4, 1000, 64, 4},
		{4, 130, 64, 2},
		{4, 63, 64, 1},
		{4, 0, 64, 1},
		{3, 10, 0, 3},
		{3, 2, 1, 2},
	} {
		if got := Workers(tc.want, tc.n, tc.per); got != tc.out {
			t.Errorf("Workers(%d, %d, %d) = %d, want %d", tc.want, tc.n, tc.per, got, tc.out)
		}
	}
	if got := Workers(0, 1<<20, 1); got < 1 {
		t.Errorf("Workers(0, ...) = %d", got)
	}
}
