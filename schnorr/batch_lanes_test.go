package schnorr_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/impl"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// lanesImpl returns internal/field's AVX-512 IFMA lane kernels as
// registered with internal/impl (the zero Implementation where this build
// has none).
func lanesImpl() impl.Implementation {
	for _, i := range impl.List("field") {
		if i.Name == "IFMA" {
			return i
		}
	}
	return impl.Implementation{}
}

// lanesBatch returns n signatures by random keys on random messages, with
// the entries in bad altered: an r that is not the x of a point (even
// indices) or a flipped bit of s (odd ones).
func lanesBatch(t testing.TB, r *rand.Rand, n int, bad []int) (pubs []*secp256k1.XOnlyPublicKey, msgs, sigs [][]byte) {
	for i := range n {
		var k *secp256k1.PrivateKey
		for k == nil {
			var b [32]byte
			for j := range b {
				b[j] = byte(r.Uint32())
			}
			k, _ = secp256k1.NewPrivateKey(b[:])
		}
		m := make([]byte, 32)
		for j := range m {
			m[j] = byte(r.Uint32())
		}
		sig, err := schnorr.SignWithAux(k, m, m)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(bad, i) {
			if i%2 == 0 {
				// x = 5 is not the x of a point: 5³ + 7 = 132 is not a square.
				clear(sig[:32])
				sig[31] = 5
			} else {
				sig[40] ^= 1
			}
		}
		x, _ := k.PublicKey().XOnly()
		pubs, msgs, sigs = append(pubs, x), append(msgs, m), append(sigs, sig)
	}
	return pubs, msgs, sigs
}

// TestBatchLanes checks that the batch verifier gives the same answers with
// the AVX-512 IFMA lanes (which lift the r of the signatures 24 at a time)
// and without them, on valid batches and on batches with an r that is not
// the x of a point or a wrong s, of sizes around the blocks of 24, with
// one and two workers, with keys parsed and as bytes (which the lanes lift
// too, bad ones included).
func TestBatchLanes(t *testing.T) {
	lanes := lanesImpl()
	if !lanes.Enabled() {
		t.Skip("the AVX-512 IFMA lane kernels do not run here: the batch verifier's scalar path is tested by the other tests")
	}
	r := testutil.Rand(t)
	for _, n := range []int{2, 23, 24, 25, 70} {
		for _, bad := range [][]int{nil, {0}, {n - 1}, {1, n / 2 &^ 1}} {
			pubs, msgs, sigs := lanesBatch(t, r, n, bad)
			for _, w := range []int{1, 2} {
				// With keys as bytes (AddBytes), the bad entries of
				// even index get a key that is not the x of a point
				// (5), and the first entry's key is repeated.
				for _, asBytes := range []bool{false, true} {
					var got [2][]int
					for k, on := range []bool{true, false} {
						lanes.SetEnabled(on)
						b := &schnorr.BatchVerifier{Workers: w}
						for i := range pubs {
							var err error
							if asBytes {
								pub := pubs[i].Bytes()
								if slices.Contains(bad, i) && i%2 == 0 {
									pub = make([]byte, 32)
									pub[31] = 5
								}
								err = b.AddBytes(pub, msgs[i], sigs[i])
							} else {
								err = b.Add(pubs[i], msgs[i], sigs[i])
							}
							if err != nil {
								t.Fatal(err)
							}
						}
						if asBytes && !slices.Contains(bad, 0) {
							if err := b.AddBytes(pubs[0].Bytes(), msgs[0], sigs[0]); err != nil {
								t.Fatal(err)
							}
						}
						if b.Verify() != (len(bad) == 0) {
							t.Fatalf("n %d bad %v workers %d lanes %v bytes %v: Verify %v", n, bad, w, on, asBytes, !b.Verify())
						}
						got[k] = b.Invalid()
					}
					lanes.SetEnabled(true)
					want := slices.Clone(bad)
					slices.Sort(want)
					if !slices.Equal(got[0], want) || !slices.Equal(got[1], want) {
						t.Fatalf("n %d workers %d bytes %v: Invalid %v with lanes, %v without, want %v", n, w, asBytes, got[0], got[1], want)
					}
				}
			}
		}
	}
}

// BenchmarkBatchLanes measures a batch of 1024 signatures by distinct keys
// (parsed beforehand, or given as bytes) on one worker with the AVX-512
// IFMA lanes (impl=lanes) and without (impl=scalar), in thread CPU time per signature (cpu-ns/sig). With
// -count N the two alternate; compare medians.
func BenchmarkBatchLanes(b *testing.B) {
	lanes := lanesImpl()
	if !lanes.Enabled() {
		b.Skip("the AVX-512 IFMA lane kernels do not run here")
	}
	const n = 1024
	pubs, msgs, sigs := lanesBatch(b, rand.New(rand.NewPCG(5, 6)), n, nil)
	raw := make([][]byte, n)
	for i := range pubs {
		raw[i] = pubs[i].Bytes()
	}
	bv := &schnorr.BatchVerifier{Workers: 1}
	for _, c := range []struct {
		name     string
		on, keys bool
	}{{"keys=parsed/impl=lanes", true, false}, {"keys=parsed/impl=scalar", false, false}, {"keys=bytes/impl=lanes", true, true}, {"keys=bytes/impl=scalar", false, true}} {
		b.Run("n=1024/"+c.name, func(b *testing.B) {
			lanes.SetEnabled(c.on)
			defer lanes.SetEnabled(true)
			t := testutil.StartCPUTimer(b)
			start := testutil.ThreadCPUTime()
			for b.Loop() {
				bv.Reset()
				for i := range pubs {
					if c.keys {
						bv.AddBytes(raw[i], msgs[i], sigs[i])
					} else {
						bv.Add(pubs[i], msgs[i], sigs[i])
					}
				}
				if !bv.Verify() {
					b.Fatal("batch does not verify")
				}
			}
			end := testutil.ThreadCPUTime()
			t.Stop()
			b.ReportMetric(float64(end-start)/float64(n*b.N), "cpu-ns/sig")
		})
	}
}
