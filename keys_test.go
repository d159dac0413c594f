package secp256k1_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
)

const (
	hexN  = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
	hexP  = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"
	hexGx = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
	hexGy = "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"
)

func TestNewPrivateKey(t *testing.T) {
	n, _ := new(big.Int).SetString(hexN, 16)
	enc := func(x *big.Int) []byte { return x.FillBytes(make([]byte, 32)) }
	for _, bad := range [][]byte{
		nil, make([]byte, 31), make([]byte, 33), make([]byte, 32),
		enc(n), enc(new(big.Int).Add(n, big.NewInt(1))), bytes.Repeat([]byte{0xff}, 32),
	} {
		if _, err := secp256k1.NewPrivateKey(bad); !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
			t.Errorf("NewPrivateKey(%x): err = %v", bad, err)
		}
	}
	for _, good := range []*big.Int{big.NewInt(1), new(big.Int).Sub(n, big.NewInt(1))} {
		k, err := secp256k1.NewPrivateKey(enc(good))
		if err != nil {
			t.Fatalf("NewPrivateKey(%x): %v", good, err)
		}
		if !bytes.Equal(k.Bytes(), enc(good)) {
			t.Fatal("Bytes does not round-trip")
		}
	}
	// 1·G = G and (n-1)·G = -G.
	k1, _ := secp256k1.NewPrivateKey(enc(big.NewInt(1)))
	if got := hex.EncodeToString(k1.PublicKey().BytesUncompressed()); got != "04"+hexGx+hexGy {
		t.Fatalf("1·G = %s", got)
	}
	kn, _ := secp256k1.NewPrivateKey(enc(new(big.Int).Sub(n, big.NewInt(1))))
	if got := hex.EncodeToString(kn.PublicKey().BytesCompressed()); got != "03"+hexGx {
		t.Fatalf("(n-1)·G = %s", got)
	}
	// Returned slices are fresh copies.
	b := k1.Bytes()
	b[31] = 7
	if k1.Bytes()[31] != 1 {
		t.Fatal("Bytes returned an internal buffer")
	}
}

// countingReader returns 0xff bytes for the first n reads (values >= n), then
// a counter pattern.
type countingReader struct{ bad, calls int }

func (r *countingReader) Read(p []byte) (int, error) {
	r.calls++
	for i := range p {
		if r.calls <= r.bad {
			p[i] = 0xff
		} else {
			p[i] = byte(i + 1)
		}
	}
	return len(p), nil
}

func TestGenerateKey(t *testing.T) {
	r := &countingReader{bad: 3}
	k, err := secp256k1.GenerateKey(r)
	if err != nil {
		t.Fatal(err)
	}
	if r.calls != 4 {
		t.Fatalf("GenerateKey read %d candidates, want 4 (three out of range)", r.calls)
	}
	if k.Bytes()[0] != 1 || k.Bytes()[31] != 32 {
		t.Fatalf("unexpected key %x", k.Bytes())
	}
	if _, err := secp256k1.GenerateKey(&countingReader{bad: 1 << 30}); err == nil {
		t.Fatal("a reader that never yields a valid key did not fail")
	}
	k2, err := secp256k1.GenerateKey(nil)
	if err != nil || k2.Equal(k) {
		t.Fatalf("GenerateKey(nil): %v", err)
	}
}

