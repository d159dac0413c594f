package signer_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
	"github.com/p256k1/secp256k1/signer"
)

// Sequence tests: one EventVerifier reused for batches of events of
// random sizes and contents, every answer compared with VerifyEvent of each
// event. The memory an EventVerifier keeps between calls (keys, indices,
// its BatchVerifier) must never change an answer.

// seqEvent is one input of EventVerifier.Verify and what VerifyEvent says
// of it.
type seqEvent struct {
	ev      *signer.Event
	id, sig []byte
	valid   bool
	want    signer.Result // wantResult's answer
}

// wantResult is the reference for Check: the first failing step in the
// order of the Result constants, each written out independently (SHA-256
// of the serialization, the key through NewXOnlyPublicKey, r and s against
// p and n with math/big, single verification).
func wantResult(ev *signer.Event, id, sig []byte) signer.Result {
	if ev == nil {
		return signer.NilEvent
	}
	if len(id) != 32 {
		return signer.MalformedID
	}
	if h := sha256.Sum256(ev.Serialize()); !bytes.Equal(h[:], id) {
		return signer.IDMismatch
	}
	pub, err := secp256k1.NewXOnlyPublicKey(ev.PubKey[:])
	if err != nil {
		return signer.MalformedPubKey
	}
	p, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", 16)
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	if len(sig) != 64 || new(big.Int).SetBytes(sig[:32]).Cmp(p) >= 0 || new(big.Int).SetBytes(sig[32:]).Cmp(n) >= 0 {
		return signer.MalformedSignature
	}
	if !schnorr.Verify(pub, id, sig) {
		return signer.BadSignature
	}
	return signer.Valid
}

