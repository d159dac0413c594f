// Package fe52 holds the avo emitters for eight-lane arithmetic modulo the
// secp256k1 field prime p = 2^256 - 2^32 - 977 with AVX-512 IFMA
// (VPMADD52LUQ/VPMADD52HUQ), shared by the generators of internal/field's
// lane kernels and internal/ecmult's lane additions.
//
// # Representation
//
// A field element is five limbs in radix 2^52, a = a0 + a1·2^52 + a2·2^104 +
// a3·2^156 + a4·2^208, and eight elements are five zmm registers: register i
// holds limb i of the eight lanes (in memory, a [5][8]uint64, limb-major).
//
// The one contract every emitter keeps: an element is
// in form N when limbs 0..3 are below 2^52 and limb 4 is below 2^48 + 2^12,
// so its value is below 2^256 + 2^220 (< 2p + 2^221, not necessarily reduced).
// Every operation takes inputs in form N and returns its result in form N;
// Canonical returns the fully reduced value (limb 4 below 2^48, value below
// p). IFMA multiplies only the low 52 bits of each source, so every limb of a
// multiplicand must be below 2^52: form N guarantees it, and is what the
// normalisation after each addition restores.
//
// # Reduction
//
// With 2^256 ≡ C = 2^32 + 977 (mod p), 2^260 ≡ R = 2^4·C = 0x1000003D10. A
// product's ten columns t0..t9 (column k of weight 2^(52k), each a sum of at
// most ten 52-bit halves, so below 2^56) are reduced in three steps:
//
//  1. the high columns t5..t9 are carried into 52-bit limbs (t9 stays below
//     2^47 for inputs in form N, so nothing leaves column 9);
//  2. they are folded into the low columns with R: t_k += lo(t_{k+5}·R) and
//     t_{k+1} += hi(t_{k+5}·R), where lo and hi are IFMA's low and high 52
//     bits of the 104-bit product; hi(t9·R) (< 2^32) lands at 2^260 again and
//     is folded once more, into t0 and t1;
//  3. Normalize: the part of limb 4 above 2^48 (weight 2^256) is folded with
//     C into limb 0, then the carries run from limb 0 to limb 4, which ends
//     below 2^48 + 2^12.
//
// Additions and subtractions add limb by limb (a subtraction adds 2p in
// limbs that are each at least the subtrahend's bound, so no limb goes
// negative) and then Normalize.
//
// # Registers
//
// The emitters work on physical registers assigned by the caller (avo's
// allocator fails on code this dense): M (Z31) holds the 52-bit mask, T
// (Z25..Z30) and S (Z24) are the scratch of the operations, and Z0..Z23
// are free for the caller's values, five per Fe. Register renaming makes
// the reuse of the scratch registers by independent operations free, so
// two chains of squarings emitted one after the other overlap in the core.
//
// Nothing branches on data: the kernels run in constant time, although
// their callers use them only on public data (valgrind, the project's
// constant-time check, cannot run AVX-512).
package fe52

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The constants of the reduction.
const (
	// C = 2^256 mod p.
	C = 0x1000003D1
	// R = 2^260 mod p = 2^4·C.
	R = C << 4
	// M52 and M48 are the masks of a 52-bit limb and of the 48 bits of
	// limb 4 below 2^256.
	M52 = 1<<52 - 1
	M48 = 1<<48 - 1
)

// P is p in radix 2^52 (canonical limbs).
var P = [5]uint64{1<<52 - C, M52, M52, M52, M48}

// TwoP is 2p in radix 2^52 with every limb at least the bound of a limb in
// form N (2^52 for limbs 0..3, 2^48 + 2^12 for limb 4), so that a + 2p - b
// has no negative limb for a, b in form N.
var TwoP = [5]uint64{2 * P[0], 2 * P[1], 2 * P[2], 2 * P[3], 2 * P[4]}

// Fe is eight field elements in five zmm registers, limb 0 first.
type Fe [5]VecPhysical

