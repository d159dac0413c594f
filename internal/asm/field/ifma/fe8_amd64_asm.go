// Command ifma generates internal/field's eight-lane AVX-512 IFMA kernels
// (fe8_amd64.s) and their Go declarations (fe8_stubs_amd64.go) with avo. It
// is run by the //go:generate line in internal/field/generate.go, from
// internal/asm:
//
//	go run ./field/ifma -out ../field/fe8_amd64.s -stubs ../field/fe8_stubs_amd64.go -pkg field
//
// The kernels work on field.Lanes, eight elements in radix 2^52 (package
// fe52 has the representation, the form N every kernel takes and returns,
// and the reduction). They need AVX-512F and AVX-512 IFMA; the Go code
// calls them only when internal/impl reports both (useIFMA), so they have
// no fallback of their own. They have no branches on data (the only branch
// is the loop counter of the n-fold squarings), but they are named VarTime:
// they serve public data only (batch verification, multi-scalar
// multiplication), and the constant-time check (valgrind) cannot run
// AVX-512.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/p256k1/secp256k1/internal/asm/fe52"
)

// The registers of the values: a and b the inputs, r the result.
var (
	a, b, r = fe52.Reg(0), fe52.Reg(1), fe52.Reg(2)
)

func main() {
	ConstraintExpr("gc,!purego")
	k := fe52.NewConsts("fe8")

	TEXT("fe8MulVarTime", NOSPLIT, "func(r, a, b *[5][8]uint64)")
	Pragma("noescape")
	Doc("fe8MulVarTime sets r = a·b lane by lane. a and b must be in form N",
		"(internal/asm/fe52), and so is r. It needs AVX-512F and IFMA.")
	k.LoadMask()
	Load(Param("a"), RAX)
	Load(Param("b"), RBX)
	a.Load(Mem{Base: RAX})
	k.Mul(r, a, fe52.MemOps(Mem{Base: RBX}))
	store(r)

	TEXT("fe8SquareVarTime", NOSPLIT, "func(r, a *[5][8]uint64)")
	Pragma("noescape")
	Doc("fe8SquareVarTime sets r = a² lane by lane. a must be in form N",
		"(internal/asm/fe52), and so is r. It needs AVX-512F and IFMA.")
	k.LoadMask()
	Load(Param("a"), RAX)
	a.Load(Mem{Base: RAX})
	k.Square(r, a)
	store(r)

	for _, w := range []int{1, 2, 3} {
		squareN(k, w)
	}

	TEXT("fe8AddVarTime", NOSPLIT, "func(r, a, b *[5][8]uint64)")
	Pragma("noescape")
	Doc("fe8AddVarTime sets r = a + b lane by lane. a and b must be in form N",
		"(internal/asm/fe52), and so is r. It needs AVX-512F and IFMA.")
	k.LoadMask()
	Load(Param("a"), RAX)
	Load(Param("b"), RBX)
	a.Load(Mem{Base: RAX})
	k.Add(r, a, fe52.MemOps(Mem{Base: RBX}))
	store(r)

	TEXT("fe8SubVarTime", NOSPLIT, "func(r, a, b *[5][8]uint64)")
	Pragma("noescape")
	Doc("fe8SubVarTime sets r = a - b lane by lane. a and b must be in form N",
		"(internal/asm/fe52), and so is r. It needs AVX-512F and IFMA.")
	k.LoadMask()
	Load(Param("a"), RAX)
	Load(Param("b"), RBX)
	k.Sub(r, fe52.MemOps(Mem{Base: RAX}), fe52.MemOps(Mem{Base: RBX}))
	store(r)

	TEXT("fe8NegVarTime", NOSPLIT, "func(r, a *[5][8]uint64)")
	Pragma("noescape")
	Doc("fe8NegVarTime sets r = -a lane by lane (2p - a, then normalized). a",
		"must be in form N (internal/asm/fe52), and so is r. It needs AVX-512F",
		"and IFMA.")
	k.LoadMask()
	Load(Param("a"), RAX)
	for _, z := range b {
		VPXORQ(z, z, z)
	}
	k.Sub(r, b.Ops(), fe52.MemOps(Mem{Base: RAX}))
	store(r)

	TEXT("fe8CanonicalVarTime", NOSPLIT, "func(r, a *[5][8]uint64)")
	Pragma("noescape")
	Doc("fe8CanonicalVarTime sets r = a mod p lane by lane, fully reduced",
		"(limb 4 below 2^48, value below p). a must be in form N",
		"(internal/asm/fe52). It needs AVX-512F and IFMA.")
	k.LoadMask()
	Load(Param("a"), RAX)
	a.Load(Mem{Base: RAX})
	k.Canonical(r, a)
	store(r)

	l := [4]VecPhysical{a[0], a[1], a[2], a[3]}
	idx := [4]VecPhysical{b[0], b[1], b[2], b[3]}

	TEXT("fe8FromElementsVarTime", NOSPLIT, "func(r *[5][8]uint64, a *[8][4]uint64)")
	Pragma("noescape")
	Doc("fe8FromElementsVarTime sets lane j of r to the element a[j] (four",
		"64-bit limbs, below p), converted to radix 2^52 (canonical, so in",
		"form N). It needs AVX-512F and IFMA.")
	k.LoadMask()
	Load(Param("a"), RAX)
	k.Transpose(l, Mem{Base: RAX}, idx)
	k.FromLimbs64(r, l)
	store(r)

	TEXT("fe8ToElementsVarTime", NOSPLIT, "func(r *[8][4]uint64, a *[5][8]uint64)")
	Pragma("noescape")
	Doc("fe8ToElementsVarTime sets r[j] to lane j of a, fully reduced, as four",
		"64-bit limbs. a must be in form N (internal/asm/fe52). It needs AVX-512F",
		"and IFMA.")
	k.LoadMask()
	Load(Param("a"), RAX)
	a.Load(Mem{Base: RAX})
	k.Canonical(a, a)
	k.ToLimbs64(l, a)
	Load(Param("r"), RAX)
	k.Untranspose(Mem{Base: RAX}, l, idx)
	VZEROUPPER()
	RET()

	Generate()
}

