// Command group generates internal/group's amd64 assembly (point_amd64.s)
// and its Go declarations (point_stubs_amd64.go) with avo: whole point
// operations, in the manner of Go's crypto/internal/fips140/nistec
// (p256PointAddAsm and friends). It is run by the //go:generate line in
// internal/group/generate.go, from internal/asm:
//
//	go run ./group -out ../group/point_amd64.s -stubs ../group/point_stubs_amd64.go -pkg group
//
// Each function computes one formula of internal/group (jacobian.go,
// jacobian_ct.go, projective.go) with the field arithmetic inline: the
// multiplications, squarings and reductions of package fe64 (the emitters
// of internal/field's kernels) and additions, subtractions, negations and
// halvings in registers, with no call inside. Intermediate values live in
// the function's stack frame; the inputs are read through their pointers
// and the outputs are written only after the last read of an input, so the
// receiver may alias any argument. Every value is fully reduced, as in the
// Go code, and each function computes the same field elements as the Go
// method it replaces: the results are identical, which the tests check.
//
// The functions need BMI2 (MULX) and ADX (ADCX/ADOX); internal/group calls
// them only when usePointAsm is set. The Go types are passed as arrays of
// 64-bit words, with these layouts (TestPointLayout in internal/group):
//
//	Jacobian   X 0, Y 32, Z 64, Infinity (bool) 96, size 104 = [13]uint64
//	Affine     X 0, Y 32, Infinity (bool) 64, size 72 = [9]uint64
//	Projective X 0, Y 32, Z 64, size 96 = [12]uint64
//
// The constant-time functions (jacobianDoubleAsm, jacobianAddAffineAsm,
// projectiveAddAffineAsm) have no branch at all; their selections are CMOVs.
// The variable-time ones branch on the infinity flags and on H = 0, and
// return false without writing anything in those cases, so that the Go
// method handles them.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/p256k1/secp256k1/internal/asm/fe64"
)

// Scratch registers of the field operations. SI and BX hold the pointers to
// the inputs and outputs; DX, R8..R15 and DI are fe64's.
var lo, hi = RAX, RCX

// Offsets of the coordinates in the Go types.
const (
	offX       = 0
	offY       = 32
	offZ       = 64
	offJacInf  = 96
	offAffInf  = 64
	fieldBytes = 32
)

func at(base GPPhysical, off int) Mem { return Mem{Base: base, Disp: off} }

// Point coordinates at the address in base.
func xOf(base GPPhysical) Mem { return at(base, offX) }
func yOf(base GPPhysical) Mem { return at(base, offY) }
func zOf(base GPPhysical) Mem { return at(base, offZ) }

// local allocates a field element in the stack frame.
func local() Mem { return AllocLocal(fieldBytes) }

// The accumulator operations: T is fe64's accumulator.
func mul(a, b Mem) { fe64.Mul(a, b, lo, hi); fe64.Reduce(lo, hi) }
func sqr(a Mem)    { fe64.Square(a, lo, hi); fe64.Reduce(lo, hi) }
func load(a Mem)   { fe64.T.Load(a) }
func store(a Mem)  { fe64.T.Store(a) }
func add(b Mem)    { fe64.Add(fe64.T, fe64.Limbs(b), fe64.U, lo, hi) }
func sub(b Mem)    { fe64.Sub(fe64.T, fe64.Limbs(b), lo, hi) }
func dbl()         { fe64.Double(fe64.T, fe64.U, lo, hi) }
func neg()         { fe64.Negate(fe64.T, fe64.U, lo, hi) }
func half()        { fe64.Halve(fe64.T, lo, hi) }

// copyElement copies the field element at src to dst through T.
func copyElement(dst, src Mem) { load(src); store(dst) }

// setInfinityFlag sets the bool at flag to whether the field element at z
// is zero (the Go code's Infinity = Z.IsZero() == 1).
func setInfinityFlag(flag, z Mem) {
	fe64.OrLimbs(lo, fe64.Limbs(z))
	SETEQ(flag)
}

