package curve

import (
	"encoding/hex"

	"github.com/p256k1/secp256k1/internal/field"
)

// secp256k1 has A = 0, for which the simplified SWU map is undefined, so
// RFC 9380 (section 8.7, appendix E.1) maps to a curve 3-isogenous to it,
//
//	E': y² = x³ + A'·x + B',
//
// and carries the point over with the isogeny map of isogeny.go. The
// suite's constants: A', B' = 1771 and the non-square Z = -11; sqrtMinusZ
// is the constant c2 = sqrt(-Z) = sqrt(11) of sqrt_ratio (section F.2.1.2;
// either root works, the map fixes the sign of y afterwards). The tests
// check each against its definition.
var (
	isoA       = mustFieldElement("3f8731abdd661adca08a5558f0f5d272e953d363cb6f0e5d405447c01a444533")
	sswuZ      = mustFieldElement("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc24") // -11
	sqrtMinusZ = mustFieldElement("31fdf302724013e57ad13fb38f842afeec184f00a74789dd286729c8303c4a59")
)

// isoB is B' = 1771, small enough for field.Element.MulInt.
const isoB = 1771

// mustFieldElement decodes a 64-digit hex constant below p.
func mustFieldElement(s string) field.Element {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 32 {
		panic("curve: bad constant " + s)
	}
	var e field.Element
	if e.SetCanonicalBytes((*[32]byte)(b)) != 1 {
		panic("curve: constant out of range " + s)
	}
	return e
}

// powPMinus3Over4 sets z = x^((p-3)/4), in constant time. (p-3)/4 has the
// binary form 1{223} 0 1{22} 0000 1011, which the addition chain of
// libsecp256k1's square root (blocks of 2, 22 and 223 ones) reaches with
// 253 squarings and 14 multiplications.
func powPMinus3Over4(z, x *field.Element) {
	var x2, x3, x6, x9, x11, x22, x44, x88, x176, x220, x223, t field.Element
	x2.Square(x)
	x2.Multiply(&x2, x) // 2^2 - 1
	x3.Square(&x2)
	x3.Multiply(&x3, x) // 2^3 - 1
	squareN(&x6, &x3, 3)
	x6.Multiply(&x6, &x3)
	squareN(&x9, &x6, 3)
	x9.Multiply(&x9, &x3)
	squareN(&x11, &x9, 2)
	x11.Multiply(&x11, &x2)
	squareN(&x22, &x11, 11)
	x22.Multiply(&x22, &x11)
	squareN(&x44, &x22, 22)
	x44.Multiply(&x44, &x22)
	squareN(&x88, &x44, 44)
	x88.Multiply(&x88, &x44)
	squareN(&x176, &x88, 88)
	x176.Multiply(&x176, &x88)
	squareN(&x220, &x176, 44)
	x220.Multiply(&x220, &x44)
	squareN(&x223, &x220, 3)
	x223.Multiply(&x223, &x3)

	squareN(&t, &x223, 23) // 1{223} 0{23}
	t.Multiply(&t, &x22)   // 1{223} 0 1{22}
	squareN(&t, &t, 5)     // ... 00000
	t.Multiply(&t, x)      // ... 00001
	squareN(&t, &t, 3)     // ... 00001 000
	z.Multiply(&t, &x2)    // ... 00001 011
}

// squareN sets z = x^(2^n), n >= 1.
func squareN(z, x *field.Element, n int) {
	z.Square(x)
	for range n - 1 {
		z.Square(z)
	}
}

