package secp256k1

import (
	"crypto/elliptic"
	"math/big"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// S256 returns secp256k1 as a crypto/elliptic Curve, for code written
// against the standard library's interfaces: crypto/ecdsa keys (see
// PrivateKey.ToECDSA and PrivateKeyFromECDSA), crypto/ecdsa.VerifyASN1 and
// crypto/ecdsa.SignASN1 (the standard library's generic code for custom
// curves), elliptic.Marshal and Unmarshal, and code ported from
// go-ethereum's crypto.S256 or btcec's S256. The same value is returned on
// every call; its Params are shared and must not be modified.
//
// Params has P, N, B = 7, Gx, Gy, BitSize 256 and Name "secp256k1". The
// curve has a = 0, which crypto/elliptic.CurveParams' own generic methods
// (written for a = −3) do not handle: use the methods of the returned
// Curve, never those of its Params.
//
// Points are (x, y) as *big.Int; (0, 0) is the point at infinity, as in
// crypto/elliptic's generic code and go-ethereum: every method returns
// (0, 0) for it and accepts it as an input. No method panics. A point that
// is not on the curve (IsOnCurve false: nil or negative coordinates,
// coordinates ≥ p, or not satisfying y² = x³ + 7) gives (0, 0) from Add,
// Double and ScalarMult, never a point computed on another curve (invalid
// curve attacks); crypto/elliptic leaves this undefined and its own curves
// panic. Check IsOnCurve on untrusted points first, as crypto/ecdsa and
// go-ethereum's ECIES do. Every result is a new *big.Int, never an input.
//
// Scalars are big-endian byte slices of any length, reduced mod n: a
// scalar ≡ 0 (mod n), the empty slice included, gives (0, 0). ScalarMult
// and ScalarBaseMult run in constant time with respect to the scalar's
// value (its length is public), Add and Double in constant time with
// respect to the points, with the complete formulas of the library. The
// elliptic.Curve interface requires *big.Int, whose arithmetic is not
// constant time: this type uses math/big only to convert at the boundary
// (reading the inputs and building the results with big.Int.SetBytes and
// FillBytes), which leaks the number of leading zero bytes of a result, as
// it does in every elliptic.Curve. Code that needs full constant time uses
// the library's own API (ECDH, package curve) instead.
func S256() elliptic.Curve { return theCurve }

// s256 implements elliptic.Curve for secp256k1 (see S256).
type s256 struct {
	params *elliptic.CurveParams
}

var theCurve = &s256{params: &elliptic.CurveParams{
	P:       mustBigHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"),
	N:       mustBigHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
	B:       big.NewInt(7),
	Gx:      mustBigHex("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
	Gy:      mustBigHex("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"),
	BitSize: 256,
	Name:    "secp256k1",
}}

func mustBigHex(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("secp256k1: bad curve constant " + s)
	}
	return v
}

// Params returns the curve parameters (shared: do not modify them).
func (c *s256) Params() *elliptic.CurveParams { return c.params }

// IsOnCurve reports whether (x, y) is a point on the curve: both
// coordinates in [0, p) and y² = x³ + 7. It is false for nil coordinates
// and for (0, 0), the point at infinity, as in crypto/elliptic.
func (c *s256) IsOnCurve(x, y *big.Int) bool {
	a, ok := affineFromBig(x, y)
	return ok && !a.Infinity
}

// Add returns (x1, y1) + (x2, y2); see S256 for (0, 0) and points not on
// the curve.
func (c *s256) Add(x1, y1, x2, y2 *big.Int) (x, y *big.Int) {
	a, ok1 := affineFromBig(x1, y1)
	b, ok2 := affineFromBig(x2, y2)
	if !ok1 || !ok2 {
		return new(big.Int), new(big.Int)
	}
	var p, q group.Projective
	p.SetAffine(&a)
	q.SetAffine(&b)
	p.Add(&p, &q)
	return bigFromProjective(&p)
}

// Double returns 2·(x1, y1); see S256 for (0, 0) and points not on the
// curve.
func (c *s256) Double(x1, y1 *big.Int) (x, y *big.Int) {
	a, ok := affineFromBig(x1, y1)
	if !ok {
		return new(big.Int), new(big.Int)
	}
	var p group.Projective
	p.SetAffine(&a)
	p.Double(&p)
	return bigFromProjective(&p)
}

// ScalarMult returns k·(x1, y1), in constant time with respect to the
// value of k (any length, reduced mod n); see S256 for (0, 0) and points
// not on the curve. The point is treated as public.
func (c *s256) ScalarMult(x1, y1 *big.Int, k []byte) (x, y *big.Int) {
	a, ok := affineFromBig(x1, y1)
	if !ok || a.Infinity {
		return new(big.Int), new(big.Int)
	}
	s := scalarFromBytes(k)
	defer s.Zero()
	var j group.Jacobian
	ecmult.ScalarMult(&j, &s, &a)
	var r group.Affine
	r.SetJacobian(&j)
	return bigFromAffine(&r)
}

// ScalarBaseMult returns k·G, in constant time with respect to the value
// of k (any length, reduced mod n); (0, 0) when k ≡ 0 (mod n).
func (c *s256) ScalarBaseMult(k []byte) (x, y *big.Int) {
	s := scalarFromBytes(k)
	defer s.Zero()
	var p group.Projective
	ecmult.BaseMult(&p, &s)
	return bigFromProjective(&p)
}

// affineFromBig converts a point given as *big.Int coordinates: ok is true
// for (0, 0), returned as the point at infinity, and for points on the
// curve. Coordinates are public; this runs in variable time.
func affineFromBig(x, y *big.Int) (a group.Affine, ok bool) {
	if x == nil || y == nil || x.Sign() < 0 || y.Sign() < 0 || x.BitLen() > 256 || y.BitLen() > 256 {
		return a, false
	}
	if x.Sign() == 0 && y.Sign() == 0 {
		a.SetInfinity()
		return a, true
	}
	var xb, yb [32]byte
	x.FillBytes(xb[:])
	y.FillBytes(yb[:])
	if a.X.SetCanonicalBytes(&xb) != 1 || a.Y.SetCanonicalBytes(&yb) != 1 {
		return a, false
	}
	return a, a.IsOnCurve() == 1
}

// bigFromProjective returns the affine coordinates of p, (0, 0) for the
// point at infinity.
func bigFromProjective(p *group.Projective) (x, y *big.Int) {
	var a group.Affine
	a.SetProjective(p)
	return bigFromAffine(&a)
}

// bigFromAffine returns a's coordinates as new big.Ints, (0, 0) for the
// point at infinity. Whether the result is the identity is public (it is
// visible in the result); the coordinates are converted with
// big.Int.SetBytes, which is not constant time in their leading zeros.
func bigFromAffine(a *group.Affine) (x, y *big.Int) {
	inf := a.Infinity
	ctcheck.Public(&inf)
	if inf {
		return new(big.Int), new(big.Int)
	}
	xb, yb := a.X.Bytes(), a.Y.Bytes()
	defer clear(xb[:])
	defer clear(yb[:])
	// math/big normalizes by its leading zero words: not constant time.
	ctcheck.PublicSlice(xb[:])
	ctcheck.PublicSlice(yb[:])
	return new(big.Int).SetBytes(xb[:]), new(big.Int).SetBytes(yb[:])
}

// r256 is 2^256 mod n, computed as ((2^256 − 1) mod n) + 1.
var r256 = func() scalar.Scalar {
	var s, one scalar.Scalar
	ones := [32]byte{}
	for i := range ones {
		ones[i] = 0xff
	}
	s.SetBytes(&ones)
	return *s.Add(&s, one.One())
}()

// scalarFromBytes returns the big-endian integer k (of any length) mod n,
// in constant time with respect to its value: 32-byte blocks from the most
// significant, acc = acc·2^256 + block (mod n).
func scalarFromBytes(k []byte) scalar.Scalar {
	var acc, blk scalar.Scalar
	var b [32]byte
	defer clear(b[:])
	defer blk.Zero()
	head := len(k) % 32
	if head == 0 && len(k) > 0 {
		head = 32
	}
	copy(b[32-head:], k[:head])
	acc.SetBytes(&b)
	for k = k[head:]; len(k) > 0; k = k[32:] {
		copy(b[:], k[:32])
		blk.SetBytes(&b)
		acc.Multiply(&acc, &r256)
		acc.Add(&acc, &blk)
	}
	return acc
}
