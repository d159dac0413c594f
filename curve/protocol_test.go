package curve

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"errors"
	"math/big"
	"os"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

func TestTaggedHash(t *testing.T) {
	for _, tag := range []string{"BIP0340/challenge", "KeyAgg list", ""} {
		th := sha256.Sum256([]byte(tag))
		msg := []byte("the quick brown fox jumps over the lazy dog, and again")
		want := sha256.Sum256(slices.Concat(th[:], th[:], msg))
		for _, parts := range [][][]byte{{msg}, {msg[:7], nil, msg[7:]}, {msg[:0], msg}} {
			if got := TaggedHash(tag, parts...); got != want {
				t.Errorf("TaggedHash(%q) in %d parts = %x, want %x", tag, len(parts), got, want)
			}
		}
		if got, want := TaggedHash(tag), sha256.Sum256(slices.Concat(th[:], th[:])); got != want {
			t.Errorf("TaggedHash(%q) of no message = %x, want %x", tag, got, want)
		}
	}
}

// refHasEvenY is HasEvenY on the reference: 0 for the identity.
func refHasEvenY(a refPoint) int {
	if a == nil {
		return 0
	}
	return 1 - int(a.Y.Bit(0))
}

func TestHasEvenYCondNegate(t *testing.T) {
	r := testutil.Rand(t)
	evens := 0
	for i, a := range testPoints(r, 20) {
		p := fromRef(a)
		if got, want := p.HasEvenY(), refHasEvenY(a); got != want {
			t.Errorf("point %d: HasEvenY = %d, want %d", i, got, want)
		}
		evens += p.HasEvenY()
		for cond := range 2 {
			want := a
			if cond == 1 {
				want = refNeg(a)
			}
			var v Point
			if !refEqual(toRef(v.CondNegate(p, cond)), want) {
				t.Errorf("point %d: CondNegate(p, %d)", i, cond)
			}
			w := fromRef(a)
			if !refEqual(toRef(w.CondNegate(w, cond)), want) {
				t.Errorf("point %d: aliased CondNegate(p, %d)", i, cond)
			}
		}
		// The even-y form: CondNegate(p, 1 - HasEvenY) has even y and the
		// same x (the identity stays the identity).
		e := new(Point).CondNegate(p, 1-p.HasEvenY())
		if a != nil && (e.HasEvenY() != 1 || toRef(e).X.Cmp(a.X) != 0) {
			t.Errorf("point %d: the even-y form has odd y or another x", i)
		}
	}
	if evens == 0 || evens == 23 {
		t.Errorf("%d of 23 points have even y", evens)
	}
	var zero Point
	if zero.HasEvenY() != 0 || new(Point).CondNegate(&zero, 1).IsIdentity() != 1 {
		t.Error("the zero value: HasEvenY or CondNegate")
	}
}

func TestScalarCondNegate(t *testing.T) {
	r := testutil.Rand(t)
	for _, x := range testScalars(r, 20) {
		s := scalarFromBig(x)
		for cond := range 2 {
			want := new(big.Int).Set(x)
			if cond == 1 {
				want.Neg(x).Mod(want, bigN)
			}
			if got := bigFromScalar(new(Scalar).CondNegate(s, cond)); got.Cmp(want) != 0 {
				t.Errorf("CondNegate(%x, %d) = %x, want %x", x, cond, got, want)
			}
			c := scalarFromBig(x)
			if got := bigFromScalar(c.CondNegate(c, cond)); got.Cmp(want) != 0 {
				t.Errorf("aliased CondNegate(%x, %d)", x, cond)
			}
		}
	}
}

// badX returns 32-byte x values that SetXOnlyBytes must reject: p, p + 1,
// 2^256 - 1, and x < p with no point (found with the reference).
func badX(t *testing.T) [][]byte {
	t.Helper()
	var out [][]byte
	for _, x := range []*big.Int{bigP, new(big.Int).Add(bigP, big.NewInt(1)), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))} {
		out = append(out, x.FillBytes(make([]byte, 32)))
	}
	nonResidues := 0
	for x := int64(0); nonResidues < 3; x++ {
		if testutil.CurveY(big.NewInt(x)) == nil {
			out = append(out, big.NewInt(x).FillBytes(make([]byte, 32)))
			nonResidues++
		}
	}
	return out
}

func TestSetXOnlyBytes(t *testing.T) {
	r := testutil.Rand(t)
	for i, a := range testPoints(r, 20)[1:] {
		x := a.X.FillBytes(make([]byte, 32))
		p, err := new(Point).SetXOnlyBytes(x)
		if err != nil {
			t.Fatalf("point %d: SetXOnlyBytes: %v", i, err)
		}
		want := a
		if a.Y.Bit(0) == 1 {
			want = refNeg(a)
		}
		if !refEqual(toRef(p), want) {
			t.Errorf("point %d: SetXOnlyBytes is not the even-y point with this x", i)
		}
		if got, err := p.BytesX(); err != nil || !bytes.Equal(got, x) {
			t.Errorf("point %d: BytesX(SetXOnlyBytes(x)) = %x, %v", i, got, err)
		}
	}
	bad := append(badX(t), nil, make([]byte, 31), make([]byte, 33), refBytes(refG()))
	for _, b := range bad {
		p := NewGeneratorPoint()
		got, err := p.SetXOnlyBytes(b)
		if got != nil || !errors.Is(err, ErrInvalidEncoding) || p.Equal(NewGeneratorPoint()) != 1 {
			t.Errorf("SetXOnlyBytes(%x) accepted or changed the receiver (%v)", b, err)
		}
	}
}

