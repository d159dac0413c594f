package schnorr_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// batchInput is a batch of signatures: sigs[i] of msgs[i] by pubs[i].
type batchInput struct {
	pubs []*secp256k1.XOnlyPublicKey
	msgs [][]byte
	sigs [][]byte
}

// randKey returns a private key from r (reproducible with -seed).
func randKey(r *rand.Rand) *secp256k1.PrivateKey {
	for {
		b := make([]byte, 32)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if k, err := secp256k1.NewPrivateKey(b); err == nil {
			return k
		}
	}
}

// randBatch returns n valid signatures. With keys > 0 the signers are
// drawn from that many keys, and with msgs > 0 the messages from that many
// (repeated keys and messages).
func randBatch(t testing.TB, r *rand.Rand, n, keys, msgs int) *batchInput {
	var privs []*secp256k1.PrivateKey
	for range keys {
		privs = append(privs, randKey(r))
	}
	var ms [][]byte
	for i := range msgs {
		ms = append(ms, []byte(fmt.Sprintf("message %d", i)))
	}
	in := &batchInput{}
	for i := range n {
		var k *secp256k1.PrivateKey
		if keys > 0 {
			k = privs[r.IntN(keys)]
		} else {
			k = randKey(r)
		}
		var m []byte
		if msgs > 0 {
			m = ms[r.IntN(msgs)]
		} else {
			m = make([]byte, r.IntN(100))
			for j := range m {
				m[j] = byte(r.Uint32())
			}
		}
		aux := make([]byte, 32)
		aux[0], aux[1] = byte(i), byte(i>>8)
		sig, err := schnorr.SignWithAux(k, m, aux)
		if err != nil {
			t.Fatal(err)
		}
		x, _ := k.PublicKey().XOnly()
		in.pubs = append(in.pubs, x)
		in.msgs = append(in.msgs, m)
		in.sigs = append(in.sigs, sig)
	}
	return in
}

// verifier returns a BatchVerifier holding in, failing on an Add error.
func (in *batchInput) verifier(t testing.TB, workers int) *schnorr.BatchVerifier {
	b := &schnorr.BatchVerifier{Workers: workers}
	for i := range in.pubs {
		if err := b.Add(in.pubs[i], in.msgs[i], in.sigs[i]); err != nil {
			t.Fatalf("Add %d: %v", i, err)
		}
	}
	return b
}

// singleInvalid returns the indices that schnorr.Verify rejects.
func (in *batchInput) singleInvalid() []int {
	var out []int
	for i := range in.pubs {
		if !schnorr.Verify(in.pubs[i], in.msgs[i], in.sigs[i]) {
			out = append(out, i)
		}
	}
	return out
}

// check compares the batch results with single verification, for several
// worker counts.
func (in *batchInput) check(t *testing.T, name string) {
	t.Helper()
	want := in.singleInvalid()
	for _, w := range []int{1, 2, 3} {
		b := in.verifier(t, w)
		if b.Len() != len(in.pubs) {
			t.Fatalf("%s: Len %d, want %d", name, b.Len(), len(in.pubs))
		}
		if got := b.Verify(); got != (len(want) == 0) {
			t.Errorf("%s (workers %d): Verify = %v, want %v", name, w, got, len(want) == 0)
		}
		if got := b.Invalid(); !slices.Equal(got, want) {
			t.Errorf("%s (workers %d): Invalid = %v, want %v", name, w, got, want)
		}
		// Invalid before Verify gives the same answer.
		b2 := in.verifier(t, w)
		if got := b2.Invalid(); !slices.Equal(got, want) || b2.Verify() != (len(want) == 0) {
			t.Errorf("%s (workers %d): Invalid first = %v, want %v", name, w, got, want)
		}
	}
	if got := schnorr.VerifyBatch(in.pubs, in.msgs, in.sigs); got != (len(want) == 0) {
		t.Errorf("%s: VerifyBatch = %v, want %v", name, got, len(want) == 0)
	}
}

func TestBatchValid(t *testing.T) {
	r := testutil.Rand(t)
	sizes := []int{0, 1, 2, 3, 65, 1025}
	if testing.Short() {
		sizes = []int{0, 1, 2, 3, 65, 200}
	}
	for _, n := range sizes {
		in := randBatch(t, r, n, 0, 0)
		in.check(t, fmt.Sprintf("random n=%d", n))
	}
	in := randBatch(t, r, 150, 3, 4)
	in.check(t, "repeated keys and messages")
	in = randBatch(t, r, 70, 1, 1)
	in.check(t, "one key, one message")
	// The very same signature many times.
	in = randBatch(t, r, 1, 0, 0)
	for range 80 {
		in.pubs = append(in.pubs, in.pubs[0])
		in.msgs = append(in.msgs, in.msgs[0])
		in.sigs = append(in.sigs, in.sigs[0])
	}
	in.check(t, "one signature 81 times")
}

