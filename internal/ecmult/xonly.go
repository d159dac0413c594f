package ecmult

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// ScalarMultXOnly sets x to the x-coordinate of k·P and returns x, where P
// is a point with x-coordinate n/d, without computing P's y-coordinate:
// no square root, and one inversion in all (libsecp256k1's
// secp256k1_ecmult_const_xonly, with its known_on_curve). It runs in
// constant time with respect to k; n and d are public (the peer's key in
// an x-only key exchange), and the table of multiples of P is built from
// them in variable time, as ScalarMult does from P.
//
// The caller guarantees that d ≠ 0 and that n/d is the x-coordinate of a
// point on the curve (it is not checked: for other n/d the result is
// meaningless). k = 0 gives x = 0. Which of the two points with
// x-coordinate n/d is P does not matter: x(k·P) = x(k·(-P)).
//
// The method (Peter Dettman's, as libsecp256k1 generalizes it): with
// g = n³ + 7·d³ = y²·d³ and v = sqrt(d·g), which exists because
// d·g = (y·d²)², the point (n/d, y) has the Jacobian coordinates
// (n·g, g², v). Multiplying on the isomorphic curve y² = x³ + 7·v⁶, where
// that point is the affine (n·g, g²) (the Jacobian formulas do not involve
// the curve constant), gives (X, Y, Z), which is (X, Y, v·Z) on secp256k1:
// its x-coordinate is X/(v²·Z²) = X/(d·g·Z²), and v itself is never needed.
func ScalarMultXOnly(x *field.Element, k *scalar.Scalar, n, d *field.Element) *field.Element {
	var g, b field.Element
	g.Square(n)
	g.Multiply(&g, n)
	b.Square(d)
	b.Multiply(&b, d)
	b.MulInt(&b, group.B)
	g.Add(&g, &b) // g = n³ + 7·d³
	var px, py field.Element
	px.Multiply(&g, n)
	py.Square(&g)
	var p group.Affine
	p.SetXY(&px, &py) // on the isomorphic curve
	var j group.Jacobian
	ScalarMult(&j, k, &p)
	var i field.Element
	i.Square(&j.Z)
	i.Multiply(&i, &g)
	i.Multiply(&i, d)
	i.Invert(&i) // constant time: Z depends on k
	x.Multiply(&j.X, &i)
	j = group.Jacobian{}
	return x
}
