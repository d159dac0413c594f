//lint:file-ignore SA1019 this file implements or exercises the crypto/ecdsa and crypto/elliptic bridge, whose big.Int API Go deprecates but callers (go-ethereum, x509-style code) still use

package secp256k1_test

import (
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// refFromBig is the math/big reference's point for (x, y), nil for (0, 0).
func refFromBig(x, y *big.Int) *testutil.Point {
	if x.Sign() == 0 && y.Sign() == 0 {
		return nil
	}
	return &testutil.Point{X: x, Y: y}
}

// wantPoint fails unless (x, y) is want ((0, 0) for nil), as fresh values.
func wantPoint(t *testing.T, what string, x, y *big.Int, want *testutil.Point) {
	t.Helper()
	if x == nil || y == nil {
		t.Fatalf("%s: nil coordinate", what)
	}
	if !refFromBig(x, y).Equal(want) {
		t.Fatalf("%s = (%x, %x), want %v", what, x, y, want)
	}
}

func randBig(r *rand.Rand, bits int) *big.Int {
	b := make([]byte, (bits+7)/8)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return new(big.Int).SetBytes(b)
}

func TestS256Params(t *testing.T) {
	c := secp256k1.S256()
	p := c.Params()
	if p.P.Cmp(testutil.P) != 0 || p.N.Cmp(testutil.N) != 0 || p.B.Cmp(big.NewInt(7)) != 0 ||
		p.Gx.Cmp(testutil.Gx) != 0 || p.Gy.Cmp(testutil.Gy) != 0 || p.BitSize != 256 || p.Name != "secp256k1" {
		t.Errorf("Params = %+v", p)
	}
	if secp256k1.S256() != c {
		t.Error("S256 returns different values")
	}
	if !c.IsOnCurve(p.Gx, p.Gy) {
		t.Error("G is not on the curve")
	}
}

// TestS256VsReference compares every method with the math/big reference
// on random points and scalars.
func TestS256VsReference(t *testing.T) {
	c := secp256k1.S256()
	r := testutil.Rand(t)
	iters := 40
	if testing.Short() {
		iters = 5
	}
	for range iters {
		a, b := randBig(r, 256), randBig(r, 256)
		P, Q := testutil.Mul(a, testutil.G()), testutil.Mul(b, testutil.G())
		k := randBig(r, 8*(1+r.IntN(70))) // 1 to 70 bytes
		kb := k.Bytes()
		x, y := c.ScalarBaseMult(a.Bytes())
		wantPoint(t, "ScalarBaseMult", x, y, P)
		x, y = c.ScalarBaseMult(kb)
		wantPoint(t, "ScalarBaseMult(long k)", x, y, testutil.Mul(new(big.Int).Mod(k, testutil.N), testutil.G()))
		x, y = c.ScalarMult(P.X, P.Y, kb)
		wantPoint(t, "ScalarMult", x, y, testutil.Mul(new(big.Int).Mod(k, testutil.N), P))
		x, y = c.Add(P.X, P.Y, Q.X, Q.Y)
		wantPoint(t, "Add", x, y, testutil.Add(P, Q))
		x, y = c.Double(P.X, P.Y)
		wantPoint(t, "Double", x, y, testutil.Add(P, P))
		x, y = c.Add(P.X, P.Y, P.X, P.Y)
		wantPoint(t, "Add(P, P)", x, y, testutil.Add(P, P))
		negY := new(big.Int).Sub(testutil.P, P.Y)
		x, y = c.Add(P.X, P.Y, P.X, negY)
		wantPoint(t, "P + (−P)", x, y, nil)
		if !c.IsOnCurve(P.X, P.Y) || c.IsOnCurve(P.X, new(big.Int).Add(P.Y, big.NewInt(1))) {
			t.Fatal("IsOnCurve")
		}
	}
}

// TestS256Edges covers the identity, scalars 0, n, n ± 1, 2^256 − 1 and
// their long and empty encodings, and points that are not on the curve.
func TestS256Edges(t *testing.T) {
	c := secp256k1.S256()
	G := testutil.G()
	n := testutil.N
	zero := new(big.Int)
	two := testutil.Mul(big.NewInt(2), G)
	scalars := []*big.Int{zero, big.NewInt(1), new(big.Int).Sub(n, big.NewInt(1)), n,
		new(big.Int).Add(n, big.NewInt(1)), new(big.Int).Lsh(n, 1),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)),
		new(big.Int).Lsh(big.NewInt(1), 256), new(big.Int).Mul(n, n),
		new(big.Int).Add(new(big.Int).Mul(n, n), big.NewInt(5))}
	for _, k := range scalars {
		want := testutil.Mul(new(big.Int).Mod(k, n), G)
		want2 := testutil.Mul(new(big.Int).Mod(k, n), two)
		for _, enc := range [][]byte{k.Bytes(), append(make([]byte, 40), k.Bytes()...)} {
			x, y := c.ScalarBaseMult(enc)
			wantPoint(t, "ScalarBaseMult("+k.Text(16)+")", x, y, want)
			x, y = c.ScalarMult(two.X, two.Y, enc)
			wantPoint(t, "ScalarMult(2G, "+k.Text(16)+")", x, y, want2)
		}
	}
	for _, enc := range [][]byte{nil, {}, make([]byte, 32), make([]byte, 100)} {
		x, y := c.ScalarBaseMult(enc)
		wantPoint(t, "ScalarBaseMult(zero bytes)", x, y, nil)
		x, y = c.ScalarMult(G.X, G.Y, enc)
		wantPoint(t, "ScalarMult(G, zero bytes)", x, y, nil)
	}

	// The identity (0, 0) as an input.
	x, y := c.Add(zero, zero, G.X, G.Y)
	wantPoint(t, "O + G", x, y, G)
	x, y = c.Add(G.X, G.Y, zero, zero)
	wantPoint(t, "G + O", x, y, G)
	x, y = c.Add(zero, zero, zero, zero)
	wantPoint(t, "O + O", x, y, nil)
	x, y = c.Double(zero, zero)
	wantPoint(t, "2·O", x, y, nil)
	x, y = c.ScalarMult(zero, zero, []byte{5})
	wantPoint(t, "5·O", x, y, nil)
	if c.IsOnCurve(zero, zero) {
		t.Error("IsOnCurve(0, 0)")
	}

	// Not on the curve: (0, 0) out, never a panic, IsOnCurve false.
	pBig := testutil.P
	bad := [][2]*big.Int{
		{nil, nil}, {G.X, nil}, {nil, G.Y},
		{G.X, new(big.Int).Add(G.Y, big.NewInt(1))},           // off the curve
		{new(big.Int).Add(G.X, pBig), G.Y},                    // x + p
		{G.X, new(big.Int).Add(G.Y, pBig)},                    // y + p
		{new(big.Int).Neg(G.X), G.Y},                          // negative
		{big.NewInt(0), big.NewInt(7)},                        // not (0, 0) but x = 0
		{new(big.Int).Lsh(big.NewInt(1), 300), big.NewInt(1)}, // too long
		{new(big.Int).Set(pBig), new(big.Int).Set(pBig)},      // (p, p)
		{new(big.Int).Sub(pBig, big.NewInt(1)), new(big.Int).Set(G.Y)},
	}
	for i, b := range bad {
		if c.IsOnCurve(b[0], b[1]) {
			t.Errorf("bad point %d is on the curve", i)
		}
		x, y := c.Add(b[0], b[1], G.X, G.Y)
		wantPoint(t, "Add(bad, G)", x, y, nil)
		x, y = c.Add(G.X, G.Y, b[0], b[1])
		wantPoint(t, "Add(G, bad)", x, y, nil)
		x, y = c.Double(b[0], b[1])
		wantPoint(t, "Double(bad)", x, y, nil)
		x, y = c.ScalarMult(b[0], b[1], []byte{3})
		wantPoint(t, "ScalarMult(bad)", x, y, nil)
	}

	// Results are fresh values: changing them changes nothing else.
	x, y = c.Add(zero, zero, G.X, G.Y)
	x.SetInt64(1)
	y.SetInt64(1)
	if G.X.Cmp(testutil.Gx) != 0 || c.Params().Gx.Cmp(testutil.Gx) != 0 {
		t.Error("Add returned an input or a parameter")
	}
}

// TestS256Marshal checks elliptic.Marshal and Unmarshal, which use
// IsOnCurve, with the curve.
func TestS256Marshal(t *testing.T) {
	c := secp256k1.S256()
	priv, err := secp256k1.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	pub := priv.PublicKey().ToECDSA()
	b := elliptic.Marshal(c, pub.X, pub.Y)
	if string(b) != string(priv.PublicKey().BytesUncompressed()) {
		t.Errorf("Marshal = %x", b)
	}
	x, y := elliptic.Unmarshal(c, b)
	if x == nil || x.Cmp(pub.X) != 0 || y.Cmp(pub.Y) != 0 {
		t.Error("Unmarshal")
	}
	b[64] ^= 1
	if x, _ := elliptic.Unmarshal(c, b); x != nil {
		t.Error("Unmarshal accepts a point off the curve")
	}
}
