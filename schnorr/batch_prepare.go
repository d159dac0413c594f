package schnorr

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"slices"

	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/parallel"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// The batch equation (doc/batch.md): with a_0 = 1 and random 128-bit a_i,
//
//	(Σ a_i·s_i)·G + Σ a_i·(-R_i) + Σ_P (Σ_{i: P_i = P} -a_i·e_i)·P = ∞
//
// prepare computes its terms once per batch and checks it for the whole
// batch; rangePoint computes it for a range of entries (Invalid's search).

// Tuning, measured in BenchmarkBatchVerify (doc/batch.md).
const (
	// batchMinPerWorker is the least number of signatures worth a
	// goroutine when preparing entries and summing windows.
	batchMinPerWorker = 64
	// batchSingleBelow: batches smaller than this are verified one
	// signature at a time, which is cheaper than the batch equation there
	// (no square root for R).
	batchSingleBelow = 2
	// liftMinPerWorker is the least number of distinct keys given as
	// bytes worth a goroutine (a square root each, about 2 µs), and
	// liftBlock the number a worker takes at a time.
	liftMinPerWorker = 16
	liftBlock        = 48
	// prepareChunk is the number of entries (or keys) whose points are
	// lifted together by ecmult.LiftXBatchVarTime in prepareEntries and
	// liftKeys (their buffers live on the stack): a multiple of its
	// four-root groups and of its 24 roots in AVX-512 IFMA lanes.
	prepareChunk = 48
)

// workers returns the number of goroutines for n entries.
func (b *BatchVerifier) workers(n int) int {
	return parallel.Workers(b.Workers, n, batchMinPerWorker)
}

// prepare computes, once per batch, the challenges, the points -R_i, the
// randomizers and the terms of the batch equation, and checks it. Entries
// that Add rejected are known to be invalid and take no part.
func (b *BatchVerifier) prepare() {
	if b.prepared {
		return
	}
	b.prepared = true
	b.searched = false
	n := len(b.entries)
	b.bad = resize(b.bad, n)
	if n < batchSingleBelow {
		b.allValid, b.eqValid = true, true
		for i := range b.entries {
			e := &b.entries[i]
			ok := !e.rejected && (!e.lift || liftKey(e))
			if ok {
				challenge(&e.e, e.rb[:], &e.p, b.msgs[:e.msgEnd])
			}
			b.bad[i] = !ok || !verifyChallenge(&e.p, &e.r, &e.s, &e.e)
			b.allValid = b.allValid && !b.bad[i]
		}
		return
	}
	b.rterms = resize(b.rterms, n)
	b.ae = resize(b.ae, n)
	b.as = resize(b.as, n)

	// Number the distinct keys (an x-only key is its x).
	b.keyOf = resize(b.keyOf, n)
	b.keyFirst = b.keyFirst[:0]
	if b.keySeen == nil {
		b.keySeen = make(map[[32]byte]int32)
	}
	clear(b.keySeen)
	for i := range b.entries {
		if b.entries[i].rejected {
			b.keyOf[i] = -1
			continue
		}
		x := b.entries[i].px
		k, ok := b.keySeen[x]
		if !ok {
			k = int32(len(b.keyFirst))
			b.keySeen[x] = k
			b.keyFirst = append(b.keyFirst, int32(i))
		}
		b.keyOf[i] = k
	}

	// The keys added as bytes, lifted once per distinct key on the
	// workers (a square root each).
	b.keyBad = resize(b.keyBad, len(b.keyFirst))
	nk := len(b.keyFirst)
	parallel.Blocks(parallel.Workers(b.Workers, nk, liftMinPerWorker), nk, liftBlock, b, (*BatchVerifier).liftKeys)

	// Challenges and lift_x(r), split over the workers.
	workers := b.workers(n)
	parallel.Ranges(workers, n, b, (*BatchVerifier).prepareEntries)

	b.keyPos = resize(b.keyPos, len(b.keyFirst))
	for k := range b.keyPos {
		b.keyPos[k] = -1
	}

	// The randomizers: a_0 = 1 and 128-bit a_i from ChaCha8 seeded with a
	// hash of everything the equation depends on (doc/batch.md). Every
	// entry draws one, so that a_i depends on i alone.
	rng := rand.NewChaCha8(b.seed())
	for i := range b.entries {
		a := &b.as[i] // a_i for now; a_i·s_i below
		if i == 0 {
			a.One()
			continue
		}
		var buf [32]byte
		binary.BigEndian.PutUint64(buf[16:], rng.Uint64())
		binary.BigEndian.PutUint64(buf[24:], rng.Uint64())
		a.SetBytes(&buf)
	}
	// The scalars of the terms, split over the workers.
	parallel.Ranges(workers, n, b, (*BatchVerifier).prepareTerms)

	b.eqValid = b.rangePoint(&b.eqPoint, 0, n, workers)
	b.allValid = b.eqValid && !slices.Contains(b.bad, true)
}