// returnBool stores b as the function's bool result and returns.
func returnBool(b bool) {
	v := 0
	if b {
		v = 1
	}
	MOVB(U8(v), NewParamAddr("ret", retOffset))
	RET()
}

// retOffset is the frame offset of the bool result of the current function
// (after its pointer arguments).
var retOffset int

func main() {
	ConstraintExpr("gc,!purego")
	fe64.Brief = true
	double()
	addMixedVarTime()
	addZInvVarTime()
	addMixedZRatioVarTime()
	addAffine()
	projectiveAddAffine()
	Generate()
}

// double: Jacobian.Double and Jacobian.DoubleVarTime (finite q), the
// "dbl-2009-l" formulas, 2M + 5S. Constant time.
func double() {
	TEXT("jacobianDoubleAsm", NOSPLIT, "func(p, q *[13]uint64)")
	Pragma("noescape")
	Doc("jacobianDoubleAsm sets p = 2·q (Jacobian.Double: dbl-2009-l, Infinity = Z3 == 0).",
		"It needs BMI2 and ADX, and runs in constant time.")
	A, B, C, D, E, X3, Z3, t := local(), local(), local(), local(), local(), local(), local(), local()
	q := RSI
	Load(Param("q"), q)
	Comment("The order lets independent operations follow each other, so that the")
	Comment("CPU overlaps them: each input was computed at least one operation earlier.")
	Comment("B = Y1²")
	sqr(yOf(q))
	store(B)
	Comment("A = X1²")
	sqr(xOf(q))
	store(A)
	Comment("Z3 = 2·Y1·Z1")
	mul(yOf(q), zOf(q))
	dbl()
	store(Z3)
	Comment("C = B²")
	sqr(B)
	store(C)
	Comment("D = (X1 + B)² (the last read of q), E = 3A")
	load(xOf(q))
	add(B)
	store(t)
	sqr(t)
	store(D)
	load(A)
	dbl()
	add(A)
	store(E)
	Comment("X3 = E² - 2D with D = 2((X1 + B)² - A - C)")
	load(D)
	sub(A)
	sub(C)
	dbl()
	store(D)
	sqr(E)
	sub(D)
	sub(D)
	store(X3)
	Comment("Y3 = E·(D - X3) - 8C, written to p")
	load(D)
	sub(X3)
	store(t)
	load(C)
	dbl()
	dbl()
	dbl()
	store(C)
	mul(E, t)
	sub(C)
	p := RSI
	Load(Param("p"), p)
	store(yOf(p))
	copyElement(xOf(p), X3)
	copyElement(zOf(p), Z3)
	setInfinityFlag(at(p, offJacInf), zOf(p))
	RET()
}

// failIfSet branches to "fail" if the Infinity flag at flag is set.
func failIfSet(flag Mem) {
	CMPB(flag, U8(0))
	JNE(LabelRef("fail"))
}

// failIfZero branches to "fail" if T is zero (variable time).
func failIfZero() {
	fe64.OrLimbs(lo, fe64.T.Ops())
	JEQ(LabelRef("fail"))
}

