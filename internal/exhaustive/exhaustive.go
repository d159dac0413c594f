//go:build exhaustive7 || exhaustive13 || exhaustive199

package exhaustive

import (
	"math/big"
	"math/rand/v2"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// N is the order of the group of this build.
var N = int(scalar.Order()[0])

// P is the field prime.
var P, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", 16)

// Point is an affine point in math/big, or the point at infinity.
type Point struct {
	X, Y *big.Int
	Inf  bool
}

// Points lists i·G for i in [0, N): Points[0] is the point at infinity.
var Points = multiples()

// byX maps the x-coordinate of every finite point (as a string of its
// decimal digits) to the indices of the two points with that x.
var byX = indexByX()

func multiples() []Point {
	g := group.Generator()
	gp := Point{X: toBig(&g.X), Y: toBig(&g.Y)}
	pts := make([]Point, N)
	pts[0] = Point{Inf: true}
	for i := 1; i < N; i++ {
		pts[i] = Add(pts[i-1], gp)
	}
	return pts
}

func indexByX() map[string][2]int {
	m := make(map[string][2]int)
	for i := 1; i < N; i++ {
		k := Points[i].X.String()
		v := m[k]
		if v[0] == 0 {
			v[0] = i
		} else {
			v[1] = i
		}
		m[k] = v
	}
	return m
}

// Add returns a + b on the curve y² = x³ + group.B, in math/big.
func Add(a, b Point) Point {
	switch {
	case a.Inf:
		return b
	case b.Inf:
		return a
	}
	var l *big.Int
	if a.X.Cmp(b.X) == 0 {
		if new(big.Int).Mod(new(big.Int).Add(a.Y, b.Y), P).Sign() == 0 {
			return Point{Inf: true}
		}
		// λ = 3x²/(2y)
		num := new(big.Int).Mul(a.X, a.X)
		num.Mul(num, big.NewInt(3))
		den := new(big.Int).Lsh(a.Y, 1)
		l = num.Mul(num, inv(den))
	} else {
		num := new(big.Int).Sub(b.Y, a.Y)
		den := new(big.Int).Sub(b.X, a.X)
		l = num.Mul(num, inv(den))
	}
	l.Mod(l, P)
	x := new(big.Int).Mul(l, l)
	x.Sub(x, a.X)
	x.Sub(x, b.X)
	x.Mod(x, P)
	y := new(big.Int).Sub(a.X, x)
	y.Mul(y, l)
	y.Sub(y, a.Y)
	y.Mod(y, P)
	return Point{X: x, Y: y}
}

// Mul returns k·a for k >= 0 by repeated doubling and addition, in
// math/big.
func Mul(k int, a Point) Point {
	r := Point{Inf: true}
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			r = Add(r, a)
		}
		a = Add(a, a)
	}
	return r
}

// OnCurve reports whether a is the point at infinity or satisfies
// y² = x³ + group.B.
func OnCurve(a Point) bool {
	if a.Inf {
		return true
	}
	return new(big.Int).Mod(new(big.Int).Mul(a.Y, a.Y), P).Cmp(rhs(a.X)) == 0
}

// rhs returns x³ + B mod p.
func rhs(x *big.Int) *big.Int {
	r := new(big.Int).Exp(x, big.NewInt(3), P)
	r.Add(r, big.NewInt(group.B))
	return r.Mod(r, P)
}

// HasPoint reports whether some point of the curve (in the group of order N
// or not) has x-coordinate x, for 0 <= x < p.
func HasPoint(x *big.Int) bool {
	return big.Jacobi(rhs(x), P) >= 0
}

// NoPointX returns the first n integers x >= 0 that are the x-coordinate of
// no point of the curve.
func NoPointX(n int) []*big.Int {
	var out []*big.Int
	for x := int64(0); len(out) < n; x++ {
		if v := big.NewInt(x); !HasPoint(v) {
			out = append(out, v)
		}
	}
	return out
}

// OffGroupX returns the first n integers x >= 0 that are the x-coordinate
// of a point of the curve outside the group of order N.
func OffGroupX(n int) []*big.Int {
	var out []*big.Int
	for x := int64(0); len(out) < n; x++ {
		v := big.NewInt(x)
		if _, ok := byX[v.String()]; !ok && HasPoint(v) {
			out = append(out, v)
		}
	}
	return out
}

