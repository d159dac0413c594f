package fe64

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The modular operations below work in registers on fully reduced values
// and leave a fully reduced result, with no branch and no memory address
// that depends on the data: the corrections are CMOVs on a carry or masked
// additions. They are the Go code's Add, Subtract, Negate, Halve and MulInt
// (internal/field/field.go), computing the same values. lo and hi are
// scratch registers the caller chooses.

// Add sets a = a + x mod p, with s as scratch: the 257-bit sum minus p,
// kept unless it borrows (nistec's p256AddInline, with p's low limb in lo
// since it is no 32-bit immediate).
func Add(a Acc, x [4]Op, s Acc, lo, hi GPPhysical) {
	XORQ(hi, hi)
	ADDQ(x[0], a[0])
	ADCQ(x[1], a[1])
	ADCQ(x[2], a[2])
	ADCQ(x[3], a[3])
	ADCQ(U8(0), hi)
	subP(a, s, lo, hi)
}

// Double sets a = 2a mod p, with s as scratch.
func Double(a Acc, s Acc, lo, hi GPPhysical) {
	Add(a, a.Ops(), s, lo, hi)
}

// subP sets a to hi:a - p if that does not borrow (hi:a < 2p, so the result
// is reduced either way), with s as scratch.
func subP(a, s Acc, lo, hi GPPhysical) {
	s.Move(a)
	MOVQ(U64(P0), lo)
	SUBQ(lo, s[0])
	SBBQ(I8(-1), s[1])
	SBBQ(I8(-1), s[2])
	SBBQ(I8(-1), s[3])
	SBBQ(U8(0), hi)
	CMOVQCC(s[0], a[0])
	CMOVQCC(s[1], a[1])
	CMOVQCC(s[2], a[2])
	CMOVQCC(s[3], a[3])
}

// Sub sets a = a - x mod p: on a borrow the limbs hold a - x + 2^256, and
// a - x + p is that minus c, which cannot borrow again.
func Sub(a Acc, x [4]Op, lo, hi GPPhysical) {
	SUBQ(x[0], a[0])
	SBBQ(x[1], a[1])
	SBBQ(x[2], a[2])
	SBBQ(x[3], a[3])
	SBBQ(hi, hi) // -borrow
	MOVQ(U64(C), lo)
	ANDQ(hi, lo)
	SUBQ(lo, a[0])
	SBBQ(U8(0), a[1])
	SBBQ(U8(0), a[2])
	SBBQ(U8(0), a[3])
}

// Negate sets a = -a mod p (0 for 0), computed as s = 0 - a, with s as
// scratch.
func Negate(a, s Acc, lo, hi GPPhysical) {
	for i := range s {
		XORQ(s[i], s[i])
	}
	Sub(s, a.Ops(), lo, hi)
	a.Move(s)
}

// Halve sets a = a/2 mod p: a/2 if a is even, (a + p)/2 if it is odd, p
// added under a mask.
func Halve(a Acc, lo, hi GPPhysical) {
	MOVQ(a[0], hi)
	ANDQ(U8(1), hi)
	NEGQ(hi) // all ones if a is odd
	MOVQ(U64(P0), lo)
	ANDQ(hi, lo)
	ADDQ(lo, a[0])
	ADCQ(hi, a[1])
	ADCQ(hi, a[2])
	ADCQ(hi, a[3])
	MOVQ(U32(0), lo) // MOV leaves the carry alone
	ADCQ(U8(0), lo)
	SHRQ(U8(1), a[1], a[0])
	SHRQ(U8(1), a[2], a[1])
	SHRQ(U8(1), a[3], a[2])
	SHRQ(U8(1), lo, a[3])
}

// MulSmall sets T = k·T mod p for a small constant k (k < 2^32): four
// MULX by k, then the second fold and final subtraction of Reduce. It uses
// U, lo and hi as scratch and leaves C in DX.
func MulSmall(k uint64, lo, hi GPPhysical) {
	MOVQ(U64(k), RDX)
	MULXQ(T0, T0, T4)
	MULXQ(T1, T1, T5)
	MULXQ(T2, T2, T6)
	MULXQ(T3, T3, T7)
	ADDQ(T4, T1)
	ADCQ(T5, T2)
	ADCQ(T6, T3)
	ADCQ(U8(0), T7)
	MOVQ(T7, T4)
	MOVQ(U64(C), RDX)
	ReduceTop(lo, hi)
}

// OrLimbs sets r to the OR of a's limbs, which sets ZF exactly when a is
// zero.
func OrLimbs(r GPPhysical, a [4]Op) {
	MOVQ(a[0], r)
	ORQ(a[1], r)
	ORQ(a[2], r)
	ORQ(a[3], r)
}

// ZeroMask sets r to all ones if the value ORed into r is zero and to 0
// otherwise, without a branch.
func ZeroMask(r GPPhysical) {
	NEGQ(r)    // CF = (r != 0)
	SBBQ(r, r) // all ones if r != 0
	NOTQ(r)
}