// addMixedVarTime: Jacobian.AddMixedVarTime for finite q and a with
// H ≠ 0, the "madd-2007-bl" formulas, 7M + 4S.
func addMixedVarTime() {
	TEXT("jacobianAddMixedVarTimeAsm", NOSPLIT, "func(p, q *[13]uint64, a *[9]uint64) bool")
	Pragma("noescape")
	Doc("jacobianAddMixedVarTimeAsm sets p = q + a (Jacobian.AddMixedVarTime:",
		"madd-2007-bl, Infinity = Z3 == 0) and returns true, or returns false",
		"without writing p if q or a is the point at infinity or H = U2 - X1 is",
		"zero (q = ±a). It needs BMI2 and ADX. Execution time depends on the inputs.")
	retOffset = 24
	Z1Z1, H, R, R2, HH, I, J, V, Z3, Y1J, X3, t := local(), local(), local(), local(), local(), local(), local(), local(), local(), local(), local(), local()
	q, a := RSI, RBX
	Load(Param("q"), q)
	Load(Param("a"), a)
	failIfSet(at(a, offAffInf))
	failIfSet(at(q, offJacInf))
	Comment("The order lets independent operations follow each other (see double).")
	Comment("Z1Z1 = Z1², t = Y2·Z1")
	sqr(zOf(q))
	store(Z1Z1)
	mul(yOf(a), zOf(q))
	store(t)
	Comment("H = X2·Z1Z1 - X1; H = 0 is left to the Go code")
	mul(xOf(a), Z1Z1)
	sub(xOf(q))
	store(H)
	failIfZero()
	Comment("r = 2(t·Z1Z1 - Y1)")
	mul(t, Z1Z1)
	sub(yOf(q))
	dbl()
	store(R)
	Comment("HH = H², (Z1 + H)², r²")
	sqr(H)
	store(HH)
	load(zOf(q))
	add(H)
	store(t)
	sqr(t)
	store(Z3)
	sqr(R)
	store(R2)
	Comment("I = 4·HH, J = H·I, V = X1·I")
	load(HH)
	dbl()
	dbl()
	store(I)
	mul(H, I)
	store(J)
	mul(xOf(q), I)
	store(V)
	Comment("Z3 = (Z1 + H)² - Z1Z1 - HH")
	load(Z3)
	sub(Z1Z1)
	sub(HH)
	store(Z3)
	Comment("2·Y1·J (the last read of q)")
	mul(yOf(q), J)
	dbl()
	store(Y1J)
	Comment("X3 = r² - J - 2V")
	load(R2)
	sub(J)
	sub(V)
	sub(V)
	store(X3)
	Comment("Y3 = r·(V - X3) - 2·Y1·J, written to p")
	load(V)
	sub(X3)
	store(t)
	mul(R, t)
	sub(Y1J)
	p := RSI
	Load(Param("p"), p)
	store(yOf(p))
	copyElement(xOf(p), X3)
	copyElement(zOf(p), Z3)
	setInfinityFlag(at(p, offJacInf), zOf(p))
	returnBool(true)
	Label("fail")
	returnBool(false)
}

// addZInvVarTime: Jacobian.AddZInvVarTime for finite q and b with H ≠ 0
// (libsecp256k1's gej_add_zinv_var), 9M + 3S.
func addZInvVarTime() {
	TEXT("jacobianAddZInvVarTimeAsm", NOSPLIT, "func(p, q *[13]uint64, b *[9]uint64, bzinv *[4]uint64) bool")
	Pragma("noescape")
	Doc("jacobianAddZInvVarTimeAsm sets p = q + b with b's Z = 1/bzinv in q's",
		"coordinates (Jacobian.AddZInvVarTime, Infinity = Z3 == 0) and returns",
		"true, or returns false without writing p if q or b is the point at",
		"infinity or H is zero. It needs BMI2 and ADX. Execution time depends on",
		"the inputs.")
	retOffset = 32
	AZ, Z12, H, R, R2, HH, HHH, V, TY, Z3, X3, t := local(), local(), local(), local(), local(), local(), local(), local(), local(), local(), local(), local()
	q, b := RSI, RBX
	Load(Param("q"), q)
	Load(Param("b"), b)
	failIfSet(at(b, offAffInf))
	failIfSet(at(q, offJacInf))
	Comment("az = Z1·bzinv, z12 = az²")
	Load(Param("bzinv"), b)
	mul(zOf(q), at(b, 0))
	store(AZ)
	sqr(AZ)
	store(Z12)
	Load(Param("b"), b)
	Comment("H = X2·z12 - X1; H = 0 is left to the Go code; t = Y2·z12")
	mul(xOf(b), Z12)
	sub(xOf(q))
	store(H)
	failIfZero()
	mul(yOf(b), Z12)
	store(t)
	Comment("r = t·az - Y1")
	mul(t, AZ)
	sub(yOf(q))
	store(R)
	hFormulas(q, H, R, R2, HH, HHH, V, TY, Z3, X3, t)
	p := RSI
	Load(Param("p"), p)
	store(yOf(p))
	copyElement(xOf(p), X3)
	copyElement(zOf(p), Z3)
	setInfinityFlag(at(p, offJacInf), zOf(p))
	returnBool(true)
	Label("fail")
	returnBool(false)
}

