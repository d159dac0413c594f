package curve

import (
	"math/big"
	"math/rand/v2"
)

// A math/big reference of the group: affine points, nil x for the identity.

var (
	bigP, _ = new(big.Int).SetString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", 16)
	bigN, _ = new(big.Int).SetString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16)
	bigGx   = mustHex("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798")
	bigGy   = mustHex("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8")
)

func mustHex(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic(s)
	}
	return v
}

type refPoint struct{ x, y *big.Int }

func (a refPoint) inf() bool { return a.x == nil }

func refG() refPoint { return refPoint{bigGx, bigGy} }

func refAdd(a, b refPoint) refPoint {
	if a.inf() {
		return b
	}
	if b.inf() {
		return a
	}
	var l *big.Int
	if a.x.Cmp(b.x) == 0 {
		s := new(big.Int).Add(a.y, b.y)
		if s.Mod(s, bigP).Sign() == 0 {
			return refPoint{}
		}
		num := new(big.Int).Mul(a.x, a.x)
		num.Mul(num, big.NewInt(3))
		den := new(big.Int).Lsh(a.y, 1)
		l = num.Mul(num, den.ModInverse(den, bigP))
	} else {
		num := new(big.Int).Sub(b.y, a.y)
		den := new(big.Int).Sub(b.x, a.x)
		den.Mod(den, bigP)
		l = num.Mul(num, den.ModInverse(den, bigP))
	}
	l.Mod(l, bigP)
	x := new(big.Int).Mul(l, l)
	x.Sub(x, a.x).Sub(x, b.x).Mod(x, bigP)
	y := new(big.Int).Sub(a.x, x)
	y.Mul(y, l).Sub(y, a.y).Mod(y, bigP)
	return refPoint{x, y}
}

func refNeg(a refPoint) refPoint {
	if a.inf() {
		return a
	}
	y := new(big.Int).Neg(a.y)
	return refPoint{a.x, y.Mod(y, bigP)}
}

func refMul(k *big.Int, a refPoint) refPoint {
	k = new(big.Int).Mod(k, bigN)
	r := refPoint{}
	for i := k.BitLen() - 1; i >= 0; i-- {
		r = refAdd(r, r)
		if k.Bit(i) == 1 {
			r = refAdd(r, a)
		}
	}
	return r
}

// refBytes is the SEC 1 uncompressed encoding (0x00 for the identity).
func refBytes(a refPoint) []byte {
	if a.inf() {
		return []byte{0}
	}
	b := make([]byte, 65)
	b[0] = 4
	a.x.FillBytes(b[1:33])
	a.y.FillBytes(b[33:])
	return b
}

func toRef(p *Point) refPoint {
	b := p.BytesUncompressed()
	if len(b) == 1 {
		return refPoint{}
	}
	return refPoint{new(big.Int).SetBytes(b[1:33]), new(big.Int).SetBytes(b[33:])}
}

func fromRef(a refPoint) *Point {
	p, err := new(Point).SetBytes(refBytes(a))
	if err != nil {
		panic(err)
	}
	return p
}

func refEqual(a, b refPoint) bool {
	if a.inf() || b.inf() {
		return a.inf() == b.inf()
	}
	return a.x.Cmp(b.x) == 0 && a.y.Cmp(b.y) == 0
}

func bigFromScalar(s *Scalar) *big.Int { return new(big.Int).SetBytes(s.Bytes()) }

func scalarFromBig(v *big.Int) *Scalar {
	b := make([]byte, 32)
	new(big.Int).Mod(v, bigN).FillBytes(b)
	s, err := new(Scalar).SetCanonicalBytes(b)
	if err != nil {
		panic(err)
	}
	return s
}

// edgeBigScalars are scalar values that stress carries and reduction.
func edgeBigScalars() []*big.Int {
	one := big.NewInt(1)
	out := []*big.Int{big.NewInt(0), one, big.NewInt(2), big.NewInt(3),
		new(big.Int).Sub(bigN, one), new(big.Int).Sub(bigN, big.NewInt(2)),
		new(big.Int).Rsh(bigN, 1), new(big.Int).Add(new(big.Int).Rsh(bigN, 1), one),
		new(big.Int).Lsh(one, 128), new(big.Int).Sub(new(big.Int).Lsh(one, 128), one),
		new(big.Int).Lsh(one, 255)}
	return out
}

func randBig(r *rand.Rand, mod *big.Int) *big.Int {
	b := make([]byte, 32)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	v := new(big.Int).SetBytes(b)
	return v.Mod(v, mod)
}

// testScalars returns edge and random scalars below n.
func testScalars(r *rand.Rand, nRandom int) []*big.Int {
	s := edgeBigScalars()
	for range nRandom {
		s = append(s, randBig(r, bigN))
	}
	return s
}

// testPoints returns the identity, G, -G and random points k·G, as
// references.
func testPoints(r *rand.Rand, nRandom int) []refPoint {
	ps := []refPoint{{}, refG(), refNeg(refG())}
	for range nRandom {
		ps = append(ps, refMul(randBig(r, bigN), refG()))
	}
	return ps
}
