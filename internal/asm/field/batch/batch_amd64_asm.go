// Command batch generates internal/field's amd64 batch kernels
// (batch_amd64.s) and their Go declarations (batch_stubs_amd64.go) with
// avo. It is run by the //go:generate line in internal/field/generate.go,
// from internal/asm:
//
//	go run ./field/batch -out ../field/batch_amd64.s -stubs ../field/batch_stubs_amd64.go -pkg field
//
// sqrt4VarTimeAsm computes four square roots at once: the addition chain of
// Element.Sqrt (a^((p+1)/4): 253 squarings and 13 multiplications) run on
// four independent inputs, each step emitted for the four lanes one after
// the other. A single square root is bound by the latency of its squarings
// (each needs the previous one); four independent chains keep the
// multiplier busy with the other lanes meanwhile, so the CPU's out-of-order
// engine runs them at the throughput of the instructions instead. The
// intermediate values are lazily reduced (fe64.ReduceLazy: below 2^256, not
// necessarily below p), which saves a third of the reduction's
// instructions; the roots are made canonical at the end, squared again and
// compared with the inputs. The lanes live in the stack frame.
//
// The kernel needs BMI2 (MULX) and ADX (ADCX/ADOX); internal/field calls it
// only when useADX is set. It has no branch on the data (the only branches
// are the loops over the fixed lengths of the chain), although the Go
// function that uses it promises only variable time.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/p256k1/secp256k1/internal/asm/fe64"
)

// lanes is the number of interleaved chains.
const lanes = 4

// Scratch registers of the field operations; SI holds the input pointer
// and BX the loop counter (DX, R8..R15 and DI are fe64's).
var lo, hi = RAX, RCX

// vec is a field element per lane in the stack frame (or behind a
// pointer): lane j at offset 32·j.
type vec Mem

func (v vec) lane(j int) Mem { return Mem(v).Offset(32 * j) }

func newVec() vec { return vec(AllocLocal(32 * lanes)) }

// sqrLazy and mulLazy leave the lazily reduced result in T.
func sqrLazy(a Mem)    { fe64.Square(a, lo, hi); fe64.ReduceLazy(lo, hi) }
func mulLazy(a, b Mem) { fe64.Mul(a, b, lo, hi); fe64.ReduceLazy(lo, hi) }

// mulVec sets dst = a·b in every lane.
func mulVec(dst, a, b vec) {
	for j := range lanes {
		mulLazy(a.lane(j), b.lane(j))
		fe64.T.Store(dst.lane(j))
	}
}

// copyVec sets dst = src in every lane.
func copyVec(dst, src vec) {
	for j := range lanes {
		fe64.T.Load(src.lane(j))
		fe64.T.Store(dst.lane(j))
	}
}

var loops int

// sqrNVec sets t = t^(2^n) in every lane: a loop of n steps, each one
// squaring of every lane.
func sqrNVec(t vec, n int) {
	Commentf("%d squarings of each lane", n)
	label := fmt.Sprintf("sqr%d", loops)
	loops++
	MOVQ(U32(n), RBX)
	Label(label)
	for j := range lanes {
		sqrLazy(t.lane(j))
		fe64.T.Store(t.lane(j))
	}
	DECQ(RBX)
	JNZ(LabelRef(label))
}

func main() {
	ConstraintExpr("gc,!purego")
	fe64.Brief = true
	sqrt4()
	lazyKernels()
	Generate()
}

