package dleq_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/dleq"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table of package dleq: every exported function called with
// nil, zero values and wrong lengths. None may panic; the provers return
// no proof and an error wrapping the named sentinel, and Verify returns
// false. TestMisuseTableComplete fails when an exported function has no
// entry.

type fixture struct {
	a          *secp256k1.PrivateKey
	A, B, C, G *secp256k1.PublicKey
	proof      []byte
	m          []byte
}

func newFixture(t testing.TB) *fixture {
	a, _ := secp256k1.GenerateKey(nil)
	b, _ := secp256k1.GenerateKey(nil)
	C, err := a.ECDHPoint(b.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	m := make([]byte, 32)
	proof, err := dleq.Prove(a, b.PublicKey(), &dleq.Options{Message: m})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := secp256k1.GenerateKey(nil)
	return &fixture{a: a, A: a.PublicKey(), B: b.PublicKey(), C: C, G: g.PublicKey(), proof: proof, m: m}
}

// badOptions are options that both provers and Verify must reject.
func badOptions() map[string]*dleq.Options {
	return map[string]*dleq.Options{
		"zero-value generator": {Generator: new(secp256k1.PublicKey)},
		"empty message":        {Message: []byte{}},
		"short message":        {Message: make([]byte, 31)},
		"long message":         {Message: make([]byte, 33)},
	}
}

func wantNoProof(t *testing.T, what string, proof []byte, err error, sentinels ...error) {
	t.Helper()
	ok := err != nil && proof == nil
	if ok && len(sentinels) > 0 {
		ok = slices.ContainsFunc(sentinels, func(s error) bool { return errors.Is(err, s) })
	}
	if !ok {
		t.Errorf("%s = %x, %v; want no proof and one of %v", what, proof, err, sentinels)
	}
}

func misuseTable(f *fixture) map[string]func(t *testing.T) {
	aux := make([]byte, 32)
	provers := map[string]func(a *secp256k1.PrivateKey, b *secp256k1.PublicKey, o *dleq.Options) ([]byte, error){
		"Prove": dleq.Prove,
		"ProveWithAux": func(a *secp256k1.PrivateKey, b *secp256k1.PublicKey, o *dleq.Options) ([]byte, error) {
			return dleq.ProveWithAux(a, b, aux, o)
		},
	}
	proverCase := func(name string) func(t *testing.T) {
		prove := provers[name]
		return func(t *testing.T) {
			for _, a := range []*secp256k1.PrivateKey{nil, new(secp256k1.PrivateKey)} {
				p, err := prove(a, f.B, nil)
				wantNoProof(t, name+"(bad key)", p, err, secp256k1.ErrInvalidPrivateKey)
			}
			for _, b := range []*secp256k1.PublicKey{nil, new(secp256k1.PublicKey)} {
				p, err := prove(f.a, b, nil)
				wantNoProof(t, name+"(bad point)", p, err, secp256k1.ErrInvalidPublicKey)
			}
			for what, o := range badOptions() {
				p, err := prove(f.a, f.B, o)
				wantNoProof(t, name+"("+what+")", p, err, dleq.ErrInvalidMessage, secp256k1.ErrInvalidPublicKey)
			}
		}
	}
	return map[string]func(t *testing.T){
		"dleq.Prove": proverCase("Prove"),
		"dleq.ProveWithAux": func(t *testing.T) {
			proverCase("ProveWithAux")(t)
			for _, x := range [][]byte{nil, {}, make([]byte, 31), make([]byte, 33)} {
				p, err := dleq.ProveWithAux(f.a, f.B, x, nil)
				wantNoProof(t, "ProveWithAux(bad aux)", p, err, dleq.ErrInvalidAux)
			}
		},
		"dleq.Verify": func(t *testing.T) {
			opts := &dleq.Options{Message: f.m}
			if !dleq.Verify(f.A, f.B, f.C, f.proof, opts) {
				t.Fatal("the fixture's proof does not verify")
			}
			for _, k := range []*secp256k1.PublicKey{nil, new(secp256k1.PublicKey)} {
				if dleq.Verify(k, f.B, f.C, f.proof, opts) || dleq.Verify(f.A, k, f.C, f.proof, opts) ||
					dleq.Verify(f.A, f.B, k, f.proof, opts) {
					t.Error("Verify accepts a nil or zero-value point")
				}
			}
			for _, p := range [][]byte{nil, {}, f.proof[:63], append(slices.Clone(f.proof), 0)} {
				if dleq.Verify(f.A, f.B, f.C, p, opts) {
					t.Errorf("Verify accepts a proof of %d bytes", len(p))
				}
			}
			for what, o := range badOptions() {
				if dleq.Verify(f.A, f.B, f.C, f.proof, o) {
					t.Errorf("Verify accepts options with %s", what)
				}
			}
			// s >= n is rejected.
			bad := slices.Clone(f.proof)
			copy(bad[32:], testutil.N.FillBytes(make([]byte, 32)))
			if dleq.Verify(f.A, f.B, f.C, bad, opts) {
				t.Error("Verify accepts s = n")
			}
		},
	}
}

func TestMisuse(t *testing.T) {
	for name, test := range misuseTable(newFixture(t)) {
		t.Run(name, test)
	}
}

func TestMisuseTableComplete(t *testing.T) {
	table := misuseTable(newFixture(t))
	exported := testutil.ExportedFuncs(t, ".")
	for _, name := range exported {
		if _, ok := table[name]; !ok {
			t.Errorf("no misuse case for %s", name)
		}
	}
	for name := range table {
		if !slices.Contains(exported, name) {
			t.Errorf("misuse case for %s, which is not exported", name)
		}
	}
}
