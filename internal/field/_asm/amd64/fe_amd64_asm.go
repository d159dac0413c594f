// Command amd64 generates internal/field's amd64 assembly (fe_amd64.s) and
// its Go declarations (fe_stubs_amd64.go) with avo. It is run by the
// //go:generate line in internal/field/generate.go, from internal/field/_asm:
//
//	go run ./amd64 -out ../fe_amd64.s -stubs ../fe_stubs_amd64.go -pkg field
//
// The kernels need BMI2 (MULX) and ADX (ADCX/ADOX); the Go side calls them
// only when golang.org/x/sys/cpu reports both. Registers are assigned by hand
// (physical registers, never BP or SP) so that the output can be audited
// against the comments here.
//
// Every kernel takes and returns fully reduced limbs, as the Go code does (see
// doc/field.md): the 512-bit product is folded with 2^256 ≡ c = 2^32 + 977
// (mod p) twice, and p is subtracted once with CMOV when the result is ≥ p.
// There are no branches on data; the only branch is the loop counter of
// feSquareNADX, which is public.
package main

import (
	. "github.com/mmcloughlin/avo/build"
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

	TEXT("feMulADX", NOSPLIT, "func(v, a, b *[4]uint64)")
	Pragma("noescape")
	Doc("feMulADX sets v = a·b mod p. a and b must be fully reduced, and so is v.",
		"It needs BMI2 and ADX and runs in constant time.")
	Load(Param("a"), RSI)
	Load(Param("b"), RBX)
	mul(RSI, RBX, RAX, RCX)
	reduce(RAX, RCX)
	Load(Param("v"), RSI)
	store(RSI)
	RET()

	TEXT("feSquareADX", NOSPLIT, "func(v, a *[4]uint64)")
	Pragma("noescape")
	Doc("feSquareADX sets v = a² mod p. a must be fully reduced, and so is v.",
		"It needs BMI2 and ADX and runs in constant time.")
	Load(Param("a"), RSI)
	square(RSI, RAX, RBX)
	reduce(RAX, RBX)
	Load(Param("v"), RSI)
	store(RSI)
	RET()

	TEXT("feSquareNADX", NOSPLIT, "func(v, a *[4]uint64, n int)")
	Pragma("noescape")
	Doc("feSquareNADX sets v = a^(2^n) mod p with n ≥ 1 squarings in one call.",
		"a must be fully reduced, and so is v. It needs BMI2 and ADX; its",
		"running time depends only on n.")
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

	Generate()
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

	Comment("Second fold: t0..t3 + c·t4 (< 2^68), carry out in t5 as a mask")
	MULXQ(t4, lo, hi)
	ADDQ(lo, t0)
	ADCQ(hi, t1)
	ADCQ(U8(0), t2)
	ADCQ(U8(0), t3)
	SBBQ(t5, t5)

	Comment("If the second fold carried, the value is t + 2^256 ≡ t + c with t < 2^68,")
	Comment("and t + c < p. Otherwise t < 2^256 is ≥ p iff t + c carries. Either way")
	Comment("the result is t + c (mod 2^256) exactly when one of the two carries is set.")
	MOVQ(t0, t4)
	ADDQ(RDX, t4)
	MOVQ(t1, t6)
	ADCQ(U8(0), t6)
	MOVQ(t2, t7)
	ADCQ(U8(0), t7)
	MOVQ(t3, lo)
	ADCQ(U8(0), lo)
	SBBQ(hi, hi)
	ORQ(t5, hi)
	CMOVQNE(t4, t0)
	CMOVQNE(t6, t1)
	CMOVQNE(t7, t2)
	CMOVQNE(lo, t3)
}