// Scratch registers: M holds the 52-bit limb mask (LoadMask), T are the
// high columns t5..t10 of a product, S is a temporary.
var (
	M = Z31
	T = [6]VecPhysical{Z25, Z26, Z27, Z28, Z29, Z30}
	S = Z24
)

// Reg returns the Fe of the five registers Z(5i)..Z(5i+4), i < 5 (Z0..Z24;
// i = 4 overlaps S, so only for values that no operation outlives).
func Reg(i int) Fe {
	zs := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15, Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23}
	var a Fe
	copy(a[:], zs[5*i:5*i+5])
	return a
}

// Ops returns the registers of a as operands.
func (a Fe) Ops() [5]Op { return [5]Op{a[0], a[1], a[2], a[3], a[4]} }

// Limb returns limb i (the eight lanes' limbs, 64 bytes) of the elements at m.
func Limb(m Mem, i int) Mem { return m.Offset(64 * i) }

// MemOps returns the five limbs of the elements at m as operands.
func MemOps(m Mem) [5]Op {
	var o [5]Op
	for i := range o {
		o[i] = Limb(m, i)
	}
	return o
}

// Load sets a to the elements at m.
func (a Fe) Load(m Mem) {
	for i := range a {
		VMOVDQU64(Limb(m, i), a[i])
	}
}

// Store writes a to m.
func (a Fe) Store(m Mem) {
	for i := range a {
		VMOVDQU64(a[i], Limb(m, i))
	}
}

// Move sets a = b (registers).
func (a Fe) Move(b Fe) {
	for i := range a {
		if a[i] != b[i] {
			VMOVDQA64(b[i], a[i])
		}
	}
}

// overlaps reports whether a and b share a register.
func overlaps(a Fe, b [5]Op) bool {
	for _, x := range a {
		for _, y := range b {
			if r, ok := y.(VecPhysical); ok && r == x {
				return true
			}
		}
	}
	return false
}

// Brief makes the emitters write one comment line each instead of their
// step-by-step comments (for functions that use them many times).
var Brief bool

func comment(lines ...string) {
	if !Brief {
		Comment(lines...)
	}
}

// Consts are the data the emitters use: the constants of the reduction as
// 8-byte values (IFMA and the logical operations broadcast them from
// memory), 2p and the transposition indices. Declare them once per
// generated file with NewConsts.
type Consts struct {
	m52, m48, r, c  Mem
	twoP            [5]Mem
	toLimbs, toElts [4]Mem // the VPERMT2Q indices of Transpose and Untranspose
}

// NewConsts declares the global data of the emitters, with names prefixed by
// prefix (so that two generated files in one package do not collide).
func NewConsts(prefix string) *Consts {
	k := &Consts{}
	k.m52 = constU64(prefix+"m52", M52)
	k.m48 = constU64(prefix+"m48", M48)
	k.r = constU64(prefix+"r", R)
	k.c = constU64(prefix+"c", C)
	for i := range k.twoP {
		k.twoP[i] = constU64(fmt.Sprintf("%stwop%d", prefix, i), TwoP[i])
	}
	// Transpose: eight elements of four 64-bit limbs, two per register
	// (e0 e1 | e2 e3 | e4 e5 | e6 e7, limbs l0..l3 each), to four registers
	// of one limb each. Stage 1 turns a pair of registers into (l0 and l1
	// of four elements) and (l2 and l3); stage 2 joins the halves of two
	// such registers.
	k.toLimbs[0] = constIdx(prefix+"tl0", [8]uint64{0, 4, 8, 12, 1, 5, 9, 13})
	k.toLimbs[1] = constIdx(prefix+"tl1", [8]uint64{2, 6, 10, 14, 3, 7, 11, 15})
	k.toLimbs[2] = constIdx(prefix+"tl2", [8]uint64{0, 1, 2, 3, 8, 9, 10, 11})
	k.toLimbs[3] = constIdx(prefix+"tl3", [8]uint64{4, 5, 6, 7, 12, 13, 14, 15})
	// Untranspose: the inverse. Stage 1 interleaves two limb registers
	// (l0 and l1, or l2 and l3) lane by lane, for lanes 0..3 and 4..7;
	// stage 2 joins an (l0 l1) and an (l2 l3) register into whole elements.
	k.toElts[0] = constIdx(prefix+"te0", [8]uint64{0, 8, 1, 9, 2, 10, 3, 11})
	k.toElts[1] = constIdx(prefix+"te1", [8]uint64{4, 12, 5, 13, 6, 14, 7, 15})
	k.toElts[2] = constIdx(prefix+"te2", [8]uint64{0, 1, 8, 9, 2, 3, 10, 11})
	k.toElts[3] = constIdx(prefix+"te3", [8]uint64{4, 5, 12, 13, 6, 7, 14, 15})
	return k
}

