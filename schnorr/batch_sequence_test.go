package schnorr_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// Sequence tests: one BatchVerifier reused through random sequences of
// Add, Verify, Invalid, Reset, Len and Workers changes, every answer
// compared with schnorr.Verify of each entry added since the last Reset.
// Memory a BatchVerifier keeps between batches (its entries, terms,
// scratch, key numbering, search points) must never change an answer.

// seqEntry is one input for Add, with what schnorr.Verify says of it and
// whether Add must return an error.
type seqEntry struct {
	pub       *secp256k1.XOnlyPublicKey
	msg, sig  []byte
	valid     bool
	malformed bool // not 64 bytes, r >= p, s >= n, nil or zero-value key
}

// newSeqPool returns valid signatures (by a few keys and by many) and
// invalid ones of every kind: wrong message, wrong key, bit flips, R not
// on the curve, s negated, malformed signatures, nil and zero-value keys.
func newSeqPool(t testing.TB, r *rand.Rand, n int) []seqEntry {
	few := randBatch(t, r, n/2, 4, 0)
	many := randBatch(t, r, n-n/2, 0, 0)
	in := &batchInput{
		pubs: append(few.pubs, many.pubs...),
		msgs: append(few.msgs, many.msgs...),
		sigs: append(few.sigs, many.sigs...),
	}
	var pool []seqEntry
	add := func(i int) {
		pool = append(pool, seqEntry{pub: in.pubs[i], msg: in.msgs[i], sig: in.sigs[i]})
	}
	for i := range in.pubs {
		add(i)
	}
	// Invalid variants of a third of them.
	names := make([]string, 0, len(defects))
	for name := range defects {
		names = append(names, name)
	}
	slices.Sort(names)
	for i := 0; i < len(in.pubs); i += 3 {
		defects[names[r.IntN(len(names))]](r, in, i)
		add(i)
	}
	pBytes := testutil.P.FillBytes(make([]byte, 32))
	for i := 1; i < len(in.pubs); i += 11 {
		e := pool[i]
		pool = append(pool,
			seqEntry{pub: e.pub, msg: e.msg, sig: e.sig[:63]},
			seqEntry{pub: e.pub, msg: e.msg, sig: append(bytes.Clone(pBytes), e.sig[32:]...)},
			seqEntry{pub: e.pub, msg: e.msg, sig: append(bytes.Clone(e.sig[:32]), bytes.Repeat([]byte{0xff}, 32)...)},
			seqEntry{pub: nil, msg: e.msg, sig: e.sig},
			seqEntry{pub: new(secp256k1.XOnlyPublicKey), msg: e.msg, sig: e.sig},
		)
	}
	var b schnorr.BatchVerifier
	for i := range pool {
		e := &pool[i]
		e.valid = schnorr.Verify(e.pub, e.msg, e.sig)
		b.Reset()
		e.malformed = b.Add(e.pub, e.msg, e.sig) != nil
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool
}

// seqVerifier is the BatchVerifier of the sequence tests: Add takes the
// index of a pool entry.
type seqVerifier struct {
	*schnorr.BatchVerifier
	pool []seqEntry
}

func (v seqVerifier) Add(i int) error {
	e := &v.pool[i]
	return v.BatchVerifier.Add(e.pub, e.msg, e.sig)
}

func (v seqVerifier) SetWorkers(w int) { v.Workers = w }

// newSeq returns a sequence driver of a new BatchVerifier on pool.
func newSeq(pool []seqEntry) *testutil.BatchSeq {
	c := &testutil.BatchSeq{
		B:         seqVerifier{new(schnorr.BatchVerifier), pool},
		Valid:     make([]bool, len(pool)),
		Malformed: make([]bool, len(pool)),
		MaxBurst:  160,
	}
	for i, e := range pool {
		c.Valid[i], c.Malformed[i] = e.valid, e.malformed
	}
	return c
}

// TestBatchSequence runs random call sequences on reused BatchVerifiers,
// several goroutines at once, each with its own verifier and generator.
func TestBatchSequence(t *testing.T) {
	r := testutil.Rand(t)
	goroutines, ops := 3, 60
	if testing.Short() || testutil.RaceEnabled {
		goroutines, ops = 2, 25
	}
	pool := newSeqPool(t, r, 240)
	testutil.RunGoroutines(t, r, goroutines, func(g int, r *rand.Rand) error {
		return newSeq(pool).Run(r, ops, 400)
	})
}

// FuzzBatchSequence replays a call sequence decoded from the input (two
// bytes per call: the operation and its argument) on one BatchVerifier and
// compares every answer with single verification.
func FuzzBatchSequence(f *testing.F) {
	pool := newSeqPool(f, rand.New(rand.NewPCG(5, 6)), 60)
	f.Add([]byte{0, 1, 0, 2, 5, 0, 4, 0})
	f.Add([]byte{2, 90, 4, 0, 5, 0, 6, 3, 2, 17, 3, 1, 5, 0, 7, 2, 5, 0})
	f.Add([]byte{7, 3, 2, 200, 5, 0, 6, 0, 0, 9, 5, 0, 4, 0})
	f.Fuzz(func(t *testing.T, in []byte) {
		if err := newSeq(pool).Replay(in, 32); err != nil {
			t.Fatal(err)
		}
	})
}
