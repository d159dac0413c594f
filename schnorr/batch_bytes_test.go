package schnorr_test

import (
	"bytes"
	"errors"
	"flag"
	"math/big"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// TestBatchAddBytesMatchesAdd checks that a batch built with AddBytes
// gives the answers of the same batch built with Add, for batches with
// shared and distinct keys, invalid signatures, keys with no point and
// keys mixed between both entry points, with one and two workers.
func TestBatchAddBytesMatchesAdd(t *testing.T) {
	r := testutil.Rand(t)
	for _, keys := range []int{0, 1, 5} {
		for _, n := range []int{1, 2, 3, 40, 300} {
			in := randBatch(t, r, n, keys, 0)
			want := make([]bool, n)
			raws := make([][]byte, n)
			for i := range n {
				raws[i] = in.pubs[i].Bytes()
				if i%7 == 3 {
					in.msgs[i] = append(slices.Clone(in.msgs[i]), 'x')
				}
				if i%11 == 5 {
					raws[i] = bytes.Repeat([]byte{0}, 32) // x = 0: no point
				}
				key, err := secp256k1.NewXOnlyPublicKey(raws[i])
				want[i] = err == nil && schnorr.Verify(key, in.msgs[i], in.sigs[i])
			}
			var wantInvalid []int
			for i, ok := range want {
				if !ok {
					wantInvalid = append(wantInvalid, i)
				}
			}
			for _, workers := range []int{1, 2} {
				for _, mix := range []int{0, 1, 2} { // all by AddBytes; real keys of even entries by Add; of every third
					var b schnorr.BatchVerifier
					b.Workers = workers
					for i := range n {
						var err error
						real := bytes.Equal(raws[i], in.pubs[i].Bytes())
						if real && (mix == 1 && i%2 == 0 || mix == 2 && i%3 == 0) {
							err = b.Add(in.pubs[i], in.msgs[i], in.sigs[i])
						} else {
							err = b.AddBytes(raws[i], in.msgs[i], in.sigs[i])
						}
						if err != nil {
							t.Fatalf("entry %d: %v", i, err)
						}
					}
					if got := b.Verify(); got != (len(wantInvalid) == 0) {
						t.Errorf("keys %d, n %d, workers %d, mix %d: Verify = %v", keys, n, workers, mix, got)
					}
					if got := b.Invalid(); !slices.Equal(got, wantInvalid) {
						t.Errorf("keys %d, n %d, workers %d, mix %d: Invalid = %v, want %v", keys, n, workers, mix, got, wantInvalid)
					}
				}
			}
		}
	}
}

// TestBatchAddBytesErrors checks AddBytes's immediate errors and that the
// entry stays in the batch at its place.
func TestBatchAddBytesErrors(t *testing.T) {
	in := randBatch(t, testutil.Rand(t), 3, 0, 0)
	pBytes := testutil.P.FillBytes(make([]byte, 32))
	cases := []struct {
		name     string
		pub, sig []byte
		want     error
	}{
		{"nil key", nil, in.sigs[1], secp256k1.ErrInvalidPublicKey},
		{"31-byte key", in.pubs[1].Bytes()[:31], in.sigs[1], secp256k1.ErrInvalidPublicKey},
		{"33-byte key", append(in.pubs[1].Bytes(), 0), in.sigs[1], secp256k1.ErrInvalidPublicKey},
		{"x = p", pBytes, in.sigs[1], secp256k1.ErrInvalidPublicKey},
		{"63-byte signature", in.pubs[1].Bytes(), in.sigs[1][:63], schnorr.ErrInvalidSignature},
		{"r = p", in.pubs[1].Bytes(), append(slices.Clone(pBytes), in.sigs[1][32:]...), schnorr.ErrInvalidSignature},
	}
	for _, c := range cases {
		var b schnorr.BatchVerifier
		b.Add(in.pubs[0], in.msgs[0], in.sigs[0])
		if err := b.AddBytes(c.pub, in.msgs[1], c.sig); !errors.Is(err, c.want) {
			t.Errorf("%s: AddBytes = %v, want %v", c.name, err, c.want)
		}
		b.AddBytes(in.pubs[2].Bytes(), in.msgs[2], in.sigs[2])
		if b.Len() != 3 || b.Verify() || !slices.Equal(b.Invalid(), []int{1}) {
			t.Errorf("%s: Len %d, Verify %v, Invalid %v", c.name, b.Len(), b.Verify(), b.Invalid())
		}
	}
	var nilB *schnorr.BatchVerifier
	if err := nilB.AddBytes(in.pubs[0].Bytes(), nil, in.sigs[0]); !errors.Is(err, schnorr.ErrInvalidSignature) {
		t.Errorf("AddBytes on nil = %v", err)
	}
}

// FuzzBatchAddBytes adds arbitrary key bytes with a valid and an invalid
// signature into batches around valid entries: Verify and Invalid must
// agree with schnorr.Verify of the parsed key, and AddBytes's error with
// the length and range of the key.
func FuzzBatchAddBytes(f *testing.F) {
	in := randBatch(f, rand.New(rand.NewPCG(11, 12)), 6, 0, 0)
	f.Add(in.pubs[0].Bytes(), uint8(0))
	f.Add(make([]byte, 32), uint8(3))
	f.Add(bytes.Repeat([]byte{0xff}, 32), uint8(1))
	f.Add([]byte{1, 2, 3}, uint8(2))
	f.Fuzz(func(t *testing.T, pub []byte, where uint8) {
		key, perr := secp256k1.NewXOnlyPublicKey(pub)
		pos := int(where) % 6
		for _, sigFrom := range []int{0, pos} {
			var b schnorr.BatchVerifier
			b.Workers = 1 + int(where>>7)
			want := []int(nil)
			for i := range 6 {
				if i != pos {
					b.AddBytes(in.pubs[i].Bytes(), in.msgs[i], in.sigs[i])
					continue
				}
				err := b.AddBytes(pub, in.msgs[sigFrom], in.sigs[sigFrom])
				if len(pub) != 32 && err == nil {
					t.Fatalf("AddBytes accepted a %d-byte key", len(pub))
				}
				if err == nil && len(pub) == 32 && new(big.Int).SetBytes(pub).Cmp(testutil.P) >= 0 {
					t.Fatal("AddBytes accepted x >= p")
				}
				if perr != nil || !schnorr.Verify(key, in.msgs[sigFrom], in.sigs[sigFrom]) {
					want = []int{pos}
				}
			}
			if got := b.Invalid(); !slices.Equal(got, want) {
				t.Fatalf("Invalid = %v, want %v", got, want)
			}
			if b.Verify() != (want == nil) {
				t.Fatalf("Verify = %v, want %v", b.Verify(), want == nil)
			}
		}
	})
}

var bytesRounds = flag.Int("batchbytes.rounds", 0, "TestBatchBytesSpeedup: interleaved rounds (0: skip)")

// TestBatchBytesSpeedup measures the 2-core speed-up of a batch of 1024
// signatures by 1024 distinct keys that arrive as 32-byte encodings:
// parsing the keys serially and adding them with Add ("parse+Add"), as a
// caller had to before AddBytes, against AddBytes, which leaves the
// square roots to the workers. Each round runs the four variants back to
// back (wall time, Workers = 1 and 2); the medians are printed. Run with
//
//	go test ./schnorr -run TestBatchBytesSpeedup -batchbytes.rounds 15 -v
func TestBatchBytesSpeedup(t *testing.T) {
	if *bytesRounds == 0 {
		t.Skip("needs -batchbytes.rounds N")
	}
	const n = 1024
	in := randBatch(t, rand.New(rand.NewPCG(1, 2)), n, 0, 0)
	raws := make([][]byte, n)
	for i := range raws {
		raws[i] = in.pubs[i].Bytes()
	}
	var b schnorr.BatchVerifier
	parseAdd := func(workers int) time.Duration {
		t0 := time.Now()
		b.Reset()
		b.Workers = workers
		for i := range n {
			key, err := secp256k1.NewXOnlyPublicKey(raws[i])
			if err != nil {
				t.Fatal(err)
			}
			b.Add(key, in.msgs[i], in.sigs[i])
		}
		if !b.Verify() {
			t.Fatal("batch invalid")
		}
		return time.Since(t0)
	}
	addBytes := func(workers int) time.Duration {
		t0 := time.Now()
		b.Reset()
		b.Workers = workers
		for i := range n {
			b.AddBytes(raws[i], in.msgs[i], in.sigs[i])
		}
		if !b.Verify() {
			t.Fatal("batch invalid")
		}
		return time.Since(t0)
	}
	var p1, p2, a1, a2 []time.Duration
	parseAdd(2)
	addBytes(2)
	for range *bytesRounds {
		p1 = append(p1, parseAdd(1))
		a1 = append(a1, addBytes(1))
		p2 = append(p2, parseAdd(2))
		a2 = append(a2, addBytes(2))
	}
	med := func(d []time.Duration) float64 {
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return float64(d[len(d)/2].Nanoseconds()) / 1e3 / n
	}
	mp1, mp2, ma1, ma2 := med(p1), med(p2), med(a1), med(a2)
	t.Logf("n = %d distinct keys, %d rounds, median µs per signature (wall time)", n, *bytesRounds)
	t.Logf("parse+Add: 1 worker %.2f, 2 workers %.2f, speed-up %.2fx", mp1, mp2, mp1/mp2)
	t.Logf("AddBytes:  1 worker %.2f, 2 workers %.2f, speed-up %.2fx", ma1, ma2, ma1/ma2)

	// The serial and parallel parts in CPU time of this thread (Workers =
	// 1), which a loaded machine inflates far less than wall time: the
	// adding loop is serial, Verify runs on the workers but for its seed
	// hash, randomizers and key numbering (under 1 µs of ~17 per
	// signature). Amdahl's bound for two workers is (s + v) / (s + v/2).
	if testutil.ThreadCPUTime() < 0 {
		return
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	split := func(byBytes bool) (add, verify float64) {
		var as, vs []time.Duration
		for range *bytesRounds {
			b.Reset()
			b.Workers = 1
			c0 := testutil.ThreadCPUTime()
			for i := range n {
				if byBytes {
					b.AddBytes(raws[i], in.msgs[i], in.sigs[i])
				} else {
					key, _ := secp256k1.NewXOnlyPublicKey(raws[i])
					b.Add(key, in.msgs[i], in.sigs[i])
				}
			}
			c1 := testutil.ThreadCPUTime()
			b.Verify()
			c2 := testutil.ThreadCPUTime()
			as, vs = append(as, time.Duration(c1-c0)), append(vs, time.Duration(c2-c1))
		}
		return med(as), med(vs)
	}
	for _, byBytes := range []bool{false, true} {
		s, v := split(byBytes)
		name := "parse+Add"
		if byBytes {
			name = "AddBytes "
		}
		t.Logf("%s: serial %.2f µs + Verify %.2f µs per signature (thread CPU time, 1 worker): 2-worker bound %.2fx", name, s, v, (s+v)/(s+v/2))
	}
}