// newEventPool returns n valid events by a few authors and invalid
// variants of every kind: changed content (id mismatch), a matching id
// but another author's key, bit flips in r and s, r >= p, short and long
// signatures and ids, a key not on the curve, a nil event, another
// event's signature.
func newEventPool(tb testing.TB, r *rand.Rand, n int) []seqEvent {
	b := signedEvents(tb, n, 4)
	var pool []seqEvent
	for i := range b.events {
		pool = append(pool, seqEvent{ev: b.events[i], id: b.ids[i], sig: b.sigs[i]})
	}
	for i := 0; i < n; i += 2 {
		e := pool[i]
		changed := *e.ev
		changed.Content += "!"
		otherKey := *e.ev
		otherKey.PubKey = pool[(i+1)%n].ev.PubKey
		notOnCurve := *e.ev
		notOnCurve.PubKey = noPointKey(i)
		flip := func(j int) []byte {
			s := slices.Clone(e.sig)
			s[j] ^= 1 << r.IntN(8)
			return s
		}
		variants := []seqEvent{
			{ev: &changed, id: e.id, sig: e.sig},
			{ev: &otherKey, id: idOf(&otherKey), sig: e.sig},
			{ev: e.ev, id: e.id, sig: flip(r.IntN(32))},
			{ev: e.ev, id: e.id, sig: flip(32 + r.IntN(32))},
			{ev: e.ev, id: e.id, sig: bytes.Repeat([]byte{0xff}, 64)},
			{ev: e.ev, id: e.id, sig: e.sig[:63]},
			{ev: e.ev, id: e.id, sig: append(slices.Clone(e.sig), 0)},
			{ev: e.ev, id: e.id[:31], sig: e.sig},
			{ev: &notOnCurve, id: idOf(&notOnCurve), sig: e.sig},
			{ev: nil, id: e.id, sig: e.sig},
			{ev: e.ev, id: e.id, sig: pool[(i+3)%n].sig},
		}
		if i == 0 { // every kind at least once
			pool = append(pool, variants...)
		}
		pool = append(pool, variants[r.IntN(len(variants))], variants[r.IntN(len(variants))])
	}
	for i := range pool {
		e := &pool[i]
		e.valid = signer.VerifyEvent(e.ev, e.id, e.sig)
		e.want = wantResult(e.ev, e.id, e.sig)
		if e.valid != (e.want == signer.Valid) {
			panic(fmt.Sprintf("VerifyEvent %v, reference %v", e.valid, e.want))
		}
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool
}

// noPointKey returns an x-only key encoding that is no key: x >= p for
// even i, else an x below p with no point on the curve.
func noPointKey(i int) [32]byte {
	if i%4 == 0 {
		return [32]byte(bytes.Repeat([]byte{0xff}, 32))
	}
	for x := byte(5); ; x++ {
		k := [32]byte{x}
		if _, err := secp256k1.NewXOnlyPublicKey(k[:]); err != nil {
			return k
		}
	}
}

// checkEvents calls v.Verify on the pool entries picked and compares the
// answer with VerifyEvent's.
func checkEvents(v *signer.EventVerifier, pool []seqEvent, picked []int) error {
	events := make([]*signer.Event, len(picked))
	ids := make([][]byte, len(picked))
	sigs := make([][]byte, len(picked))
	want := make([]bool, len(picked))
	for j, i := range picked {
		events[j], ids[j], sigs[j], want[j] = pool[i].ev, pool[i].id, pool[i].sig, pool[i].valid
	}
	got := v.Verify(events, ids, sigs)
	if !slices.Equal(got, want) {
		return fmt.Errorf("Verify of %d events: got %v, want %v", len(picked), got, want)
	}
	// The same events as SignedEvents, through Check: a nil event is a
	// nil entry or, every other time, an entry with no Event fields set
	// by the pool (then it is checked as the zero Event).
	signed := make([]*signer.SignedEvent, len(picked))
	wantRes := make([]signer.Result, len(picked))
	for j, i := range picked {
		e := pool[i]
		wantRes[j] = e.want
		if e.ev != nil {
			signed[j] = &signer.SignedEvent{Event: *e.ev, ID: e.id, Sig: e.sig}
		} else if j%2 == 1 {
			signed[j] = &signer.SignedEvent{ID: e.id, Sig: e.sig}
			wantRes[j] = wantResult(new(signer.Event), e.id, e.sig)
		}
		if r := signed[j].Check(); r != wantRes[j] {
			return fmt.Errorf("SignedEvent.Check of pool entry %d = %v, want %v", i, r, wantRes[j])
		}
	}
	if got := v.Check(signed); !slices.Equal(got, wantRes) {
		return fmt.Errorf("Check of %d events: got %v, want %v", len(picked), got, wantRes)
	}
	return nil
}

// eventStep makes one call on v decoded from op and arg: a batch of
// 0 to 200 events (with repeats), a change of Workers, or a call with
// slices of different lengths.
func eventStep(v *signer.EventVerifier, pool []seqEvent, op, arg int) error {
	switch op % 4 {
	case 0, 1:
		n := arg % 201
		if op%4 == 1 {
			n %= 9 // small batches: a single signature, a handful
		}
		picked := make([]int, n)
		for k := range picked {
			picked[k] = (arg*7 + k*k*13 + k) % len(pool)
		}
		return checkEvents(v, pool, picked)
	case 2:
		v.Workers = arg % 4
	case 3:
		if v.Verify(make([]*signer.Event, 2), make([][]byte, 1), make([][]byte, 2)) != nil {
			return fmt.Errorf("Verify with slices of different lengths is not nil")
		}
		if got := v.Check(make([]*signer.SignedEvent, arg%3)); len(got) != arg%3 || slices.ContainsFunc(got, func(r signer.Result) bool { return r != signer.NilEvent }) {
			return fmt.Errorf("Check of nil entries = %v", got)
		}
	}
	return nil
}

// TestEventVerifierSequence runs random call sequences on reused
// EventVerifiers, several goroutines at once, each with its own verifier.
func TestEventVerifierSequence(t *testing.T) {
	r := testutil.Rand(t)
	goroutines, ops := 3, 40
	if testing.Short() || testutil.RaceEnabled {
		goroutines, ops = 2, 15
	}
	pool := newEventPool(t, r, 160)
	testutil.RunGoroutines(t, r, goroutines, func(g int, r *rand.Rand) error {
		v := new(signer.EventVerifier)
		for k := range ops {
			op, arg := r.IntN(4), r.IntN(1<<20)
			if err := eventStep(v, pool, op, arg); err != nil {
				return fmt.Errorf("step %d (op %d, arg %d): %w", k, op, arg, err)
			}
		}
		return nil
	})
}

// FuzzEventVerifierSequence replays a call sequence decoded from the input
// (two bytes per call) on one EventVerifier and compares every answer with
// VerifyEvent.
func FuzzEventVerifierSequence(f *testing.F) {
	pool := newEventPool(f, rand.New(rand.NewPCG(9, 10)), 24)
	f.Add([]byte{0, 40, 1, 3, 2, 2, 0, 90, 3, 0, 1, 1})
	f.Add([]byte{1, 0, 1, 1, 0, 255, 2, 1, 0, 17})
	f.Fuzz(func(t *testing.T, in []byte) {
		v := new(signer.EventVerifier)
		for k := 0; k+1 < len(in) && k < 32; k += 2 {
			if err := eventStep(v, pool, int(in[k]), int(in[k+1])); err != nil {
				t.Fatalf("call %d (op %d, arg %d): %v", k/2, in[k], in[k+1], err)
			}
		}
	})
}
