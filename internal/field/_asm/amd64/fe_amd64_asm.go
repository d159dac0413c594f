// Command amd64 generates internal/field's amd64 assembly (fe_amd64.s) and
// its Go declarations (fe_stubs_amd64.go) with avo. It is run by the
// //go:generate line in internal/field/generate.go, from internal/field/_asm:
//
//	go run ./amd64 -out ../fe_amd64.s -stubs ../fe_stubs_amd64.go -pkg field
//
// The kernels need BMI2 (MULX) and ADX (ADCX/ADOX). Each starts with a branch
// on the package variable useADX (set from golang.org/x/sys/cpu) and, when it
// is false, tail-jumps to the generic Go code (internal/field/fe_asm.go).
// Registers are assigned by hand (physical registers, never BP or SP) so that
// the output can be audited against the comments here.
//
// Every kernel takes and returns fully reduced limbs, as the Go code does (see
// doc/field.md): the 512-bit product is folded with 2^256 ≡ c = 2^32 + 977
// (mod p), then a second fold and the conditional subtraction of p are done
// in one step with CMOV. There are no branches on data; the other branches
// are on useADX and on the loop counter of feSquareNAsm, both public.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// c = 2^256 mod p = 2^32 + 977.
const c = 0x1000003D1

// Registers shared by all kernels. DX is MULX's implicit multiplicand.
// R15 holds zero: it is safe to use because these functions access no
// global variables (R15 is only clobbered by global accesses under
// -dynlink).
var (
	t0, t1, t2, t3, t4, t5, t6, t7 = R8, R9, R10, R11, R12, R13, R14, RDI
	zero                           = R15
)

func main() {
	ConstraintExpr("gc,!purego")

	TEXT("feMulAsm", NOSPLIT, "func(v, a, b *[4]uint64)")
	Pragma("noescape")
	Doc("feMulAsm sets v = a·b mod p. a and b must be fully reduced, and so is v.",
		"Without BMI2 and ADX (useADX false) it jumps to feMulGenericLimbs.",
		"It runs in constant time.")
	dispatch("feMulGenericLimbs")
	Load(Param("a"), RSI)
	Load(Param("b"), RBX)
	mul(RSI, RBX, RAX, RCX)
	reduce(RAX, RCX)
	Load(Param("v"), RSI)
	store(RSI)
	RET()
	generic("feMulGenericLimbs")

	TEXT("feSquareAsm", NOSPLIT, "func(v, a *[4]uint64)")
	Pragma("noescape")
	Doc("feSquareAsm sets v = a² mod p. a must be fully reduced, and so is v.",
		"Without BMI2 and ADX (useADX false) it jumps to feSquareGenericLimbs.",
		"It runs in constant time.")
	dispatch("feSquareGenericLimbs")
	Load(Param("a"), RSI)
	square(RSI, RAX, RBX)
	reduce(RAX, RBX)
	Load(Param("v"), RSI)
	store(RSI)
	RET()
	generic("feSquareGenericLimbs")

	TEXT("feSquareNAsm", NOSPLIT, "func(v, a *[4]uint64, n int)")
	Pragma("noescape")
	Doc("feSquareNAsm sets v = a^(2^n) mod p with n ≥ 1 squarings in one call.",
		"a must be fully reduced, and so is v. Without BMI2 and ADX (useADX",
		"false) it jumps to feSquareNGenericLimbs. Its running time depends",
		"only on n.")
	dispatch("feSquareNGenericLimbs")
	Load(Param("a"), RSI)
	Load(Param("n"), RCX)
	Label("loop")
	square(RSI, RAX, RBX)
	reduce(RAX, RBX)
	Comment("The next squaring reads v.")
	Load(Param("v"), RSI)
	store(RSI)
	DECQ(RCX)
	JNZ(LabelRef("loop"))
	RET()
	generic("feSquareNGenericLimbs")

	Generate()
}

// dispatch branches to the label "generic" unless useADX is set. It reads the
// flag first, before R15 is used: under -dynlink a global access clobbers R15.
func dispatch(fallback string) {
	Commentf("Without BMI2 and ADX, jump to %s.", fallback)
	CMPB(NewDataAddr(Symbol{Name: "·useADX"}, 0), Imm(0))
	JEQ(LabelRef("generic"))
}

// generic emits the fallback: a tail jump to a Go function with the same
// arguments (through the ABI0 wrapper the toolchain makes for Go functions
// that assembly references). avo's JMP only takes labels within the
// function, so the instruction is built by hand, as a terminal one.
func generic(fallback string) {
	Label("generic")
	Instruction(&ir.Instruction{
		Opcode:     "JMP",
		Operands:   []Op{NewDataAddr(Symbol{Name: "·" + fallback}, 0)},
		IsTerminal: true,
	})
}

func limb(base GPPhysical, i int) Mem { return Mem{Base: base, Disp: 8 * i} }

func store(v GPPhysical) {
	MOVQ(t0, limb(v, 0))
	MOVQ(t1, limb(v, 1))
	MOVQ(t2, limb(v, 2))
	MOVQ(t3, limb(v, 3))
}

