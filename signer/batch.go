package signer

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/schnorr"
)

// EventVerifier checks many nostr events at once, as a relay receiving a
// burst of them does: each event's id is recomputed and its public key
// parsed on all cores, and the signatures are checked with one BIP-340
// batch verification (schnorr.BatchVerifier), which costs about a third of
// single verification per signature at a thousand events, and bisects only
// when some are invalid.
//
// The zero value is ready to use; it keeps its memory between calls. An
// EventVerifier must not be used by several goroutines at once.
type EventVerifier struct {
	_ noCopy // go vet reports copies

	// Workers is the number of goroutines Verify may use: 0 means
	// runtime.GOMAXPROCS(0), 1 means the calling goroutine only. Small
	// batches never start goroutines.
	Workers int

	batch schnorr.BatchVerifier
	pubs  []*secp256k1.XOnlyPublicKey
	index []int            // index[j]: the event of the batch's signature j
	first []int            // first[i]: the first event with event i's key (or -1)
	seen  map[[32]byte]int // key -> first event with it, within one call
}

// VerifyEvents reports, for each i, what VerifyEvent(events[i], ids[i],
// sigs[i]) reports: whether ids[i] is the NIP-01 id of events[i] and
// sigs[i] a valid BIP-340 signature of it by events[i].PubKey. It uses all
// cores. It returns nil if the slices differ in length.
func VerifyEvents(events []*Event, ids, sigs [][]byte) []bool {
	var v EventVerifier
	return v.Verify(events, ids, sigs)
}

// eventMinPerWorker is the least number of events worth a goroutine while
// hashing events and parsing keys.
const eventMinPerWorker = 32

// Verify reports, for each i, what VerifyEvent(events[i], ids[i], sigs[i])
// reports, as VerifyEvents does, with v's worker count and memory. It
// returns nil if v is nil or the slices differ in length. Public data:
// execution time depends on the inputs.
func (v *EventVerifier) Verify(events []*Event, ids, sigs [][]byte) []bool {
	if v == nil || len(events) != len(ids) || len(events) != len(sigs) {
		return nil
	}
	n := len(events)
	ok := make([]bool, n)
	if cap(v.pubs) < n {
		v.pubs = make([]*secp256k1.XOnlyPublicKey, n)
	}
	pubs := v.pubs[:n]
	clear(pubs)

	// Each distinct key is lifted once (a square root): a burst of events
	// often has few authors.
	if v.seen == nil {
		v.seen = make(map[[32]byte]int)
	}
	clear(v.seen)
	if cap(v.first) < n {
		v.first = make([]int, n)
	}
	first := v.first[:n]
	for i, e := range events {
		first[i] = -1
		if e == nil {
			continue
		}
		if j, dup := v.seen[e.PubKey]; dup {
			first[i] = j
		} else {
			v.seen[e.PubKey] = i
		}
	}

	// Ids and keys, on all cores: ok[i] says the id matches and the key
	// and signature lengths are right.
	w := v.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	w = max(1, min(w, n/eventMinPerWorker))
	prep := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			e := events[i]
			if e == nil {
				continue
			}
			if first[i] < 0 { // the first event with this key parses it
				if pub, err := secp256k1.NewXOnlyPublicKey(e.PubKey[:]); err == nil {
					pubs[i] = pub
				}
			}
			ok[i] = len(ids[i]) == 32 && len(sigs[i]) == schnorr.SignatureSize && e.ID() == [32]byte(ids[i])
		}
	}
	if w == 1 {
		prep(0, n)
	} else {
		const block = 16
		var next atomic.Int64
		var wg sync.WaitGroup
		for range w {
			wg.Go(func() {
				for {
					lo := int(next.Add(block)) - block
					if lo >= n {
						return
					}
					prep(lo, min(lo+block, n))
				}
			})
		}
		wg.Wait()
	}
	for i := range n {
		if first[i] >= 0 {
			pubs[i] = pubs[first[i]]
		}
		if pubs[i] == nil {
			ok[i] = false // no such key
		}
	}

	// The signatures, in one batch.
	b := &v.batch
	b.Reset()
	b.Workers = v.Workers
	v.index = v.index[:0]
	for i := range n {
		if !ok[i] {
			continue
		}
		if b.Add(pubs[i], ids[i], sigs[i]) != nil {
			ok[i] = false // r >= p or s >= n
			continue
		}
		v.index = append(v.index, i)
	}
	if !b.Verify() {
		for _, j := range b.Invalid() {
			ok[v.index[j]] = false
		}
	}
	clear(pubs) // do not keep the keys alive
	return ok
}