func constU64(name string, v uint64) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	DATA(0, U64(v))
	return m
}

func constIdx(name string, v [8]uint64) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i, x := range v {
		DATA(8*i, U64(x))
	}
	return m
}

// LoadMask sets M to 2^52 - 1 in every lane. Every function calls it before
// the other emitters.
func (k *Consts) LoadMask() {
	VPBROADCASTQ(k.m52, M)
}

func zero(z VecPhysical) { VPXORQ(z, z, z) }

// Mul sets r = a·b in form N, for a and b in form N. a must be registers,
// the limbs of b may be registers or memory; r must not share a register
// with a or b (the low columns of the product accumulate in r).
func (k *Consts) Mul(r, a Fe, b [5]Op) {
	if overlaps(r, a.Ops()) || overlaps(r, b) {
		panic("fe52: Mul: r overlaps an input")
	}
	comment("Multiplication: the 25 products a_i·b_j in lanes, low halves at column i+j, high halves at i+j+1")
	t := columns(r)
	for _, z := range t {
		zero(z)
	}
	for i := range 5 {
		for j := range 5 {
			VPMADD52LUQ(b[j], a[i], t[i+j])
			VPMADD52HUQ(b[j], a[i], t[i+j+1])
		}
	}
	k.reduce(t)
}

// Square sets r = a² in form N, for a in form N (registers); r must not
// share a register with a.
func (k *Consts) Square(r, a Fe) {
	if overlaps(r, a.Ops()) {
		panic("fe52: Square: r overlaps a")
	}
	comment("Squaring: the 10 cross products a_i·a_j (i < j), doubled, then the 5 squares")
	t := columns(r)
	for _, z := range t {
		zero(z)
	}
	for i := range 5 {
		for j := i + 1; j < 5; j++ {
			VPMADD52LUQ(a[j], a[i], t[i+j])
			VPMADD52HUQ(a[j], a[i], t[i+j+1])
		}
	}
	for c := 1; c <= 8; c++ {
		VPADDQ(t[c], t[c], t[c])
	}
	for i := range 5 {
		VPMADD52LUQ(a[i], a[i], t[2*i])
		VPMADD52HUQ(a[i], a[i], t[2*i+1])
	}
	k.reduce(t)
}

// columns returns the eleven column registers of a product into r: r for
// t0..t4, T for t5..t10.
func columns(r Fe) [11]VecPhysical {
	return [11]VecPhysical{r[0], r[1], r[2], r[3], r[4], T[0], T[1], T[2], T[3], T[4], T[5]}
}

