package halfagg_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/p256k1/secp256k1/halfagg"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// BenchmarkHalfAgg times half-aggregate verification of n = 100 and 1000
// signatures next to verifying the same signatures one by one
// (schnorr.Verify) and with schnorr.BatchVerifier, on one core
// (Workers: 1) and on all (Workers: 0), and aggregation. Every case
// reports ns/sig, the time per signature; the one-core cases also
// cpu-ns/sig, the CPU time of the benchmark's thread per signature, which
// leaves out the time it spent descheduled on a busy machine (multi-core
// cases use other threads, so they report wall time only).
//
//	go test -run '^$' -bench HalfAgg -count 6 ./halfagg
func BenchmarkHalfAgg(b *testing.B) {
	rng := rand.New(rand.NewPCG(42, 42))
	for _, n := range []int{100, 1000} {
		bt := newBatch(b, rng, n)
		agg, err := halfagg.Aggregate(bt.keys, bt.msgs, bt.sigs)
		if err != nil {
			b.Fatal(err)
		}
		perSig := func(b *testing.B, oneCore bool, f func()) {
			if oneCore {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
			}
			t0 := testutil.ThreadCPUTime()
			b.ReportAllocs()
			for b.Loop() {
				f()
			}
			t1 := testutil.ThreadCPUTime()
			sigs := float64(b.N * n)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/sigs, "ns/sig")
			if oneCore && t0 >= 0 && t1 >= 0 {
				b.ReportMetric(float64(t1-t0)/sigs, "cpu-ns/sig")
			}
		}
		for _, w := range []int{1, 0} {
			cores := "1core"
			if w == 0 {
				cores = fmt.Sprintf("%dcores", runtime.GOMAXPROCS(0))
			}
			b.Run(fmt.Sprintf("verify_aggregate/n=%d/%s", n, cores), func(b *testing.B) {
				v := &halfagg.Verifier{Workers: w}
				perSig(b, w == 1, func() {
					if !v.Verify(agg, bt.keys, bt.msgs) {
						b.Fatal("rejected")
					}
				})
			})
			b.Run(fmt.Sprintf("batch_verify/n=%d/%s", n, cores), func(b *testing.B) {
				bv := &schnorr.BatchVerifier{Workers: w}
				perSig(b, w == 1, func() {
					bv.Reset()
					for i := range n {
						bv.Add(bt.keys[i], bt.msgs[i], bt.sigs[i])
					}
					if !bv.Verify() {
						b.Fatal("rejected")
					}
				})
			})
		}
		b.Run(fmt.Sprintf("single_verify/n=%d/1core", n), func(b *testing.B) {
			perSig(b, true, func() {
				for i := range n {
					if !schnorr.Verify(bt.keys[i], bt.msgs[i], bt.sigs[i]) {
						b.Fatal("rejected")
					}
				}
			})
		})
		b.Run(fmt.Sprintf("VerifyAggregate/n=%d/%dcores", n, runtime.GOMAXPROCS(0)), func(b *testing.B) {
			perSig(b, false, func() {
				if !halfagg.VerifyAggregate(agg, bt.keys, bt.msgs) {
					b.Fatal("rejected")
				}
			})
		})
		b.Run(fmt.Sprintf("aggregate/n=%d/1core", n), func(b *testing.B) {
			perSig(b, true, func() {
				if _, err := halfagg.Aggregate(bt.keys, bt.msgs, bt.sigs); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
