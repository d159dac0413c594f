package benchmarks

import (
	"errors"
	"flag"
	"sync"
	"testing"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
	"github.com/p256k1/secp256k1/bench/internal/providers"
)

var datasetN = flag.Int("bench.n", 1000, "dataset size for the benchmarks")

var (
	once sync.Once
	ds   *h.Dataset
	gate *h.Gate
	dErr error
)

func setup(b *testing.B) (*h.Dataset, *h.Gate) {
	once.Do(func() {
		if ds, dErr = h.NewDataset(42, *datasetN); dErr != nil {
			return
		}
		gate, dErr = h.NewGate(ds, providers.Verifiers())
	})
	if dErr != nil {
		b.Fatal(dErr)
	}
	return ds, gate
}

var sink byte

func BenchmarkSecp256k1(b *testing.B) {
	ds, gate := setup(b)
	for _, c := range h.AllCases {
		b.Run("case="+string(c), func(b *testing.B) {
			for _, p := range providers.All() {
				b.Run("provider="+p.Name(), func(b *testing.B) {
					if err := p.Available(); err != nil {
						b.Skip(err)
					}
					res, op, err := gate.Check(p, c)
					if errors.Is(err, h.ErrUnsupported) {
						b.Skip(err)
					}
					if err != nil || !res.OK {
						b.Fatalf("correctness gate: %v %v", err, res.Failures)
					}
					n := ds.Len()
					i := 0
					b.ReportAllocs()
					for b.Loop() {
						out, ok := op(i)
						if !ok {
							b.Fatalf("item %d failed", i)
						}
						if len(out) > 0 {
							sink ^= out[0]
						}
						if i++; i == n {
							i = 0
						}
					}
				})
			}
		})
	}
}