// prepareEntries computes the challenges e_i and the points -R_i of the
// entries [lo, hi), and marks bad the entries Add rejected, those whose key
// (added as bytes) has no point and those whose r is not the x of a point.
// An entry added as bytes takes its point from the first entry with its
// key, which liftKeys set. The points -R_i are lifted prepareChunk at a
// time with ecmult.LiftXBatchVarTime (several square roots at once).
func (b *BatchVerifier) prepareEntries(lo, hi int) {
	start := 0
	if lo > 0 {
		start = b.entries[lo-1].msgEnd
	}
	var xs [prepareChunk]field.Element
	var pts [prepareChunk]group.Affine
	var ok [prepareChunk]bool
	var idx [prepareChunk]int32
	for c := lo; c < hi; c += prepareChunk {
		m := 0
		for i := c; i < min(c+prepareChunk, hi); i++ {
			e := &b.entries[i]
			msg := b.msgs[start:e.msgEnd]
			start = e.msgEnd
			if !e.rejected && e.lift {
				// A key added as bytes: its first entry holds the point.
				k := b.keyOf[i]
				if f := int(b.keyFirst[k]); f != i && !b.keyBad[k] {
					e.p = b.entries[f].p
					e.lift = false
				}
			}
			b.bad[i] = e.rejected || e.lift && b.keyBad[b.keyOf[i]]
			b.rterms[i].P.SetInfinity()
			if b.bad[i] {
				continue
			}
			challenge(&e.e, e.rb[:], &e.p, msg)
			xs[m] = e.r
			idx[m] = int32(i)
			m++
		}
		// -R = (r, -y) with y the even root: the odd root.
		ecmult.LiftXBatchVarTime(pts[:m], xs[:m], 1, ok[:m])
		for j := range m {
			i := idx[j]
			if ok[j] {
				b.rterms[i].P = pts[j]
			} else {
				b.bad[i] = true
			}
		}
	}
}

// prepareTerms turns the randomizers a_i of the entries [lo, hi) into
// their terms: a_i·(-R_i) in rterms, -a_i·e_i in ae and a_i·s_i in as.
// Known-bad entries get zero terms: they are left out of the equation
// (Invalid reports them).
func (b *BatchVerifier) prepareTerms(lo, hi int) {
	for i := lo; i < hi; i++ {
		e := &b.entries[i]
		t := &b.rterms[i]
		if b.bad[i] {
			t.SetZero()
			b.ae[i].Zero()
			b.as[i].Zero()
			continue
		}
		a := b.as[i]
		negR := t.P
		t.SetShort(&a, false, &negR)
		b.ae[i].Multiply(&a, &e.e)
		b.ae[i].Negate(&b.ae[i])
		b.as[i].Multiply(&a, &e.s)
	}
}

// liftKeys lifts the keys [lo, hi) whose first entry was added as bytes
// (AddBytes) to their even-y points, and records in keyBad those that have
// none; prepareChunk keys at a time with ecmult.LiftXBatchVarTime. Each
// first entry is written by one worker only; the other entries of a key
// copy its point in prepareEntries.
func (b *BatchVerifier) liftKeys(lo, hi int) {
	var xs [prepareChunk]field.Element
	var pts [prepareChunk]group.Affine
	var ok [prepareChunk]bool
	var idx [prepareChunk]int32
	for c := lo; c < hi; c += prepareChunk {
		m := 0
		for k := c; k < min(c+prepareChunk, hi); k++ {
			b.keyBad[k] = false
			e := &b.entries[b.keyFirst[k]]
			if !e.lift {
				continue
			}
			xs[m].SetCanonicalBytes(&e.px) // below p: AddBytes checked
			idx[m] = int32(k)
			m++
		}
		ecmult.LiftXBatchVarTime(pts[:m], xs[:m], 0, ok[:m])
		for j := range m {
			k := idx[j]
			if !ok[j] {
				b.keyBad[k] = true // e.lift stays set
				continue
			}
			e := &b.entries[b.keyFirst[k]]
			e.p = pts[j]
			e.lift = false
		}
	}
}

