// Package group implements the secp256k1 group: points on y² = x³ + 7 over
// the field of internal/field.
//
// Three representations are provided:
//
//   - Affine (x, y), with an explicit flag for the point at infinity; the
//     form points are stored and serialized in.
//   - Jacobian (X:Y:Z) with x = X/Z², y = Y/Z³. Its …VarTime methods
//     (EFD formulas with branches on doubling and infinity) serve
//     verification, public-key tweaks and table building; its constant-time
//     methods (Double, AddAffine: libsecp256k1's unified mixed addition,
//     Select, Affine.SetJacobian) serve k·P on secret scalars.
//   - Projective (X:Y:Z) with x = X/Z, y = Y/Z, the accumulator of the
//     constant-time k·G, with the complete mixed addition of Renes,
//     Costello and Batina ("Complete addition formulas for prime order
//     elliptic curves", EUROCRYPT 2016, https://eprint.iacr.org/2015/1060,
//     algorithm 8 for a = 0), which has no exceptional case.
//
// Receivers and arguments may alias unless a doc comment says otherwise.
package group

import "github.com/p256k1/secp256k1/internal/field"

// The curve constant B and the generator coordinates gx, gy are in
// params.go, or, in the exhaustive-test builds, in params_exhaustive*.go.

// b3 = 3·b, used by the complete addition formula.
const b3 = 3 * B

// pointAsmCurve (in point_amd64.go, point_noasm.go and
// point_gen_dispatch.go) reports whether the whole-point code has
// Projective.AddAffine and AddAffineIf for this curve: the assembly's
// complete projective addition has 3·b = 21 built in, so the
// exhaustive-test builds (other b) run the Go formulas for them, and the
// generated Go of the builds without assembly does not have them. The
// Jacobian formulas (a = 0) do not involve b. A constant: the normal build
// compiles the same code as without it.

// beta is the cube root of unity mod p with λ·(x, y) = (β·x, y) (the same
// β serves the test curves of the exhaustive builds, with their own λ).
var beta = [4]uint64{0xC1396C28719501EE, 0x9CF0497512F58995, 0x6E64479EAC3434E9, 0x7AE96A2B657C0710}

// Generator returns the standard generator G in affine form.
func Generator() Affine {
	var g Affine
	g.X.SetLimbs(&gx)
	g.Y.SetLimbs(&gy)
	return g
}

// Beta returns β, the cube root of unity mod p of the GLV endomorphism:
// (β·x, y) = λ·(x, y) for every point (x, y), with λ from internal/scalar.
func Beta() field.Element {
	var b field.Element
	b.SetLimbs(&beta)
	return b
}

// curveRHS sets v = x³ + 7.
func curveRHS(v, x *field.Element) {
	var t field.Element
	t.Square(x)
	t.Multiply(&t, x)
	var seven field.Element
	seven.SetUint64(B)
	v.Add(&t, &seven)
}
