package testutil

import "math/big"

// The math/big reference for secp256k1 that tests compare the library
// with: textbook affine formulas, no tricks, variable time.

// Curve constants.
var (
	P  = mustBig("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
	N  = mustBig("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	Gx = mustBig("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	Gy = mustBig("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8")
	// Lambda is the scalar of the GLV endomorphism, Beta its cube root of
	// unity mod P: Lambda·(x, y) = (Beta·x, y).
	Lambda = mustBig("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72")
	Beta   = mustBig("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee")
)

func mustBig(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("testutil: bad constant " + s)
	}
	return v
}

// Point is an affine point of the curve; the nil *Point is the point at
// infinity. Its coordinates are in [0, P).
type Point struct{ X, Y *big.Int }

// G returns the generator.
func G() *Point { return &Point{new(big.Int).Set(Gx), new(big.Int).Set(Gy)} }

// Equal reports whether p and q are the same point (nil is infinity).
func (p *Point) Equal(q *Point) bool {
	if p == nil || q == nil {
		return p == q
	}
	return p.X.Cmp(q.X) == 0 && p.Y.Cmp(q.Y) == 0
}

// Add returns a + b.
func Add(a, b *Point) *Point {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	var l *big.Int
	if a.X.Cmp(b.X) == 0 {
		if new(big.Int).Add(a.Y, b.Y).Mod(new(big.Int).Add(a.Y, b.Y), P).Sign() == 0 {
			return nil
		}
		// λ = 3x² / 2y
		num := new(big.Int).Mul(a.X, a.X)
		num.Mul(num, big.NewInt(3))
		den := new(big.Int).Lsh(a.Y, 1)
		l = num.Mul(num, den.ModInverse(den.Mod(den, P), P))
	} else {
		num := new(big.Int).Sub(b.Y, a.Y)
		den := new(big.Int).Sub(b.X, a.X)
		den.Mod(den, P)
		l = num.Mul(num, den.ModInverse(den, P))
	}
	l.Mod(l, P)
	x := new(big.Int).Mul(l, l)
	x.Sub(x, a.X).Sub(x, b.X).Mod(x, P)
	y := new(big.Int).Sub(a.X, x)
	y.Mul(y, l).Sub(y, a.Y).Mod(y, P)
	return &Point{x, y}
}

// Mul returns k·p for k >= 0, by double-and-add.
func Mul(k *big.Int, p *Point) *Point {
	var r *Point
	for i := k.BitLen() - 1; i >= 0; i-- {
		r = Add(r, r)
		if k.Bit(i) == 1 {
			r = Add(r, p)
		}
	}
	return r
}

// Neg returns -p (nil for the point at infinity).
func Neg(p *Point) *Point {
	if p == nil {
		return nil
	}
	y := new(big.Int).Neg(p.Y)
	return &Point{new(big.Int).Set(p.X), y.Mod(y, P)}
}

// CurveY returns a square root of x³ + 7 modulo P, so that (x, y) is a
// point, or nil if x is not in [0, P) or x³ + 7 is not a square.
func CurveY(x *big.Int) *big.Int {
	if x.Sign() < 0 || x.Cmp(P) >= 0 {
		return nil
	}
	rhs := new(big.Int).Exp(x, big.NewInt(3), P)
	rhs.Add(rhs, big.NewInt(7)).Mod(rhs, P)
	return new(big.Int).ModSqrt(rhs, P)
}
