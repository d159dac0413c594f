package ecmult

import (
	"crypto/rand"
	"encoding/binary"
	mathrand "math/rand/v2"
	"sync/atomic"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Blinding of the constant-time multiplications (doc/constant-time.md,
// "Blinding"). Constant-time code already hides the secrets from timing;
// blinding is against power and electromagnetic side channels, which can
// see the values the code computes on, not only when it computes them:
// the table entry a masked scan keeps, the coordinates of the accumulator.
//
// k·G (BaseMult) is computed as (k − b)·G + B, libsecp256k1's context
// blinding: b is a secret random scalar and B = b·G, precomputed with a
// random projective Z (its coordinates scaled by a random λ). The table
// lookups are driven by the digits of k − b, and every accumulator value
// is offset by the unknown B, so neither is a function of k alone. The
// pair (b, B) is process state: baseBlind below, refreshed now and then.
//
// k·P (ScalarMult, ScalarMultSecretPoint) draws a fresh random field
// element u from crypto/rand on every call and runs on an isomorphic curve
// scaled by u (see randomZ), which randomises the projective coordinates of
// the whole computation, table entries included.

// blindRefreshMask sets how often the k·G blinding is replaced: a call of
// BaseMult draws a fresh blinding when a random number from the runtime's
// per-thread generator (math/rand/v2's global functions: no lock and no
// shared counter to write; it only decides when, so it needs no
// unpredictability) has these bits zero, so on average once every 256
// calls. A refresh costs about one k·G (5 µs), so about 20 ns per call.
// Tests lower it to force refreshes.
var blindRefreshMask uint32 = 1<<8 - 1

// blindWords is the number of 64-bit words of a k·G blinding: the limbs of
// −b, then those of B's X, Y and Z.
const blindWords = 4 + 3*4

// blindSlot holds one published blinding. seq is 0 while the slot was never
// written, odd while a refresh writes it and even otherwise; every word is
// read and written atomically, so a read that saw the same even seq before
// and after copying the words has a consistent (−b, B).
type blindSlot struct {
	seq atomic.Uint64
	w   [blindWords]atomic.Uint64
}

// blindSlots publishes one value of blindWords words to concurrent
// readers without a lock and without allocation: two slots, the current
// one read by every reader, the other written by the writer, which then
// makes it current (a double buffer). Writers are serialised by busy. A
// reader retries only if two writes completed while it copied a slot. cur
// and the slots sit on other cache lines than busy, which writers write.
type blindSlots struct {
	cur   atomic.Uint32 // index of the current slot
	_     [60]byte
	busy  atomic.Bool // a writer holds the slots
	_     [63]byte
	slots [2]blindSlot
}

// lock takes the writer's lock if no other writer holds it.
func (bs *blindSlots) lock() bool { return bs.busy.CompareAndSwap(false, true) }

func (bs *blindSlots) unlock() { bs.busy.Store(false) }

// publish makes w the current value. The caller holds the lock.
func (bs *blindSlots) publish(w *[blindWords]uint64) {
	cur := bs.cur.Load() & 1
	s := &bs.slots[cur^1]
	q := s.seq.Load()
	s.seq.Store(q | 1) // odd: being written
	for i := range w {
		s.w[i].Store(w[i])
	}
	s.seq.Store((q | 1) + 1)
	bs.cur.Store(cur ^ 1)
}

// load copies the current value into w and returns true, or returns false
// if nothing was published yet.
func (bs *blindSlots) load(w *[blindWords]uint64) bool {
	for {
		s := &bs.slots[bs.cur.Load()&1]
		q := s.seq.Load()
		if q == 0 {
			return false
		}
		if q&1 == 1 {
			// A writer is writing the slot this call read as current:
			// it has since been replaced, read the current one.
			continue
		}
		for i := range w {
			w[i] = s.w[i].Load()
		}
		if s.seq.Load() == q {
			return true
		}
		// Overwritten while it was read: read the current one.
	}
}

// baseBlind holds the k·G blinding of the process.
var baseBlind blindSlots

// baseBlinding sets nb = −b and B for the k·G blinding of this call: the
// published one, or a fresh one when this call refreshes it (on average
// once every blindRefreshMask+1 calls, and on first use). It does not
// allocate.
//
// Why no lock is needed: any (b, B) with B = b·G is a valid blinding, so a
// call may use one that a concurrent refresh has just replaced; what must
// never happen is a torn pair (−b from one blinding, B from another),
// which the slot's sequence number rules out.
func baseBlinding(nb *scalar.Scalar, B *group.Projective) {
	if blindRefreshDue() && refreshBaseBlinding(nb, B) {
		return
	}
	if loadBaseBlinding(nb, B) {
		return
	}
	// Nothing published yet (the first calls of the process): publish one,
	// or, if another call is doing so, use a blinding of this call only.
	if refreshBaseBlinding(nb, B) {
		return
	}
	newBaseBlinding(nb, B)
}

// blindRefreshDue reports whether this BaseMult call should refresh the
// k·G blinding: whether a number from math/rand/v2's runtime generator has
// the bits of blindRefreshMask zero. The decision is public (it depends on
// no secret, and it only decides when). It is not inlined, so that the
// generator's interface call stays out of the constant-time caller
// (ctobjdump's publicFuncs name it).
//
//go:noinline
func blindRefreshDue() bool {
	return mathrand.Uint32()&blindRefreshMask == 0
}

// loadBaseBlinding copies the current blinding into nb and B and returns
// true, or returns false if none was published yet.
func loadBaseBlinding(nb *scalar.Scalar, B *group.Projective) bool {
	var w [blindWords]uint64
	if !baseBlind.load(&w) {
		return false
	}
	blindFromWords(nb, B, &w)
	clear(w[:])
	return true
}

// refreshBaseBlinding draws a fresh blinding into nb and B, publishes it
// and returns true, unless another refresh is under way, in which case it
// returns false and leaves nb and B alone. (The lock is released without
// defer: nothing between lock and unlock can panic but a failure of
// crypto/rand, which crashes the program anyway.)
func refreshBaseBlinding(nb *scalar.Scalar, B *group.Projective) bool {
	if !baseBlind.lock() {
		return false
	}
	newBaseBlinding(nb, B)
	var w [blindWords]uint64
	blindToWords(&w, nb, B)
	baseBlind.publish(&w)
	baseBlind.unlock()
	clear(w[:])
	return true
}

// newBaseBlinding sets nb = −b and B = λ·(b·G) in projective coordinates,
// for a random scalar b and a random non-zero field element λ from
// crypto/rand. b·G is itself computed under the published blinding (b_old,
// B_old) as (b − b_old)·G + B_old, so that the table lookups of a refresh
// are not driven by b either; only the first blinding of the process is
// computed without one. b = 0 (probability 2⁻²⁵⁶) is a valid, if useless,
// blinding.
func newBaseBlinding(nb *scalar.Scalar, B *group.Projective) {
	var buf [64]byte
	rand.Read(buf[:])           // never fails (it crashes the program instead)
	ctcheck.SecretSlice(buf[:]) // fresh randomness is secret (for the valgrind check)
	var b scalar.Scalar
	b.SetBytes((*[32]byte)(buf[:32]))
	var lambda field.Element
	nonZeroFromBytes(&lambda, (*[32]byte)(buf[32:]))
	clear(buf[:])
	var kb scalar.Scalar
	if loadBaseBlinding(&kb, B) {
		kb.Add(&kb, &b)
	} else {
		kb.Set(&b)
		B.SetInfinity()
	}
	baseMultFrom(B, &kb)
	kb.Zero()
	B.X.Multiply(&B.X, &lambda)
	B.Y.Multiply(&B.Y, &lambda)
	B.Z.Multiply(&B.Z, &lambda)
	nb.Negate(&b)
	b.Zero()
	lambda.Zero()
}

// blindToWords encodes nb and B as blindWords 64-bit words. The fixed
// sub-arrays need no loop and no bounds check.
func blindToWords(w *[blindWords]uint64, nb *scalar.Scalar, B *group.Projective) {
	*(*[4]uint64)(w[0:4]) = nb.Limbs()
	*(*[4]uint64)(w[4:8]) = B.X.Limbs()
	*(*[4]uint64)(w[8:12]) = B.Y.Limbs()
	*(*[4]uint64)(w[12:16]) = B.Z.Limbs()
}

// blindFromWords is the inverse of blindToWords.
func blindFromWords(nb *scalar.Scalar, B *group.Projective, w *[blindWords]uint64) {
	var b [32]byte // −b's big-endian encoding, from its little-endian limbs
	binary.BigEndian.PutUint64(b[0:8], w[3])
	binary.BigEndian.PutUint64(b[8:16], w[2])
	binary.BigEndian.PutUint64(b[16:24], w[1])
	binary.BigEndian.PutUint64(b[24:32], w[0])
	nb.SetBytes(&b)
	clear(b[:])
	B.X.SetLimbs((*[4]uint64)(w[4:8]))
	B.Y.SetLimbs((*[4]uint64)(w[8:12]))
	B.Z.SetLimbs((*[4]uint64)(w[12:16]))
}

// randomZ sets u to a fresh random non-zero field element from crypto/rand,
// the projective blinding of one k·P. It does not allocate.
func randomZ(u *field.Element) {
	var buf [32]byte
	rand.Read(buf[:])           // never fails (it crashes the program instead)
	ctcheck.SecretSlice(buf[:]) // fresh randomness is secret (for the valgrind check)
	nonZeroFromBytes(u, &buf)
	clear(buf[:])
}

// nonZeroFromBytes sets e = b mod p, or 1 if that is 0, in constant time.
func nonZeroFromBytes(e *field.Element, b *[32]byte) {
	e.SetBytes(b)
	var one field.Element
	one.One()
	e.Select(&one, e, e.IsZero())
}

// RefreshBlinding replaces the k·G blinding of the process now, unless a
// refresh is already under way. The library never needs it (BaseMult
// refreshes on its own); the valgrind harness calls it to run the refresh
// under memcheck, as it makes too few multiplications to meet a random one.
func RefreshBlinding() {
	var nb scalar.Scalar
	var B group.Projective
	refreshBaseBlinding(&nb, &B)
}

// PublishedBlinding writes the current k·G blinding, −b and B's X, Y and Z,
// to nb and B and returns true, or returns false if none was published yet.
// It is for the valgrind harness, which checks that they are still secret.
func PublishedBlinding(nb *[32]byte, B *[96]byte) bool {
	var s scalar.Scalar
	var p group.Projective
	if !loadBaseBlinding(&s, &p) {
		return false
	}
	s.PutBytes(nb)
	p.X.PutBytes((*[32]byte)(B[0:32]))
	p.Y.PutBytes((*[32]byte)(B[32:64]))
	p.Z.PutBytes((*[32]byte)(B[64:96]))
	return true
}
