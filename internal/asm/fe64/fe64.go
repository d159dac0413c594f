// Package fe64 holds the avo emitters for arithmetic modulo the secp256k1
// field prime p = 2^256 - 2^32 - 977 on four little-endian 64-bit limbs,
// shared by the generators of internal/field (the multiplication kernels)
// and internal/group (whole point operations).
//
// The emitters work on fixed physical registers, assigned by hand (never BP
// or SP) so that the output can be audited against the comments here:
//
//   - T0..T7 (R8..R14, DI) hold a 512-bit product; T = T0..T3 is the
//     accumulator of the modular operations and U = T4..T7 their scratch;
//   - Zero (R15) is cleared by Mul, Square and Reduce when they need a zero
//     (and to clear CF and OF); it is safe to use because the generated
//     functions access no global variables after their dispatch check (R15
//     is only clobbered by global accesses under -dynlink);
//   - DX is MULX's implicit multiplicand; lo and hi are scratch registers
//     the caller chooses.
//
// Every operation takes fully reduced inputs (in [0, p)) and leaves a fully
// reduced T, as internal/field's Go code does (doc/field.md), and has no
// branch and no memory address that depends on the data. Mul, Square and
// Reduce accept any 256-bit inputs.
package fe64

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// C = 2^256 mod p = 2^32 + 977.
const C = 0x1000003D1

// P0 is the low limb of p; the three others are all ones.
const P0 = 0xFFFFFFFEFFFFFC2F

var (
	T0, T1, T2, T3, T4, T5, T6, T7 = R8, R9, R10, R11, R12, R13, R14, RDI
	Zero                           = R15
)

// Acc is four registers holding a field element, low limb first.
type Acc [4]GPPhysical

var (
	// T is the accumulator: Mul, Square and Reduce leave their result in
	// it, and the modular operations work on it.
	T = Acc{T0, T1, T2, T3}
	// U is the scratch of the modular operations (and the high half of a
	// product).
	U = Acc{T4, T5, T6, T7}
)

// Brief makes Mul, Square and Reduce emit one comment line each instead of
// their step-by-step comments (for long functions that call them many
// times; the steps are documented in internal/field's fe_amd64.s).
var Brief bool

// comment emits lines unless Brief is set.
func comment(lines ...string) {
	if !Brief {
		Comment(lines...)
	}
}

// Limb returns the i-th 64-bit limb of the field element at m.
func Limb(m Mem, i int) Mem { return m.Offset(8 * i) }

// Limbs returns the four limbs of the field element at m as operands.
func Limbs(m Mem) [4]Op { return [4]Op{Limb(m, 0), Limb(m, 1), Limb(m, 2), Limb(m, 3)} }

// Ops returns the registers of a as operands.
func (a Acc) Ops() [4]Op { return [4]Op{a[0], a[1], a[2], a[3]} }

// Load sets a to the field element at m.
func (a Acc) Load(m Mem) {
	for i := range a {
		MOVQ(Limb(m, i), a[i])
	}
}

// Store writes a to the field element at m.
func (a Acc) Store(m Mem) {
	for i := range a {
		MOVQ(a[i], Limb(m, i))
	}
}

// Move sets a = b (registers).
func (a Acc) Move(b Acc) {
	for i := range a {
		MOVQ(b[i], a[i])
	}
}

// Mul sets T0..T7 to the 512-bit product of the field elements at a and b,
// row by row. Row i (i ≥ 1) adds a_i·b into t_i..t_{i+4} with two carry
// chains in parallel: the low halves of the products on CF (ADCX), the high
// halves on OF (ADOX). lo and hi are scratch.
func Mul(a, b Mem, lo, hi GPPhysical) {
	ts := []GPPhysical{T0, T1, T2, T3, T4, T5, T6, T7}

	comment("Row 0: t0..t4 = a0·b")
	MOVQ(Limb(a, 0), RDX)
	MULXQ(Limb(b, 0), T0, T1)
	MULXQ(Limb(b, 1), lo, T2)
	ADDQ(lo, T1)
	MULXQ(Limb(b, 2), lo, T3)
	ADCQ(lo, T2)
	MULXQ(Limb(b, 3), lo, T4)
	ADCQ(lo, T3)
	ADCQ(U8(0), T4)

	for i := 1; i < 4; i++ {
		comment(fmt.Sprintf("Row %d: t%d..t%d += a%d·b", i, i, i+4, i))
		MOVQ(Limb(a, i), RDX)
		XORQ(Zero, Zero) // also clears CF and OF
		for j := 0; j < 3; j++ {
			MULXQ(Limb(b, j), lo, hi)
			ADCXQ(lo, ts[i+j])
			ADOXQ(hi, ts[i+j+1])
		}
		MULXQ(Limb(b, 3), lo, ts[i+4])
		ADCXQ(lo, ts[i+3])
		ADOXQ(Zero, ts[i+4])
		ADCXQ(Zero, ts[i+4])
	}
}