// IndexX returns the indices i and N - i of the two points with
// x-coordinate x (the first has even y), or ok = false if no point of the
// group has it.
func IndexX(x *big.Int) (even, odd int, ok bool) {
	v, ok := byX[x.String()]
	if !ok {
		return 0, 0, false
	}
	if Points[v[0]].Y.Bit(0) == 1 {
		v[0], v[1] = v[1], v[0]
	}
	return v[0], v[1], true
}

// Index returns the i with Points[i] equal to a, or -1 if a is not a point
// of the group.
func Index(a Point) int {
	if a.Inf {
		return 0
	}
	even, odd, ok := IndexX(a.X)
	switch {
	case !ok:
		return -1
	case Points[even].Y.Cmp(a.Y) == 0:
		return even
	case Points[odd].Y.Cmp(a.Y) == 0:
		return odd
	}
	return -1
}

func inv(a *big.Int) *big.Int {
	return new(big.Int).ModInverse(new(big.Int).Mod(a, P), P)
}

func toBig(v *field.Element) *big.Int {
	b := v.Bytes()
	return new(big.Int).SetBytes(b[:])
}

// Element returns x mod p as a field element.
func Element(x *big.Int) field.Element {
	var b [32]byte
	new(big.Int).Mod(x, P).FillBytes(b[:])
	var v field.Element
	v.SetBytes(&b)
	return v
}

// ElementInt returns the field element x, for a small x >= 0.
func ElementInt(x int) field.Element {
	var v field.Element
	v.SetUint64(uint64(x))
	return v
}

// Scalar returns k mod N as a scalar (k may be negative).
func Scalar(k int) scalar.Scalar {
	var s scalar.Scalar
	s.SetUint64(uint64(((k % N) + N) % N))
	return s
}

// ScalarValue returns s as an int in [0, N), read through its encoding.
func ScalarValue(s *scalar.Scalar) int {
	b := s.Bytes()
	return int(new(big.Int).SetBytes(b[:]).Int64())
}

// affine is Points in internal/group's affine form.
var affine = affinePoints()

func affinePoints() []group.Affine {
	out := make([]group.Affine, N)
	for i, pt := range Points {
		if pt.Inf {
			out[i].SetInfinity()
			continue
		}
		x, y := Element(pt.X), Element(pt.Y)
		out[i].SetXY(&x, &y)
	}
	return out
}

// Affine returns Points[i mod N] in internal/group's affine form.
func Affine(i int) group.Affine {
	return affine[((i%N)+N)%N]
}

// randomNonZero returns a random non-zero field element, or 1 if r is nil.
func randomNonZero(r *rand.Rand) field.Element {
	var z field.Element
	z.One()
	if r == nil {
		return z
	}
	for {
		var b [32]byte
		for i := 0; i < 32; i += 8 {
			v := r.Uint64()
			for k := range 8 {
				b[i+k] = byte(v >> (8 * k))
			}
		}
		z.SetBytes(&b)
		if z.IsZero() == 0 {
			return z
		}
	}
}

// Jacobian returns Points[i mod N] in Jacobian coordinates with a random
// Z ≠ 0 (Z = 1 if r is nil). The point at infinity is SetInfinity's, or,
// with r, (X:Y:0) with random X and Y and the flag set.
func Jacobian(i int, r *rand.Rand) group.Jacobian {
	var p group.Jacobian
	a := Affine(i)
	if a.Infinity {
		p.SetInfinity()
		if r != nil {
			p.X = randomNonZero(r)
			p.Y = randomNonZero(r)
		}
		return p
	}
	p.SetAffine(&a) // finite: the flag is clear
	z := randomNonZero(r)
	var z2, z3 field.Element
	z2.Square(&z)
	z3.Multiply(&z2, &z)
	p.X.Multiply(&a.X, &z2)
	p.Y.Multiply(&a.Y, &z3)
	p.Z = z
	return p
}

// Projective returns Points[i mod N] in projective coordinates with a
// random Z ≠ 0 (Z = 1 if r is nil); the point at infinity is (0:Y:0) with a
// random Y ≠ 0 (Y = 1 if r is nil).
func Projective(i int, r *rand.Rand) group.Projective {
	var p group.Projective
	a := Affine(i)
	if a.Infinity {
		p.SetInfinity()
		p.Y = randomNonZero(r)
		return p
	}
	z := randomNonZero(r)
	p.X.Multiply(&a.X, &z)
	p.Y.Multiply(&a.Y, &z)
	p.Z = z
	return p
}