func TestNewPublicKey(t *testing.T) {
	k, _ := secp256k1.GenerateKey(nil)
	pub := k.PublicKey()
	for _, enc := range [][]byte{pub.BytesCompressed(), pub.BytesUncompressed()} {
		q, err := secp256k1.NewPublicKey(enc)
		if err != nil {
			t.Fatal(err)
		}
		if !q.Equal(pub) {
			t.Fatal("parsed key differs")
		}
	}
	u := pub.BytesUncompressed()
	hybrid := append([]byte{0x06 | u[64]&1}, u[1:]...)
	offCurve := append([]byte(nil), u...)
	offCurve[64] ^= 1
	xTooBig := append([]byte{0x02}, testutil.MustHex(t, hexP)...)
	yTooBig := append(append([]byte{0x04}, u[1:33]...), testutil.MustHex(t, hexP)...)
	// x = 5 is not the x of any point: 5³+7 = 132 is not a square mod p.
	noPoint := append([]byte{0x02}, make([]byte, 31)...)
	noPoint = append(noPoint, 5)
	for name, bad := range map[string][]byte{
		"empty": nil, "infinity": {0x00}, "hybrid": hybrid, "off curve": offCurve,
		"x >= p": xTooBig, "y >= p": yTooBig, "no point": noPoint,
		"short": u[:64], "compressed prefix 04": append([]byte{0x04}, u[1:33]...),
		"uncompressed prefix 02": append([]byte{0x02}, u[1:]...), "long": append(u, 0),
	} {
		if _, err := secp256k1.NewPublicKey(bad); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

func TestXOnly(t *testing.T) {
	for range 20 {
		k, _ := secp256k1.GenerateKey(nil)
		pub := k.PublicKey()
		x, odd := pub.XOnly()
		c := pub.BytesCompressed()
		if odd != (c[0] == 0x03) || !bytes.Equal(x.Bytes(), c[1:]) {
			t.Fatal("XOnly mismatch")
		}
		y, err := secp256k1.NewXOnlyPublicKey(x.Bytes())
		if err != nil || !y.Equal(x) {
			t.Fatalf("NewXOnlyPublicKey round trip: %v", err)
		}
		if got := y.PublicKey().BytesCompressed(); got[0] != 0x02 || !bytes.Equal(got[1:], c[1:]) {
			t.Fatal("XOnlyPublicKey.PublicKey is not the even-y point")
		}
	}
	for _, bad := range [][]byte{nil, make([]byte, 31), make([]byte, 33), testutil.MustHex(t, hexP),
		testutil.MustHex(t, "0000000000000000000000000000000000000000000000000000000000000005")} {
		if _, err := secp256k1.NewXOnlyPublicKey(bad); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
			t.Errorf("NewXOnlyPublicKey(%x): err = %v", bad, err)
		}
	}
}

func TestECDH(t *testing.T) {
	for range 20 {
		a, _ := secp256k1.GenerateKey(nil)
		b, _ := secp256k1.GenerateKey(nil)
		ab, err := a.ECDH(b.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		ba, _ := b.ECDH(a.PublicKey())
		if !bytes.Equal(ab, ba) || len(ab) != 32 {
			t.Fatal("ECDH is not symmetric")
		}
		h, _ := a.ECDHSHA256(b.PublicKey())
		// The hashed form is SHA256(02|03 ‖ x), with the parity of y.
		even := sha256.Sum256(append([]byte{0x02}, ab...))
		odd := sha256.Sum256(append([]byte{0x03}, ab...))
		if !bytes.Equal(h, even[:]) && !bytes.Equal(h, odd[:]) {
			t.Fatal("ECDHSHA256 is not SHA256(prefix ‖ x)")
		}
	}
	// d·G with d = 1 is G itself.
	one := make([]byte, 32)
	one[31] = 1
	k1, _ := secp256k1.NewPrivateKey(one)
	g, _ := secp256k1.NewPublicKey(testutil.MustHex(t, "04"+hexGx+hexGy))
	x, _ := k1.ECDH(g)
	if hex.EncodeToString(x) != hexGx {
		t.Fatal("1·G x mismatch")
	}
	want := sha256.Sum256(testutil.MustHex(t, "02"+hexGx))
	if h, _ := k1.ECDHSHA256(g); !bytes.Equal(h, want[:]) {
		t.Fatal("ECDHSHA256(1, G) mismatch")
	}
}

// TestECDHPoint checks the full shared point against the x-only and hashed
// outputs and against the variable-time tweak d·Q, on both sides.
func TestECDHPoint(t *testing.T) {
	for range 20 {
		a, _ := secp256k1.GenerateKey(nil)
		b, _ := secp256k1.GenerateKey(nil)
		ab, err := a.ECDHPoint(b.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		ba, _ := b.ECDHPoint(a.PublicKey())
		if !ab.Equal(ba) {
			t.Fatal("ECDHPoint is not symmetric")
		}
		ref, err := b.PublicKey().TweakMul(a.Bytes())
		if err != nil || !ab.Equal(ref) {
			t.Fatalf("ECDHPoint differs from TweakMul: %v", err)
		}
		x, _ := a.ECDH(b.PublicKey())
		h, _ := a.ECDHSHA256(b.PublicKey())
		c := ab.BytesCompressed()
		if want := sha256.Sum256(c); !bytes.Equal(c[1:], x) || !bytes.Equal(h, want[:]) {
			t.Fatal("ECDHPoint disagrees with ECDH or ECDHSHA256")
		}
	}
}

func TestEqual(t *testing.T) {
	a, _ := secp256k1.GenerateKey(nil)
	b, _ := secp256k1.NewPrivateKey(a.Bytes())
	c, _ := secp256k1.GenerateKey(nil)
	if !a.Equal(b) || a.Equal(c) || a.Equal("x") {
		t.Fatal("PrivateKey.Equal")
	}
	if !a.PublicKey().Equal(b.PublicKey()) || a.PublicKey().Equal(c.PublicKey()) || a.PublicKey().Equal(a) {
		t.Fatal("PublicKey.Equal")
	}
}

func TestECDHAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	a, _ := secp256k1.GenerateKey(nil)
	b, _ := secp256k1.GenerateKey(nil)
	pub := b.PublicKey()
	// One allocation: the returned slice.
	if n := testing.AllocsPerRun(10, func() { a.ECDH(pub) }); n > 1 {
		t.Fatalf("ECDH: %v allocations", n)
	}
}
