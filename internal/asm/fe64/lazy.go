package fe64

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Lazy reduction. ReduceLazy leaves T below 2^256 and congruent to the
// product modulo p, but not necessarily below p: it skips the final
// subtraction of p that Reduce merges into its second fold. Mul and Square
// accept such values (any 256-bit inputs), so a chain of multiplications
// and squarings (an addition chain) can stay lazily reduced and be made
// canonical once at the end with Canonical. The lazy second fold is about
// half the instructions of ReduceTop (a carry chain, a masked addition of
// c, no second chain and no CMOVs): it is for code whose speed is bounded
// by instruction throughput, several independent chains at once.

// ReduceLazy sets T0..T3 to a value below 2^256 congruent to T0 + T1·2^64
// + … + T7·2^448 modulo p. It uses T4..T7, lo and hi as scratch, clears
// Zero and leaves C in DX. It has no branch.
func ReduceLazy(lo, hi GPPhysical) {
	firstFold(lo, hi)
	ReduceTopLazy(lo, hi)
}

// ReduceTopLazy sets T0..T3 to a value below 2^256 congruent to T0..T3 +
// T4·2^256 modulo p, for T4 < 2^34 and DX = C. It uses lo and hi as
// scratch.
func ReduceTopLazy(lo, hi GPPhysical) {
	comment("Lazy second fold: x1 = t + c·top; if it carries, x1 - 2^256 < 2^68 and")
	comment("adding c (≡ 2^256) cannot carry again. The result is below 2^256, not")
	comment("necessarily below p.")
	MULXQ(T4, lo, hi)
	ADDQ(lo, T0)
	ADCQ(hi, T1)
	ADCQ(U8(0), T2)
	ADCQ(U8(0), T3)
	SBBQ(lo, lo) // all ones if x1 carried
	ANDQ(RDX, lo)
	ADDQ(lo, T0)
	ADCQ(U8(0), T1)
	ADCQ(U8(0), T2)
	ADCQ(U8(0), T3)
}

// Canonical sets a to a mod p for a below 2^256 (a lazily reduced value):
// a - p if that does not borrow, else a; with s as scratch. No branch.
func Canonical(a, s Acc, lo, hi GPPhysical) {
	XORQ(hi, hi)
	subP(a, s, lo, hi)
}
