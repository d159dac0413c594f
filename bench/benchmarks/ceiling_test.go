package benchmarks

import (
	"crypto/sha256"
	"fmt"
	"runtime"
	"sync"
	"testing"
)

// BenchmarkParallelCeiling measures what the machine gives to parallel
// work: a fixed amount of independent SHA-256 computations on one
// goroutine, then split evenly over GOMAXPROCS goroutines. The ratio of the
// two times is the best speed-up any multi-core code can reach here (2-vCPU
// VMs often give less than 2×: the vCPUs may be siblings of one physical
// core), the yardstick for the multi-core batch verification figures.
func BenchmarkParallelCeiling(b *testing.B) {
	const total = 1 << 17
	work := func(n int) byte {
		var h [32]byte
		for range n {
			h = sha256.Sum256(h[:])
		}
		return h[0]
	}
	for _, w := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("goroutines=%d", w), func(b *testing.B) {
			sink := make([]byte, w)
			for b.Loop() {
				var wg sync.WaitGroup
				for k := range w {
					wg.Go(func() { sink[k] = work(total / w) })
				}
				wg.Wait()
			}
		})
	}
}
