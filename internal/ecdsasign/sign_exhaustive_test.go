//go:build exhaustive7 || exhaustive13 || exhaustive199

package ecdsasign

import (
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1/internal/exhaustive"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The exhaustive tests of ECDSA signing (doc/assurance.md, "Exhaustive
// tests"): libsecp256k1's test_exhaustive_sign and
// test_exhaustive_recovery_sign. Its tests pass a nonce function that
// returns the nonce under test; here the body of Sign's loop,
// signWithNonce, takes every nonce directly (RFC 6979 produces 256-bit
// candidates, practically never below a small N).

// TestExhaustiveSign signs every message scalar m (0 included) with every
// key d and every nonce k and checks the signature against brute force:
// r = x(k·G) mod N, s = ±k⁻¹·(m + r·d) in the low half, the recovery id
// (bit 0: R's y odd, flipped with s; bit 1: x(R) >= N, which at this size
// is nearly always the case), and the retry (ok = false) exactly when r or
// s would be 0. At order 199 a random sample of the triples.
func TestExhaustiveSign(t *testing.T) {
	n := exhaustive.N
	bigN := big.NewInt(int64(n))
	var signed, rZero, sZero, overflow int
	// Every (m, d, k) at orders 7 and 13, a random sample of 50,000 at 199.
	exhaustive.Cases(t, testutil.Rand(t), "m, d, k", n*(n-1)*(n-1), 50000, func(idx int) {
		m, d, k := idx%n, 1+idx/n%(n-1), 1+idx/(n*(n-1))
		sm, sd, sk := exhaustive.Scalar(m), exhaustive.Scalar(d), exhaustive.Scalar(k)
		var r, s scalar.Scalar
		recID, ok := signWithNonce(&r, &s, &sd, &sm, &sk)

		R := exhaustive.Points[k]
		wantR := int(new(big.Int).Mod(R.X, bigN).Int64())
		wantOverflow := R.X.Cmp(bigN) >= 0
		kinv := 0
		for x := 1; x < n; x++ {
			if x*k%n == 1 {
				kinv = x
			}
		}
		s0 := kinv * ((m + wantR*d) % n) % n
		wantOK := wantR != 0 && s0 != 0
		if ok != wantOK {
			t.Fatalf("m=%d d=%d k=%d: ok = %v, want %v (r = %d, s = %d)", m, d, k, ok, wantOK, wantR, s0)
		}
		switch {
		case wantR == 0:
			rZero++
			return
		case s0 == 0:
			sZero++
			return
		}
		signed++
		high := s0 > n/2
		wantS := s0
		if high {
			wantS = n - s0
		}
		gotR, gotS := exhaustive.ScalarValue(&r), exhaustive.ScalarValue(&s)
		if gotR != wantR || gotS != wantS {
			t.Fatalf("m=%d d=%d k=%d: (r, s) = (%d, %d), want (%d, %d)", m, d, k, gotR, gotS, wantR, wantS)
		}
		// libsecp256k1's check: k·s ≡ m + r·d or k·(N - s) ≡ m + r·d.
		if lhs, rhs := k*gotS%n, (m+gotR*d)%n; lhs != rhs && k*(n-gotS)%n != rhs {
			t.Fatalf("m=%d d=%d k=%d: k·s ≠ ±(m + r·d)", m, d, k)
		}
		wantID := byte(R.Y.Bit(0)) ^ byte(testutil.BoolInt(high))
		if wantOverflow {
			wantID |= 2
			overflow++
		}
		if recID != wantID {
			t.Fatalf("m=%d d=%d k=%d: recovery id %d, want %d", m, d, k, recID, wantID)
		}
	})
	t.Logf("%d signatures, %d nonces retried for r = 0 and %d for s = 0; x(R) >= N in %d", signed, rZero, sZero, overflow)
	if signed == 0 {
		t.Fatal("nothing signed")
	}
}

// TestExhaustiveSignNoNonce checks the bound of Sign's retry loop, which
// the normal build cannot reach (a candidate fails with probability below
// 2^-127): here every RFC 6979 candidate is at least N, so Sign gives up
// after MaxNonceAttempts and returns false with r and s zeroed, rather
// than looping or returning a value.
func TestExhaustiveSignNoNonce(t *testing.T) {
	for d := 1; d < exhaustive.N; d++ {
		sd := exhaustive.Scalar(d)
		r, s := exhaustive.Scalar(1), exhaustive.Scalar(1)
		hash := [32]byte{byte(d)}
		if _, ok := Sign(&r, &s, &sd, hash[:], nil, 0); ok || r.IsZero() != 1 || s.IsZero() != 1 {
			t.Fatalf("d=%d: Sign found a nonce below N, or left r, s set", d)
		}
	}
}

// TestExhaustiveHashToScalar checks that a hash is read as SEC 1 says
// (leftmost 256 bits, big-endian) and reduced mod N, for hashes of every
// length up to 40 bytes, against math/big.
func TestExhaustiveHashToScalar(t *testing.T) {
	r := testutil.Rand(t)
	bigN := big.NewInt(int64(exhaustive.N))
	for l := range 41 {
		for range 200 {
			h := make([]byte, l)
			for i := range h {
				h[i] = byte(r.Uint32())
			}
			m, b := HashToScalar(h)
			lead := h[:min(l, 32)]
			want := new(big.Int).Mod(new(big.Int).SetBytes(lead), bigN).Int64()
			if got := exhaustive.ScalarValue(&m); int64(got) != want || new(big.Int).SetBytes(b[:]).Cmp(new(big.Int).SetBytes(lead)) != 0 {
				t.Fatalf("HashToScalar(%x) = %d, %x; want %d", h, got, b, want)
			}
		}
	}
}
