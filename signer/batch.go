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
// in order: Check says what failed (a Result), Verify only whether it did.
//
// The zero value is ready to use; it keeps its memory between calls. An
// EventVerifier must not be used by several goroutines at once.
type EventVerifier struct {
	_ noCopy // go vet reports copies

	// Workers is the number of goroutines Check and Verify may use: 0
	// means runtime.GOMAXPROCS(0), 1 means the calling goroutine only.
	// Small batches never start goroutines.
	Workers int

	batch schnorr.BatchVerifier
	pubs  []*secp256k1.XOnlyPublicKey
	index []int            // index[j]: the event of the batch's signature j
	first []int            // first[i]: the first event with event i's key (or -1)
	seen  map[[32]byte]int // key -> first event with it, within one call

	// The arguments and result of the call in progress, for prepare
	// (cleared before Check and Verify return): either signed or events,
	// ids and sigs.
	signed    []*SignedEvent
	events    []*Event
	ids, sigs [][]byte
	res       []Result
}

// VerifyEvents reports, for each i, what VerifyEvent(events[i], ids[i],
// sigs[i]) reports: whether ids[i] is the NIP-01 id of events[i] and
// sigs[i] a valid BIP-340 signature of it by events[i].PubKey. It uses all
// cores. It returns nil if the slices differ in length. CheckEvents, which
// takes one SignedEvent per event and says what failed, is preferred.
func VerifyEvents(events []*Event, ids, sigs [][]byte) []bool {
	var v EventVerifier
	return v.Verify(events, ids, sigs)
}

// CheckEvents returns, for each i, what events[i].Check() returns: Valid,
// or what is wrong with the event (a nil entry is NilEvent). It uses all
// cores, and one BIP-340 batch verification for the signatures; see
// EventVerifier for a reusable one with a worker count. It returns a slice
// of len(events) (empty for no events).
func CheckEvents(events []*SignedEvent) []Result {
	var v EventVerifier
	return v.Check(events)
}

const (
	// eventMinPerWorker is the least number of events worth a goroutine
	// while hashing events and parsing keys.
	eventMinPerWorker = 32
	// eventBlock is the number of events a worker takes at a time.
	eventBlock = 16
)

// Check returns, for each i, what events[i].Check() returns, as
// CheckEvents does, with v's worker count and memory: Valid or the first
// thing wrong with the event in the order NilEvent, MalformedID,
// IDMismatch, MalformedPubKey, MalformedSignature, BadSignature. A nil
// entry is NilEvent. It returns nil if v is nil. Public data: execution
// time depends on the inputs.
func (v *EventVerifier) Check(events []*SignedEvent) []Result {
	if v == nil {
		return nil
	}
	v.signed = events
	res := v.run(len(events))
	v.signed = nil
	return res
}

// Verify reports, for each i, what VerifyEvent(events[i], ids[i], sigs[i])
// reports, as VerifyEvents does, with v's worker count and memory. It
// returns nil if v is nil or the slices differ in length. Public data:
// execution time depends on the inputs. Check is preferred: it takes one
// SignedEvent per event and says what failed.
func (v *EventVerifier) Verify(events []*Event, ids, sigs [][]byte) []bool {
	if v == nil || len(events) != len(ids) || len(events) != len(sigs) {
		return nil
	}
	v.events, v.ids, v.sigs = events, ids, sigs
	res := v.run(len(events))
	v.events, v.ids, v.sigs = nil, nil, nil
	ok := make([]bool, len(res))
	for i, r := range res {
		ok[i] = r == Valid
	}
	return ok
}

// item returns event i of the call in progress.
func (v *EventVerifier) item(i int) (e *Event, id, sig []byte) {
	if v.signed != nil {
		se := v.signed[i]
		if se == nil {
			return nil, nil, nil
		}
		return &se.Event, se.ID, se.Sig
	}
	return v.events[i], v.ids[i], v.sigs[i]
}

// run checks the n events of the call in progress.
func (v *EventVerifier) run(n int) []Result {
	res := make([]Result, n)
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
	for i := range n {
		first[i] = -1
		e, _, _ := v.item(i)
		if e == nil {
			continue
		}
		if j, dup := v.seen[e.PubKey]; dup {
			first[i] = j
		} else {
			v.seen[e.PubKey] = i
		}
	}

	// Ids and keys, on all cores: res[i] is set for a nil event and an id
	// that is malformed or does not match, and left Unchecked otherwise.
	v.res = res
	w := parallel.Workers(v.Workers, n, eventMinPerWorker)
	parallel.Blocks(w, n, eventBlock, v, (*EventVerifier).prepare)
	v.res = nil
	for i := range n {
		if first[i] >= 0 {
			pubs[i] = pubs[first[i]]
		}
		if res[i] == Unchecked && pubs[i] == nil {
			res[i] = MalformedPubKey
		}
	}

	// The signatures, in one batch.
	b := &v.batch
	b.Reset()
	b.Workers = v.Workers
	v.index = v.index[:0]
	for i := range n {
		if res[i] != Unchecked {
			continue
		}
		_, id, sig := v.item(i)
		// An entry that Add rejects (not 64 bytes, r >= p or s >= n; the
		// key is valid here) stays in the batch at its place, and Invalid
		// reports it.
		if b.Add(pubs[i], id, sig) != nil {
			res[i] = MalformedSignature
		}
		v.index = append(v.index, i)
	}
	if !b.Verify() {
		for _, j := range b.Invalid() {
			if i := v.index[j]; res[i] == Unchecked {
				res[i] = BadSignature
			}
		}
	}
	for i := range res {
		if res[i] == Unchecked {
			res[i] = Valid
		}
	}
	clear(pubs) // do not keep the keys alive
	return res
}

// prepare hashes the events [lo, hi) and parses the keys of those that
// are the first of their key, into v.pubs; v.res[i] is set to NilEvent,
// MalformedID or IDMismatch, or left Unchecked.
func (v *EventVerifier) prepare(lo, hi int) {
	for i := lo; i < hi; i++ {
		e, id, _ := v.item(i)
		switch {
		case e == nil:
			v.res[i] = NilEvent
			continue
		case len(id) != 32:
			v.res[i] = MalformedID
		case e.ID() != [32]byte(id):
			v.res[i] = IDMismatch
		}
		if v.first[i] < 0 { // the first event with this key parses it
			if pub, err := secp256k1.NewXOnlyPublicKey(e.PubKey[:]); err == nil {
				v.pubs[i] = pub
			}
		}
	}
}
