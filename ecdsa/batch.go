package ecdsa

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/parallel"
)

// errNilBatch is what Add on a nil *BatchVerifier returns.
var errNilBatch = fmt.Errorf("%w: nil BatchVerifier", ErrInvalidSignature)

// BatchVerifier checks many ECDSA signatures, spread over all cores. ECDSA
// has no batch equation (a signature commits to R only through r = x mod n,
// so R cannot be recovered cheaply and combined), so each signature is
// verified on its own, exactly as Verify does; the gain is the cores. On one
// core it costs what calling Verify in a loop costs.
//
// Add the signatures, then call Verify to learn whether all of them are
// valid, and Invalid to learn which are not. Every Add takes a place in the
// batch, in order, including one that Add rejects with an error: that
// entry counts in Len, makes Verify return false and is reported by
// Invalid at its position, so a caller who ignores Add's error still gets
// a true answer. The zero value is an empty batch ready to use. A
// BatchVerifier must not be used by several goroutines at once (it uses
// goroutines of its own). Reset empties it and keeps its memory for the
// next batch.
type BatchVerifier struct {
	_ noCopy // go vet reports copies

	// Workers is the number of goroutines that Verify and Invalid may use:
	// 0 means runtime.GOMAXPROCS(0), 1 means the calling goroutine only.
	// Small batches never start goroutines.
	Workers int

	entries []batchEntry
	hashes  []byte // the hashes, back to back

	checked bool
	ok      []bool // during check: ok[i] says entry i is valid
	invalid []int
}

// batchEntry is one signature as Add took it.
type batchEntry struct {
	pub     *keys.Public // valid, immutable; nil for a rejected entry
	sig     Signature
	hashEnd int // the hash is hashes[previous hashEnd:hashEnd]
}

// Add appends the signature sig of hash (of any length, see the package
// documentation) by pub to the batch. It returns an error for a nil or
// zero-value key (wrapping secp256k1.ErrInvalidPublicKey) or signature
// (wrapping ErrInvalidSignature); such an entry is still added, as one
// that is known to be invalid: Verify returns false and Invalid reports its
// index, so ignoring the error is safe. hash is copied, not retained; pub
// is retained (keys are immutable). On a nil BatchVerifier, Add returns an
// error wrapping ErrInvalidSignature.
func (b *BatchVerifier) Add(pub *secp256k1.PublicKey, hash []byte, sig *Signature) error {
	if b == nil {
		return errNilBatch
	}
	b.checked = false
	k := (*keys.Public)(pub)
	_, err := k.Point()
	if err == nil && !sig.valid() {
		err = errNoSignature
	}
	if err != nil {
		b.entries = append(b.entries, batchEntry{hashEnd: len(b.hashes)})
		return err
	}
	b.hashes = append(b.hashes, hash...)
	b.entries = append(b.entries, batchEntry{pub: k, sig: *sig, hashEnd: len(b.hashes)})
	return nil
}

// Len returns the number of entries in the batch, one per Add, rejected
// ones included (0 for a nil BatchVerifier).
func (b *BatchVerifier) Len() int {
	if b == nil {
		return 0
	}
	return len(b.entries)
}

// Reset empties the batch, keeping its memory for the next one.
func (b *BatchVerifier) Reset() {
	if b == nil {
		return
	}
	b.entries = b.entries[:0]
	b.hashes = b.hashes[:0]
	b.checked = false
}

// Verify reports whether every signature in the batch is valid, as Verify
// would judge it (high-S signatures included: they are invalid): false if
// Add rejected any entry. An empty batch is valid; a nil BatchVerifier is
// not. Execution time depends on the inputs, which are public.
func (b *BatchVerifier) Verify() bool {
	if b == nil {
		return false
	}
	b.check()
	return len(b.invalid) == 0
}

// Invalid returns the indices (in the order of Add, from 0) of the
// entries that Verify rejects, the ones Add rejected included, in
// increasing order, or nil if all are valid (or b is nil).
func (b *BatchVerifier) Invalid() []int {
	if b == nil {
		return nil
	}
	b.check()
	if len(b.invalid) == 0 {
		return nil
	}
	return append([]int(nil), b.invalid...)
}

// VerifyMany reports whether sigs[i] is a valid signature of hashes[i] by
// pubs[i] for every i, verifying them on all cores. It returns false if the
// slices differ in length or for a nil or zero-value key or signature, and
// true for empty slices.
func VerifyMany(pubs []*secp256k1.PublicKey, hashes [][]byte, sigs []*Signature) bool {
	if len(pubs) != len(hashes) || len(pubs) != len(sigs) {
		return false
	}
	var b BatchVerifier
	for i := range pubs {
		if b.Add(pubs[i], hashes[i], sigs[i]) != nil {
			return false
		}
	}
	return b.Verify()
}

const (
	// batchMinPerWorker is the least number of signatures worth a
	// goroutine (one verification costs about as much as starting a
	// hundred goroutines).
	batchMinPerWorker = 16
	// batchBlock is the number of signatures a worker takes at a time.
	batchBlock = 8
)

// check verifies every entry, on the workers, and collects the invalid
// ones.
func (b *BatchVerifier) check() {
	if b.checked {
		return
	}
	b.checked = true
	n := len(b.entries)
	if cap(b.ok) < n {
		b.ok = make([]bool, n)
	}
	b.ok = b.ok[:n]
	// Blocks of signatures handed out by a counter, so that a worker on a
	// busy core does not hold up the others.
	w := parallel.Workers(b.Workers, n, batchMinPerWorker)
	parallel.Blocks(w, n, batchBlock, b, (*BatchVerifier).verifyRange)
	b.invalid = b.invalid[:0]
	for i, v := range b.ok {
		if !v {
			b.invalid = append(b.invalid, i)
		}
	}
	clear(b.ok)
}

// verifyRange verifies the entries [lo, hi) into ok.
func (b *BatchVerifier) verifyRange(lo, hi int) {
	start := 0
	if lo > 0 {
		start = b.entries[lo-1].hashEnd
	}
	for i := lo; i < hi; i++ {
		e := &b.entries[i]
		b.ok[i] = e.pub != nil && Verify((*secp256k1.PublicKey)(e.pub), b.hashes[start:e.hashEnd], &e.sig)
		start = e.hashEnd
	}
}

// noCopy makes go vet's copylocks check report copies of a BatchVerifier,
// which would share its buffers.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}
