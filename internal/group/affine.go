package group

import (
	"unsafe"

	"github.com/p256k1/secp256k1/internal/field"
)

// Affine is a point (X, Y) on the curve, or the point at infinity when
// Infinity is set (X and Y are then meaningless, normally zero). The zero
// value is (0, 0), which is not on the curve: set a point with SetXY,
// SetXO, SetInfinity or one of the conversions.
//
// Other packages read the fields but do not write Infinity: the methods of
// this package keep the flag in step with the coordinates (TestInfinityWrites
// checks every file of the module).
type Affine struct {
	X, Y     field.Element
	Infinity bool
}

// b2i returns 1 for true and 0 for false. Written with an assignment, not
// two returns, the compiler turns it into a zero extension of the byte,
// without a branch.
func b2i(b bool) int {
	var i int
	if b {
		i = 1
	}
	return i
}

// SetInfinity sets a to the point at infinity, with coordinates (0, 0), and
// returns a.
func (a *Affine) SetInfinity() *Affine {
	a.X.Zero()
	a.Y.Zero()
	a.Infinity = true
	return a
}

// IsInfinity returns 1 if a is the point at infinity, and 0 otherwise, in
// constant time.
func (a *Affine) IsInfinity() int {
	return b2i(a.Infinity)
}

// SetXY sets a to the finite point (x, y) and returns a. It does not check
// that (x, y) is on the curve: the caller guarantees it (coordinates
// computed by the group operations from points on the curve are), or checks
// IsOnCurve afterwards.
func (a *Affine) SetXY(x, y *field.Element) *Affine {
	a.X.Set(x)
	a.Y.Set(y)
	a.Infinity = false
	return a
}

// SetLimbs sets a to the finite point whose coordinates are the
// little-endian 64-bit limbs xy[0:4] (x) and xy[4:8] (y), each reduced once
// modulo p as field.Element.SetLimbs does, and returns a: the form of the
// precomputed tables of internal/ecmult. Like SetXY it does not check the
// curve equation.
func (a *Affine) SetLimbs(xy *[8]uint64) *Affine {
	a.X.SetLimbs((*[4]uint64)(xy[0:4]))
	a.Y.SetLimbs((*[4]uint64)(xy[4:8]))
	a.Infinity = false
	return a
}

// FiniteLimbs marks a as a finite point and returns its coordinates in
// place, as eight consecutive little-endian 64-bit limbs: X in [0:4], Y in
// [4:8] (TestAffineLayout). It serves the assembly table scans of
// internal/ecmult, which write a table entry straight into a point. The
// caller must write fully reduced coordinates of a point on the curve to
// all eight limbs before a is used.
func (a *Affine) FiniteLimbs() *[8]uint64 {
	a.Infinity = false
	return (*[8]uint64)(unsafe.Pointer(a))
}

// Select sets a = b if cond is 1, or a = c if cond is 0, and returns a, in
// constant time (the infinity flag included). cond must be 0 or 1.
func (a *Affine) Select(b, c *Affine, cond int) *Affine {
	a.X.Select(&b.X, &c.X, cond)
	a.Y.Select(&b.Y, &c.Y, cond)
	a.Infinity = (b2i(b.Infinity)&cond)|(b2i(c.Infinity)&^cond) != 0
	return a
}

// IsOnCurve returns 1 if a is the point at infinity or satisfies
// y² = x³ + 7, and 0 otherwise, in constant time.
func (a *Affine) IsOnCurve() int {
	var lhs, rhs field.Element
	lhs.Square(&a.Y)
	curveRHS(&rhs, &a.X)
	return lhs.Equal(&rhs) | a.IsInfinity()
}

// SetXO sets a to the point with x-coordinate x and the y-coordinate whose
// parity is odd (1) or even (0), and returns 1; with odd = 0 it is
// BIP-340's lift_x. If x³ + 7 is not a square there is no such point: a is
// left unchanged and 0 is returned. It runs in constant time, writing a
// only through masked selections, so that lifting a secret x reveals only
// the verdict. x may alias a.X.
func (a *Affine) SetXO(x *field.Element, odd int) int {
	var rhs, y, neg field.Element
	curveRHS(&rhs, x)
	ok := y.Sqrt(&rhs)
	neg.Negate(&y)
	y.Select(&neg, &y, y.IsOdd()^odd)
	var lifted Affine
	lifted.SetXY(x, &y)
	a.Select(&lifted, a, ok)
	return ok
}

// Negate sets a = -b and returns a.
func (a *Affine) Negate(b *Affine) *Affine {
	a.X.Set(&b.X)
	a.Y.Negate(&b.Y)
	a.Infinity = b.Infinity
	return a
}

// betaElement is Beta(), computed once for Endomorphism.
var betaElement = Beta()

// Endomorphism sets a = λ·b = (β·x, y) and returns a.
func (a *Affine) Endomorphism(b *Affine) *Affine {
	a.X.Multiply(&b.X, &betaElement)
	a.Y.Set(&b.Y)
	a.Infinity = b.Infinity
	return a
}

// Equal returns 1 if a and b are the same point (two points at infinity
// included, whatever their coordinates), and 0 otherwise, in constant time.
func (a *Affine) Equal(b *Affine) int {
	ai, bi := a.IsInfinity(), b.IsInfinity()
	finite := (ai | bi) ^ 1
	return ai&bi | finite&a.X.Equal(&b.X)&a.Y.Equal(&b.Y)
}

// BatchToAffineVarTime converts the Jacobian points in to affine points in
// out with a single field inversion. out and in must have the same length.
// scratch must hold at least 2·len(in) elements. Execution time depends on the
// inputs.
func BatchToAffineVarTime(out []Affine, in []Jacobian, scratch []field.Element) {
	n := len(in)
	if len(out) != n || len(scratch) < 2*n {
		panic("group: internal error: BatchToAffineVarTime length mismatch")
	}
	zs, tmp := scratch[:n], scratch[n:2*n]
	for i := range in {
		if in[i].Infinity {
			zs[i].Zero()
		} else {
			zs[i].Set(&in[i].Z)
		}
	}
	field.BatchInvertVarTime(zs, zs, tmp)
	for i := range in {
		if in[i].Infinity {
			out[i].SetInfinity()
			continue
		}
		var z2, z3 field.Element
		z2.Square(&zs[i])
		z3.Multiply(&z2, &zs[i])
		out[i].X.Multiply(&in[i].X, &z2)
		out[i].Y.Multiply(&in[i].Y, &z3)
		out[i].Infinity = false
	}
}
