package nostr

import (
	"encoding/hex"

	gonostr "github.com/nbd-wtf/go-nostr"
	"github.com/p256k1/secp256k1/signer"
)

// Checker checks bursts of go-nostr events as a relay receives them, with
// a signer.EventVerifier: ids and keys on all cores, the signatures in one
// BIP-340 batch. The zero value is ready to use and keeps its memory
// between calls; a Checker must not be used by several goroutines at once.
type Checker struct {
	// Workers is the number of goroutines Check may use: 0 means
	// runtime.GOMAXPROCS(0), 1 the calling goroutine only.
	Workers int

	v      signer.EventVerifier
	signed []signer.SignedEvent
	ptrs   []*signer.SignedEvent
}

// CheckEvents returns, for each event, signer.Valid or what is wrong with
// it (see Checker.Check), using all cores.
func CheckEvents(events []*gonostr.Event) []signer.Result {
	var c Checker
	return c.Check(events)
}

// Check returns, for each event, signer.Valid if its ID is the NIP-01 id
// of the event and its Sig a valid BIP-340 signature of it by its PubKey,
// and otherwise the first thing wrong with it: NilEvent (a nil entry),
// MalformedID (not 64 lowercase hex characters), IDMismatch,
// MalformedPubKey (not 64 lowercase hex characters, or no valid x-only
// key), MalformedSignature (not 128 lowercase hex characters, r >= p or
// s >= n), BadSignature. Result.String is the text a relay sends after
// "invalid: ". For events with lowercase hex fields, Valid is exactly when
// go-nostr's CheckID and CheckSignature both succeed. It returns nil for
// a nil Checker.
func (c *Checker) Check(events []*gonostr.Event) []signer.Result {
	if c == nil {
		return nil
	}
	n := len(events)
	if cap(c.signed) < n {
		c.signed = make([]signer.SignedEvent, n)
		c.ptrs = make([]*signer.SignedEvent, n)
	}
	c.signed, c.ptrs = c.signed[:n], c.ptrs[:n]
	pre := make([]signer.Result, n) // results found while converting
	buf := make([]byte, 0, 96*n)
	for i, evt := range events {
		se := &c.signed[i]
		*se = signer.SignedEvent{}
		c.ptrs[i] = se
		switch {
		case evt == nil:
			c.ptrs[i] = nil
			continue
		case !lowerHex(evt.ID, 32):
			pre[i] = signer.MalformedID
			continue
		}
		start := len(buf)
		buf, _ = hex.AppendDecode(buf, []byte(evt.ID))
		se.ID = buf[start:len(buf):len(buf)]
		if !toSigner(evt, &se.Event) {
			// The id was computed over the key as written: compare it
			// first, as CheckID does.
			if !CheckID(evt) {
				pre[i] = signer.IDMismatch
			} else {
				pre[i] = signer.MalformedPubKey
			}
			continue
		}
		if lowerHex(evt.Sig, 64) {
			start = len(buf)
			buf, _ = hex.AppendDecode(buf, []byte(evt.Sig))
			se.Sig = buf[start:len(buf):len(buf)]
		} // else Sig stays nil: MalformedSignature unless something comes first
	}
	c.v.Workers = c.Workers
	res := c.v.Check(c.ptrs)
	for i := range res {
		if pre[i] != signer.Unchecked {
			res[i] = pre[i]
		}
	}
	clear(c.signed) // do not keep the events' strings alive
	return res
}
