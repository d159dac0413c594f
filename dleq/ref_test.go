package dleq_test

import (
	"bytes"
	"crypto/sha256"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/dleq"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// A math/big and crypto/sha256 rendition of BIP-374's GenerateProof,
// written from the BIP's text, to check the package on random inputs.

func refTagged(tag string, parts ...[]byte) []byte {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

func refCBytes(p *testutil.Point) []byte {
	out := make([]byte, 33)
	out[0] = 2 + byte(p.Y.Bit(0))
	p.X.FillBytes(out[1:])
	return out
}

func refBytes32(x *big.Int) []byte { return x.FillBytes(make([]byte, 32)) }

// refProve returns BIP-374's proof for 1 <= a < n and finite G, B.
func refProve(a *big.Int, g, b *testutil.Point, aux, m []byte) []byte {
	A, C := testutil.Mul(a, g), testutil.Mul(a, b)
	h := refTagged("BIP0374/aux", aux)
	t := refBytes32(a)
	for i := range t {
		t[i] ^= h[i]
	}
	k := new(big.Int).SetBytes(refTagged("BIP0374/nonce", t, refCBytes(A), refCBytes(C), m))
	k.Mod(k, testutil.N)
	R1, R2 := testutil.Mul(k, g), testutil.Mul(k, b)
	e := refTagged("BIP0374/challenge", refCBytes(A), refCBytes(b), refCBytes(C), refCBytes(g), refCBytes(R1), refCBytes(R2), m)
	s := new(big.Int).SetBytes(e)
	s.Mul(s, a).Add(s, k).Mod(s, testutil.N)
	return append(e, refBytes32(s)...)
}

func refKey(t *testing.T, p *testutil.Point) *secp256k1.PublicKey {
	t.Helper()
	k, err := secp256k1.NewPublicKey(append([]byte{4}, append(refBytes32(p.X), refBytes32(p.Y)...)...))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestProveReference compares ProveWithAux with the reference on random
// secrets, points, generators (the standard one and random ones),
// auxiliary randomness and messages (with and without), verifies each
// proof, and checks that changed inputs do not verify.
func TestProveReference(t *testing.T) {
	rng := testutil.Rand(t)
	randScalar := func() *big.Int {
		var b [32]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		x := new(big.Int).SetBytes(b[:])
		x.Mod(x, new(big.Int).Sub(testutil.N, big.NewInt(1)))
		return x.Add(x, big.NewInt(1))
	}
	n := 24
	if testing.Short() {
		n = 2
	}
	for i := range n {
		a := randScalar()
		g := testutil.G()
		if i%2 == 1 {
			g = testutil.Mul(randScalar(), g)
		}
		b := testutil.Mul(randScalar(), testutil.G())
		aux := refBytes32(randScalar())
		var m []byte
		if i%3 != 0 {
			m = refBytes32(randScalar())
		}
		want := refProve(a, g, b, aux, m)

		priv, err := secp256k1.NewPrivateKey(refBytes32(a))
		if err != nil {
			t.Fatal(err)
		}
		G, B := refKey(t, g), refKey(t, b)
		opts := &dleq.Options{Generator: G, Message: m}
		if i%4 == 0 {
			opts.Generator = nil // the default generator
		}
		got, err := dleq.ProveWithAux(priv, B, aux, opts)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("case %d: ProveWithAux = %x, %v; want %x", i, got, err, want)
		}
		A, C := refKey(t, testutil.Mul(a, g)), refKey(t, testutil.Mul(a, b))
		if !dleq.Verify(A, B, C, got, opts) {
			t.Fatalf("case %d: the proof does not verify", i)
		}

		// Every changed input fails: a flipped bit of the proof, another
		// message or none, swapped points, another generator.
		for j := range 8 {
			bad := bytes.Clone(got)
			bit := rng.IntN(8 * dleq.ProofSize)
			if i == 0 {
				bit = j * 61 % (8 * dleq.ProofSize)
			}
			bad[bit/8] ^= 1 << (bit % 8)
			if dleq.Verify(A, B, C, bad, opts) {
				t.Errorf("case %d: a proof with bit %d flipped verifies", i, bit)
			}
		}
		other := &dleq.Options{Generator: opts.Generator, Message: refBytes32(randScalar())}
		if m != nil {
			other.Message = nil
		}
		if dleq.Verify(A, B, C, got, other) {
			t.Errorf("case %d: the proof verifies with another message", i)
		}
		if dleq.Verify(C, B, A, got, opts) || dleq.Verify(A, C, B, got, opts) {
			t.Errorf("case %d: the proof verifies with swapped points", i)
		}
		if dleq.Verify(A, B, C, got, &dleq.Options{Generator: B, Message: m}) {
			t.Errorf("case %d: the proof verifies with another generator", i)
		}
	}
}

// TestProveRandom: Prove draws fresh randomness, so two proofs of the
// same statement differ, and both verify.
func TestProveRandom(t *testing.T) {
	a, _ := secp256k1.GenerateKey(nil)
	b, _ := secp256k1.GenerateKey(nil)
	C, err := a.ECDHPoint(b.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	p1, err1 := dleq.Prove(a, b.PublicKey(), nil)
	p2, err2 := dleq.Prove(a, b.PublicKey(), nil)
	if err1 != nil || err2 != nil || bytes.Equal(p1, p2) {
		t.Fatalf("Prove: %x, %v; %x, %v", p1, err1, p2, err2)
	}
	for _, p := range [][]byte{p1, p2} {
		if !dleq.Verify(a.PublicKey(), b.PublicKey(), C, p, nil) {
			t.Error("a proof from Prove does not verify")
		}
	}
}
