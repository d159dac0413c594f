package curve

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// The 3-isogeny map from E' (sswu.go) to secp256k1 of RFC 9380, appendix
// E.1:
//
//	x = x_num(x') / x_den(x'),  y = y' · y_num(x') / y_den(x')
//
// with the polynomials below (coefficients k_(i,j) of x'^j; x_den and y_den
// are monic). The tests check that the map sends points of E' onto
// secp256k1.
var (
	isoK10 = mustFieldElement("8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa8c7")
	isoK11 = mustFieldElement("07d3d4c80bc321d5b9f315cea7fd44c5d595d2fc0bf63b92dfff1044f17c6581")
	isoK12 = mustFieldElement("534c328d23f234e6e2a413deca25caece4506144037c40314ecbd0b53d9dd262")
	isoK13 = mustFieldElement("8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa88c")
	isoK20 = mustFieldElement("d35771193d94918a9ca34ccbb7b640dd86cd409542f8487d9fe6b745781eb49b")
	isoK21 = mustFieldElement("edadc6f64383dc1df7c4b2d51b54225406d36b641f5e41bbc52a56612a8c6d14")
	isoK30 = mustFieldElement("4bda12f684bda12f684bda12f684bda12f684bda12f684bda12f684b8e38e23c")
	isoK31 = mustFieldElement("c75e0c32d5cb7c0fa9d0a54b12a0a6d5647ab046d686da6fdffc90fc201d71a3")
	isoK32 = mustFieldElement("29a6194691f91a73715209ef6512e576722830a201be2018a765e85a9ecee931")
	isoK33 = mustFieldElement("2f684bda12f684bda12f684bda12f684bda12f684bda12f684bda12f38e38d84")
	isoK40 = mustFieldElement("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffff93b")
	isoK41 = mustFieldElement("7a06534bb8bdb49fd5e9e6632722c2989467c1bfc8e8d978dfb425d2685c2573")
	isoK42 = mustFieldElement("6484aa716545ca2cf3a70c3fa8fe337e0a3d21162f0d6299a7bf8192bfd2a76f")
)

// isoMap sets p to the image on secp256k1 of the point (xn/xd, y) of E',
// xd ≠ 0, in projective coordinates and without an inversion: with x' =
// a/d the polynomials become homogeneous in (a, d),
//
//	x_num = Xn/d³, x_den = Xd/d², y_num = Yn/d³, y_den = Yd/d³,
//
// so x = Xn/(d·Xd) and y = y'·Yn/Yd, and p = (Xn·Yd : y'·Yn·d·Xd : d·Xd·Yd).
// It runs in constant time.
//
// The RFC's iso_map returns the identity where x_den or y_den is 0. Both
// vanish only at x' = -k_(2,1)/2 (x_den is its square, y_den its cube: the
// kernel of the isogeny), and x'³ + A'·x' + B' is not a square there, so no
// point of E' over the field has that x': the SSWU map never produces an
// exceptional input, and Z is never 0 here. TestIsogenyKernel checks this.
func isoMap(p *group.Projective, xn, xd, y *field.Element) {
	var d2, d3, t, num, xden, ynum, yden, dxden field.Element
	d2.Square(xd)
	d3.Multiply(&d2, xd)

	// Xn = ((k13·a + k12·d)·a + k11·d²)·a + k10·d³
	num.Multiply(&isoK13, xn)
	t.Multiply(&isoK12, xd)
	num.Add(&num, &t)
	num.Multiply(&num, xn)
	t.Multiply(&isoK11, &d2)
	num.Add(&num, &t)
	num.Multiply(&num, xn)
	t.Multiply(&isoK10, &d3)
	num.Add(&num, &t)

	// Xd = (a + k21·d)·a + k20·d²
	t.Multiply(&isoK21, xd)
	xden.Add(xn, &t)
	xden.Multiply(&xden, xn)
	t.Multiply(&isoK20, &d2)
	xden.Add(&xden, &t)

	// Yn = ((k33·a + k32·d)·a + k31·d²)·a + k30·d³
	ynum.Multiply(&isoK33, xn)
	t.Multiply(&isoK32, xd)
	ynum.Add(&ynum, &t)
	ynum.Multiply(&ynum, xn)
	t.Multiply(&isoK31, &d2)
	ynum.Add(&ynum, &t)
	ynum.Multiply(&ynum, xn)
	t.Multiply(&isoK30, &d3)
	ynum.Add(&ynum, &t)

	// Yd = ((a + k42·d)·a + k41·d²)·a + k40·d³
	t.Multiply(&isoK42, xd)
	yden.Add(xn, &t)
	yden.Multiply(&yden, xn)
	t.Multiply(&isoK41, &d2)
	yden.Add(&yden, &t)
	yden.Multiply(&yden, xn)
	t.Multiply(&isoK40, &d3)
	yden.Add(&yden, &t)

	dxden.Multiply(xd, &xden)
	p.X.Multiply(&num, &yden)
	p.Z.Multiply(&dxden, &yden)
	p.Y.Multiply(y, &ynum)
	p.Y.Multiply(&p.Y, &dxden)
}

// mapToCurve is map_to_curve of the suites: the simplified SWU map to E'
// followed by the isogeny map, in constant time.
func mapToCurve(p *group.Projective, u *field.Element) {
	var xn, xd, y field.Element
	mapToCurveSSWU(&xn, &xd, &y, u)
	isoMap(p, &xn, &xd, &y)
}
