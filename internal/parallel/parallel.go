// Package parallel fans the loops of the batch verifiers (schnorr, ecdsa,
// signer) over goroutines: one place that decides how many goroutines a
// loop gets and how the items are shared out.
//
// The work is a function f(arg, lo, hi) that handles the items [lo, hi) of
// a loop over [0, n). It is a plain function with its state behind arg,
// not a closure, so that a caller passing a method expression and a
// pointer it already has allocates nothing: with one worker, Ranges and
// Blocks call f(arg, 0, n) on the calling goroutine and start nothing.
// With several, they return when every call of f has returned; f must be
// safe to call concurrently on disjoint ranges.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers returns the number of goroutines for a loop over n items:
// want, or runtime.GOMAXPROCS(0) if want <= 0, but no more than one per
// minPerWorker items (a goroutine costs about a microsecond to start, so
// small loops run on the calling goroutine alone), and at least 1.
func Workers(want, n, minPerWorker int) int {
	if want <= 0 {
		want = runtime.GOMAXPROCS(0)
	}
	return max(1, min(want, n/max(1, minPerWorker)))
}

// Ranges calls f(arg, lo, hi) for [0, n) cut into workers contiguous ranges
// of nearly equal length (the first k·n/workers items to the first k), each
// on a goroutine of its own. It suits loops whose items cost about the same
// and that keep a running position (an offset into a buffer of messages).
// With workers <= 1 or n <= 1 it calls f(arg, 0, n) on the calling
// goroutine, without allocating.
func Ranges[T any](workers, n int, arg *T, f func(arg *T, lo, hi int)) {
	workers = min(workers, n)
	if workers <= 1 {
		f(arg, 0, n)
		return
	}
	var wg sync.WaitGroup
	for k := range workers {
		lo, hi := k*n/workers, (k+1)*n/workers
		wg.Go(func() { f(arg, lo, hi) })
	}
	wg.Wait()
}

// Blocks calls f(arg, lo, hi) for the consecutive blocks [0, block),
// [block, 2·block), ... of [0, n), handed out by an atomic counter to
// workers goroutines: a goroutine on a busy core takes fewer blocks, and
// none waits for a slow one with work left over. It suits loops whose items
// are expensive (a whole signature verification each). With workers <= 1
// or n <= block it calls f(arg, 0, n) on the calling goroutine, without
// allocating. A block below 1 counts as 1.
func Blocks[T any](workers, n, block int, arg *T, f func(arg *T, lo, hi int)) {
	b := max(1, block)
	workers = min(workers, (n+b-1)/b)
	if workers <= 1 {
		f(arg, 0, n)
		return
	}
	blocks(workers, n, b, arg, f)
}

// blocks is the goroutine part of Blocks, in a function of its own so that
// the variables its goroutines share live on the heap only when it runs.
func blocks[T any](workers, n, block int, arg *T, f func(arg *T, lo, hi int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				lo := int(next.Add(int64(block))) - block
				if lo >= n {
					return
				}
				f(arg, lo, min(lo+block, n))
			}
		})
	}
	wg.Wait()
}
