package ecdsa_test

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Sequence tests: one BatchVerifier reused through random sequences of
// Add, Verify, Invalid, Reset, Len and Workers changes, every answer
// compared with ecdsa.Verify of each entry added since the last Reset.

// seqEntry is one input for Add, with what ecdsa.Verify says of it and
// whether Add must return an error.
type seqEntry struct {
	pub       *secp256k1.PublicKey
	hash      []byte
	sig       *ecdsa.Signature
	valid     bool
	malformed bool // nil or zero-value key or signature
}

// highSOf returns the high-S twin of sig (n - s), which Verify rejects.
func highSOf(tb testing.TB, sig *ecdsa.Signature) *ecdsa.Signature {
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	s := sig.S()
	hs := new(big.Int).Sub(n, new(big.Int).SetBytes(s[:]))
	r := sig.R()
	out, err := ecdsa.ParseCompactSignature(append(r[:], hs.FillBytes(make([]byte, 32))...))
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// newSeqPool returns n valid signatures and invalid ones of every kind:
// wrong hash, high S, another key, nil and zero-value keys and signatures.
func newSeqPool(tb testing.TB, r *rand.Rand, n int) []seqEntry {
	in := newECDSABatch(tb, n, byte(r.Uint32()))
	var pool []seqEntry
	for i := range in.pubs {
		pool = append(pool, seqEntry{pub: in.pubs[i], hash: in.hashes[i], sig: in.sigs[i]})
	}
	for i := 0; i < n; i += 3 {
		e := pool[i]
		h := slices.Clone(e.hash)
		h[r.IntN(len(h))] ^= 1 << r.IntN(8)
		pool = append(pool,
			seqEntry{pub: e.pub, hash: h, sig: e.sig},
			seqEntry{pub: e.pub, hash: e.hash, sig: highSOf(tb, e.sig)},
			seqEntry{pub: pool[(i+1)%n].pub, hash: e.hash, sig: e.sig},
		)
	}
	for i := 1; i < n; i += 11 {
		e := pool[i]
		pool = append(pool,
			seqEntry{pub: nil, hash: e.hash, sig: e.sig},
			seqEntry{pub: new(secp256k1.PublicKey), hash: e.hash, sig: e.sig},
			seqEntry{pub: e.pub, hash: e.hash, sig: nil},
			seqEntry{pub: e.pub, hash: e.hash, sig: new(ecdsa.Signature)},
			seqEntry{pub: e.pub, hash: e.hash[:20], sig: e.sig}, // a short hash is valid input
		)
	}
	var b ecdsa.BatchVerifier
	for i := range pool {
		e := &pool[i]
		e.valid = ecdsa.Verify(e.pub, e.hash, e.sig)
		b.Reset()
		e.malformed = b.Add(e.pub, e.hash, e.sig) != nil
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool
}

// seqVerifier is the BatchVerifier of the sequence tests: Add takes the
// index of a pool entry.
type seqVerifier struct {
	*ecdsa.BatchVerifier
	pool []seqEntry
}

func (v seqVerifier) Add(i int) error {
	e := &v.pool[i]
	return v.BatchVerifier.Add(e.pub, e.hash, e.sig)
}

func (v seqVerifier) SetWorkers(w int) { v.Workers = w }

// newSeq returns a sequence driver of a new BatchVerifier on pool.
func newSeq(pool []seqEntry) *testutil.BatchSeq {
	c := &testutil.BatchSeq{
		B:         seqVerifier{new(ecdsa.BatchVerifier), pool},
		Valid:     make([]bool, len(pool)),
		Malformed: make([]bool, len(pool)),
		MaxBurst:  100,
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
	pool := newSeqPool(t, r, 150)
	testutil.RunGoroutines(t, r, goroutines, func(g int, r *rand.Rand) error {
		return newSeq(pool).Run(r, ops, 300)
	})
}

// FuzzBatchSequence replays a call sequence decoded from the input (two
// bytes per call: the operation and its argument) on one BatchVerifier and
// compares every answer with single verification.
func FuzzBatchSequence(f *testing.F) {
	pool := newSeqPool(f, rand.New(rand.NewPCG(7, 8)), 30)
	f.Add([]byte{0, 1, 0, 2, 5, 0, 4, 0})
	f.Add([]byte{2, 90, 4, 0, 5, 0, 6, 3, 2, 17, 3, 1, 5, 0, 7, 2, 5, 0})
	f.Fuzz(func(t *testing.T, in []byte) {
		if err := newSeq(pool).Replay(in, 32); err != nil {
			t.Fatal(err)
		}
	})
}
