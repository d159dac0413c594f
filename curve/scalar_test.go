package curve

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

func TestScalarVsBig(t *testing.T) {
	r := testutil.Rand(t)
	ss := testScalars(r, 30)
	for i, a := range ss {
		b := ss[(i*7+3)%len(ss)]
		c := ss[(i*5+1)%len(ss)]
		x, y, z := scalarFromBig(a), scalarFromBig(b), scalarFromBig(c)
		check := func(name string, got *Scalar, want *big.Int) {
			t.Helper()
			want = new(big.Int).Mod(want, bigN)
			if bigFromScalar(got).Cmp(want) != 0 {
				t.Fatalf("%s(%x, %x): got %x, want %x", name, a, b, got.Bytes(), want)
			}
		}
		check("Add", new(Scalar).Add(x, y), new(big.Int).Add(a, b))
		check("Subtract", new(Scalar).Subtract(x, y), new(big.Int).Sub(a, b))
		check("Negate", new(Scalar).Negate(x), new(big.Int).Neg(a))
		check("Multiply", new(Scalar).Multiply(x, y), new(big.Int).Mul(a, b))
		check("MultiplyAdd", new(Scalar).MultiplyAdd(x, y, z), new(big.Int).Add(new(big.Int).Mul(a, b), c))
		inv := new(big.Int).ModInverse(a, bigN)
		if inv == nil {
			inv = new(big.Int)
		}
		check("Invert", new(Scalar).Invert(x), inv)
		check("Set", new(Scalar).Set(x), a)
		if x.Equal(y) != testutil.BoolInt(a.Cmp(b) == 0) || x.Equal(scalarFromBig(a)) != 1 {
			t.Fatal("Equal")
		}
		if x.IsZero() != testutil.BoolInt(a.Sign() == 0) {
			t.Fatal("IsZero")
		}
		check("Select(1)", new(Scalar).Select(x, y, 1), a)
		check("Select(0)", new(Scalar).Select(x, y, 0), b)

		// SetBytes reduces; SetUniformBytes reduces 512 bits.
		if an := new(big.Int).Add(a, bigN); an.BitLen() <= 256 { // a + n fits in 32 bytes
			s, err := new(Scalar).SetBytes(an.FillBytes(make([]byte, 32)))
			if err != nil {
				t.Fatal(err)
			}
			check("SetBytes(a+n)", s, a)
		}
		wide := make([]byte, 64)
		for j := range wide {
			wide[j] = byte(r.Uint32())
		}
		s, err := new(Scalar).SetUniformBytes(wide)
		if err != nil {
			t.Fatal(err)
		}
		check("SetUniformBytes", s, new(big.Int).SetBytes(wide))
	}
	for _, w := range [][]byte{bytes.Repeat([]byte{0xff}, 64), make([]byte, 64)} {
		s, _ := new(Scalar).SetUniformBytes(w)
		if bigFromScalar(s).Cmp(new(big.Int).Mod(new(big.Int).SetBytes(w), bigN)) != 0 {
			t.Fatal("SetUniformBytes edge")
		}
	}
	if new(Scalar).SetUint64(12345).Equal(scalarFromBig(big.NewInt(12345))) != 1 {
		t.Fatal("SetUint64")
	}
}

// expectReject checks a rejected setter: nil result, an error wrapping
// ErrInvalidEncoding, and the receiver unchanged.
func expectRejectScalar(t *testing.T, b []byte) {
	t.Helper()
	s := new(Scalar).SetUint64(7)
	got, err := s.SetCanonicalBytes(b)
	if got != nil || !errors.Is(err, ErrInvalidEncoding) || s.Equal(new(Scalar).SetUint64(7)) != 1 {
		t.Errorf("SetCanonicalBytes(%x): %v, %v; receiver changed: %v", b, got, err, s.Equal(new(Scalar).SetUint64(7)) != 1)
	}
}

func TestScalarCanonical(t *testing.T) {
	n := bigN.FillBytes(make([]byte, 32))
	nPlus1 := new(big.Int).Add(bigN, big.NewInt(1)).FillBytes(make([]byte, 32))
	for _, b := range [][]byte{nil, make([]byte, 31), make([]byte, 33), n, nPlus1, bytes.Repeat([]byte{0xff}, 32)} {
		expectRejectScalar(t, b)
	}
	nm1 := new(big.Int).Sub(bigN, big.NewInt(1)).FillBytes(make([]byte, 32))
	s, err := new(Scalar).SetCanonicalBytes(nm1)
	if err != nil || !bytes.Equal(s.Bytes(), nm1) {
		t.Fatal("n-1 rejected or not round-tripped")
	}
	s, err = new(Scalar).SetBytes(n)
	if err != nil || s.IsZero() != 1 {
		t.Fatal("SetBytes(n) != 0")
	}
	for _, l := range []int{0, 31, 33, 64} {
		if s, err := new(Scalar).SetBytes(make([]byte, l)); s != nil || !errors.Is(err, ErrInvalidEncoding) {
			t.Errorf("SetBytes of %d bytes accepted", l)
		}
	}
	for _, l := range []int{0, 32, 63, 65} {
		if s, err := new(Scalar).SetUniformBytes(make([]byte, l)); s != nil || !errors.Is(err, ErrInvalidEncoding) {
			t.Errorf("SetUniformBytes of %d bytes accepted", l)
		}
	}
	var zero Scalar
	if zero.IsZero() != 1 || !bytes.Equal(zero.Bytes(), make([]byte, 32)) || NewScalar().Equal(&zero) != 1 {
		t.Fatal("the zero value is not 0")
	}
}