// reduce folds the columns t0..t9 of a product (each below 2^57, t9 below
// 2^46) into t0..t4 in form N (package doc, "Reduction"), using t10 and S.
func (k *Consts) reduce(t [11]VecPhysical) {
	comment("Carry the high columns t5..t9 into 52-bit limbs (t9 stays below 2^47)")
	for c := 5; c < 9; c++ {
		VPSRLQ(U8(52), t[c], S)
		VPADDQ(S, t[c+1], t[c+1])
		VPANDQ(M, t[c], t[c])
	}
	comment("Fold them with 2^260 ≡ R: t_k += lo(t_{k+5}·R), t_{k+1} += hi(t_{k+5}·R), hi(t9·R) to t10")
	zero(t[10])
	for c := range 5 {
		VPMADD52LUQ_BCST(k.r, t[c+5], t[c])
		VPMADD52HUQ_BCST(k.r, t[c+5], t[c+1+boolInt(c == 4)*5])
	}
	comment("t10 (< 2^32) is at 2^260 again: t0 += lo(t10·R), t1 += hi(t10·R)")
	VPMADD52LUQ_BCST(k.r, t[10], t[0])
	VPMADD52HUQ_BCST(k.r, t[10], t[1])
	k.Normalize(Fe{t[0], t[1], t[2], t[3], t[4]})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Normalize brings a, whose limbs are below 2^63, into form N in place: the
// bits of limb 4 from 2^256 on are folded into limb 0 with C, then the
// carries run from limb 0 to limb 4 (which ends below 2^48 + 2^12). It
// uses S.
func (k *Consts) Normalize(a Fe) {
	comment("Normalize: fold limb 4 above 2^48 (weight 2^256) with C, then carry limbs 0..4")
	VPSRLQ(U8(48), a[4], S)
	VPANDQ_BCST(k.m48, a[4], a[4])
	VPMADD52LUQ_BCST(k.c, S, a[0])
	for i := range 4 {
		VPSRLQ(U8(52), a[i], S)
		VPADDQ(S, a[i+1], a[i+1])
		VPANDQ(M, a[i], a[i])
	}
}

// Add sets r = a + b in form N, for a and b in form N (the limbs of b may
// be memory). r may be a or b.
func (k *Consts) Add(r, a Fe, b [5]Op) {
	comment("Addition: limb by limb, then Normalize")
	for i := range r {
		VPADDQ(b[i], a[i], r[i])
	}
	k.Normalize(r)
}

// Sub sets r = a - b in form N, for a and b in form N: a + 2p - b limb by
// limb (no limb goes negative, see TwoP), then Normalize. The limbs of a
// and b may be registers or memory; r may be a or b.
func (k *Consts) Sub(r Fe, a, b [5]Op) {
	comment("Subtraction: a + 2p - b limb by limb, then Normalize")
	for i := range r {
		if _, ok := a[i].(VecPhysical); ok {
			VPADDQ_BCST(k.twoP[i], a[i], S)
		} else {
			VMOVDQU64(a[i], S)
			VPADDQ_BCST(k.twoP[i], S, S)
		}
		VPSUBQ(b[i], S, r[i])
	}
	k.Normalize(r)
}

// Canonical sets r = a mod p, fully reduced (limb 4 below 2^48, value below
// p), for a in form N (registers; r may be a): Normalize's fold once more,
// which leaves a value below 2^256, then a subtraction of p where a + C
// reaches 2^256, selected per lane with a mask (K1). It uses T.
func (k *Consts) Canonical(r, a Fe) {
	comment("Canonical: fold limb 4 above 2^48 with C and carry (the value is then below 2^256)")
	r.Move(a)
	k.Normalize(r)
	comment("t = r + C; where t reaches 2^256 (r ≥ p), r = t - 2^256")
	t := T
	VPADDQ_BCST(k.c, r[0], t[0])
	for i := 1; i < 5; i++ {
		VPSRLQ(U8(52), t[i-1], S)
		VPADDQ(S, r[i], t[i])
		VPANDQ(M, t[i-1], t[i-1])
	}
	VPSRLQ(U8(48), t[4], S)
	VPTESTMQ(S, S, K1)
	VPANDQ_BCST(k.m48, t[4], t[4])
	for i := range r {
		VPBLENDMQ(t[i], r[i], K1, r[i])
	}
}

// FromLimbs64 sets a to the elements whose 64-bit limbs are l (one register
// per limb, eight lanes), in radix 2^52: form N, canonical if the input is
// below p. a must not share a register with l (except a[0] with l[0]).
func (k *Consts) FromLimbs64(a Fe, l [4]VecPhysical) {
	comment("Radix 2^64 to 2^52: a0 = l0, a1 = l0>>52 | l1<<12, a2 = l1>>40 | l2<<24, a3 = l2>>28 | l3<<36 (masked), a4 = l3>>16")
	VPSRLQ(U8(16), l[3], a[4])
	for i := 3; i >= 1; i-- {
		VPSRLQ(U8(64-12*i), l[i-1], S)
		VPSLLQ(U8(12*i), l[i], a[i])
		VPTERNLOGQ(U8(0xA8), M, S, a[i]) // a[i] = (a[i] | S) & M
	}
	VPANDQ(M, l[0], a[0])
}

// ToLimbs64 sets l to the four 64-bit limbs (one register each) of a, which
// must be canonical (Canonical's result). l must not share a register with
// a (except l[i] with a[i]).
func (k *Consts) ToLimbs64(l [4]VecPhysical, a Fe) {
	comment("Radix 2^52 to 2^64: l0 = a0 | a1<<52, l1 = a1>>12 | a2<<40, l2 = a2>>24 | a3<<28, l3 = a3>>36 | a4<<16")
	for i := range l {
		VPSLLQ(U8(52-12*i), a[i+1], S)
		if i == 0 {
			VPORQ(S, a[0], l[0])
		} else {
			VPSRLQ(U8(12*i), a[i], l[i])
			VPORQ(S, l[i], l[i])
		}
	}
}

// Transpose loads eight elements of four 64-bit limbs each, stored one
// after another at m (as [8][4]uint64), into l, one register per limb. It
// uses T[0..3] and idx (four registers) as scratch.
func (k *Consts) Transpose(l [4]VecPhysical, m Mem, idx [4]VecPhysical) {
	comment("Transpose [8][4]uint64 to [4][8]uint64")
	for i := range idx {
		VMOVDQU64(k.toLimbs[i], idx[i])
	}
	e := T
	for i := range 4 {
		VMOVDQU64(m.Offset(64*i), e[i])
	}
	// Stage 1: (e0 e1, e2 e3) to (l0 l1 of e0..e3) in l[0] and (l2 l3) in
	// l[1]; (e4 e5, e6 e7) likewise to l[2], l[3].
	for h := range 2 {
		for j := range 2 {
			VMOVDQA64(e[2*h], l[2*h+j])
			VPERMT2Q(e[2*h+1], idx[j], l[2*h+j])
		}
	}
	// Stage 2: limb 0 = the low halves of (l[0], l[2]), limb 1 the high
	// halves; limbs 2 and 3 from (l[1], l[3]).
	for i := range 4 {
		VMOVDQA64(l[i/2], e[i])
		VPERMT2Q(l[2+i/2], idx[2+i%2], e[i])
	}
	for i := range 4 {
		VMOVDQA64(e[i], l[i])
	}
}

// Untranspose stores l, four registers of one 64-bit limb each, as eight
// elements one after another at m ([8][4]uint64). It uses T[0..3] and idx
// (four registers) as scratch, and overwrites l.
func (k *Consts) Untranspose(m Mem, l [4]VecPhysical, idx [4]VecPhysical) {
	comment("Transpose [4][8]uint64 to [8][4]uint64")
	for i := range idx {
		VMOVDQU64(k.toElts[i], idx[i])
	}
	// Stage 1: (l0, l1) interleaved lane by lane, lanes 0..3 to s0 and
	// 4..7 to s1; (l2, l3) likewise to s2, s3.
	s := T
	for h := range 2 {
		for j := range 2 {
			VMOVDQA64(l[2*h], s[2*h+j])
			VPERMT2Q(l[2*h+1], idx[j], s[2*h+j])
		}
	}
	// Stage 2: (e0 e1) = (s0, s2) by te2, (e2 e3) by te3, (e4 e5) =
	// (s1, s3) by te2, (e6 e7) by te3.
	for i := range 4 {
		VMOVDQA64(s[i/2], l[i])
		VPERMT2Q(s[2+i/2], idx[2+i%2], l[i])
		VMOVDQU64(l[i], m.Offset(64*i))
	}
}