// hFormulas computes, from H and r, the rest of the "add-1998-cmo-2"-style
// additions of AddZInvVarTime and AddMixedZRatioVarTime: Z3 = Z1·H in Z3,
// X3 = r² - H³ - 2·X1·H² in X3 and Y3 = r·(X1·H² - X3) - Y1·H³ in T.
func hFormulas(q GPPhysical, H, R, R2, HH, HHH, V, TY, Z3, X3, t Mem) {
	Comment("HH = H², r², Z3 = Z1·H, HHH = H·HH, V = X1·HH, Y1·HHH")
	sqr(H)
	store(HH)
	sqr(R)
	store(R2)
	mul(zOf(q), H)
	store(Z3)
	mul(H, HH)
	store(HHH)
	mul(xOf(q), HH)
	store(V)
	mul(yOf(q), HHH)
	store(TY)
	Comment("X3 = r² - HHH - 2V")
	load(R2)
	sub(HHH)
	sub(V)
	sub(V)
	store(X3)
	Comment("Y3 = r·(V - X3) - Y1·HHH")
	load(V)
	sub(X3)
	store(t)
	mul(R, t)
	sub(TY)
}

// addMixedZRatioVarTime: Jacobian.AddMixedZRatioVarTime ("add-1998-cmo-2"),
// 8M + 3S.
func addMixedZRatioVarTime() {
	TEXT("jacobianAddMixedZRatioVarTimeAsm", NOSPLIT, "func(p, q *[13]uint64, a *[9]uint64, zr *[4]uint64) bool")
	Pragma("noescape")
	Doc("jacobianAddMixedZRatioVarTimeAsm is Jacobian.AddMixedZRatioVarTime: it",
		"sets p = q + a and zr = Z3/Z1 = H and returns true, or returns false",
		"without writing p or zr if q or a is the point at infinity or H is zero.",
		"It needs BMI2 and ADX. Execution time depends on the inputs.")
	retOffset = 32
	Z1Z1, H, R, R2, HH, HHH, V, TY, Z3, X3, t := local(), local(), local(), local(), local(), local(), local(), local(), local(), local(), local()
	q, a := RSI, RBX
	Load(Param("q"), q)
	Load(Param("a"), a)
	failIfSet(at(q, offJacInf))
	failIfSet(at(a, offAffInf))
	Comment("Z1Z1 = Z1², t = Y2·Z1")
	sqr(zOf(q))
	store(Z1Z1)
	mul(yOf(a), zOf(q))
	store(t)
	Comment("H = X2·Z1Z1 - X1")
	mul(xOf(a), Z1Z1)
	sub(xOf(q))
	store(H)
	failIfZero()
	Comment("r = t·Z1Z1 - Y1")
	mul(t, Z1Z1)
	sub(yOf(q))
	store(R)
	hFormulas(q, H, R, R2, HH, HHH, V, TY, Z3, X3, t)
	p := RSI
	Load(Param("p"), p)
	store(yOf(p))
	copyElement(xOf(p), X3)
	copyElement(zOf(p), Z3)
	MOVB(U8(0), at(p, offJacInf))
	Comment("zr = H, after p (as in the Go code)")
	Load(Param("zr"), p)
	copyElement(at(p, 0), H)
	returnBool(true)
	Label("fail")
	returnBool(false)
}

// selectIf overwrites T with the field element at src where the mask at
// mask is nonzero (cond "ne") or zero (cond "eq"), with CMOVs.
func selectIf(cond string, mask, src Mem) {
	CMPQ(mask, U8(0))
	for i, r := range fe64.T {
		if cond == "ne" {
			CMOVQNE(fe64.Limb(src, i), r)
		} else {
			CMOVQEQ(fe64.Limb(src, i), r)
		}
	}
}

