package ellswift

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/testutil"
)

func feBig(e *field.Element) *big.Int {
	b := e.Bytes()
	return new(big.Int).SetBytes(b[:])
}

// TestPowChains compares powChain, invSqrt and pow3 (every lane in both
// kinds) with math/big's exponentiation and Euler's criterion, on 0, 1, -1,
// small values and random elements (squares and not).
func TestPowChains(t *testing.T) {
	r := testutil.Rand(t)
	p := testutil.P
	eSqrt := new(big.Int).Rsh(new(big.Int).Add(p, big.NewInt(1)), 2)
	eInv := new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(3)), 2)
	var vals []field.Element
	for _, v := range []int64{0, 1, -1, 2, 3, 4, 7, -7} {
		var e field.Element
		e.SetUint64(uint64(max(v, -v)))
		if v < 0 {
			e.Negate(&e)
		}
		vals = append(vals, e)
	}
	for range 200 {
		e := randElement(t, r.Uint64)
		vals = append(vals, e)
		e.Square(&e)
		vals = append(vals, e)
	}
	isSq := func(a *field.Element) int {
		v := feBig(a)
		if v.Sign() == 0 || new(big.Int).Exp(v, new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(1)), 1), p).Cmp(big.NewInt(1)) == 0 {
			return 1
		}
		return 0
	}
	for i := range vals {
		a, b := &vals[i], &vals[(i*7+3)%len(vals)]
		wantS := new(big.Int).Exp(feBig(a), eSqrt, p)
		wantI := new(big.Int).Exp(feBig(b), eInv, p)
		var got field.Element
		powChain(&got, a, false)
		if feBig(&got).Cmp(wantS) != 0 {
			t.Fatalf("powChain(%x, sqrt) = %x, want %x", a.Bytes(), got.Bytes(), wantS)
		}
		powChain(&got, b, true)
		if feBig(&got).Cmp(wantI) != 0 {
			t.Fatalf("powChain(%x, inv) = %x, want %x", b.Bytes(), got.Bytes(), wantI)
		}
		ok := invSqrt(&got, b)
		wantOK := isSq(b)
		if b.IsZero() == 1 {
			wantOK = 0
		}
		if feBig(&got).Cmp(wantI) != 0 || ok != wantOK {
			t.Fatalf("invSqrt(%x) = %x, %d", b.Bytes(), got.Bytes(), ok)
		}
		c := &vals[(i*13+5)%len(vals)]
		in := triple{*a, *b, *c}
		for _, inv := range [][3]bool{{false, true, false}, {true, false, true}, {false, false, false}, {true, true, true}} {
			var out triple
			pow3(&out, &in, inv)
			for k := range 3 {
				e := eSqrt
				if inv[k] {
					e = eInv
				}
				if want := new(big.Int).Exp(feBig(&in[k]), e, p); feBig(&out[k]).Cmp(want) != 0 {
					t.Fatalf("pow3(%x, %x, %x; %v): lane %d = %x, want %x", a.Bytes(), b.Bytes(), c.Bytes(), inv, k, out[k].Bytes(), want)
				}
			}
		}
	}
}

// TestInternalConstants checks the constants of constants.go against
// c0 = sqrt(-3) with math/big.
func TestInternalConstants(t *testing.T) {
	p := testutil.P
	c0, _ := new(big.Int).SetString("0a2d2ba93507f1df233770c2a797962cc61f6d15da14ecd47d8d27ae1cd5f852", 16)
	if new(big.Int).Mod(new(big.Int).Mul(c0, c0), p).Cmp(new(big.Int).Sub(p, big.NewInt(3))) != 0 {
		t.Fatal("c0² != -3")
	}
	half := new(big.Int).ModInverse(big.NewInt(2), p)
	quarter := new(big.Int).ModInverse(big.NewInt(4), p)
	mod := func(v *big.Int) *big.Int { return v.Mod(v, p) }
	for name, c := range map[string]struct {
		got  field.Element
		want *big.Int
	}{
		"c1":        {c1, mod(new(big.Int).Mul(new(big.Int).Sub(c0, big.NewInt(1)), half))},
		"c2":        {c2, mod(new(big.Int).Mul(new(big.Int).Sub(new(big.Int).Neg(c0), big.NewInt(1)), half))},
		"c3":        {c3, mod(new(big.Int).Mul(new(big.Int).Sub(big.NewInt(1), c0), half))},
		"c4":        {c4, mod(new(big.Int).Mul(new(big.Int).Add(c0, big.NewInt(1)), half))},
		"c0Quarter": {c0Quarter, mod(new(big.Int).Mul(c0, quarter))},
	} {
		if feBig(&c.got).Cmp(c.want) != 0 {
			t.Errorf("%s = %x, want %x", name, c.got.Bytes(), c.want)
		}
	}
}

// TestDecodeCandidates checks swiftecVarTime on random inputs, the special
// ones among them, against the constant-time map xswiftec and the curve
// equation, and that each of its three ways (x3, x2, and x1 from the two
// failed inverse square roots) was taken.
func TestDecodeCandidates(t *testing.T) {
	r := testutil.Rand(t)
	n := 2000
	if testing.Short() {
		n = 200
	}
	var hits [3]int
	for i := range n {
		u, tt := randElement(t, r.Uint64), randElement(t, r.Uint64)
		switch i % 16 {
		case 1:
			u.Zero()
		case 2:
			tt.Zero()
		case 3:
			// u³ + t² + 7 = 0, for the half of u where -(u³ + 7) is a
			// square.
			var a, root field.Element
			curveRHS(&a, &u)
			a.Negate(&a)
			if root.Sqrt(&a) == 1 {
				tt = root
			}
		}
		var x, y, want, rhs, y2 field.Element
		swiftecVarTime(&x, &y, &u, &tt)
		xswiftec(&want, &u, &tt)
		curveRHS(&rhs, &x)
		y2.Square(&y)
		if x.Equal(&want) != 1 || y2.Equal(&rhs) != 1 || y.IsOdd() != tt.IsOdd() {
			t.Fatalf("u %x t %x: swiftecVarTime = (%x, %x), xswiftec %x", u.Bytes(), tt.Bytes(), x.Bytes(), y.Bytes(), want.Bytes())
		}
		// Which candidate it was.
		var f frac
		f.set(&u, &tt)
		var s, rr field.Element
		switch {
		case invSqrtFracVarTime(&rr, &s, &f.n3, &f.d):
			hits[0]++
		case invSqrtFracVarTime(&rr, &s, &f.n2, &f.p):
			hits[1]++
		default:
			hits[2]++
		}
	}
	if hits[0] == 0 || hits[1] == 0 || hits[2] == 0 {
		t.Fatalf("candidates x3, x2, x1 taken %v times", hits)
	}
}
