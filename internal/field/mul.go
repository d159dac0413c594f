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

// squareN sets v = a^(2^n), and returns v.
func (v *Element) squareN(a *Element, n int) *Element {
	feSquare(v, a)
	for i := 1; i < n; i++ {
		feSquare(v, v)
	}
	return v
}
