package field

// powerChainCommon computes the shared prefix of the addition chains for
// p - 2 and (p + 1)/4: x2 = a^(2^2-1), x3 = a^(2^3-1), x22 = a^(2^22-1) and
// x223 = a^(2^223-1). The binary expansion of p is 223 ones, a zero, 22 ones,
// 0000, 1011, 0010, 1111 (the same chain as libsecp256k1's field inverse and
// square root).
func powerChainCommon(a *Element) (x2, x3, x22, x223 Element) {
	var x6, x9, x11, x44, x88, x176, x220 Element
	x2.Square(a)
	x2.Multiply(&x2, a)
	x3.Square(&x2)
	x3.Multiply(&x3, a)
	x6.squareN(&x3, 3)
	x6.Multiply(&x6, &x3)
	x9.squareN(&x6, 3)
	x9.Multiply(&x9, &x3)
	x11.squareN(&x9, 2)
	x11.Multiply(&x11, &x2)
	x22.squareN(&x11, 11)
	x22.Multiply(&x22, &x11)
	x44.squareN(&x22, 22)
	x44.Multiply(&x44, &x22)
	x88.squareN(&x44, 44)
	x88.Multiply(&x88, &x44)
	x176.squareN(&x88, 88)
	x176.Multiply(&x176, &x88)
	x220.squareN(&x176, 44)
	x220.Multiply(&x220, &x44)
	x223.squareN(&x220, 3)
	x223.Multiply(&x223, &x3)
	return
}

// invertFermat sets v = a^(p-2) = 1/a (0 if a = 0), and returns v. It is the
// constant-time reference the faster safegcd inversion is tested against.
func (v *Element) invertFermat(a *Element) *Element {
	x2, _, x22, x223 := powerChainCommon(a)
	var t Element
	t.squareN(&x223, 23)
	t.Multiply(&t, &x22)
	t.squareN(&t, 5)
	t.Multiply(&t, a)
	t.squareN(&t, 3)
	t.Multiply(&t, &x2)
	t.squareN(&t, 2)
	return v.Multiply(&t, a)
}

// Sqrt sets v to a square root of a and returns 1 if a is a square; otherwise
// it sets v to a square root of -a and returns 0. The root returned is
// a^((p+1)/4); either root's negation is also a root.
func (v *Element) Sqrt(a *Element) int {
	x2, _, x22, x223 := powerChainCommon(a)
	var r, check Element
	r.squareN(&x223, 23)
	r.Multiply(&r, &x22)
	r.squareN(&r, 6)
	r.Multiply(&r, &x2)
	r.squareN(&r, 2)
	check.Square(&r)
	ok := check.Equal(a)
	v.Set(&r)
	return ok
}
