// Command batchadd8 generates internal/ecmult's AVX-512 IFMA kernels for the
// batch-affine bucket additions of Pippenger's method in eight lanes
// (batchadd8_amd64.s) and their Go declarations (batchadd8_stubs_amd64.go)
// with avo. It is run by the //go:generate line in
// internal/ecmult/generate.go, from internal/asm:
//
//	go run ./ecmult/batchadd8 -out ../ecmult/batchadd8_amd64.s -stubs ../ecmult/batchadd8_stubs_amd64.go -pkg ecmult
//
// The kernels serve roundLanesVarTime (internal/ecmult/batchadd_lanes.go):
// one block is eight pairs (p, q) of an addition round, lane j pair j,
// held as five field.Lanes values (x_p, x_q, y_p, y_q - y_p and the
// lane-wise running product of x_q - x_p), each a [5][8]uint64 in radix
// 2^52 (package fe52 has the representation and the form N that every
// value is kept in). pair8PrepVarTime converts a block from field elements
// and extends the running products; pair8StepVarTime is one step of the
// backward pass and returns the sums as field elements. They use fe52's
// emitters, keep every value in registers between the loads and the
// stores, and need AVX-512F and IFMA (the Go code calls them only where
// field.LanesEnabled). They have no branches, but serve public data only
// and are named VarTime.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/p256k1/secp256k1/internal/asm/fe52"
)

// The offsets of a block's values ([5][5][8]uint64) and of the element
// arrays ([4][8][4]uint64 in, [2][8][4]uint64 out).
const (
	lanesBytes = 5 * 8 * 8
	offXP      = 0 * lanesBytes
	offXQ      = 1 * lanesBytes
	offYP      = 2 * lanesBytes
	offDY      = 3 * lanesBytes
	offPre     = 4 * lanesBytes
	eltsBytes  = 8 * 4 * 8
)

// The registers of the values: four Fe (Z0..Z19).
var a, b, c, d = fe52.Reg(0), fe52.Reg(1), fe52.Reg(2), fe52.Reg(3)

func four(f fe52.Fe) [4]VecPhysical { return [4]VecPhysical{f[0], f[1], f[2], f[3]} }

func main() {
	ConstraintExpr("gc,!purego")
	fe52.Brief = true
	k := fe52.NewConsts("pair8")
	prep(k)
	step(k)
	Generate()
}

// prep: blk = (x_p, x_q, y_p, y_q - y_p, pre·(x_q - x_p)) from the
// elements in = (x_p, x_q, y_p, y_q), eight each.
func prep(k *fe52.Consts) {
	TEXT("pair8PrepVarTime", NOSPLIT, "func(blk *[5][5][8]uint64, pre *[5][8]uint64, in *[4][8][4]uint64)")
	Pragma("noescape")
	Doc("pair8PrepVarTime sets the block blk of eight pairs from in (x_p, x_q,",
		"y_p, y_q of each pair, field elements below p): blk[0..2] = x_p, x_q, y_p",
		"and blk[3] = y_q - y_p in radix 2^52, blk[4] = pre·(x_q - x_p) lane by",
		"lane. pre must be in form N (internal/asm/fe52), and so are the results.",
		"pre may be blk[4]. It needs AVX-512F and IFMA.")
	k.LoadMask()
	in, blk := RAX, RBX
	Load(Param("in"), in)
	Load(Param("blk"), blk)
	Comment("x_p to b, x_q to d")
	k.Transpose(four(a), Mem{Base: in, Disp: 0 * eltsBytes}, four(c))
	k.FromLimbs64(b, four(a))
	b.Store(Mem{Base: blk, Disp: offXP})
	k.Transpose(four(a), Mem{Base: in, Disp: 1 * eltsBytes}, four(c))
	k.FromLimbs64(d, four(a))
	d.Store(Mem{Base: blk, Disp: offXQ})
	Comment("pre·(x_q - x_p)")
	k.Sub(a, d.Ops(), b.Ops())
	Load(Param("pre"), RCX)
	k.Mul(c, a, fe52.MemOps(Mem{Base: RCX}))
	c.Store(Mem{Base: blk, Disp: offPre})
	Comment("y_p to b, y_q to d, y_q - y_p")
	k.Transpose(four(a), Mem{Base: in, Disp: 2 * eltsBytes}, four(c))
	k.FromLimbs64(b, four(a))
	b.Store(Mem{Base: blk, Disp: offYP})
	k.Transpose(four(a), Mem{Base: in, Disp: 3 * eltsBytes}, four(c))
	k.FromLimbs64(d, four(a))
	k.Sub(d, d.Ops(), b.Ops())
	d.Store(Mem{Base: blk, Disp: offDY})
	VZEROUPPER()
	RET()
}

// step: inv = acc·pre, acc = acc·(x_q - x_p), λ = (y_q - y_p)·inv,
// x3 = λ² - x_p - x_q, y3 = λ(x_p - x3) - y_p: 4M + 1S.
func step(k *fe52.Consts) {
	TEXT("pair8StepVarTime", NOSPLIT, "func(out *[2][8][4]uint64, inv, acc, pre *[5][8]uint64, blk *[5][5][8]uint64)")
	Pragma("noescape")
	Doc("pair8StepVarTime is one step of the backward pass of an addition",
		"round in lanes, for the block blk (pair8PrepVarTime): inv = acc·pre,",
		"acc = acc·(x_q - x_p) lane by lane, and out[0][j], out[1][j] = x3, y3 of",
		"the sum of pair j with the slope λ = (y_q - y_p)·inv, fully reduced.",
		"acc, pre and blk must be in form N (internal/asm/fe52), and so are inv",
		"and acc. It needs AVX-512F and IFMA.")
	k.LoadMask()
	blk, p := RBX, RCX
	Load(Param("blk"), blk)
	Load(Param("acc"), RAX)
	a.Load(Mem{Base: RAX})
	Load(Param("pre"), p)
	Comment("inv = acc·pre to b; acc' = acc·(x_q - x_p)")
	k.Mul(b, a, fe52.MemOps(Mem{Base: p}))
	k.Sub(c, fe52.MemOps(Mem{Base: blk, Disp: offXQ}), fe52.MemOps(Mem{Base: blk, Disp: offXP}))
	k.Mul(d, a, c.Ops())
	d.Store(Mem{Base: RAX})
	Load(Param("inv"), RAX)
	b.Store(Mem{Base: RAX})
	Comment("λ = (y_q - y_p)·inv to c; x3 = λ² - x_p - x_q to d")
	a.Load(Mem{Base: blk, Disp: offDY})
	k.Mul(c, a, b.Ops())
	k.Square(d, c)
	k.Sub(d, d.Ops(), fe52.MemOps(Mem{Base: blk, Disp: offXP}))
	k.Sub(d, d.Ops(), fe52.MemOps(Mem{Base: blk, Disp: offXQ}))
	Comment("y3 = λ(x_p - x3) - y_p to b")
	k.Sub(a, fe52.MemOps(Mem{Base: blk, Disp: offXP}), d.Ops())
	k.Mul(b, a, c.Ops())
	k.Sub(b, b.Ops(), fe52.MemOps(Mem{Base: blk, Disp: offYP}))
	Comment("x3 and y3 to field elements")
	Load(Param("out"), RAX)
	k.Canonical(d, d)
	k.ToLimbs64(four(d), d)
	k.Untranspose(Mem{Base: RAX}, four(d), four(a))
	k.Canonical(b, b)
	k.ToLimbs64(four(b), b)
	k.Untranspose(Mem{Base: RAX, Disp: eltsBytes}, four(b), four(a))
	VZEROUPPER()
	RET()
}
