package signer_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/signer"
)

type eventBatch struct {
	events    []*signer.Event
	ids, sigs [][]byte
}

func signedEvents(t testing.TB, n, authors int) *eventBatch {
	var ss []*signer.Signer
	for i := range authors {
		k := sha256.Sum256([]byte{byte(i), byte(i >> 8)})
		s, err := signer.New(k[:])
		if err != nil {
			t.Fatal(err)
		}
		ss = append(ss, s)
	}
	b := &eventBatch{}
	for i := range n {
		ev := &signer.Event{CreatedAt: 1700000000 + int64(i), Kind: 1, Content: fmt.Sprintf("note %d", i),
			Tags: [][]string{{"t", "batch"}}}
		id, sig, err := ss[i%authors].SignEvent(ev)
		if err != nil {
			t.Fatal(err)
		}
		b.events = append(b.events, ev)
		b.ids = append(b.ids, id[:])
		b.sigs = append(b.sigs, sig)
	}
	return b
}

func (b *eventBatch) check(t *testing.T, name string) {
	t.Helper()
	var want []bool
	for i := range b.events {
		want = append(want, signer.VerifyEvent(b.events[i], b.ids[i], b.sigs[i]))
	}
	for _, w := range []int{0, 1, 2} {
		v := signer.EventVerifier{Workers: w}
		if got := v.Verify(b.events, b.ids, b.sigs); !slices.Equal(got, want) {
			t.Errorf("%s (workers %d): got %v, want %v", name, w, got, want)
		}
		// Reused.
		if got := v.Verify(b.events, b.ids, b.sigs); !slices.Equal(got, want) {
			t.Errorf("%s (workers %d, second call): mismatch", name, w)
		}
	}
	if got := signer.VerifyEvents(b.events, b.ids, b.sigs); !slices.Equal(got, want) {
		t.Errorf("%s: VerifyEvents mismatch", name)
	}
}

func TestVerifyEvents(t *testing.T) {
	r := testutil.Rand(t)
	for _, n := range []int{0, 1, 2, 70, 300} {
		signedEvents(t, n, 5).check(t, fmt.Sprintf("valid n=%d", n))
	}
	mutations := []func(b *eventBatch, i int){
		func(b *eventBatch, i int) { b.events[i].Content += "!" },                                     // id mismatch
		func(b *eventBatch, i int) { b.sigs[i] = slices.Clone(b.sigs[i]); b.sigs[i][40] ^= 4 },        // bad s
		func(b *eventBatch, i int) { b.sigs[i] = slices.Clone(b.sigs[i]); b.sigs[i][10] ^= 4 },        // bad r
		func(b *eventBatch, i int) { b.sigs[i] = b.sigs[i][:63] },                                     // short signature
		func(b *eventBatch, i int) { b.ids[i] = b.ids[i][:31] },                                       // short id
		func(b *eventBatch, i int) { b.events[i] = nil },                                              // nil event
		func(b *eventBatch, i int) { b.sigs[i] = bytes.Repeat([]byte{0xff}, 64) },                     // r >= p
		func(b *eventBatch, i int) { b.events[i].PubKey = [32]byte{5}; b.ids[i] = idOf(b.events[i]) }, // key not on the curve
		func(b *eventBatch, i int) { b.sigs[i] = b.sigs[(i+1)%len(b.sigs)] },                          // another event's signature
	}
	for m, mutate := range mutations {
		for _, n := range []int{1, 3, 100} {
			b := signedEvents(t, n, 3)
			for _, i := range r.Perm(n)[:min(n, 1+r.IntN(4))] {
				mutate(b, i)
			}
			b.check(t, fmt.Sprintf("mutation %d, n=%d", m, n))
		}
	}
	// The first event of an author is invalid: the author's other events
	// still verify (its key is parsed once, with the first event).
	b := signedEvents(t, 9, 3)
	b.events[0].Content += "!"
	b.sigs[1] = bytes.Repeat([]byte{0xff}, 64)
	b.events[2] = nil
	b.check(t, "first events of their authors invalid")

	if signer.VerifyEvents(nil, [][]byte{nil}, nil) != nil {
		t.Error("VerifyEvents with slices of different lengths")
	}
	var nv *signer.EventVerifier
	if nv.Verify(nil, nil, nil) != nil {
		t.Error("Verify on a nil EventVerifier")
	}
}

func idOf(e *signer.Event) []byte {
	id := e.ID()
	return id[:]
}

// BenchmarkVerifyEvents measures 1024 events on 1 and 2 workers, per
// event, beside VerifyEvent.
func BenchmarkVerifyEvents(b *testing.B) {
	in := signedEvents(b, 1024, 1024)
	b.Run("VerifyEvent", func(b *testing.B) {
		i := 0
		for b.Loop() {
			signer.VerifyEvent(in.events[i%1024], in.ids[i%1024], in.sigs[i%1024])
			i++
		}
	})
	for _, w := range []int{1, 2} {
		v := signer.EventVerifier{Workers: w}
		b.Run(fmt.Sprintf("n=1024/workers=%d", w), func(b *testing.B) {
			for b.Loop() {
				v.Verify(in.events, in.ids, in.sigs)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1024, "ns/event")
		})
	}
}
