package curve

import (
	"math/big"
	"math/rand/v2"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// The math/big reference curve of internal/testutil, and conversions.

var (
	bigP = testutil.P
	bigN = testutil.N
)

// refPoint is a reference point; nil is the identity.
type refPoint = *testutil.Point

func refG() refPoint                { return testutil.G() }
func refAdd(a, b refPoint) refPoint { return testutil.Add(a, b) }
func refEqual(a, b refPoint) bool   { return a.Equal(b) }

func refNeg(a refPoint) refPoint { return testutil.Neg(a) }

// refMul is k·a for any integer k.
func refMul(k *big.Int, a refPoint) refPoint {
	return testutil.Mul(new(big.Int).Mod(k, bigN), a)
}

// refBytes is the SEC 1 uncompressed encoding (0x00 for the identity).
func refBytes(a refPoint) []byte {
	if a == nil {
		return []byte{0}
	}
	b := make([]byte, 65)
	b[0] = 4
	a.X.FillBytes(b[1:33])
	a.Y.FillBytes(b[33:])
	return b
}

func toRef(p *Point) refPoint {
	b := p.BytesUncompressed()
	if len(b) == 1 {
		return nil
	}
	return &testutil.Point{X: new(big.Int).SetBytes(b[1:33]), Y: new(big.Int).SetBytes(b[33:])}
}

func fromRef(a refPoint) *Point {
	p, err := new(Point).SetBytes(refBytes(a))
	if err != nil {
		panic(err)
	}
	return p
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
	return []*big.Int{big.NewInt(0), one, big.NewInt(2), big.NewInt(3),
		new(big.Int).Sub(bigN, one), new(big.Int).Sub(bigN, big.NewInt(2)),
		new(big.Int).Rsh(bigN, 1), new(big.Int).Add(new(big.Int).Rsh(bigN, 1), one),
		new(big.Int).Lsh(one, 128), new(big.Int).Sub(new(big.Int).Lsh(one, 128), one),
		new(big.Int).Lsh(one, 255)}
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

// testPoints returns the identity, G, -G and random points k·G.
func testPoints(r *rand.Rand, nRandom int) []refPoint {
	ps := []refPoint{nil, refG(), refNeg(refG())}
	for range nRandom {
		ps = append(ps, refMul(randBig(r, bigN), refG()))
	}
	return ps
}