// Square sets T0..T7 to the 512-bit square of the field element at a: the
// cross products a_i·a_j (i < j) once, doubled, plus the squares a_i². lo
// and hi are scratch.
func Square(a Mem, lo, hi GPPhysical) {
	comment("Cross products: t1..t4 = a0·(a1, a2, a3)")
	MOVQ(Limb(a, 0), RDX)
	MULXQ(Limb(a, 1), T1, T2)
	MULXQ(Limb(a, 2), lo, T3)
	ADDQ(lo, T2)
	MULXQ(Limb(a, 3), lo, T4)
	ADCQ(lo, T3)
	ADCQ(U8(0), T4)

	comment("t3..t5 += a1·(a2, a3)")
	MOVQ(Limb(a, 1), RDX)
	XORQ(Zero, Zero)
	MULXQ(Limb(a, 2), lo, hi)
	ADCXQ(lo, T3)
	ADOXQ(hi, T4)
	MULXQ(Limb(a, 3), lo, T5)
	ADCXQ(lo, T4)
	ADOXQ(Zero, T5)
	ADCXQ(Zero, T5)

	comment("t5..t6 += a2·a3")
	MOVQ(Limb(a, 2), RDX)
	MULXQ(Limb(a, 3), lo, T6)
	ADDQ(lo, T5)
	ADCQ(U8(0), T6)

	comment("Double the cross products (CF chain) and add the squares a_i² (OF chain)")
	MOVQ(Limb(a, 0), RDX)
	XORQ(Zero, Zero)
	MULXQ(RDX, T0, hi)
	ADCXQ(T1, T1)
	ADOXQ(hi, T1)
	MOVQ(Limb(a, 1), RDX)
	MULXQ(RDX, lo, hi)
	ADCXQ(T2, T2)
	ADOXQ(lo, T2)
	ADCXQ(T3, T3)
	ADOXQ(hi, T3)
	MOVQ(Limb(a, 2), RDX)
	MULXQ(RDX, lo, hi)
	ADCXQ(T4, T4)
	ADOXQ(lo, T4)
	ADCXQ(T5, T5)
	ADOXQ(hi, T5)
	MOVQ(Limb(a, 3), RDX)
	MULXQ(RDX, lo, T7)
	ADCXQ(T6, T6)
	ADOXQ(lo, T6)
	ADCXQ(Zero, T7)
	ADOXQ(Zero, T7)
}

// Reduce sets T0..T3 to (T0 + T1·2^64 + … + T7·2^448) mod p, fully reduced.
// It uses T4..T7, lo and hi as scratch, and leaves C in DX.
func Reduce(lo, hi GPPhysical) {
	firstFold(lo, hi)
	ReduceTop(lo, hi)
}

// firstFold sets T0..T4 to T0..T3 + c·(T4..T7), the top limb (< 2^34) in
// T4, and leaves C in DX: the first step of Reduce and ReduceLazy.
func firstFold(lo, hi GPPhysical) {
	comment("First fold: t0..t3 + c·(t4..t7), the top limb (< 2^34) in t4")
	MOVQ(U64(C), RDX)
	XORQ(Zero, Zero)
	MULXQ(T4, lo, hi)
	ADCXQ(lo, T0)
	ADOXQ(hi, T1)
	MULXQ(T5, lo, hi)
	ADCXQ(lo, T1)
	ADOXQ(hi, T2)
	MULXQ(T6, lo, hi)
	ADCXQ(lo, T2)
	ADOXQ(hi, T3)
	MULXQ(T7, lo, T4)
	ADCXQ(lo, T3)
	ADOXQ(Zero, T4)
	ADCXQ(Zero, T4)
}

// ReduceTop sets T0..T3 to (T0..T3 + T4·2^256) mod p, fully reduced, for
// T4 < 2^34 and DX = C. It uses T4..T7, lo and hi as scratch and clears
// Zero.
func ReduceTop(lo, hi GPPhysical) {
	comment("Second fold, and the final subtraction of p, in one step. With")
	comment("x1 = t + c·top and x2 = x1 + c: if x1 ≥ 2^256 the result is")
	comment("x1 - 2^256 + c = x2 - 2^256 (< p, as x1 - 2^256 < 2^68), and x2 carries")
	comment("too; otherwise x1 < 2^256 is ≥ p exactly when x2 carries, and then the")
	comment("result is x1 - p = x2 - 2^256. So the result is x2 mod 2^256 if x2 carries")
	comment("and x1 if not. x1 = t + (hi:lo) is summed on the CF chain and")
	comment("x2 = t + (hi:lo + c) on the OF chain, in parallel, and a CMOV on OF picks one.")
	MULXQ(T4, lo, hi)
	MOVQ(T0, T4)
	MOVQ(T1, T5)
	MOVQ(lo, T6)
	ADDQ(RDX, T6)
	MOVQ(hi, T7)
	ADCQ(U8(0), T7)
	XORQ(Zero, Zero)
	ADCXQ(lo, T0)
	ADOXQ(T6, T4)
	ADCXQ(hi, T1)
	ADOXQ(T7, T5)
	MOVQ(T2, T6)
	MOVQ(T3, T7)
	ADCXQ(Zero, T2)
	ADOXQ(Zero, T6)
	ADCXQ(Zero, T3)
	ADOXQ(Zero, T7)
	CMOVQOS(T4, T0)
	CMOVQOS(T5, T1)
	CMOVQOS(T6, T2)
	CMOVQOS(T7, T3)
}