// liftKey sets e.p to the even-y point with x = e.px and clears e.lift,
// or reports false (and leaves e.lift set) if there is none. AddBytes
// checked that e.px is below p.
func liftKey(e *batchEntry) bool {
	var x field.Element
	x.SetCanonicalBytes(&e.px)
	if e.p.SetXO(&x, 0) != 1 {
		return false
	}
	e.lift = false
	return true
}

// seed hashes, for every entry Add accepted, the key's x, the signature
// and the challenge (which commits to the message): the batch equation
// depends on the inputs only through these (rejected entries take no part
// in it).
func (b *BatchVerifier) seed() [32]byte {
	h := sha256.New()
	h.Write([]byte("p256k1/schnorr/batch"))
	var buf [4 * 32]byte
	for i := range b.entries {
		e := &b.entries[i]
		if e.rejected || e.lift { // rejected, or a key with no point
			continue
		}
		copy(buf[0:32], e.px[:])
		e.r.PutBytes((*[32]byte)(buf[32:64]))
		e.s.PutBytes((*[32]byte)(buf[64:96]))
		e.e.PutBytes((*[32]byte)(buf[96:128]))
		h.Write(buf[:])
	}
	var seed [32]byte
	h.Sum(seed[:0])
	return seed
}

// rangePoint sets out to the point that the batch equation restricted to
// the entries [lo, hi) sums to, (Σ a_i·s_i)·G + Σ a_i·(-R_i) + Σ_P
// (Σ_{i: P_i = P} -a_i·e_i)·P, using the given number of goroutines, and
// reports whether it is the identity (the equation holds). Known-bad
// entries contribute nothing. The point is Σ a_i·(s_i·G - R_i - e_i·P_i),
// a sum over the entries, so the points of two ranges add up to that of
// their union (Invalid's search relies on it).
func (b *BatchVerifier) rangePoint(out *group.Jacobian, lo, hi, workers int) bool {
	var g scalar.Scalar
	for i := lo; i < hi; i++ {
		g.Add(&g, &b.as[i])
	}
	// One term per distinct key of the range.
	b.klist = b.klist[:0]
	b.ksum = b.ksum[:0]
	for i := lo; i < hi; i++ {
		if b.bad[i] {
			continue
		}
		k := b.keyOf[i]
		if b.keyPos[k] < 0 {
			b.keyPos[k] = int32(len(b.klist))
			b.klist = append(b.klist, k)
			b.ksum = append(b.ksum, b.ae[i])
			continue
		}
		j := b.keyPos[k]
		b.ksum[j].Add(&b.ksum[j], &b.ae[i])
	}
	m := hi - lo
	b.work = resize(b.work, m+len(b.klist))
	copy(b.work, b.rterms[lo:hi])
	parallel.Ranges(min(workers, len(b.klist)/batchMinPerWorker+1), len(b.klist), b, (*BatchVerifier).keyTerms)
	for _, k := range b.klist {
		b.keyPos[k] = -1
	}
	b.scratch.Workers = workers
	ecmult.MultiScalarMultVarTime(out, &g, b.work, &b.scratch)
	if out.IsInfinity() == 1 {
		out.SetInfinity()
		return true
	}
	return false
}

// keyTerms sets the key terms j in [lo, hi) of the equation rangePoint
// builds: (Σ -a_i·e_i)·P for the j-th key of the range.
func (b *BatchVerifier) keyTerms(lo, hi int) {
	m := len(b.work) - len(b.klist)
	for j := lo; j < hi; j++ {
		e := &b.entries[b.keyFirst[b.klist[j]]]
		b.work[m+j].Set(&b.ksum[j], &e.p)
	}
}
