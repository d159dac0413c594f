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

// TestPowChains compares powChain, invSqrt, pow2, sqrtInvSqrt and
// isSquare2 with math/big's exponentiation and Euler's criterion, on 0, 1,
// -1, small values and random elements (squares and not).
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
		var in, out pair
		in[0], in[1] = *a, *b
		pow2(&out, &in, [2]bool{false, true})
		if feBig(&out[0]).Cmp(wantS) != 0 || feBig(&out[1]).Cmp(wantI) != 0 {
			t.Fatalf("pow2(%x, %x) differs", a.Bytes(), b.Bytes())
		}
		pow2(&out, &in, [2]bool{true, false})
		if feBig(&out[0]).Cmp(new(big.Int).Exp(feBig(a), eInv, p)) != 0 || feBig(&out[1]).Cmp(new(big.Int).Exp(feBig(b), eSqrt, p)) != 0 {
			t.Fatalf("pow2(%x, %x), swapped kinds, differs", a.Bytes(), b.Bytes())
		}
		var rr, ww field.Element
		okR, okW := sqrtInvSqrt(&rr, a, &ww, b)
		if feBig(&rr).Cmp(wantS) != 0 || feBig(&ww).Cmp(wantI) != 0 || okR != isSq(a) || okW != wantOK {
			t.Fatalf("sqrtInvSqrt(%x, %x) = %d, %d", a.Bytes(), b.Bytes(), okR, okW)
		}
		okA, okB := isSquare2(a, b)
		if okA != isSq(a) || okB != isSq(b) {
			t.Fatalf("isSquare2(%x, %x) = %d, %d", a.Bytes(), b.Bytes(), okA, okB)
		}
	}
}
