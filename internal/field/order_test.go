package field

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// limbsOf returns the little-endian 64-bit limbs of x mod 2^256.
func limbsOf(x *big.Int) [4]uint64 {
	var b [32]byte
	new(big.Int).Mod(x, new(big.Int).Lsh(big.NewInt(1), 256)).FillBytes(b[:])
	var l [4]uint64
	for i := range l {
		for j := range 8 {
			l[i] |= uint64(b[31-8*i-j]) << (8 * j)
		}
	}
	return l
}

// TestSetScalarPlusOrder compares SetScalarPlusOrder with math/big: r + n
// and whether it is below p, at the boundary p - n, at n and 2^256 - 1
// (a carry out of 256 bits), and on random values around the boundary and
// over all 256 bits. A rejected r must leave the receiver as it was.
func TestSetScalarPlusOrder(t *testing.T) {
	r := testutil.Rand(t)
	n := testutil.N
	pn := new(big.Int).Sub(bigP, n) // p - n, about 2^128.3
	one := big.NewInt(1)
	cases := []*big.Int{
		big.NewInt(0), one,
		new(big.Int).Sub(pn, one), pn, new(big.Int).Add(pn, one),
		new(big.Int).Sub(n, one), n, new(big.Int).Sub(bigP, one), bigP,
		new(big.Int).Sub(new(big.Int).Lsh(one, 256), one),
	}
	// Values whose sum r + n has limbs of all ones (or one less), so that
	// each limb of the comparison with p decides: limb 0 of r at 0,
	// 2^64-1-n0 and its successor, 2^64-1; limb 1 likewise around
	// 2^64-1-n1; limbs 2 and 3 small.
	const ones = ^uint64(0)
	for _, l0 := range []uint64{0, ones - 0xBFD25E8CD0364141, ones - 0xBFD25E8CD0364141 + 1, ones} {
		for _, l1 := range []uint64{0, ones - 0xBAAEDCE6AF48A03B - 1, ones - 0xBAAEDCE6AF48A03B, ones - 0xBAAEDCE6AF48A03B + 1, ones} {
			for _, l2 := range []uint64{0, 1, 2} {
				for _, l3 := range []uint64{0, 1} {
					x := new(big.Int).SetUint64(l3)
					for _, l := range []uint64{l2, l1, l0} {
						x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(l))
					}
					cases = append(cases, x)
				}
			}
		}
	}
	twoPN := new(big.Int).Lsh(pn, 1)
	for range 200 {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		x := new(big.Int).SetBytes(b[:])
		// Half below 2(p - n), accepted about half the time; and the
		// 256-bit value itself.
		cases = append(cases, new(big.Int).Mod(x, twoPN), x)
	}
	accepted := 0
	for _, x := range cases {
		l := limbsOf(x)
		sum := new(big.Int).Add(x, n)
		wantOK := sum.Cmp(bigP) < 0
		before := fromBig(big.NewInt(12345))
		v := *before
		ok := v.SetScalarPlusOrder(&l)
		if (ok == 1) != wantOK {
			t.Fatalf("SetScalarPlusOrder(%x) = %d, want %v", x, ok, wantOK)
		}
		if !wantOK {
			if v != *before {
				t.Fatalf("SetScalarPlusOrder(%x) changed the receiver", x)
			}
			continue
		}
		accepted++
		if toBig(&v).Cmp(sum) != 0 {
			t.Fatalf("SetScalarPlusOrder(%x) = %x, want %x", x, toBig(&v), sum)
		}
	}
	if accepted < 50 {
		t.Errorf("only %d of %d values accepted", accepted, len(cases))
	}
}
