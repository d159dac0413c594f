package halfagg

import (
	"runtime"
	"slices"
	"sync"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/parallel"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// verifyMinPerWorker is the least number of signatures worth a goroutine
// when lifting the r values and building the terms (a lift_x is a square
// root, a few microseconds; a goroutine costs about one).
const verifyMinPerWorker = 32

// VerifyAggregate reports whether aggsig is a valid half-aggregate of
// signatures of msgs[i] by pubkeys[i], for every i, in that order (true
// for no pairs and the 32-byte aggregate of zero). It returns false if the
// slices differ in length, above MaxSignatures pairs, if aggsig is not
// 32·(n+1) bytes, for a nil or zero-value key, a message that is not 32
// bytes, an r that is not the x of a point on the curve (r ≥ p included)
// and an s that is not below the group order; it never panics.
//
// It uses every core for large aggregates and allocates the memory of the
// verification in each call; a Verifier keeps it between calls. The
// inputs are only read. Execution time depends on the inputs, which are
// public.
func VerifyAggregate(aggsig []byte, pubkeys []*secp256k1.XOnlyPublicKey, msgs [][]byte) bool {
	var v Verifier
	return v.Verify(aggsig, pubkeys, msgs)
}

// Verifier verifies half-aggregates as VerifyAggregate does, keeping its
// memory (points, scalars, the terms of the multi-scalar multiplication
// and its scratch space) for the next call: once it has verified an
// aggregate of n signatures, smaller ones cost no allocation on one
// worker, and only the goroutines' bookkeeping on several. Nothing of one
// call reaches the next: every call overwrites all the memory it reads.
//
// The zero value is ready to use. A Verifier must not be used by several
// goroutines at once (it uses goroutines of its own) and must not be
// copied after first use.
type Verifier struct {
	_ noCopy // go vet reports copies

	// Workers is the number of goroutines a verification may use: 0 means
	// runtime.GOMAXPROCS(0), 1 means the calling goroutine only. Small
	// aggregates never start goroutines.
	Workers int

	// The inputs of the call in progress (nil between calls).
	aggsig []byte
	msgs   [][]byte

	// Per entry i: the terms z_i·R_i at 2i and (z_i·e_i)·P_i at 2i+1 (the
	// points R_i and P_i are written into them first), the challenge e_i,
	// the randomizer z_i, and whether r_i is not the x of a point.
	terms   []ecmult.Term
	e       []scalar.Scalar
	z       []scalar.Scalar
	bad     []bool
	rnd     randomizerHash
	scratch ecmult.Scratch
}

// Verify reports whether aggsig is a valid half-aggregate of signatures
// of msgs[i] by pubkeys[i], exactly as VerifyAggregate does. A nil
// Verifier returns false.
func (v *Verifier) Verify(aggsig []byte, pubkeys []*secp256k1.XOnlyPublicKey, msgs [][]byte) bool {
	if v == nil {
		return false
	}
	n := len(pubkeys)
	if len(msgs) != n || n > MaxSignatures || len(aggsig) != 32*(n+1) {
		return false
	}
	var s scalar.Scalar
	if s.SetCanonicalBytes((*[32]byte)(aggsig[32*n:])) != 1 {
		return false
	}
	v.terms = resize(v.terms, 2*n)
	v.e = resize(v.e, n)
	v.z = resize(v.z, n)
	v.bad = resize(v.bad, n)
	for i, pk := range pubkeys {
		p, err := (*keys.XOnly)(pk).Point()
		if err != nil || len(msgs[i]) != MessageSize {
			return false
		}
		v.terms[2*i+1].P = *p
	}
	v.aggsig, v.msgs = aggsig, msgs
	defer func() { v.aggsig, v.msgs = nil, nil }()

	// lift_x(r_i) and e_i on the workers, the randomizer chain beside
	// them.
	workers := parallel.Workers(v.Workers, n, verifyMinPerWorker)
	if workers == 1 {
		v.randomizers()
		v.lift(0, n)
	} else {
		var wg sync.WaitGroup
		wg.Go(v.randomizers)
		parallel.Ranges(workers, n, v, (*Verifier).lift)
		wg.Wait()
	}
	if slices.Contains(v.bad, true) {
		return false
	}
	parallel.Ranges(workers, n, v, (*Verifier).setTerms)

	// s·G = Σ z_i·R_i + Σ z_i·e_i·P_i, checked as -s·G + Σ ... = ∞.
	s.Negate(&s)
	v.scratch.Workers = v.Workers
	if v.scratch.Workers <= 0 {
		v.scratch.Workers = runtime.GOMAXPROCS(0)
	}
	var sum group.Jacobian
	ecmult.MultiScalarMultVarTime(&sum, &s, v.terms, &v.scratch)
	return sum.IsInfinity() == 1
}

// randomizers sets v.z to the randomizers of every entry.
func (v *Verifier) randomizers() {
	v.rnd.reset()
	for i := range v.z {
		v.rnd.add(v.aggsig[32*i:32*i+32], &v.terms[2*i+1].P, v.msgs[i])
		v.rnd.randomizer(&v.z[i], i)
	}
}

// lift sets R_i = lift_x(r_i) (the point of term 2i; the point at infinity
// and bad_i if there is none) and the challenge e_i of the entries
// [lo, hi).
func (v *Verifier) lift(lo, hi int) {
	var pk [32]byte
	for i := lo; i < hi; i++ {
		r := &v.terms[2*i].P
		rb := (*[32]byte)(v.aggsig[32*i:])
		var x field.Element
		v.bad[i] = x.SetCanonicalBytes(rb) != 1 || r.SetXO(&x, 0) != 1
		if v.bad[i] {
			r.SetInfinity()
			v.e[i].Zero()
			continue
		}
		v.terms[2*i+1].P.X.PutBytes(&pk)
		var eh [32]byte
		tagChallenge.Sum(&eh, rb[:], pk[:], v.msgs[i])
		v.e[i].SetBytes(&eh)
	}
}

// setTerms completes the two terms of the entries [lo, hi), whose points
// are in place: z_i·R_i and (z_i·e_i)·P_i.
func (v *Verifier) setTerms(lo, hi int) {
	for i := lo; i < hi; i++ {
		var ze scalar.Scalar
		ze.Multiply(&v.z[i], &v.e[i])
		tr, tp := &v.terms[2*i], &v.terms[2*i+1]
		tr.Set(&v.z[i], &tr.P)
		tp.Set(&ze, &tp.P)
	}
}

// resize returns s with length n, reusing its memory when it can; the
// contents are stale (callers overwrite every element they read).
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// noCopy makes go vet's copylocks check report copies of a Verifier, which
// would share its memory.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}
