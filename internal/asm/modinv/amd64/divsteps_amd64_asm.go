// Command amd64 generates internal/modinv's amd64 assembly (divsteps_amd64.s)
// and its Go declaration (divsteps_stubs_amd64.go) with avo. It is run by
// the //go:generate line in internal/modinv/generate.go, from internal/asm:
//
//	go run ./modinv/amd64 -out ../modinv/divsteps_amd64.s -stubs ../modinv/divsteps_stubs_amd64.go -pkg modinv
//
// The one kernel, divsteps59Asm, runs the 59 constant-time divsteps of
// internal/modinv's divsteps59 (two halves of 30 and 29, each collecting its
// transition matrix packed two entries a word) and returns exactly what the
// Go code's two divstepsPacked calls return. It differs from the Go code in
// how a step is computed, not in what it computes:
//
//   - g is not halved at each step: the kernel keeps G = 2^i·g and F =
//     2^i·f (F doubles instead), so step i tests bit i of G, a shift by a
//     constant of the fully unrolled code, and the chain from one step's g to
//     the next is a shift, an AND and a CMOV (3 cycles) instead of the Go
//     code's mask computation and masked add (5).
//   - the three cases (g even; g odd; g odd and delta > 0, the swap) are
//     selected with CMOV from candidates computed in parallel (g+f, g-f,
//     the packed rows' sum and difference, -zeta-2), about 17 ALU
//     instructions a step against the compiler's 24 for the masked form.
//
// Only CMOV (baseline amd64) is needed. There are no branches and no memory
// accesses besides the arguments: the kernel runs in constant time.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The registers of the step state and its temporaries.
var (
	f, g, uv, qr, zeta = RAX, RBX, RCX, RDX, RSI
	ta, ts, tqa, tqs   = RDI, R8, R9, R10
	zn, s, og, oqr     = R11, R12, R13, R14
)

// step emits divstep i of a half (G holds 2^i·g, so its bit i is g's low
// bit).
func step(i int) {
	Comment(fmt.Sprintf("divstep %d", i))
	// Candidates: g+f and qr+uv (g odd), g-f and qr-uv (swap), -zeta-2
	// (swap, after the common decrement).
	LEAQ(Mem{Base: g, Index: f, Scale: 1}, ta)
	MOVQ(g, ts)
	SUBQ(f, ts)
	LEAQ(Mem{Base: qr, Index: uv, Scale: 1}, tqa)
	MOVQ(qr, tqs)
	SUBQ(uv, tqs)
	MOVQ(zeta, zn)
	NOTQ(zn)
	MOVQ(g, og)
	MOVQ(qr, oqr)
	// SF = bit i of G: g is odd.
	MOVQ(g, s)
	SHLQ(U8(63-i), s)
	CMOVQMI(ta, g)
	CMOVQMI(tqa, qr)
	// SF = g odd and zeta < 0 (delta > 0): swap, f gets the old g.
	ANDQ(zeta, s)
	CMOVQMI(ts, g)
	CMOVQMI(tqs, qr)
	CMOVQMI(og, f)
	CMOVQMI(oqr, uv)
	CMOVQMI(zn, zeta)
	DECQ(zeta)
	// Double f's row (the Go code halves g instead).
	ADDQ(f, f)
	ADDQ(uv, uv)
}

// half emits n divsteps from the identity matrix (packed rows uv = 1, qr =
// 2^32) on F = f, G = g.
func half(n int) {
	MOVQ(U32(1), uv)
	MOVQ(U64(1<<32), qr)
	for i := range n {
		step(i)
	}
}

func main() {
	ConstraintExpr("gc,!purego")

	TEXT("divsteps59Asm", NOSPLIT, "func(zeta int64, f0, g0 uint64) (zetaOut int64, uv1, qr1, uv2, qr2 uint64)")
	Doc("divsteps59Asm runs the 59 divsteps of divsteps59 on the low 64 bits f0, g0",
		"of f and g, from zeta = -(delta + 1/2), as two halves of 30 and 29 steps,",
		"and returns the new zeta and each half's transition matrix, scaled by 2^30",
		"and 2^29 and packed as u + v·2^32, q + r·2^32: exactly what divstepsPacked",
		"returns for the same two halves. It runs in constant time.")
	Load(Param("zeta"), zeta)
	Load(Param("f0"), f)
	Load(Param("g0"), g)
	half(30)
	Store(uv, Return("uv1"))
	Store(qr, Return("qr1"))
	// F and G hold 2^30·f and 2^30·g: their low 34 bits after the shift are
	// exact, more than the 29 steps of the second half read.
	Comment("second half")
	SHRQ(U8(30), f)
	SHRQ(U8(30), g)
	half(29)
	Store(zeta, Return("zetaOut"))
	Store(uv, Return("uv2"))
	Store(qr, Return("qr2"))
	RET()

	Generate()
}
