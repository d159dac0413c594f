package field

// Multiply sets v = a·b, and returns v.
func (v *Element) Multiply(a, b *Element) *Element {
	feMul(v, a, b)
	return v
}

// Square sets v = a², and returns v.
func (v *Element) Square(a *Element) *Element {
	feSquare(v, a)
	return v
}

// squareN sets v = a^(2^n) (n ≥ 1 squarings), and returns v.
func (v *Element) squareN(a *Element, n int) *Element {
	feSquareN(v, a, n)
	return v
}
