// Command batchadd generates internal/ecmult's assembly for the
// batch-affine bucket additions of Pippenger's method (batchadd_amd64.s)
// and its Go declaration (batchadd_stubs_amd64.go) with avo. It is run by
// the //go:generate line in internal/ecmult/generate.go, from internal/asm:
//
//	go run ./ecmult/batchadd -out ../ecmult/batchadd_amd64.s -stubs ../ecmult/batchadd_stubs_amd64.go -pkg ecmult
//
// pairStepVarTimeAsm is one step of the backward pass of an addition round
// (reduceGroups in internal/ecmult/pippenger.go): the inverse of the pair's
// denominator from Montgomery's trick and the affine addition that uses
// it, with the field arithmetic inline (package fe64's emitters, as in
// internal/group's point operations) and no call inside. Every value is
// fully reduced, as in the Go code, and the function computes the same
// field elements as the Go step it replaces (pairStepGenericVarTime): the results
// are identical, which the tests check. Intermediate values live in the
// stack frame, and the outputs are written only after the last read of an
// input, so r may alias p or q.
//
// The Go types are passed as arrays of 64-bit words: Affine is X 0, Y 32,
// Infinity (bool) 64, size 72 = [9]uint64; a field element is [4]uint64.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/p256k1/secp256k1/internal/asm/fe64"
)

// Scratch registers of the field operations. SI and BX hold pointers; DX,
// R8..R15 and DI are fe64's.
var lo, hi = RAX, RCX

const (
	offX       = 0
	offY       = 32
	offAffInf  = 64
	fieldBytes = 32
)

func at(base GPPhysical, off int) Mem { return Mem{Base: base, Disp: off} }
func xOf(base GPPhysical) Mem         { return at(base, offX) }
func yOf(base GPPhysical) Mem         { return at(base, offY) }
func local() Mem                      { return AllocLocal(fieldBytes) }

func mul(a, b Mem) { fe64.Mul(a, b, lo, hi); fe64.Reduce(lo, hi) }
func sqr(a Mem)    { fe64.Square(a, lo, hi); fe64.Reduce(lo, hi) }
func load(a Mem)   { fe64.T.Load(a) }
func store(a Mem)  { fe64.T.Store(a) }
func sub(b Mem)    { fe64.Sub(fe64.T, fe64.Limbs(b), lo, hi) }

func main() {
	ConstraintExpr("gc,!purego")
	fe64.Brief = true
	pairStep()
	pairStep2()
	Generate()
}

// pairStep: given acc = the inverse of the product of the denominators of
// this pair and all pairs before it, and prev = the product of the
// denominators before it, sets r = p + q, acc = acc·(x_q - x_p) (the
// inverse of the product of those before it), for finite p and q with
// distinct x: 5M + 1S.
func pairStep() {
	TEXT("pairStepVarTimeAsm", NOSPLIT, "func(r, p, q *[9]uint64, acc, prev *[4]uint64) bool")
	Pragma("noescape")
	Doc("pairStepVarTimeAsm sets inv = acc·prev, acc = acc·(x_q - x_p) and",
		"r = p + q with the slope (y_q - y_p)·inv, and returns true; it returns",
		"false without writing anything if p or q is the point at infinity or",
		"x_p = x_q (a doubling or q = -p, which the Go code handles). r may alias",
		"p or q. It needs BMI2 and ADX. Execution time depends on the inputs.")
	D, N, INV, ACC, L, X3, t := local(), local(), local(), local(), local(), local(), local()
	p, q := RSI, RBX
	Load(Param("p"), p)
	Load(Param("q"), q)
	CMPB(at(p, offAffInf), U8(0))
	JNE(LabelRef("fail"))
	CMPB(at(q, offAffInf), U8(0))
	JNE(LabelRef("fail"))
	Comment("d = x_q - x_p; d = 0 is left to the Go code")
	load(xOf(q))
	sub(xOf(p))
	store(D)
	fe64.OrLimbs(lo, fe64.T.Ops())
	JEQ(LabelRef("fail"))
	Comment("n = y_q - y_p")
	load(yOf(q))
	sub(yOf(p))
	store(N)
	Comment("inv = acc·prev, acc' = acc·d")
	Load(Param("acc"), q)
	Load(Param("prev"), p)
	mul(at(q, 0), at(p, 0))
	store(INV)
	mul(at(q, 0), D)
	store(ACC)
	Comment("λ = n·inv, x3 = λ² - x_p - x_q")
	mul(N, INV)
	store(L)
	Load(Param("p"), p)
	Load(Param("q"), q)
	sqr(L)
	sub(xOf(p))
	sub(xOf(q))
	store(X3)
	Comment("y3 = λ·(x_p - x3) - y_p (the last read of p)")
	load(xOf(p))
	sub(X3)
	store(t)
	mul(L, t)
	sub(yOf(p))
	Comment("Write r and acc")
	r := RSI
	Load(Param("r"), r)
	store(yOf(r))
	load(X3)
	store(xOf(r))
	MOVB(U8(0), at(r, offAffInf))
	Load(Param("acc"), q)
	load(ACC)
	store(at(q, 0))
	MOVB(U8(1), NewParamAddr("ret", 40))
	RET()
	Label("fail")
	MOVB(U8(0), NewParamAddr("ret", 40))
	RET()
}