// The defects a signature can have that Add accepts (Verify and Invalid
// judge them).
var defects = map[string]func(r *rand.Rand, in *batchInput, i int){
	"wrong message": func(r *rand.Rand, in *batchInput, i int) {
		in.msgs[i] = append(bytes.Clone(in.msgs[i]), 'x')
	},
	"wrong key": func(r *rand.Rand, in *batchInput, i int) {
		k := randKey(r)
		in.pubs[i], _ = k.PublicKey().XOnly()
	},
	"flipped bit in s": func(r *rand.Rand, in *batchInput, i int) {
		in.sigs[i] = bytes.Clone(in.sigs[i])
		in.sigs[i][63-r.IntN(16)] ^= 1 << r.IntN(8) // low bytes: s stays < n
	},
	"flipped bit in r": func(r *rand.Rand, in *batchInput, i int) {
		in.sigs[i] = bytes.Clone(in.sigs[i])
		in.sigs[i][31-r.IntN(16)] ^= 1 << r.IntN(8) // low bytes: r stays < p
	},
	"R not on the curve": func(r *rand.Rand, in *batchInput, i int) {
		in.sigs[i] = bytes.Clone(in.sigs[i])
		copy(in.sigs[i][:32], xNotOnCurve(r))
	},
	"s negated": func(r *rand.Rand, in *batchInput, i int) {
		// s' = n - s: s'·G - e·P = -(R + 2e·P), not R.
		in.sigs[i] = bytes.Clone(in.sigs[i])
		s := new(big.Int).SetBytes(in.sigs[i][32:])
		s.Sub(testutil.N, s)
		s.FillBytes(in.sigs[i][32:])
	},
	"swapped with another signature": func(r *rand.Rand, in *batchInput, i int) {
		j := (i + 1) % len(in.sigs)
		in.sigs[i] = in.sigs[j]
	},
}

// xNotOnCurve returns a 32-byte x < p for which x³ + 7 is not a square.
func xNotOnCurve(r *rand.Rand) []byte {
	for {
		x := new(big.Int).SetUint64(r.Uint64())
		x.Lsh(x, 190).Add(x, new(big.Int).SetUint64(r.Uint64()))
		if testutil.CurveY(x) == nil {
			return x.FillBytes(make([]byte, 32))
		}
	}
}

func TestBatchOneInvalid(t *testing.T) {
	r := testutil.Rand(t)
	for name, defect := range defects {
		for _, n := range []int{1, 2, 3, 65, 300} {
			in := randBatch(t, r, n, 0, 0)
			pos := r.IntN(n)
			defect(r, in, pos)
			if got := in.singleInvalid(); !slices.Equal(got, []int{pos}) {
				if name == "swapped with another signature" && n == 1 {
					continue // swapped with itself
				}
				t.Fatalf("%s: the planted defect gives %v by single verification", name, got)
			}
			in.check(t, fmt.Sprintf("%s at %d of %d", name, pos, n))
		}
	}
}

