package signer_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
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
		notOnCurve.PubKey = [32]byte{5}
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
		pool = append(pool, variants[r.IntN(len(variants))], variants[r.IntN(len(variants))])
	}
	for i := range pool {
		pool[i].valid = signer.VerifyEvent(pool[i].ev, pool[i].id, pool[i].sig)
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool
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