// sqrtRatio is sqrt_ratio(u, v) of RFC 9380, section F.2.1.2, for
// q ≡ 3 (mod 4): for v ≠ 0 it returns 1 and sets y = sqrt(u/v) if u/v is a
// square, and otherwise returns 0 and sets y = sqrt(Z·u/v). It follows the
// RFC's straight-line steps: one exponentiation, no inversion, no branch.
// y must not alias u or v.
func sqrtRatio(y, u, v *field.Element) int {
	var tv1, tv2, tv3, y1, y2 field.Element
	tv1.Square(v)            // 1. tv1 = v^2
	tv2.Multiply(u, v)       // 2. tv2 = u * v
	tv1.Multiply(&tv1, &tv2) // 3. tv1 = tv1 * tv2
	powPMinus3Over4(&y1, &tv1)
	y1.Multiply(&y1, &tv2)        // 5. y1 = y1 * tv2
	y2.Multiply(&y1, &sqrtMinusZ) // 6. y2 = y1 * c2
	tv3.Square(&y1)               // 7. tv3 = y1^2
	tv3.Multiply(&tv3, v)         // 8. tv3 = tv3 * v
	isQR := tv3.Equal(u)          // 9. isQR = tv3 == u
	y.Select(&y1, &y2, isQR)      // 10. y = CMOV(y2, y1, isQR)
	return isQR
}

// mapToCurveSSWU is map_to_curve_simple_swu(u) of RFC 9380, section F.2,
// onto E' (A', B', Z above): the straight-line version, in constant time.
// The point is (xn/xd, y) with xd ≠ 0; the division the RFC's last step
// does is left to the isogeny map, which works on the fraction.
func mapToCurveSSWU(xn, xd, y *field.Element, u *field.Element) {
	var tv1, tv2, tv3, tv4, tv5, tv6, x1, yy, y1, neg, one field.Element
	one.One()
	tv1.Square(u)                           // 1. tv1 = u^2
	tv1.Multiply(&tv1, &sswuZ)              // 2. tv1 = Z * tv1
	tv2.Square(&tv1)                        // 3. tv2 = tv1^2
	tv2.Add(&tv2, &tv1)                     // 4. tv2 = tv2 + tv1
	tv3.Add(&tv2, &one)                     // 5. tv3 = tv2 + 1
	tv3.MulInt(&tv3, isoB)                  // 6. tv3 = B * tv3
	neg.Negate(&tv2)                        //
	tv4.Select(&sswuZ, &neg, tv2.IsZero())  // 7. tv4 = CMOV(Z, -tv2, tv2 != 0)
	tv4.Multiply(&tv4, &isoA)               // 8. tv4 = A * tv4
	tv2.Square(&tv3)                        // 9. tv2 = tv3^2
	tv6.Square(&tv4)                        // 10. tv6 = tv4^2
	tv5.Multiply(&isoA, &tv6)               // 11. tv5 = A * tv6
	tv2.Add(&tv2, &tv5)                     // 12. tv2 = tv2 + tv5
	tv2.Multiply(&tv2, &tv3)                // 13. tv2 = tv2 * tv3
	tv6.Multiply(&tv6, &tv4)                // 14. tv6 = tv6 * tv4
	tv5.MulInt(&tv6, isoB)                  // 15. tv5 = B * tv6
	tv2.Add(&tv2, &tv5)                     // 16. tv2 = tv2 + tv5
	x1.Multiply(&tv1, &tv3)                 // 17. x = tv1 * tv3
	gx1Square := sqrtRatio(&y1, &tv2, &tv6) // 18. (is_gx1_square, y1) = sqrt_ratio(tv2, tv6)
	yy.Multiply(&tv1, u)                    // 19. y = tv1 * u
	yy.Multiply(&yy, &y1)                   // 20. y = y * y1
	x1.Select(&tv3, &x1, gx1Square)         // 21. x = CMOV(x, tv3, is_gx1_square)
	yy.Select(&y1, &yy, gx1Square)          // 22. y = CMOV(y, y1, is_gx1_square)
	e1 := 1 ^ u.IsOdd() ^ yy.IsOdd()        // 23. e1 = sgn0(u) == sgn0(y)
	yy.CondNegate(&yy, 1^e1)                // 24. y = CMOV(-y, y, e1)
	xn.Set(&x1)                             // 25. x = x / tv4, left as the
	xd.Set(&tv4)                            //     fraction x1/tv4
	y.Set(&yy)
}
