// Command amd64 generates internal/field's amd64 assembly (fe_amd64.s) and
// its Go declarations (fe_stubs_amd64.go) with avo. It is run by the
// //go:generate line in internal/field/generate.go, from internal/asm:
//
//	go run ./field/amd64 -out ../field/fe_amd64.s -stubs ../field/fe_stubs_amd64.go -pkg field
//
// The kernels need BMI2 (MULX) and ADX (ADCX/ADOX). Each starts with a branch
// on the package variable useADX (set by internal/impl from the CPU's
// features) and, when it is false, tail-jumps to the generic Go code
// (internal/field/fe_asm.go).
// The multiplication, squaring and reduction are emitted by package fe64
// (shared with the generator of internal/group's point operations), on
// registers assigned by hand so that the output can be audited against the
// comments there.
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

	"github.com/p256k1/secp256k1/internal/asm/fe64"
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
	fe64.Mul(limbs(RSI), limbs(RBX), RAX, RCX)
	fe64.Reduce(RAX, RCX)
	Load(Param("v"), RSI)
	fe64.T.Store(limbs(RSI))
	RET()
	generic("feMulGenericLimbs")

	TEXT("feSquareAsm", NOSPLIT, "func(v, a *[4]uint64)")
	Pragma("noescape")
	Doc("feSquareAsm sets v = a² mod p. a must be fully reduced, and so is v.",
		"Without BMI2 and ADX (useADX false) it jumps to feSquareGenericLimbs.",
		"It runs in constant time.")
	dispatch("feSquareGenericLimbs")
	Load(Param("a"), RSI)
	fe64.Square(limbs(RSI), RAX, RBX)
	fe64.Reduce(RAX, RBX)
	Load(Param("v"), RSI)
	fe64.T.Store(limbs(RSI))
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
	fe64.Square(limbs(RSI), RAX, RBX)
	fe64.Reduce(RAX, RBX)
	Comment("The next squaring reads v.")
	Load(Param("v"), RSI)
	fe64.T.Store(limbs(RSI))
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

// limbs returns the field element at the address in base.
func limbs(base GPPhysical) Mem { return Mem{Base: base} }