// addAffine: the constant-time unified Jacobian.AddAffine (libsecp256k1's
// gej_add_ge), 7M + 5S, every selection a CMOV.
func addAffine() {
	TEXT("jacobianAddAffineAsm", NOSPLIT, "func(p, q *[13]uint64, a *[9]uint64)")
	Pragma("noescape")
	Doc("jacobianAddAffineAsm sets p = q + a (Jacobian.AddAffine, libsecp256k1's",
		"unified gej_add_ge; a.Infinity is ignored). It needs BMI2 and ADX, and",
		"runs in constant time.")
	ZZ, U2, S2, TT, M, MALT, N, RR, RRALT, QQ, X3, Z3, Y3, t := local(), local(), local(), local(), local(), local(), local(), local(), local(), local(), local(), local(), local(), local()
	qInf, degenerate := AllocLocal(8), AllocLocal(8)
	q, a := RSI, RBX
	Load(Param("q"), q)
	Load(Param("a"), a)
	Comment("qInf = all ones if Z1 = 0 (q is the point at infinity)")
	fe64.OrLimbs(lo, fe64.Limbs(zOf(q)))
	fe64.ZeroMask(lo)
	MOVQ(lo, qInf)
	Comment("The order lets independent operations follow each other (see double).")
	Comment("zz = Z1², u2 = X2·zz, s2 = Y2·zz (·Z1 below)")
	sqr(zOf(q))
	store(ZZ)
	mul(xOf(a), ZZ)
	store(U2)
	mul(yOf(a), ZZ)
	store(S2)
	Comment("t = u1 + u2, m_alt = -u2, n = u1·m_alt")
	load(xOf(q))
	add(U2)
	store(TT)
	load(U2)
	neg()
	store(MALT)
	mul(xOf(q), MALT)
	store(N)
	Comment("s2 = Y2·zz·Z1, m = s1 + s2")
	mul(S2, zOf(q))
	add(yOf(q))
	store(M)
	Comment("rr = t² + n = u1² + u1·u2 + u2²")
	sqr(TT)
	add(N)
	store(RR)
	Comment("degenerate = all ones if m = rr = 0 (y1 = -y2, x1 = β·x2)")
	fe64.OrLimbs(lo, fe64.Limbs(M))
	for i := range 4 {
		ORQ(fe64.Limb(RR, i), lo)
	}
	fe64.ZeroMask(lo)
	MOVQ(lo, degenerate)
	Comment("rr_alt = degenerate ? 2·s1 : rr")
	load(yOf(q))
	dbl()
	selectIf("eq", degenerate, RR)
	store(RRALT)
	Comment("m_alt = degenerate ? u1 - u2 : m")
	load(MALT)
	add(xOf(q))
	selectIf("eq", degenerate, M)
	store(MALT)
	Comment("n = m_alt², rr_alt², Z3 = m_alt·Z1 (the last read of q)")
	sqr(MALT)
	store(N)
	sqr(RRALT)
	store(X3)
	mul(MALT, zOf(q))
	store(Z3)
	Comment("q = -t·n")
	mul(TT, N)
	neg()
	store(QQ)
	Comment("n = degenerate ? m (= 0) : n²")
	sqr(N)
	selectIf("ne", degenerate, M)
	store(N)
	Comment("X3 = rr_alt² + q")
	load(X3)
	add(QQ)
	store(X3)
	Comment("Y3 = -(rr_alt·(2·X3 + q) + n)/2")
	load(X3)
	dbl()
	add(QQ)
	store(t)
	mul(RRALT, t)
	add(N)
	neg()
	half()
	store(Y3)
	Comment("q at infinity: the sum is a, with Z = 1")
	p := RSI
	Load(Param("p"), p)
	load(X3)
	selectIf("ne", qInf, xOf(a))
	store(xOf(p))
	load(Y3)
	selectIf("ne", qInf, yOf(a))
	store(yOf(p))
	load(Z3)
	MOVQ(U32(1), lo)
	MOVQ(U32(0), hi) // MOV leaves the flags alone
	CMPQ(qInf, U8(0))
	CMOVQNE(lo, fe64.T[0])
	CMOVQNE(hi, fe64.T[1])
	CMOVQNE(hi, fe64.T[2])
	CMOVQNE(hi, fe64.T[3])
	store(zOf(p))
	setInfinityFlag(at(p, offJacInf), zOf(p))
	RET()
}