// mul sets t0..t7 to the 512-bit product of the limbs at a and b, row by
// row. Row i (i ≥ 1) adds a_i·b into t_i..t_{i+4} with two carry chains in
// parallel: the low halves of the products on CF (ADCX), the high halves on
// OF (ADOX). lo and hi are scratch.
func mul(a, b, lo, hi GPPhysical) {
	ts := []GPPhysical{t0, t1, t2, t3, t4, t5, t6, t7}

	Comment("Row 0: t0..t4 = a0·b")
	MOVQ(limb(a, 0), RDX)
	MULXQ(limb(b, 0), t0, t1)
	MULXQ(limb(b, 1), lo, t2)
	ADDQ(lo, t1)
	MULXQ(limb(b, 2), lo, t3)
	ADCQ(lo, t2)
	MULXQ(limb(b, 3), lo, t4)
	ADCQ(lo, t3)
	ADCQ(U8(0), t4)

	for i := 1; i < 4; i++ {
		Commentf("Row %d: t%d..t%d += a%d·b", i, i, i+4, i)
		MOVQ(limb(a, i), RDX)
		XORQ(zero, zero) // also clears CF and OF
		for j := 0; j < 3; j++ {
			MULXQ(limb(b, j), lo, hi)
			ADCXQ(lo, ts[i+j])
			ADOXQ(hi, ts[i+j+1])
		}
		MULXQ(limb(b, 3), lo, ts[i+4])
		ADCXQ(lo, ts[i+3])
		ADOXQ(zero, ts[i+4])
		ADCXQ(zero, ts[i+4])
	}
}

// square sets t0..t7 to the 512-bit square of the limbs at a: the cross
// products a_i·a_j (i < j) once, doubled, plus the squares a_i². lo and hi
// are scratch.
func square(a, lo, hi GPPhysical) {
	Comment("Cross products: t1..t4 = a0·(a1, a2, a3)")
	MOVQ(limb(a, 0), RDX)
	MULXQ(limb(a, 1), t1, t2)
	MULXQ(limb(a, 2), lo, t3)
	ADDQ(lo, t2)
	MULXQ(limb(a, 3), lo, t4)
	ADCQ(lo, t3)
	ADCQ(U8(0), t4)

	Comment("t3..t5 += a1·(a2, a3)")
	MOVQ(limb(a, 1), RDX)
	XORQ(zero, zero)
	MULXQ(limb(a, 2), lo, hi)
	ADCXQ(lo, t3)
	ADOXQ(hi, t4)
	MULXQ(limb(a, 3), lo, t5)
	ADCXQ(lo, t4)
	ADOXQ(zero, t5)
	ADCXQ(zero, t5)

	Comment("t5..t6 += a2·a3")
	MOVQ(limb(a, 2), RDX)
	MULXQ(limb(a, 3), lo, t6)
	ADDQ(lo, t5)
	ADCQ(U8(0), t6)

	Comment("Double the cross products (CF chain) and add the squares a_i² (OF chain)")
	MOVQ(limb(a, 0), RDX)
	XORQ(zero, zero)
	MULXQ(RDX, t0, hi)
	ADCXQ(t1, t1)
	ADOXQ(hi, t1)
	MOVQ(limb(a, 1), RDX)
	MULXQ(RDX, lo, hi)
	ADCXQ(t2, t2)
	ADOXQ(lo, t2)
	ADCXQ(t3, t3)
	ADOXQ(hi, t3)
	MOVQ(limb(a, 2), RDX)
	MULXQ(RDX, lo, hi)
	ADCXQ(t4, t4)
	ADOXQ(lo, t4)
	ADCXQ(t5, t5)
	ADOXQ(hi, t5)
	MOVQ(limb(a, 3), RDX)
	MULXQ(RDX, lo, t7)
	ADCXQ(t6, t6)
	ADOXQ(lo, t6)
	ADCXQ(zero, t7)
	ADOXQ(zero, t7)
}

// reduce sets t0..t3 to (t0 + t1·2^64 + … + t7·2^448) mod p, fully reduced.
// It uses t4..t7, lo and hi as scratch.
func reduce(lo, hi GPPhysical) {
	Comment("First fold: t0..t3 + c·(t4..t7), the top limb (< 2^34) in t4")
	MOVQ(U64(c), RDX)
	XORQ(zero, zero)
	MULXQ(t4, lo, hi)
	ADCXQ(lo, t0)
	ADOXQ(hi, t1)
	MULXQ(t5, lo, hi)
	ADCXQ(lo, t1)
	ADOXQ(hi, t2)
	MULXQ(t6, lo, hi)
	ADCXQ(lo, t2)
	ADOXQ(hi, t3)
	MULXQ(t7, lo, t4)
	ADCXQ(lo, t3)
	ADOXQ(zero, t4)
	ADCXQ(zero, t4)

	Comment("Second fold, and the final subtraction of p, in one step. With")
	Comment("x1 = t + c·top and x2 = x1 + c: if x1 ≥ 2^256 the result is")
	Comment("x1 - 2^256 + c = x2 - 2^256 (< p, as x1 - 2^256 < 2^68), and x2 carries")
	Comment("too; otherwise x1 < 2^256 is ≥ p exactly when x2 carries, and then the")
	Comment("result is x1 - p = x2 - 2^256. So the result is x2 mod 2^256 if x2 carries")
	Comment("and x1 if not. x1 = t + (hi:lo) is summed on the CF chain and")
	Comment("x2 = t + (hi:lo + c) on the OF chain, in parallel, and a CMOV on OF picks one.")
	MULXQ(t4, lo, hi)
	MOVQ(t0, t4)
	MOVQ(t1, t5)
	MOVQ(lo, t6)
	ADDQ(RDX, t6)
	MOVQ(hi, t7)
	ADCQ(U8(0), t7)
	XORQ(zero, zero)
	ADCXQ(lo, t0)
	ADOXQ(t6, t4)
	ADCXQ(hi, t1)
	ADOXQ(t7, t5)
	MOVQ(t2, t6)
	MOVQ(t3, t7)
	ADCXQ(zero, t2)
	ADOXQ(zero, t6)
	ADCXQ(zero, t3)
	ADOXQ(zero, t7)
	CMOVQOS(t4, t0)
	CMOVQOS(t5, t1)
	CMOVQOS(t6, t2)
	CMOVQOS(t7, t3)
}
