package crypto

import (
	"crypto/elliptic"
	"math/big"

	secp "github.com/p256k1/secp256k1"
)

// EllipticCurve contains curve operations: an elliptic.Curve with
// go-ethereum's point marshaling. It has the method set of go-ethereum's
// crypto.EllipticCurve, so values of either interface type convert to the
// other.
type EllipticCurve interface {
	elliptic.Curve

	// Point marshaling/unmarshaing.
	Marshal(x, y *big.Int) []byte
	Unmarshal(data []byte) (x, y *big.Int)
}

// S256 returns secp256k1 as an EllipticCurve: p256k1's secp256k1.S256()
// (constant time in the scalar of ScalarMult and ScalarBaseMult; (0, 0) is
// the point at infinity; off-curve inputs give (0, 0), never a panic) with
// go-ethereum's Marshal and Unmarshal. The same value is returned on every
// call, so it can be compared with == and used as a map key (ECIES does).
func S256() EllipticCurve { return theCurve }

// s256 adds go-ethereum's Marshal and Unmarshal to secp256k1.S256().
type s256 struct {
	elliptic.Curve
}

var theCurve EllipticCurve = &s256{secp.S256()}

// Marshal returns the 65-byte uncompressed encoding 0x04 || x || y, like
// go-ethereum's: the point is not checked to be on the curve. It returns
// nil if x or y is nil, negative or longer than 32 bytes.
func (*s256) Marshal(x, y *big.Int) []byte {
	if !fits256(x) || !fits256(y) {
		return nil
	}
	b := make([]byte, 65)
	b[0] = 4
	x.FillBytes(b[1:33])
	y.FillBytes(b[33:])
	return b
}

// Unmarshal returns the coordinates of a 65-byte uncompressed encoding
// 0x04 || x || y, or (nil, nil) for any other length or prefix. Like
// go-ethereum's, it does not check that the point is on the curve
// (UnmarshalPubkey does).
func (*s256) Unmarshal(data []byte) (x, y *big.Int) {
	if len(data) != 65 || data[0] != 4 {
		return nil, nil
	}
	return new(big.Int).SetBytes(data[1:33]), new(big.Int).SetBytes(data[33:])
}

// fits256 reports whether v is an integer in [0, 2^256).
func fits256(v *big.Int) bool { return v != nil && v.Sign() >= 0 && v.BitLen() <= 256 }

// isSecp256k1 reports whether c is S256() or another curve with
// secp256k1's parameters (go-ethereum's S256 with or without cgo, btcec's,
// decred's, secp256k1.S256()).
func isSecp256k1(c elliptic.Curve) bool {
	if c == nil {
		return false
	}
	if c == theCurve {
		return true
	}
	p, q := c.Params(), theCurve.Params()
	return p != nil && eqBig(p.P, q.P) && eqBig(p.N, q.N) && eqBig(p.B, q.B) && eqBig(p.Gx, q.Gx) && eqBig(p.Gy, q.Gy)
}

func eqBig(a, b *big.Int) bool { return a != nil && a.Cmp(b) == 0 }
