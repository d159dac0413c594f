//go:build exhaustive7 || exhaustive13 || exhaustive199

package ecdsa_test

import (
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/exhaustive"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The exhaustive tests of ECDSA verification and recovery
// (doc/assurance.md, "Exhaustive tests"): libsecp256k1's
// test_exhaustive_verify and test_exhaustive_recovery_verify, through the
// public API. Signing with every nonce is tested in internal/ecdsasign.

var n = exhaustive.N

// be32 returns v as a 32-byte big-endian integer.
func be32(v *big.Int) []byte {
	var b [32]byte
	v.FillBytes(b[:])
	return b[:]
}

func be32Int(v int) []byte { return be32(big.NewInt(int64(v))) }

// publicKey returns d·G as a public key, parsed from its compressed
// encoding.
func publicKey(t *testing.T, d int) *secp256k1.PublicKey {
	t.Helper()
	pt := exhaustive.Points[d]
	enc := append([]byte{2 + byte(pt.Y.Bit(0))}, be32(pt.X)...)
	pub, err := secp256k1.NewPublicKey(enc)
	if err != nil {
		t.Fatalf("key %d·G: %v", d, err)
	}
	return pub
}

// rFromK returns x(k·G) mod N.
func rFromK(k int) int {
	return int(new(big.Int).Mod(exhaustive.Points[k].X, big.NewInt(int64(n))).Int64())
}

// TestExhaustiveVerify checks Verify on every (s, r, m, d) in [1, N)^4
// against brute force, stated as libsecp256k1 states it: the signature is
// valid iff some nonce k has x(k·G) mod N = r and k·s ≡ m + r·d (there may
// be none or several), and s is in the low half. At order 199 a random
// sample of the quadruples.
func TestExhaustiveVerify(t *testing.T) {
	r := testutil.Rand(t)
	keys := make([]*secp256k1.PublicKey, n)
	for d := 1; d < n; d++ {
		keys[d] = publicKey(t, d)
	}
	valid := 0
	exhaustive.Cases(t, r, "s, r, m, d", (n-1)*(n-1)*(n-1)*(n-1), 100000, func(idx int) {
		s, rr, m, d := 1+idx%(n-1), 1+idx/(n-1)%(n-1), 1+idx/((n-1)*(n-1))%(n-1), 1+idx/((n-1)*(n-1)*(n-1))
		want := false
		for k := 1; k < n; k++ {
			if rFromK(k) == rr && k*s%n == (m+rr*d)%n {
				want = true
			}
		}
		want = want && s <= n/2
		sig, err := ecdsa.NewSignature(be32Int(rr), be32Int(s))
		if err != nil {
			t.Fatal(err)
		}
		if got := ecdsa.Verify(keys[d], be32Int(m), sig); got != want {
			t.Fatalf("Verify(s=%d, r=%d, m=%d, d=%d) = %v, want %v", s, rr, m, d, got, want)
		}
		if want {
			valid++
		}
	})
	t.Logf("%d valid", valid)
	if valid == 0 {
		t.Fatal("no valid signature among the cases")
	}
}

// TestExhaustiveRecover checks RecoverPublicKey on every (r, s, m) and
// recovery id, as far as brute force can say. Recovery takes R's x as r
// (ids 0, 1) or r + n of secp256k1 (ids 2, 3): at this size neither is the
// x of a point of the group (checked here), so no signature's key can be
// recovered, as libsecp256k1 notes for its exhaustive build. What remains
// checkable is that recovery fails, with ErrRecoveryFailed, exactly when
// that x is the x of no curve point, and otherwise answers (a key or the
// infinity error) without panicking. At order 199 a random sample.
func TestExhaustiveRecover(t *testing.T) {
	r := testutil.Rand(t)
	nSecp, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	var noPoint, answered int
	exhaustive.Cases(t, r, "id, r, s, m", 4*(n-1)*(n-1)*n, 50000, func(idx int) {
		id, rr, s, m := idx%4, 1+idx/4%(n-1), 1+idx/(4*(n-1))%(n-1), idx/(4*(n-1)*(n-1))
		x := big.NewInt(int64(rr))
		if id&2 != 0 {
			x.Add(x, nSecp)
		}
		if _, _, ok := exhaustive.IndexX(x); ok {
			t.Fatalf("x = %v is the x of a point of the group: recovery is testable after all", x)
		}
		sig, err := ecdsa.NewSignature(be32Int(rr), be32Int(s))
		if err != nil {
			t.Fatal(err)
		}
		pub, err := ecdsa.RecoverPublicKey(be32Int(m), sig, byte(id))
		switch {
		case !exhaustive.HasPoint(x):
			noPoint++
			if pub != nil || !errors.Is(err, ecdsa.ErrRecoveryFailed) {
				t.Fatalf("RecoverPublicKey(r=%d, s=%d, m=%d, id=%d) = %v, %v; want ErrRecoveryFailed (no point with x = %v)", rr, s, m, id, pub, err, x)
			}
		case err == nil:
			answered++
			if pub == nil {
				t.Fatalf("RecoverPublicKey(r=%d, s=%d, m=%d, id=%d): nil key and no error", rr, s, m, id)
			}
		case !errors.Is(err, ecdsa.ErrRecoveryFailed):
			t.Fatalf("RecoverPublicKey(r=%d, s=%d, m=%d, id=%d): %v", rr, s, m, id, err)
		}
	})
	t.Logf("%d without a point for R, %d keys returned for an R outside the group", noPoint, answered)
}

// TestExhaustiveSignFails checks the public signing functions when no
// nonce can be found (every RFC 6979 candidate is at least N here, a case
// of probability below 2^-127 in the normal build): an error wrapping
// ErrSigningFailed and no signature, never a hang or a value.
func TestExhaustiveSignFails(t *testing.T) {
	priv, err := secp256k1.NewPrivateKey(be32Int(1))
	if err != nil {
		t.Fatal(err)
	}
	hash := make([]byte, 32)
	if sig, err := ecdsa.Sign(priv, hash); sig != nil || !errors.Is(err, ecdsa.ErrSigningFailed) {
		t.Fatalf("Sign = %v, %v; want ErrSigningFailed", sig, err)
	}
	if sig, _, err := ecdsa.SignRecoverable(priv, hash); sig != nil || !errors.Is(err, ecdsa.ErrSigningFailed) {
		t.Fatalf("SignRecoverable = %v, %v; want ErrSigningFailed", sig, err)
	}
}
