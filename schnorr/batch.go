package schnorr

import (
	"errors"
	"fmt"
	"slices"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// ErrInvalidSignature: a signature that is not 64 bytes, or whose r is not
// below p or whose s is not below n (BIP-340 rejects these before any
// curve arithmetic).
var ErrInvalidSignature = errors.New("schnorr: invalid signature")

// errNilBatch is what Add on a nil *BatchVerifier returns.
var errNilBatch = fmt.Errorf("%w: nil BatchVerifier", ErrInvalidSignature)

// BatchVerifier checks many BIP-340 signatures at once, faster than
// verifying them one by one: at 1024 signatures the cost per signature is
// about a third of Verify's on one core (doc/batch.md), and large batches
// use every core.
//
// Add the signatures, then call Verify to learn whether all of them are
// valid, and Invalid to learn which are not. Every Add takes a place in
// the batch, in order, including one that Add rejects with an error: that
// entry counts in Len, makes Verify return false and is reported by
// Invalid at its position, so a caller who ignores Add's error still gets
// a true answer. The answer is the one Verify gives for each signature, up
// to a probability below 2^-128 that an invalid batch passes (the
// randomized check of BIP-340's "Batch Verification" section); Invalid
// never reports a valid signature. With invalid signatures in the batch,
// wherever they are, Invalid costs at most about as much as verifying
// every signature singly (1.05 times, in its cost model), so that Verify
// and Invalid together cost about 1.4 times that at worst on one core
// (doc/batch.md).
//
// The zero value is an empty batch ready to use. A BatchVerifier must not
// be used by several goroutines at once (it uses goroutines of its own) and
// must not be copied after first use. Reset empties it and keeps its memory
// for the next batch.
type BatchVerifier struct {
	_ noCopy // go vet reports copies

	// Workers is the number of goroutines that Verify and Invalid may use:
	// 0 means runtime.GOMAXPROCS(0), 1 means the calling goroutine only.
	// Small batches never start goroutines.
	Workers int

	entries  []batchEntry
	msgs     []byte // the messages, back to back
	rejected int    // the number of entries Add rejected

	// The state computed by the first Verify or Invalid after an Add
	// (batch_prepare.go).
	prepared bool
	allValid bool           // every signature is valid
	eqValid  bool           // the equation holds (known-bad entries left out)
	eqPoint  group.Jacobian // what the equation sums to (the identity if it holds)
	bad      []bool         // bad[i]: entry i is known invalid (rejected by Add, or R has no point)
	searched bool           // invalid holds Invalid's answer
	invalid  []int
	rterms   []ecmult.Term   // a_i·(-R_i)
	ae       []scalar.Scalar // -a_i·e_i, the entry's share of its key's scalar
	as       []scalar.Scalar // a_i·s_i, the entry's share of the G scalar
	scratch  ecmult.Scratch

	// Signatures by the same key share one term (Σ -a_i·e_i)·P: keyOf[i]
	// numbers entry i's key, keyFirst[k] is the first entry with key k.
	keyOf    []int32
	keyFirst []int32
	keyBad   []bool  // keyBad[k]: key k was added as bytes and is not on the curve
	keyPos   []int32 // during rangePoint: key k's term, or -1
	keySeen  map[[32]byte]int32
	work     []ecmult.Term   // the terms of one equation
	ksum     []scalar.Scalar // the key scalars of one equation
	klist    []int32         // the keys of one equation

	search batchSearch // Invalid's search (batch_search.go)
}

// batchEntry is one signature as Add parsed it.
type batchEntry struct {
	p        group.Affine  // the public key's point (even y); set by prepare if lift
	px       [32]byte      // the public key's x, as encoded
	lift     bool          // added by AddBytes: p is not known yet (lifted on the workers)
	rb       [32]byte      // the signature's r as encoded
	r        field.Element // the signature's r, < p
	s        scalar.Scalar // the signature's s, < n
	e        scalar.Scalar // the challenge, set by prepare
	msgEnd   int           // the message is msgs[previous msgEnd:msgEnd]
	rejected bool          // Add returned an error: invalid, nothing else is set
}

// Add appends the signature sig of msg (of any length) by pub to the batch.
// It returns an error for a nil or zero-value key (an error wrapping
// secp256k1.ErrInvalidPublicKey) and for a signature that no key can make
// valid: not 64 bytes, r >= p or s >= n (ErrInvalidSignature). Such an
// entry is still added, as one that is known to be invalid: Verify returns
// false and Invalid reports its index, so ignoring the error is safe. Every
// other signature is added for Verify and Invalid to judge. msg and sig are
// copied, not retained. On a nil BatchVerifier, Add returns an error
// wrapping ErrInvalidSignature.
func (b *BatchVerifier) Add(pub *secp256k1.XOnlyPublicKey, msg, sig []byte) error {
	if b == nil {
		return errNilBatch
	}
	b.prepared = false
	var e batchEntry
	p, err := (*keys.XOnly)(pub).Point()
	if err == nil {
		err = parseSig(&e, sig)
	}
	if err != nil {
		b.reject()
		return err
	}
	e.p = *p
	e.px = p.X.Bytes()
	b.push(&e, msg, sig)
	return nil
}

// push appends the parsed entry e with its message and the r of sig.
func (b *BatchVerifier) push(e *batchEntry, msg, sig []byte) {
	copy(e.rb[:], sig[:32])
	b.msgs = append(b.msgs, msg...)
	e.msgEnd = len(b.msgs)
	b.entries = append(b.entries, *e)
}

// reject appends an entry that Add or AddBytes rejected.
func (b *BatchVerifier) reject() {
	b.entries = append(b.entries, batchEntry{rejected: true, msgEnd: len(b.msgs)})
	b.rejected++
}

// AddBytes is Add with the public key as its 32-byte BIP-340 encoding (the
// x coordinate, big-endian), as a relay or an indexer holds it: the key is
// lifted to its point (a square root) by Verify or Invalid on the worker
// goroutines, once per distinct key, instead of by the caller before Add.
// It returns an error wrapping secp256k1.ErrInvalidPublicKey for a key
// that is not 32 bytes or whose x is not below p, and Add's errors for the
// signature; such an entry is added as known to be invalid, as with Add.
// A key whose x is below p but not on the curve is found when the keys are
// lifted: its entries are known to be invalid too (Verify returns false,
// Invalid reports them at their positions), although AddBytes returned
// nil. pub, msg and sig are copied, not retained. On a nil BatchVerifier it
// returns an error wrapping ErrInvalidSignature.
func (b *BatchVerifier) AddBytes(pub, msg, sig []byte) error {
	if b == nil {
		return errNilBatch
	}
	b.prepared = false
	var e batchEntry
	var x field.Element
	var err error
	switch {
	case len(pub) != 32:
		err = fmt.Errorf("%w: length %d, want 32", secp256k1.ErrInvalidPublicKey, len(pub))
	case x.SetCanonicalBytes((*[32]byte)(pub)) != 1:
		err = fmt.Errorf("%w: x >= p", secp256k1.ErrInvalidPublicKey)
	default:
		err = parseSig(&e, sig)
	}
	if err != nil {
		b.reject()
		return err
	}
	copy(e.px[:], pub)
	e.lift = true
	b.push(&e, msg, sig)
	return nil
}

// parseSig parses sig's r and s into e: an error for a signature that is
// not 64 bytes or has r >= p or s >= n.
func parseSig(e *batchEntry, sig []byte) error {
	switch {
	case len(sig) != SignatureSize:
		return fmt.Errorf("%w: length %d, want %d", ErrInvalidSignature, len(sig), SignatureSize)
	case e.r.SetCanonicalBytes((*[32]byte)(sig[:32])) != 1:
		return fmt.Errorf("%w: r >= p", ErrInvalidSignature)
	case e.s.SetCanonicalBytes((*[32]byte)(sig[32:])) != 1:
		return fmt.Errorf("%w: s >= n", ErrInvalidSignature)
	}
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
	b.msgs = b.msgs[:0]
	b.rejected = 0
	b.prepared = false
}

// Verify reports whether every signature in the batch is valid, as Verify
// would judge it: false if Add rejected any entry. An empty batch is
// valid; a nil BatchVerifier is not. Execution time depends on the inputs,
// which are public.
func (b *BatchVerifier) Verify() bool {
	if b == nil || b.rejected > 0 {
		return false
	}
	b.prepare()
	return b.allValid
}

// Invalid returns the indices (in the order of Add, from 0) of the entries
// of the batch that schnorr.Verify rejects, in increasing order (a new
// slice), or nil if all are valid (or b is nil). The entries Add rejected
// are among them. It finds the others by testing parts of the batch with
// the same randomized equation and verifying one by one the signatures of
// the parts that fail, so that a reported index is certainly invalid; its
// cost is bounded whatever the number and places of the invalid signatures
// (doc/batch.md). Execution time depends on the inputs, which are public.
func (b *BatchVerifier) Invalid() []int {
	if b == nil {
		return nil
	}
	b.prepare()
	if b.allValid {
		return nil
	}
	if !b.searched {
		b.searched = true
		b.invalid = b.findInvalid(b.invalid[:0])
	}
	if len(b.invalid) == 0 {
		return nil
	}
	return slices.Clone(b.invalid)
}

// VerifyBatch reports whether sigs[i] is a valid BIP-340 signature of
// msgs[i] by pubs[i] for every i, with the randomized batch check of
// BatchVerifier on all available cores. It returns false if the slices
// differ in length, for a nil or zero-value key, and for a malformed
// signature, as Verify does; it returns true for empty slices.
func VerifyBatch(pubs []*secp256k1.XOnlyPublicKey, msgs, sigs [][]byte) bool {
	if len(pubs) != len(msgs) || len(pubs) != len(sigs) {
		return false
	}
	var b BatchVerifier
	for i := range pubs {
		if b.Add(pubs[i], msgs[i], sigs[i]) != nil {
			return false
		}
	}
	return b.Verify()
}

// resize returns s with length n, reusing its memory when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// noCopy makes go vet's copylocks check report copies of a BatchVerifier,
// which would share its buffers.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}