func TestBatchSeveralInvalid(t *testing.T) {
	r := testutil.Rand(t)
	names := make([]string, 0, len(defects))
	for name := range defects {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, tc := range []struct{ n, bad int }{{10, 3}, {65, 2}, {65, 7}, {300, 5}, {300, 40}, {64, 64}, {129, 100}} {
		in := randBatch(t, r, tc.n, 0, 0)
		for _, pos := range r.Perm(tc.n)[:tc.bad] {
			defects[names[r.IntN(len(names)-1)]](r, in, pos) // not "swapped" (it may copy a defect)
		}
		in.check(t, fmt.Sprintf("%d invalid of %d", tc.bad, tc.n))
	}
	// Few keys, so that the signatures of a key share one term of the
	// equation, and the bisection has to split those sums.
	for _, tc := range []struct{ n, keys, bad int }{{200, 4, 1}, {200, 4, 9}, {130, 1, 3}, {300, 2, 60}} {
		in := randBatch(t, r, tc.n, tc.keys, 0)
		for _, pos := range r.Perm(tc.n)[:tc.bad] {
			defects[names[r.IntN(len(names)-1)]](r, in, pos)
		}
		in.check(t, fmt.Sprintf("%d invalid of %d by %d keys", tc.bad, tc.n, tc.keys))
	}
}

// TestBatchMalformed: Add returns an error for what no key can make valid,
// keeps it as a known-invalid entry, and VerifyBatch returns false for it,
// as Verify does.
func TestBatchMalformed(t *testing.T) {
	r := testutil.Rand(t)
	in := randBatch(t, r, 70, 0, 0)
	pBytes := testutil.P.FillBytes(make([]byte, 32))
	nBytes := testutil.N.FillBytes(make([]byte, 32))
	cases := map[string]func(sig []byte) []byte{
		"s = n":       func(sig []byte) []byte { return append(bytes.Clone(sig[:32]), nBytes...) },
		"s = 2^256-1": func(sig []byte) []byte { return append(bytes.Clone(sig[:32]), bytes.Repeat([]byte{0xff}, 32)...) },
		"r = p":       func(sig []byte) []byte { return append(bytes.Clone(pBytes), sig[32:]...) },
		"r = 2^256-1": func(sig []byte) []byte { return append(bytes.Repeat([]byte{0xff}, 32), sig[32:]...) },
		"63 bytes":    func(sig []byte) []byte { return sig[:63] },
		"65 bytes":    func(sig []byte) []byte { return append(bytes.Clone(sig), 0) },
		"empty":       func([]byte) []byte { return nil },
	}
	for name, bad := range cases {
		pos := r.IntN(len(in.sigs))
		sig := bad(in.sigs[pos])
		if schnorr.Verify(in.pubs[pos], in.msgs[pos], sig) {
			t.Fatalf("%s: Verify accepts it", name)
		}
		var b schnorr.BatchVerifier
		err := b.Add(in.pubs[pos], in.msgs[pos], sig)
		if !errors.Is(err, schnorr.ErrInvalidSignature) || b.Len() != 1 || b.Verify() || !slices.Equal(b.Invalid(), []int{0}) {
			t.Errorf("%s: Add = %v, Len %d, Verify %v, Invalid %v", name, err, b.Len(), b.Verify(), b.Invalid())
		}
		sigs := slices.Clone(in.sigs)
		sigs[pos] = sig
		if schnorr.VerifyBatch(in.pubs, in.msgs, sigs) {
			t.Errorf("%s: VerifyBatch accepts it", name)
		}
	}
	for _, pub := range []*secp256k1.XOnlyPublicKey{nil, new(secp256k1.XOnlyPublicKey)} {
		var b schnorr.BatchVerifier
		if err := b.Add(pub, in.msgs[0], in.sigs[0]); !errors.Is(err, secp256k1.ErrInvalidPublicKey) || b.Len() != 1 || b.Verify() {
			t.Errorf("invalid key: Add = %v, Len %d", err, b.Len())
		}
		pubs := slices.Clone(in.pubs)
		pubs[3] = pub
		if schnorr.VerifyBatch(pubs, in.msgs, in.sigs) {
			t.Error("invalid key: VerifyBatch accepts it")
		}
	}
	if schnorr.VerifyBatch(in.pubs, in.msgs[1:], in.sigs) || schnorr.VerifyBatch(in.pubs, in.msgs, in.sigs[1:]) {
		t.Error("VerifyBatch with slices of different lengths")
	}
	if !schnorr.VerifyBatch(nil, nil, nil) {
		t.Error("VerifyBatch of nothing is not true")
	}
}

func TestBatchReset(t *testing.T) {
	r := testutil.Rand(t)
	bad := randBatch(t, r, 100, 0, 0)
	defects["wrong message"](r, bad, 17)
	good := randBatch(t, r, 90, 0, 0)
	b := bad.verifier(t, 0)
	if b.Verify() || !slices.Equal(b.Invalid(), []int{17}) {
		t.Fatal("first batch")
	}
	b.Reset()
	if b.Len() != 0 || !b.Verify() || b.Invalid() != nil {
		t.Fatal("after Reset")
	}
	for i := range good.pubs {
		if err := b.Add(good.pubs[i], good.msgs[i], good.sigs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if !b.Verify() || b.Invalid() != nil {
		t.Fatal("second batch")
	}
	// Adding after Verify extends the batch and recomputes.
	if err := b.Add(bad.pubs[17], bad.msgs[17], bad.sigs[17]); err != nil {
		t.Fatal(err)
	}
	if b.Verify() || !slices.Equal(b.Invalid(), []int{90}) {
		t.Fatal("after adding an invalid signature to a verified batch")
	}
}

// TestBatchBIP340Vectors runs the BIP-340 vectors through the batch
// verifier: rows Add rejects are the malformed ones, and Invalid names
// exactly the rows that fail verification.
func TestBatchBIP340Vectors(t *testing.T) {
	file, err := os.Open("testdata/bip-0340/test-vectors.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	records, err := csv.NewReader(file).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var in batchInput
	valid := &batchInput{}
	for _, rec := range records[1:] {
		pub, err := secp256k1.NewXOnlyPublicKey(testutil.MustHex(t, rec[2]))
		if err != nil {
			continue // not a key: no signature to add
		}
		m, sig := testutil.MustHex(t, rec[4]), testutil.MustHex(t, rec[5])
		var b schnorr.BatchVerifier
		if err := b.Add(pub, m, sig); err != nil {
			if rec[6] == "TRUE" || !errors.Is(err, schnorr.ErrInvalidSignature) {
				t.Errorf("vector %s: Add: %v", rec[0], err)
			}
			continue
		}
		in.pubs, in.msgs, in.sigs = append(in.pubs, pub), append(in.msgs, m), append(in.sigs, sig)
		if rec[6] == "TRUE" {
			valid.pubs, valid.msgs, valid.sigs = append(valid.pubs, pub), append(valid.msgs, m), append(valid.sigs, sig)
		}
	}
	if len(valid.pubs) == 0 || len(in.pubs) == len(valid.pubs) {
		t.Fatal("vectors not read")
	}
	in.check(t, "BIP-340 vectors")
	valid.check(t, "valid BIP-340 vectors")
}

// BenchmarkBatchVerify measures the batch verifier per call and reports
// the cost per signature (ns/sig), beside a single Verify in the same run
// (schnorr/Verify) for the ratio. With one worker it also reports the CPU
// time of the benchmark's thread (cpu-ns/op, cpu-ns/sig), which a loaded
// machine inflates far less than wall time. The bytes cases add the keys
// as 32-byte encodings (AddBytes, 1024 distinct keys), as a relay holds
// them.
func BenchmarkBatchVerify(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	in := randBatch(b, r, 8192, 0, 0)
	schnorr.Verify(in.pubs[0], in.msgs[0], in.sigs[0]) // builds the G tables
	b.Run("single", func(b *testing.B) {
		i := 0
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			schnorr.Verify(in.pubs[i%64], in.msgs[i%64], in.sigs[i%64])
			i++
		}
		t.Stop()
	})
	// run times fill and Verify, reporting ns/sig (and cpu-ns/sig with
	// one worker).
	run := func(b *testing.B, bv *schnorr.BatchVerifier, n int, fill func()) {
		var c0 int64
		if bv.Workers == 1 {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0 = testutil.ThreadCPUTime()
		}
		for b.Loop() {
			bv.Reset()
			fill()
			if !bv.Verify() {
				b.Fatal("batch does not verify")
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/sig")
		if c1 := testutil.ThreadCPUTime(); bv.Workers == 1 && c0 >= 0 && b.N > 0 {
			b.ReportMetric(float64(c1-c0)/float64(b.N)/float64(n), "cpu-ns/sig")
		}
	}
	// 1024 signatures by 16 keys: the signatures of a key share one term.
	few := randBatch(b, r, 1024, 16, 0)
	for _, w := range []int{1, 2} {
		bv := few.verifier(b, w)
		b.Run(fmt.Sprintf("n=1024/keys=16/workers=%d", w), func(b *testing.B) {
			run(b, bv, 1024, func() {
				for i := range few.pubs {
					bv.Add(few.pubs[i], few.msgs[i], few.sigs[i])
				}
			})
		})
	}
	for _, n := range []int{1, 2, 8, 64, 256, 1024, 8192} {
		sub := &batchInput{in.pubs[:n], in.msgs[:n], in.sigs[:n]}
		for _, w := range []int{1, 2} {
			if n < 1024 && w > 1 {
				continue
			}
			bv := sub.verifier(b, w)
			b.Run(fmt.Sprintf("n=%d/workers=%d", n, w), func(b *testing.B) {
				run(b, bv, n, func() {
					for i := range n {
						bv.Add(sub.pubs[i], sub.msgs[i], sub.sigs[i])
					}
				})
			})
		}
	}
	raws := make([][]byte, 1024)
	for i := range raws {
		raws[i] = in.pubs[i].Bytes()
	}
	for _, w := range []int{1, 2} {
		bv := &schnorr.BatchVerifier{Workers: w}
		b.Run(fmt.Sprintf("n=1024/bytes/workers=%d", w), func(b *testing.B) {
			run(b, bv, 1024, func() {
				for i := range raws {
					bv.AddBytes(raws[i], in.msgs[i], in.sigs[i])
				}
			})
		})
	}
}
