// Command amd64 generates internal/modinv's amd64 assembly (modinv_amd64.s)
// and its Go declarations (modinv_stubs_amd64.go) with avo. It is run by
// the //go:generate line in internal/modinv/generate.go, from internal/asm:
//
//	go run ./modinv/amd64 -out ../modinv/modinv_amd64.s -stubs ../modinv/modinv_stubs_amd64.go -pkg modinv
//
// divsteps59Asm runs the 59 constant-time divsteps of
// internal/modinv's divsteps59 (two halves of 30 and 29, each collecting its
// transition matrix packed two entries a word) and returns exactly what the
// Go code's two divstepsPacked calls return. It differs from the Go code in
// how a step is computed, not in what it computes:
//
//   - g is not halved at each step: the kernel keeps G = 2^i·g and F =
//     2^i·f (F doubles instead), so step i tests bit i of G, a shift by a
//     constant of the fully unrolled code, and the chain from one step's g to
//     the next is a shift, an AND and a CMOV (3 cycles of latency; about 4
//     a step measured on Zen 5, 6 for the compiled Go code) instead of the
//     Go code's mask computation and masked add (5).
//   - the three cases (g even; g odd; g odd and delta > 0, the swap) are
//     selected with CMOV from candidates computed in parallel (g+f, g-f,
//     the packed rows' sum and difference, -zeta-2), about 17 ALU
//     instructions a step against the compiler's 24 for the masked form.
//
// updateFGAsm and updateDEAsm apply a batch's transition matrix to f, g and
// to d, e as updateFG and updateDE do, with the signed 64×64→128-bit
// multiplication (one-operand IMUL) in place of the Go code's unsigned one
// and its sign corrections; updateDEAsm multiplies by every limb of the
// modulus, zero or not.
//
// Only CMOV and IMUL (baseline amd64) are needed. There are no branches, and
// the only memory accesses are to the arguments at fixed offsets: the
// kernels run in constant time.
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

	updateFG()
	updateDE()
	Generate()
}

// acc is a signed 128-bit accumulator (hi, lo) in two registers.
type acc struct{ lo, hi GPPhysical }

// mac adds the signed product a·b to c; a is a register, b a register or
// memory operand. It clobbers AX and DX.
func mac(c acc, a GPPhysical, b Op, first bool) {
	MOVQ(a, RAX)
	IMULQ(b)
	if first {
		MOVQ(RAX, c.lo)
		MOVQ(RDX, c.hi)
		return
	}
	ADDQ(RAX, c.lo)
	ADCQ(RDX, c.hi)
}

// sum2 sets c to a1·b1 + a2·b2 when first, else adds it.
func sum2(c acc, a1 GPPhysical, b1 Op, a2 GPPhysical, b2 Op, first bool) {
	mac(c, a1, b1, first)
	mac(c, a2, b2, false)
}

// shr62 shifts c right by 62 bits (arithmetically): lo = lo>>62 | hi<<2
// (the two parts do not overlap, so LEA adds them), hi >>= 62.
func shr62(c acc) {
	SHRQ(U8(62), c.lo)
	LEAQ(Mem{Base: c.lo, Index: c.hi, Scale: 4}, c.lo)
	SARQ(U8(62), c.hi)
}

// storeLow62 stores the low 62 bits of c.lo (mask in mask) at m, through tmp.
func storeLow62(c acc, mask, tmp GPPhysical, m Mem) {
	MOVQ(c.lo, tmp)
	ANDQ(mask, tmp)
	MOVQ(tmp, m)
}

func limb(base GPPhysical, i int) Mem { return Mem{Base: base, Disp: 8 * i} }

// updateFG emits updateFGAsm: [f, g] = t·[f, g] / 2^62 on five limbs.
func updateFG() {
	TEXT("updateFGAsm", NOSPLIT, "func(fp, gp *[5]int64, u, v, q, r int64)")
	Pragma("noescape")
	Doc("updateFGAsm is updateFG on the signed62 words of f and g (at fp, gp;",
		"g names a register in Go assembly): [f, g] = t·[f, g] / 2^62 with",
		"t = [u v; q r]. It runs in constant time.")
	fp, gp := RDI, RSI
	u, v, q, r := R8, R9, R10, R11
	cf, cg := acc{R12, R13}, acc{R14, R15}
	mask, tmp := RBX, RCX
	Load(Param("fp"), fp)
	Load(Param("gp"), gp)
	Load(Param("u"), u)
	Load(Param("v"), v)
	Load(Param("q"), q)
	Load(Param("r"), r)
	MOVQ(U64(1<<62-1), mask)
	sum2(cf, u, limb(fp, 0), v, limb(gp, 0), true)
	sum2(cg, q, limb(fp, 0), r, limb(gp, 0), true)
	shr62(cf)
	shr62(cg)
	for i := 1; i < 5; i++ {
		Comment(fmt.Sprintf("limb %d", i))
		sum2(cf, u, limb(fp, i), v, limb(gp, i), false)
		sum2(cg, q, limb(fp, i), r, limb(gp, i), false)
		storeLow62(cf, mask, tmp, limb(fp, i-1))
		storeLow62(cg, mask, tmp, limb(gp, i-1))
		shr62(cf)
		shr62(cg)
	}
	MOVQ(cf.lo, limb(fp, 4))
	MOVQ(cg.lo, limb(gp, 4))
	RET()
}