// failIfInfinity branches to "fail" if the Infinity flag of the point at
// base is set.
func failIfInfinity(base GPPhysical) {
	CMPB(at(base, offAffInf), U8(0))
	JNE(LabelRef("fail"))
}

// pairStep2: two pairStep calls in one, a's first, their independent
// operations interleaved so that the CPU overlaps them (a pair's own
// operations mostly wait for each other): 10M + 2S. The sums are written
// over the first points of the pairs.
func pairStep2() {
	TEXT("pairStep2VarTimeAsm", NOSPLIT, "func(pa, qa, pb, qb *[9]uint64, acc, preva, prevb *[4]uint64) bool")
	Pragma("noescape")
	Doc("pairStep2VarTimeAsm is pairStepVarTimeAsm(pa, pa, qa, acc, preva) then",
		"pairStepVarTimeAsm(pb, pb, qb, acc, prevb), and returns true; it returns",
		"false without writing anything if either pair is not the common case.",
		"The four points must not overlap. It needs BMI2 and ADX. Execution time",
		"depends on the inputs.")
	Da, Db, Na, Nb, INVa, INVb, ACC1, ACC2 := local(), local(), local(), local(), local(), local(), local(), local()
	La, Lb, X3a, X3b, ta, tb := local(), local(), local(), local(), local(), local()
	p, q := RSI, RBX
	loadA := func() { Load(Param("pa"), p); Load(Param("qa"), q) }
	loadB := func() { Load(Param("pb"), p); Load(Param("qb"), q) }
	Comment("The checks come first: nothing is written before both pairs pass")
	loadA()
	failIfInfinity(p)
	failIfInfinity(q)
	load(xOf(q))
	sub(xOf(p))
	store(Da)
	fe64.OrLimbs(lo, fe64.T.Ops())
	JEQ(LabelRef("fail"))
	load(yOf(q))
	sub(yOf(p))
	store(Na)
	loadB()
	failIfInfinity(p)
	failIfInfinity(q)
	load(xOf(q))
	sub(xOf(p))
	store(Db)
	fe64.OrLimbs(lo, fe64.T.Ops())
	JEQ(LabelRef("fail"))
	load(yOf(q))
	sub(yOf(p))
	store(Nb)
	Comment("inv_a = acc·prev_a, acc1 = acc·d_a, inv_b = acc1·prev_b, acc2 = acc1·d_b")
	Load(Param("acc"), q)
	Load(Param("preva"), p)
	mul(at(q, 0), at(p, 0))
	store(INVa)
	mul(at(q, 0), Da)
	store(ACC1)
	Load(Param("prevb"), p)
	mul(ACC1, at(p, 0))
	store(INVb)
	mul(ACC1, Db)
	store(ACC2)
	Comment("λ = n·inv, x3 = λ² - x_p - x_q, both pairs")
	mul(Na, INVa)
	store(La)
	mul(Nb, INVb)
	store(Lb)
	loadA()
	sqr(La)
	sub(xOf(p))
	sub(xOf(q))
	store(X3a)
	loadB()
	sqr(Lb)
	sub(xOf(p))
	sub(xOf(q))
	store(X3b)
	Comment("y3 = λ·(x_p - x3) - y_p, both pairs")
	load(xOf(p))
	sub(X3b)
	store(tb)
	Load(Param("pa"), p)
	load(xOf(p))
	sub(X3a)
	store(ta)
	mul(La, ta)
	sub(yOf(p))
	Comment("Write p_a, then p_b, then acc")
	store(yOf(p))
	load(X3a)
	store(xOf(p))
	MOVB(U8(0), at(p, offAffInf))
	Load(Param("pb"), p)
	mul(Lb, tb)
	sub(yOf(p))
	store(yOf(p))
	load(X3b)
	store(xOf(p))
	MOVB(U8(0), at(p, offAffInf))
	Load(Param("acc"), q)
	load(ACC2)
	store(at(q, 0))
	MOVB(U8(1), NewParamAddr("ret", 56))
	RET()
	Label("fail")
	MOVB(U8(0), NewParamAddr("ret", 56))
	RET()
}