func TestBytesCompressedOrZero(t *testing.T) {
	r := testutil.Rand(t)
	zeros := make([]byte, 33)
	for i, a := range testPoints(r, 20) {
		p := fromRef(a)
		want := zeros
		if a != nil {
			want = p.BytesCompressed()
		}
		got := p.BytesCompressedOrZero()
		if !bytes.Equal(got, want) {
			t.Errorf("point %d: BytesCompressedOrZero = %x, want %x", i, got, want)
		}
		q := NewGeneratorPoint()
		if v, err := q.SetBytesCompressedOrZero(got); v != q || err != nil || !refEqual(toRef(q), a) {
			t.Errorf("point %d: SetBytesCompressedOrZero(%x): %v", i, got, err)
		}
	}
	var zero Point
	if !bytes.Equal(zero.BytesCompressedOrZero(), zeros) {
		t.Error("the zero value: BytesCompressedOrZero")
	}

	g := NewGeneratorPoint().BytesCompressed()
	var bad [][]byte
	for _, prefix := range []byte{0, 1, 4, 5, 6, 7, 0x82} {
		bad = append(bad, append([]byte{prefix}, g[1:]...))
	}
	for _, x := range badX(t) {
		bad = append(bad, append([]byte{2}, x...), append([]byte{3}, x...))
	}
	oneZero := slices.Clone(zeros)
	oneZero[32] = 1
	bad = append(bad, oneZero, nil, []byte{0}, make([]byte, 32), make([]byte, 34), NewGeneratorPoint().BytesUncompressed())
	for _, b := range bad {
		p := NewGeneratorPoint()
		got, err := p.SetBytesCompressedOrZero(b)
		if got != nil || !errors.Is(err, ErrInvalidEncoding) || p.Equal(NewGeneratorPoint()) != 1 {
			t.Errorf("SetBytesCompressedOrZero(%x) accepted or changed the receiver (%v)", b, err)
		}
	}
}

// TestBIP340WithHelpers signs and verifies the BIP-340 test vectors with
// nothing but this package: TaggedHash, SetXOnlyBytes, HasEvenY, the
// conditional negations and BytesX. Signing must reproduce every signature
// byte for byte, and verification every verdict.
func TestBIP340WithHelpers(t *testing.T) {
	f, err := os.Open("../schnorr/testdata/bip-0340/test-vectors.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	signed, verified := 0, 0
	for _, row := range rows[1:] {
		index, secret, public, aux, msg, sig, result := row[0], row[1], row[2], row[3], row[4], row[5], row[6]
		m := testutil.MustHex(t, msg)
		if secret != "" {
			got := bip340Sign(t, testutil.MustHex(t, secret), testutil.MustHex(t, aux), m)
			if !bytes.Equal(got, testutil.MustHex(t, sig)) {
				t.Errorf("vector %s: signature %x, want %s", index, got, sig)
			}
			signed++
		}
		if got, want := bip340Verify(testutil.MustHex(t, public), m, testutil.MustHex(t, sig)), result == "TRUE"; got != want {
			t.Errorf("vector %s: verification %v, want %v", index, got, want)
		}
		verified++
	}
	if signed < 4 || verified < 15 {
		t.Errorf("%d signing and %d verification vectors", signed, verified)
	}
}

// challenge returns e = int(hash_BIP0340/challenge(r ‖ P ‖ m)) mod n.
func challenge(r, P, m []byte) *Scalar {
	h := TaggedHash("BIP0340/challenge", r, P, m)
	e, _ := new(Scalar).SetBytes(h[:])
	return e
}

func bip340Sign(t *testing.T, sk, aux, m []byte) []byte {
	d, err := new(Scalar).SetCanonicalBytes(sk)
	if err != nil {
		t.Fatal(err)
	}
	P := new(Point).ScalarBaseMult(d)
	d.CondNegate(d, 1-P.HasEvenY())
	a := TaggedHash("BIP0340/aux", aux)
	tb := d.Bytes()
	for i := range tb {
		tb[i] ^= a[i]
	}
	px, _ := P.BytesX()
	kh := TaggedHash("BIP0340/nonce", tb, px, m)
	k, _ := new(Scalar).SetBytes(kh[:])
	R := new(Point).ScalarBaseMult(k)
	k.CondNegate(k, 1-R.HasEvenY())
	rx, _ := R.BytesX()
	s := new(Scalar).MultiplyAdd(challenge(rx, px, m), d, k)
	return slices.Concat(rx, s.Bytes())
}

func bip340Verify(pk, m, sig []byte) bool {
	P, err := new(Point).SetXOnlyBytes(pk)
	if err != nil || len(sig) != 64 {
		return false
	}
	s, err := new(Scalar).SetCanonicalBytes(sig[32:])
	if err != nil {
		return false
	}
	// R = s·G - e·P
	eP := new(Point).ScalarMult(challenge(sig[:32], pk, m), P)
	R := new(Point).Add(new(Point).ScalarBaseMult(s), eP.CondNegate(eP, 1))
	if R.IsIdentity() == 1 || R.HasEvenY() != 1 {
		return false
	}
	rx, _ := R.BytesX()
	return bytes.Equal(rx, sig[:32])
}