// storeLow62AX stores the low 62 bits of c.lo at m, through AX (shifting
// the top two bits out instead of masking, which would need a register).
func storeLow62AX(c acc, m Mem) {
	MOVQ(c.lo, RAX)
	SHLQ(U8(2), RAX)
	SHRQ(U8(2), RAX)
	MOVQ(RAX, m)
}

// updateDE emits updateDEAsm: [d, e] = t·[d, e] / 2^62 mod m.
func updateDE() {
	TEXT("updateDEAsm", NOSPLIT, "func(d, e *[5]int64, u, v, q, r int64, bal *[5]int64, inv62 uint64)")
	Pragma("noescape")
	Doc("updateDEAsm is Modulus.updateDE on the signed62 words of d and e, for",
		"the modulus with balanced limbs bal and inverse inv62 mod 2^62: [d, e] =",
		"t·[d, e] / 2^62 mod m with t = [u v; q r], a multiple of m added so that",
		"the division is exact. It multiplies by every limb of bal, zero or not",
		"(the Go code skips the zero ones, which changes nothing in the result).",
		"It runs in constant time.")
	dp, ep := RDI, RSI
	u, v, q, r := R8, R9, R10, R11
	cd, ce := acc{R12, R13}, acc{R14, R15}
	md, me := RBX, RCX
	Load(Param("d"), dp)
	Load(Param("e"), ep)
	Load(Param("u"), u)
	Load(Param("v"), v)
	Load(Param("q"), q)
	Load(Param("r"), r)

	Comment("md = u (d < 0) + v (e < 0), me = q (d < 0) + r (e < 0)")
	MOVQ(limb(dp, 4), RAX)
	SARQ(U8(63), RAX)
	MOVQ(u, md)
	ANDQ(RAX, md)
	MOVQ(q, me)
	ANDQ(RAX, me)
	MOVQ(limb(ep, 4), RAX)
	SARQ(U8(63), RAX)
	MOVQ(v, RDX)
	ANDQ(RAX, RDX)
	ADDQ(RDX, md)
	MOVQ(r, RDX)
	ANDQ(RAX, RDX)
	ADDQ(RDX, me)

	Comment("limb 0")
	sum2(cd, u, limb(dp, 0), v, limb(ep, 0), true)
	sum2(ce, q, limb(dp, 0), r, limb(ep, 0), true)
	Comment("md -= (inv62·cd + md) mod 2^62, me likewise: the sums become divisible by 2^62")
	for _, x := range []struct {
		c acc
		m GPPhysical
	}{{cd, md}, {ce, me}} {
		Load(Param("inv62"), RAX)
		IMULQ(x.c.lo, RAX)
		ADDQ(x.m, RAX)
		SHLQ(U8(2), RAX)
		SHRQ(U8(2), RAX)
		SUBQ(RAX, x.m)
	}
	balMac := func(c acc, m GPPhysical, i int) {
		Load(Param("bal"), RAX)
		MOVQ(limb(RAX, i), RAX)
		IMULQ(m)
		ADDQ(RAX, c.lo)
		ADCQ(RDX, c.hi)
	}
	balMac(cd, md, 0)
	balMac(ce, me, 0)
	shr62(cd)
	shr62(ce)
	for i := 1; i < 5; i++ {
		Comment(fmt.Sprintf("limb %d", i))
		sum2(cd, u, limb(dp, i), v, limb(ep, i), false)
		sum2(ce, q, limb(dp, i), r, limb(ep, i), false)
		balMac(cd, md, i)
		balMac(ce, me, i)
		storeLow62AX(cd, limb(dp, i-1))
		storeLow62AX(ce, limb(ep, i-1))
		shr62(cd)
		shr62(ce)
	}
	MOVQ(cd.lo, limb(dp, 4))
	MOVQ(ce.lo, limb(ep, 4))
	RET()
}