// store writes v to the parameter r and returns.
func store(v fe52.Fe) {
	Load(Param("r"), RAX)
	v.Store(Mem{Base: RAX})
	VZEROUPPER()
	RET()
}

// squareN emits the n-fold squaring of w independent sets of eight lanes
// in one loop (fe8SquareNVarTime for w = 1, fe8SquareNxWVarTime above), so
// that the out-of-order core overlaps the chains' latencies.
func squareN(k *fe52.Consts, w int) {
	name, sig := "fe8SquareNVarTime", "func(r, a *[5][8]uint64, n int)"
	if w > 1 {
		name, sig = fmt.Sprintf("fe8SquareNx%dVarTime", w), fmt.Sprintf("func(r, a *[%d][5][8]uint64, n int)", w)
	}
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	if w == 1 {
		Doc(name+" sets r = a^(2^n) lane by lane, n ≥ 1 squarings with the",
			"value in registers. a must be in form N (internal/asm/fe52), and so is",
			"r. It needs AVX-512F and IFMA.")
	} else {
		Doc(fmt.Sprintf("%s sets r[i] = a[i]^(2^n) lane by lane for i < %d, n ≥ 1", name, w),
			"squarings of each with the values in registers, the chains",
			"interleaved. a must be in form N (internal/asm/fe52), and so is r. It",
			"needs AVX-512F and IFMA.")
	}
	fe52.Brief = true
	defer func() { fe52.Brief = false }()
	k.LoadMask()
	Load(Param("n"), RCX)
	Load(Param("a"), RAX)
	v := make([]fe52.Fe, w)
	for i := range v {
		v[i] = fe52.Reg(i)
		v[i].Load(Mem{Base: RAX, Disp: 320 * i})
	}
	tmp := fe52.Reg(w)
	Label("loop")
	for i := range v {
		Commentf("chain %d", i)
		k.Square(tmp, v[i])
		v[i].Move(tmp)
	}
	DECQ(RCX)
	JNZ(LabelRef("loop"))
	Load(Param("r"), RAX)
	for i := range v {
		v[i].Store(Mem{Base: RAX, Disp: 320 * i})
	}
	VZEROUPPER()
	RET()
}
