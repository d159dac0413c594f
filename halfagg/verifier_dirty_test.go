package halfagg

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// TestVerifierDirty fills all the memory a Verifier keeps and the test can
// reach (challenges, randomizers, flags, terms with their points, the randomizer hash's state, the
// saved inputs; all at full capacity) with garbage before every call: the
// answers must not change (doc/state.md). ecmult.Scratch has a dirty test
// of its own.
func TestVerifierDirty(t *testing.T) {
	rng := testutil.Rand(t)
	type input struct {
		agg  []byte
		keys []*secp256k1.XOnlyPublicKey
		msgs [][]byte
		want bool
	}
	// Aggregates of 0 to 60 signatures, each valid and with its last
	// message changed.
	var inputs []input
	var keys []*secp256k1.XOnlyPublicKey
	var msgs, sigs [][]byte
	for n := 0; n <= 60; n += 1 + n/4 {
		for len(keys) < n {
			k, err := secp256k1.NewPrivateKey(junk(rng, 32))
			if err != nil {
				continue
			}
			msg := junk(rng, 32)
			sig, err := schnorr.SignWithAux(k, msg, junk(rng, 32))
			if err != nil {
				t.Fatal(err)
			}
			x, _ := k.PublicKey().XOnly()
			keys, msgs, sigs = append(keys, x), append(msgs, msg), append(sigs, sig)
		}
		agg, err := Aggregate(keys[:n], msgs[:n], sigs[:n])
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{agg, keys[:n], msgs[:n], true})
		if n > 0 {
			bad := append([][]byte(nil), msgs[:n]...)
			bad[n-1] = junk(rng, 32)
			inputs = append(inputs, input{agg, keys[:n], bad, false})
		}
	}
	var v Verifier
	for round := range 3 {
		rng.Shuffle(len(inputs), func(i, j int) { inputs[i], inputs[j] = inputs[j], inputs[i] })
		for _, in := range inputs {
			v.dirty(rng)
			v.Workers = rng.IntN(4)
			if got := v.Verify(in.agg, in.keys, in.msgs); got != in.want {
				t.Fatalf("round %d, %d pairs, %d workers, on dirty memory: Verify = %v, want %v", round, len(in.keys), v.Workers, got, in.want)
			}
		}
	}
}

// dirty overwrites the memory v keeps with garbage.
func (v *Verifier) dirty(rng *rand.Rand) {
	e := v.e[:cap(v.e)]
	for i := range e {
		e[i].SetBytes((*[32]byte)(junk(rng, 32)))
	}
	bad := v.bad[:cap(v.bad)]
	for i := range bad {
		bad[i] = rng.IntN(2) == 0
	}
	z := v.z[:cap(v.z)]
	for i := range z {
		z[i].SetBytes((*[32]byte)(junk(rng, 32)))
	}
	terms := v.terms[:cap(v.terms)]
	for i := range terms {
		tm := &terms[i]
		tm.P.X.SetBytes((*[32]byte)(junk(rng, 32)))
		tm.P.Y.SetBytes((*[32]byte)(junk(rng, 32)))
		tm.P.Infinity = rng.IntN(2) == 0
		tm.K1.SetBytes((*[32]byte)(append(make([]byte, 16), junk(rng, 16)...)))
		tm.K2.SetBytes((*[32]byte)(append(make([]byte, 16), junk(rng, 16)...)))
		tm.Neg1, tm.Neg2 = rng.IntN(2) == 0, rng.IntN(2) == 0
	}
	if v.rnd.d != nil {
		v.rnd.d.Write(junk(rng, rng.IntN(200)))
	}
	v.rnd.sum = append(v.rnd.sum[:0], junk(rng, 32)...)
	v.aggsig = junk(rng, 96)
	v.msgs = [][]byte{junk(rng, 32), bytes.Repeat([]byte{1}, 7)}
}

func junk(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}
