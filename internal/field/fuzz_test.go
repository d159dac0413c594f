package field

import (
	"math/big"
	"testing"
)

// FuzzMulAsmGeneric compares every assembly backend this CPU can run with the
// generic Go code: a·b, a² and a^(2^n) for two 32-byte big-endian inputs
// (reduced mod p, as SetBytes does) and a squaring count. On builds without
// assembly it compares the generic code with itself and with math/big.
func FuzzMulAsmGeneric(f *testing.F) {
	for _, x := range kernelEdgeInts() {
		f.Add(bytes32(x)[:], bytes32(new(big.Int).Sub(bigP, x))[:], uint8(x.BitLen()))
	}
	f.Add(make([]byte, 32), make([]byte, 32), uint8(0))
	f.Fuzz(func(t *testing.T, ab, bb []byte, n uint8) {
		var abuf, bbuf [32]byte
		copy(abuf[:], ab)
		copy(bbuf[:], bb)
		var a, b Element
		a.SetBytes(&abuf)
		b.SetBytes(&bbuf)
		squarings := int(n%64) + 1

		var mul, sqr, sqrN Element
		feMulGeneric(&mul, &a, &b)
		feSquareGeneric(&sqr, &a)
		feSquareNGeneric(&sqrN, &a, squarings)

		A, B := toBig(&a), toBig(&b)
		want := new(big.Int).Mul(A, B)
		if toBig(&mul).Cmp(want.Mod(want, bigP)) != 0 {
			t.Fatalf("generic %x·%x = %x, want %x", A, B, toBig(&mul), want)
		}

		for _, impl := range asmImplementations() {
			if !impl.Available {
				continue
			}
			func() {
				defer impl.Select()()
				var got Element
				feMul(&got, &a, &b)
				if got.l != mul.l || !LessThanP(&got.l) {
					t.Fatalf("%s: %x·%x = %x, generic %x", impl.Name, a.l, b.l, got.l, mul.l)
				}
				feSquare(&got, &a)
				if got.l != sqr.l || !LessThanP(&got.l) {
					t.Fatalf("%s: %x² = %x, generic %x", impl.Name, a.l, got.l, sqr.l)
				}
				feSquareN(&got, &a, squarings)
				if got.l != sqrN.l || !LessThanP(&got.l) {
					t.Fatalf("%s: %x^(2^%d) = %x, generic %x", impl.Name, a.l, squarings, got.l, sqrN.l)
				}
			}()
		}
	})
}
