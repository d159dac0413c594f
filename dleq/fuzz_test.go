package dleq_test

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/dleq"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// refPoint decodes a compressed point with math/big, or returns nil.
func refPoint(b []byte) *testutil.Point {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return nil
	}
	x := new(big.Int).SetBytes(b[1:])
	if x.Cmp(testutil.P) >= 0 {
		return nil
	}
	y2 := new(big.Int).Exp(x, big.NewInt(3), testutil.P)
	y2.Add(y2, big.NewInt(7)).Mod(y2, testutil.P)
	y := new(big.Int).ModSqrt(y2, testutil.P)
	if y == nil {
		return nil
	}
	if y.Bit(0) != uint(b[0]&1) {
		y.Sub(testutil.P, y)
	}
	return &testutil.Point{X: x, Y: y}
}

// refVerify is BIP-374's VerifyProof with math/big, for finite points.
func refVerify(a, b, c, g *testutil.Point, proof, m []byte) bool {
	if len(proof) != 64 {
		return false
	}
	e := new(big.Int).SetBytes(proof[:32])
	s := new(big.Int).SetBytes(proof[32:])
	if s.Cmp(testutil.N) >= 0 {
		return false
	}
	ne := new(big.Int).Sub(testutil.N, new(big.Int).Mod(e, testutil.N))
	r1 := testutil.Add(testutil.Mul(s, g), testutil.Mul(ne, a))
	r2 := testutil.Add(testutil.Mul(s, b), testutil.Mul(ne, c))
	if r1 == nil || r2 == nil {
		return false
	}
	want := refTagged("BIP0374/challenge", refCBytes(a), refCBytes(b), refCBytes(c), refCBytes(g), refCBytes(r1), refCBytes(r2), m)
	return bytes.Equal(want, proof[:32])
}

// FuzzVerify parses four points, a proof and a message from the fuzzer and
// compares Verify with the math/big reference: no panic, and the same
// answer (invalid encodings are invalid points, which never verify).
func FuzzVerify(f *testing.F) {
	rows := readCSV(f, "testdata/bip-0374/test_vectors_verify_proof.csv", 9)
	for _, r := range rows {
		var in []byte
		for _, col := range []string{r[2], r[3], r[4], r[1], r[5]} {
			in = append(in, testutil.MustHex(f, col)...)
		}
		f.Add(in, testutil.MustHex(f, r[6]))
	}
	f.Fuzz(func(t *testing.T, in, m []byte) {
		if len(in) < 4*33 {
			return
		}
		var keys [4]*secp256k1.PublicKey
		var refs [4]*testutil.Point
		ok := true
		for i := range keys {
			enc := in[33*i : 33*i+33]
			k, err := secp256k1.NewPublicKey(enc)
			refs[i] = refPoint(enc)
			if (err == nil) != (refs[i] != nil) {
				t.Fatalf("NewPublicKey(%x): %v, reference valid %v", enc, err, refs[i] != nil)
			}
			keys[i] = k
			if i == 3 && err != nil {
				// An unparsed generator leaves Options.Generator nil,
				// which means the standard generator G.
				refs[i] = testutil.G()
				continue
			}
			ok = ok && err == nil
		}
		proof := in[4*33:]
		if len(m) == 0 {
			m = nil
		}
		opts := &dleq.Options{Generator: keys[3], Message: m}
		got := dleq.Verify(keys[0], keys[1], keys[2], proof, opts)
		want := ok && (m == nil || len(m) == 32) && refVerify(refs[0], refs[1], refs[2], refs[3], proof, m)
		if got != want {
			t.Fatalf("Verify = %v, reference %v", got, want)
		}
	})
}

// FuzzProve proves with fuzzed secrets, points B = b·G, generators g·G,
// auxiliary randomness and messages: invalid inputs must fail, and valid
// ones give a proof that verifies and that Verify rejects for another
// message. (TestProveReference checks proofs against the math/big
// reference; the library's own keys keep this target fast.)
func FuzzProve(f *testing.F) {
	f.Add([]byte{1}, []byte{2}, []byte{0}, make([]byte, 32), []byte(nil))
	f.Add(bytes.Repeat([]byte{0xff}, 32), []byte{7}, []byte{9}, bytes.Repeat([]byte{0xaa}, 32), make([]byte, 32))
	f.Fuzz(func(t *testing.T, a, b, g, aux, m []byte) {
		key := func(x []byte) *secp256k1.PrivateKey {
			v := new(big.Int).SetBytes(x)
			k, _ := secp256k1.NewPrivateKey(refBytes32(v.Mod(v, testutil.N)))
			return k // nil for 0
		}
		priv, bk, gk := key(a), key(b), key(g)
		if len(m) == 0 {
			m = nil
		}
		var G *secp256k1.PublicKey
		if gk != nil {
			G = gk.PublicKey()
		}
		var B *secp256k1.PublicKey
		if bk != nil {
			B = bk.PublicKey()
		}
		opts := &dleq.Options{Generator: G, Message: m}
		proof, err := dleq.ProveWithAux(priv, B, aux, opts)
		valid := priv != nil && B != nil && len(aux) == 32 && (m == nil || len(m) == 32)
		if (err == nil) != valid || (proof != nil) != valid {
			t.Fatalf("ProveWithAux = %x, %v; inputs valid: %v", proof, err, valid)
		}
		if !valid {
			return
		}
		A := priv.PublicKey()
		if G != nil {
			A, _ = G.TweakMul(priv.Bytes())
		}
		C, _ := priv.ECDHPoint(B)
		if !dleq.Verify(A, B, C, proof, opts) {
			t.Fatal("the proof does not verify")
		}
		other := &dleq.Options{Generator: G, Message: bytes.Repeat([]byte{1}, 32)}
		if bytes.Equal(m, other.Message) {
			other.Message = nil
		}
		if dleq.Verify(A, B, C, proof, other) {
			t.Fatal("the proof verifies for another message")
		}
	})
}
