// Command ecmult generates internal/ecmult's amd64 assembly
// (lookup_amd64.s) and its Go declarations (lookup_stubs_amd64.go) with
// avo. It is run by the //go:generate line in internal/ecmult/generate.go,
// from internal/asm:
//
//	go run ./ecmult -out ../ecmult/lookup_amd64.s -stubs ../ecmult/lookup_stubs_amd64.go -pkg ecmult
//
// lookupAffineAVX2 is the constant-time table scan of k·G and k·P: it reads
// every entry of a row of affine points (64 bytes each: x and y as 4+4
// little-endian limbs) and keeps the one whose 1-based index equals the
// secret digit magnitude, with AVX2 compare masks, then negates its y
// coordinate modulo p if the digit is negative (a subtraction and CMOVs).
// There is no branch and no memory address that depends on the digit; the
// only branches are on the loop counters (the public row length).
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/p256k1/secp256k1/internal/asm/fe64"
)

// unroll is the number of entries per iteration of the main loop.
const unroll = 16

// entry ORs the entry at m into the accumulators Y6 (x) and Y7 (y) if the
// incremented index Y2 equals the magnitude Y0.
func entry(m Mem) {
	VPADDQ(Y1, Y2, Y2)
	VPCMPEQQ(Y0, Y2, Y3)
	VPAND(m, Y3, Y4)
	VPAND(m.Offset(32), Y3, Y5)
	VPOR(Y4, Y6, Y6)
	VPOR(Y5, Y7, Y7)
}

func main() {
	ConstraintExpr("gc,!purego")

	TEXT("lookupAffineAVX2", NOSPLIT, "func(e *[8]uint64, row [][8]uint64, mag uint32, neg int)")
	Pragma("noescape")
	Doc("lookupAffineAVX2 sets e to row[mag-1] (or to zeros if mag is 0 or",
		"above len(row)), reading every entry of row, and negates its y modulo p",
		"if neg is 1 (neg is 0 or 1; y must be reduced). It needs AVX2",
		"(useAVX2), and runs in constant time with respect to mag and neg.")
	Load(Param("row").Base(), RSI)
	Load(Param("row").Len(), RCX)
	Load(Param("mag"), RAX)

	Comment("Y0 = mag in every lane, Y1 = 1 in every lane, Y2 = index (starts at 0)")
	MOVQ(RAX, X0)
	VPBROADCASTQ(X0, Y0)
	MOVQ(U64(1), RAX)
	MOVQ(RAX, X1)
	VPBROADCASTQ(X1, Y1)
	VPXOR(Y2, Y2, Y2)
	Comment("Y6, Y7: the accumulators for x and y")
	VPXOR(Y6, Y6, Y6)
	VPXOR(Y7, Y7, Y7)
	Comment("Blocks of 16 entries, then one entry at a time (the row length is",
		"public; unrolling keeps the loop branches few and predictable).")
	Label("block")
	CMPQ(RCX, U8(unroll))
	JB(LabelRef("single"))
	for i := 0; i < unroll; i++ {
		entry(Mem{Base: RSI, Disp: 64 * i})
	}
	ADDQ(U32(64*unroll), RSI)
	SUBQ(U8(unroll), RCX)
	JMP(LabelRef("block"))

	Label("single")
	TESTQ(RCX, RCX)
	JEQ(LabelRef("done"))
	entry(Mem{Base: RSI})
	ADDQ(U8(64), RSI)
	DECQ(RCX)
	JMP(LabelRef("single"))

	Label("done")
	Load(Param("e"), RSI)
	VMOVDQU(Y6, Mem{Base: RSI})
	Comment("y to T (R8..R11)")
	y := fe64.T
	VMOVQ(X7, y[0])
	VPEXTRQ(U8(1), X7, y[1])
	VEXTRACTI128(U8(1), Y7, X7)
	VMOVQ(X7, y[2])
	VPEXTRQ(U8(1), X7, y[3])
	VZEROUPPER()

	Comment("U = -y mod p; y = U if neg (a CMOV on the mask, no branch)")
	n := fe64.U
	for i := range n {
		XORQ(n[i], n[i])
	}
	fe64.Sub(n, y.Ops(), RAX, RCX)
	Load(Param("neg"), RBX)
	TESTQ(RBX, RBX)
	for i := range y {
		CMOVQNE(n[i], y[i])
	}
	y.Store(Mem{Base: RSI, Disp: 32})
	RET()

	Generate()
}