func sqrt4() {
	TEXT("sqrt4VarTimeAsm", NOSPLIT, "func(out, in *[4][4]uint64) int")
	Pragma("noescape")
	Doc("sqrt4VarTimeAsm sets out[j] = in[j]^((p+1)/4) mod p, fully reduced, for",
		"j = 0..3, and returns a mask whose bit j is set if out[j]² = in[j] (in[j]",
		"is a square). The inputs must be fully reduced; out may alias in. It",
		"needs BMI2 and ADX. Its running time does not depend on the inputs.")
	x2, x3, x11, x22, x44, t := newVec(), newVec(), newVec(), newVec(), newVec(), newVec()
	x88 := x11 // x11 is dead once x22 is known
	in := RSI
	Load(Param("in"), in)
	a := vec(Mem{Base: in})

	Comment("The addition chain of Element.Sqrt (internal/field/chain.go), lane by lane.")
	Comment("x2 = a^(2^2-1), x3 = a^(2^3-1)")
	for j := range lanes {
		sqrLazy(a.lane(j))
		fe64.T.Store(t.lane(j))
	}
	mulVec(x2, t, a)
	for j := range lanes {
		sqrLazy(x2.lane(j))
		fe64.T.Store(t.lane(j))
	}
	mulVec(x3, t, a)
	Comment("x6 = x3^(2^3)·x3, x9 = x6^(2^3)·x3, x11 = x9^(2^2)·x2")
	copyVec(t, x3)
	sqrNVec(t, 3)
	mulVec(t, t, x3)
	sqrNVec(t, 3)
	mulVec(t, t, x3)
	sqrNVec(t, 2)
	mulVec(x11, t, x2)
	Comment("x22 = x11^(2^11)·x11, x44 = x22^(2^22)·x22, x88 = x44^(2^44)·x44")
	copyVec(t, x11)
	sqrNVec(t, 11)
	mulVec(x22, t, x11)
	copyVec(t, x22)
	sqrNVec(t, 22)
	mulVec(x44, t, x22)
	copyVec(t, x44)
	sqrNVec(t, 44)
	mulVec(x88, t, x44)
	Comment("x176 = x88^(2^88)·x88, x220 = x176^(2^44)·x44, x223 = x220^(2^3)·x3")
	copyVec(t, x88)
	sqrNVec(t, 88)
	mulVec(t, t, x88)
	sqrNVec(t, 44)
	mulVec(t, t, x44)
	sqrNVec(t, 3)
	mulVec(t, t, x3)
	Comment("r = ((x223^(2^23)·x22)^(2^6)·x2)^(2^2)")
	sqrNVec(t, 23)
	mulVec(t, t, x22)
	sqrNVec(t, 6)
	mulVec(t, t, x2)
	sqrNVec(t, 2)

	Comment("Each root made canonical and written to out; then its square (canonical)")
	Comment("compared with the input: bit j of the result (BX) is set if they are equal.")
	Comment("The input is read before out is written, since out may alias in.")
	XORQ(RBX, RBX)
	for j := range lanes {
		fe64.T.Load(t.lane(j))
		fe64.Canonical(fe64.T, fe64.U, lo, hi)
		fe64.T.Store(t.lane(j))
		sqrLazy(t.lane(j))
		fe64.Canonical(fe64.T, fe64.U, lo, hi)
		for i, r := range fe64.T {
			XORQ(fe64.Limb(a.lane(j), i), r)
		}
		fe64.OrLimbs(lo, fe64.T.Ops())
		MOVL(U32(0), lo.As32()) // MOV leaves the flags alone
		SETEQ(lo.As8())
		if j > 0 {
			SHLQ(U8(j), lo)
		}
		ORQ(lo, RBX)
	}
	out := RSI
	Load(Param("out"), out)
	for j := range lanes {
		fe64.T.Load(t.lane(j))
		fe64.T.Store(Mem{Base: out}.Offset(32 * j))
	}
	Store(RBX, ReturnIndex(0))
	RET()
}

// lazyKernels emits a multiplication and a squaring with the lazy
// reduction of sqrt4VarTimeAsm, each on its own, for the tests: they drive
// the lazy second fold down both of its paths with chosen inputs, which
// the square root's chain cannot be made to reach.
func lazyKernels() {
	TEXT("feMulLazyAsm", NOSPLIT, "func(v, a, b *[4]uint64)")
	Pragma("noescape")
	Doc("feMulLazyAsm sets v to a value below 2^256 congruent to a·b modulo p,",
		"with the lazy reduction of sqrt4VarTimeAsm. a and b may be any 256-bit",
		"values. It needs BMI2 and ADX. For the tests.")
	Load(Param("a"), RSI)
	Load(Param("b"), RBX)
	mulLazy(Mem{Base: RSI}, Mem{Base: RBX})
	Load(Param("v"), RSI)
	fe64.T.Store(Mem{Base: RSI})
	RET()

	TEXT("feSquareLazyAsm", NOSPLIT, "func(v, a *[4]uint64)")
	Pragma("noescape")
	Doc("feSquareLazyAsm sets v to a value below 2^256 congruent to a² modulo p,",
		"with the lazy reduction of sqrt4VarTimeAsm. a may be any 256-bit value.",
		"It needs BMI2 and ADX. For the tests.")
	Load(Param("a"), RSI)
	sqrLazy(Mem{Base: RSI})
	Load(Param("v"), RSI)
	fe64.T.Store(Mem{Base: RSI})
	RET()

	TEXT("feCanonicalAsm", NOSPLIT, "func(v *[4]uint64)")
	Pragma("noescape")
	Doc("feCanonicalAsm sets v to v mod p, for any 256-bit v (fe64.Canonical,",
		"which sqrt4VarTimeAsm applies to its roots). For the tests.")
	Load(Param("v"), RSI)
	fe64.T.Load(Mem{Base: RSI})
	fe64.Canonical(fe64.T, fe64.U, lo, hi)
	fe64.T.Store(Mem{Base: RSI})
	RET()
}