// projectiveAddAffine: Projective.AddAffine, algorithm 8 of Renes, Costello
// and Batina (complete mixed addition, a = 0), 11M + 2·m_21. No branch.
func projectiveAddAffine() {
	TEXT("projectiveAddAffineAsm", NOSPLIT, "func(p, q *[12]uint64, a *[9]uint64, cond int)")
	Pragma("noescape")
	Doc("projectiveAddAffineAsm sets p = q + a if cond is 1 and p = q if cond is 0",
		"(Projective.AddAffine and AddAffineIf: RCB algorithm 8; a.Infinity is",
		"ignored). It needs BMI2 and ADX, and runs in constant time.")
	t0, t1, t2, t3, t4, x3, y3, z3 := local(), local(), local(), local(), local(), local(), local(), local()
	q, a := RSI, RBX
	Load(Param("q"), q)
	Load(Param("a"), a)
	Comment("t0 = X1·X2, t1 = Y1·Y2")
	mul(xOf(q), xOf(a))
	store(t0)
	mul(yOf(q), yOf(a))
	store(t1)
	Comment("t3 = (X2 + Y2)·(X1 + Y1) - t0 - t1")
	load(xOf(a))
	add(yOf(a))
	store(t3)
	load(xOf(q))
	add(yOf(q))
	store(t4)
	mul(t3, t4)
	sub(t0)
	sub(t1)
	store(t3)
	Comment("t4 = Y2·Z1 + Y1")
	mul(yOf(a), zOf(q))
	add(yOf(q))
	store(t4)
	Comment("Y3 = X2·Z1 + X1")
	mul(xOf(a), zOf(q))
	add(xOf(q))
	store(y3)
	Comment("t0 = 3·t0")
	load(t0)
	dbl()
	add(t0)
	store(t0)
	Comment("t2 = 21·Z1")
	load(zOf(q))
	fe64.MulSmall(21, lo, hi)
	store(t2)
	Comment("Z3 = t1 + t2, t1 = t1 - t2")
	load(t1)
	add(t2)
	store(z3)
	load(t1)
	sub(t2)
	store(t1)
	Comment("Y3 = 21·Y3")
	load(y3)
	fe64.MulSmall(21, lo, hi)
	store(y3)
	Comment("X3 = t3·t1 - t4·Y3")
	mul(t4, y3)
	store(x3)
	mul(t3, t1)
	sub(x3)
	store(x3)
	Comment("Y3 = t1·Z3 + Y3·t0")
	mul(y3, t0)
	store(y3)
	mul(t1, z3)
	add(y3)
	store(y3)
	Comment("Z3 = Z3·t4 + t0·t3")
	mul(t0, t3)
	store(t0)
	mul(z3, t4)
	add(t0)
	store(z3)
	Comment("p = cond ? (X3, Y3, Z3) : q, each coordinate selected and written in")
	Comment("turn (one read of q's coordinate before p's: p may be q)")
	cond, p := RBX, RDX
	Load(Param("cond"), cond)
	Load(Param("p"), p)
	for _, c := range []struct{ src, dst, old Mem }{
		{x3, xOf(p), xOf(q)}, {y3, yOf(p), yOf(q)}, {z3, zOf(p), zOf(q)},
	} {
		load(c.src)
		TESTQ(cond, cond)
		for i, r := range fe64.T {
			CMOVQEQ(fe64.Limb(c.old, i), r)
		}
		store(c.dst)
	}
	RET()
}
