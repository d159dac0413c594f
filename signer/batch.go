package signer

import (
	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/parallel"
	"github.com/p256k1/secp256k1/schnorr"
)

// EventVerifier checks many nostr events at once, as a relay receiving a
// burst of them does: each event's id is recomputed and its public key
// parsed on all cores, and the signatures are checked with one BIP-340
// batch verification (schnorr.BatchVerifier), which costs about a third of
// single verification per signature at a thousand events; when some are
// invalid, finding which costs at most about as much again as verifying
// every signature singly (doc/batch.md). Every event gets its own answer,
// in order.
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

	// The arguments and result of the call in progress, for prepare
	// (cleared before Verify returns).
	events    []*Event
	ids, sigs [][]byte
	ok        []bool
}

// VerifyEvents reports, for each i, what VerifyEvent(events[i], ids[i],
// sigs[i]) reports: whether ids[i] is the NIP-01 id of events[i] and
// sigs[i] a valid BIP-340 signature of it by events[i].PubKey. It uses all
// cores. It returns nil if the slices differ in length.
func VerifyEvents(events []*Event, ids, sigs [][]byte) []bool {
	var v EventVerifier
	return v.Verify(events, ids, sigs)
}

const (
	// eventMinPerWorker is the least number of events worth a goroutine
	// while hashing events and parsing keys.
	eventMinPerWorker = 32
	// eventBlock is the number of events a worker takes at a time.
	eventBlock = 16
)

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
	v.pubs = v.pubs[:n]
	pubs := v.pubs
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
	v.first = v.first[:n]
	first := v.first
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
	v.events, v.ids, v.sigs, v.ok = events, ids, sigs, ok
	w := parallel.Workers(v.Workers, n, eventMinPerWorker)
	parallel.Blocks(w, n, eventBlock, v, (*EventVerifier).prepare)
	v.events, v.ids, v.sigs, v.ok = nil, nil, nil, nil
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
		// An entry that Add rejects (r >= p or s >= n) stays in the batch
		// at its place, and Invalid reports it: Add's error needs no
		// handling here.
		_ = b.Add(pubs[i], ids[i], sigs[i])
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

// prepare hashes the events [lo, hi) and parses the keys of those that
// are the first of their key, into v.pubs; v.ok[i] says event i's id
// matches and its id and signature have the right lengths.
func (v *EventVerifier) prepare(lo, hi int) {
	for i := lo; i < hi; i++ {
		e := v.events[i]
		if e == nil {
			continue
		}
		if v.first[i] < 0 { // the first event with this key parses it
			if pub, err := secp256k1.NewXOnlyPublicKey(e.PubKey[:]); err == nil {
				v.pubs[i] = pub
			}
		}
		v.ok[i] = len(v.ids[i]) == 32 && len(v.sigs[i]) == schnorr.SignatureSize && e.ID() == [32]byte(v.ids[i])
	}
}
