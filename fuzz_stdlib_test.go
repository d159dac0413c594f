//lint:file-ignore SA1019 this file implements or exercises the crypto/ecdsa and crypto/elliptic bridge, whose big.Int API Go deprecates but callers (go-ethereum, x509-style code) still use

package secp256k1_test

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// FuzzS256 checks S256's group law through scalars: with P = a·G and
// Q = k·G, ScalarMult(P, k) = (a·k)·G, Add(P, Q) = (a + k)·G and
// Double(P) = (2a)·G, the scalar arithmetic done with math/big mod n, for
// scalars of any length (reduced mod n, the identity included). It also
// hands (x, y) from raw bytes to every method: IsOnCurve must agree with
// y² = x³ + 7 mod p on [0, p)², and a point it rejects must give (0, 0).
func FuzzS256(f *testing.F) {
	f.Add([]byte{1}, []byte{2}, []byte{}, []byte{})
	f.Add(testutil.N.Bytes(), []byte{}, testutil.Gx.Bytes(), testutil.Gy.Bytes())
	f.Add(make([]byte, 40), testutil.P.Bytes(), testutil.P.Bytes(), []byte{7})
	f.Fuzz(func(t *testing.T, a, k, xb, yb []byte) {
		c := secp256k1.S256()
		n := testutil.N
		ai, ki := new(big.Int).SetBytes(a), new(big.Int).SetBytes(k)
		base := func(v *big.Int) (*big.Int, *big.Int) { return c.ScalarBaseMult(new(big.Int).Mod(v, n).Bytes()) }
		eq := func(what string, x1, y1, x2, y2 *big.Int) {
			t.Helper()
			if x1.Cmp(x2) != 0 || y1.Cmp(y2) != 0 {
				t.Fatalf("%s: (%x, %x), want (%x, %x)", what, x1, y1, x2, y2)
			}
		}
		px, py := c.ScalarBaseMult(a)
		wx, wy := base(ai)
		eq("ScalarBaseMult(a)", px, py, wx, wy)
		if (px.Sign() != 0 || py.Sign() != 0) != c.IsOnCurve(px, py) {
			t.Fatal("a result is neither (0, 0) nor on the curve")
		}
		x, y := c.ScalarMult(px, py, k)
		wx, wy = base(new(big.Int).Mul(ai, ki))
		eq("ScalarMult(a·G, k)", x, y, wx, wy)
		qx, qy := c.ScalarBaseMult(k)
		x, y = c.Add(px, py, qx, qy)
		wx, wy = base(new(big.Int).Add(ai, ki))
		eq("Add(a·G, k·G)", x, y, wx, wy)
		x, y = c.Double(px, py)
		wx, wy = base(new(big.Int).Lsh(ai, 1))
		eq("Double(a·G)", x, y, wx, wy)

		// Raw coordinates.
		xi, yi := new(big.Int).SetBytes(xb), new(big.Int).SetBytes(yb)
		p := testutil.P
		lhs := new(big.Int).Mul(yi, yi)
		rhs := new(big.Int).Exp(xi, big.NewInt(3), nil)
		rhs.Add(rhs, big.NewInt(7))
		on := xi.Cmp(p) < 0 && yi.Cmp(p) < 0 && lhs.Mod(lhs, p).Cmp(rhs.Mod(rhs, p)) == 0
		if c.IsOnCurve(xi, yi) != on {
			t.Fatalf("IsOnCurve(%x, %x) = %v", xi, yi, !on)
		}
		identity := xi.Sign() == 0 && yi.Sign() == 0
		zero := new(big.Int)
		for _, r := range [][2]*big.Int{pair(c.Add(xi, yi, px, py)), pair(c.Double(xi, yi)), pair(c.ScalarMult(xi, yi, k))} {
			if !on && !identity && (r[0].Sign() != 0 || r[1].Sign() != 0) {
				t.Fatalf("a point off the curve gives (%x, %x)", r[0], r[1])
			}
		}
		if identity {
			x, y = c.Add(xi, yi, px, py)
			eq("O + a·G", x, y, px, py)
			x, y = c.ScalarMult(xi, yi, k)
			eq("k·O", x, y, zero, zero)
		}
	})
}