// IsJacobian reports whether p is Points[i mod N]: X = x·Z² and Y = y·Z³
// with Z ≠ 0 for a finite point, Z = 0 for the point at infinity (the
// flag is not read). It is the fast form of IndexJacobian(p) == i.
func IsJacobian(p *group.Jacobian, i int) bool {
	a := Affine(i)
	if a.Infinity || p.Z.IsZero() == 1 {
		return a.Infinity && p.Z.IsZero() == 1
	}
	var z2, z3, t field.Element
	z2.Square(&p.Z)
	z3.Multiply(&z2, &p.Z)
	if t.Multiply(&a.X, &z2); t.Equal(&p.X) != 1 {
		return false
	}
	t.Multiply(&a.Y, &z3)
	return t.Equal(&p.Y) == 1
}

// IsProjective reports whether p is Points[i mod N]: X = x·Z and Y = y·Z
// with Z ≠ 0 for a finite point, (0:Y:0) with Y ≠ 0 for the point at
// infinity. It is the fast form of IndexProjective(p) == i.
func IsProjective(p *group.Projective, i int) bool {
	a := Affine(i)
	if a.Infinity || p.Z.IsZero() == 1 {
		return a.Infinity && p.Z.IsZero() == 1 && p.X.IsZero() == 1 && p.Y.IsZero() == 0
	}
	var t field.Element
	if t.Multiply(&a.X, &p.Z); t.Equal(&p.X) != 1 {
		return false
	}
	t.Multiply(&a.Y, &p.Z)
	return t.Equal(&p.Y) == 1
}

// IsAffine reports whether a is Points[i mod N], its flag included.
func IsAffine(a *group.Affine, i int) bool {
	b := Affine(i)
	if a.Infinity || b.Infinity {
		return a.Infinity == b.Infinity
	}
	return a.X.Equal(&b.X) == 1 && a.Y.Equal(&b.Y) == 1
}

// FromAffine returns a as a math/big point (its flag decides infinity).
func FromAffine(a *group.Affine) Point {
	if a.Infinity {
		return Point{Inf: true}
	}
	return Point{X: toBig(&a.X), Y: toBig(&a.Y)}
}

// FromJacobian returns p as a math/big point: (X/Z², Y/Z³), or infinity
// when Z = 0 (its flag is not read).
func FromJacobian(p *group.Jacobian) Point {
	z := toBig(&p.Z)
	if z.Sign() == 0 {
		return Point{Inf: true}
	}
	zi := inv(z)
	zi2 := new(big.Int).Mul(zi, zi)
	zi3 := new(big.Int).Mul(zi2, zi)
	x := new(big.Int).Mul(toBig(&p.X), zi2)
	y := new(big.Int).Mul(toBig(&p.Y), zi3)
	return Point{X: x.Mod(x, P), Y: y.Mod(y, P)}
}

// FromProjective returns p as a math/big point: (X/Z, Y/Z), or infinity
// when Z = 0.
func FromProjective(p *group.Projective) Point {
	z := toBig(&p.Z)
	if z.Sign() == 0 {
		return Point{Inf: true}
	}
	zi := inv(z)
	x := new(big.Int).Mul(toBig(&p.X), zi)
	y := new(big.Int).Mul(toBig(&p.Y), zi)
	return Point{X: x.Mod(x, P), Y: y.Mod(y, P)}
}

// IndexAffine returns the i with a = i·G, or -1 if a is not in the group.
func IndexAffine(a *group.Affine) int { return Index(FromAffine(a)) }

// IndexJacobian returns the i with p = i·G (Z = 0 is the point at
// infinity, index 0, whatever the flag says; callers check the flag), or
// -1 if p is not in the group.
func IndexJacobian(p *group.Jacobian) int { return Index(FromJacobian(p)) }

// IndexProjective returns the i with p = i·G, or -1 if p is not in the
// group (or is (0:0:0)).
func IndexProjective(p *group.Projective) int {
	if toBig(&p.Z).Sign() == 0 && toBig(&p.Y).Sign() == 0 {
		return -1
	}
	return Index(FromProjective(p))
}
