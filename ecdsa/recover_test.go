package ecdsa_test

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestLargeX checks recovery ids 2 and 3 and verification when R's x
// coordinate is r + n (x >= n, which a signer meets with probability about
// 2^-127, so no signed vector exercises it): for random r < p - n whose
// r + n is the x of a point R, signatures (r, s) of random hashes by the
// key Q = r⁻¹·(s·R - m·G), computed with the math/big reference. Id 2 or 3
// (R's parity) must recover Q, the key must verify the signature, and ids
// 0 and 1 (x = r) must not recover Q. r = p - n, whose r + n = p is no
// field element, must fail with ids 2 and 3.
func TestLargeX(t *testing.T) {
	r := testutil.Rand(t)
	P, N := testutil.P, testutil.N
	pn := new(big.Int).Sub(P, N)
	randBelow := func(m *big.Int) *big.Int {
		var b [40]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return new(big.Int).Mod(new(big.Int).SetBytes(b[:]), m)
	}
	found := 0
	for found < 8 {
		rr := randBelow(pn)
		x := new(big.Int).Add(rr, N)
		y := testutil.CurveY(x)
		if rr.Sign() == 0 || y == nil {
			continue
		}
		found++
		R := &testutil.Point{X: x, Y: y}
		s := new(big.Int).Add(randBelow(new(big.Int).Sub(N, big.NewInt(1))), big.NewInt(1))
		if s.Cmp(new(big.Int).Rsh(N, 1)) > 0 {
			s.Sub(N, s) // low S, so that Verify accepts it
		}
		var hash [32]byte
		for i := range hash {
			hash[i] = byte(r.Uint32())
		}
		m := new(big.Int).Mod(new(big.Int).SetBytes(hash[:]), N)
		// Q = r⁻¹·(s·R - m·G) = (s·r⁻¹)·R + (-m·r⁻¹)·G
		rinv := new(big.Int).ModInverse(rr, N)
		u1 := new(big.Int).Mul(s, rinv)
		u1.Mod(u1, N)
		u2 := new(big.Int).Mul(m, rinv)
		u2.Neg(u2).Mod(u2, N)
		Q := testutil.Add(testutil.Mul(u1, R), testutil.Mul(u2, testutil.G()))
		want := make([]byte, 65)
		want[0] = 4
		Q.X.FillBytes(want[1:33])
		Q.Y.FillBytes(want[33:])

		var rb, sb [32]byte
		rr.FillBytes(rb[:])
		s.FillBytes(sb[:])
		sig, err := ecdsa.NewSignature(rb[:], sb[:])
		if err != nil {
			t.Fatal(err)
		}
		parity := byte(y.Bit(0))
		got, err := ecdsa.RecoverPublicKey(hash[:], sig, 2|parity)
		if err != nil {
			t.Fatalf("r = %x: recovery id %d: %v", rr, 2|parity, err)
		}
		if !bytes.Equal(got.BytesUncompressed(), want) {
			t.Fatalf("r = %x: recovery id %d gave %x, want %x", rr, 2|parity, got.BytesUncompressed(), want)
		}
		if !ecdsa.Verify(got, hash[:], sig) {
			t.Fatalf("r = %x: the signature with x(R) = r + n does not verify", rr)
		}
		for id := range byte(2) {
			if k, err := ecdsa.RecoverPublicKey(hash[:], sig, id); err == nil && bytes.Equal(k.BytesUncompressed(), want) {
				t.Fatalf("r = %x: recovery id %d (x = r) recovered the key of x = r + n", rr, id)
			}
		}
	}

	var rb [32]byte
	pn.FillBytes(rb[:])
	sig, err := ecdsa.NewSignature(rb[:], rb[:])
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []byte{2, 3} {
		if _, err := ecdsa.RecoverPublicKey(make([]byte, 32), sig, id); !errors.Is(err, ecdsa.ErrRecoveryFailed) {
			t.Errorf("r = p - n, recovery id %d: error %v, want ErrRecoveryFailed", id, err)
		}
	}
}
