package curve

import (
	"sync"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// The scratch memory of VarTimeMultiScalarMult comes from a sync.Pool and is
// reused by later calls, in any goroutine: nothing of one call may show in
// the result of another (doc/state.md). These tests run calls after calls.

// TestMSMIdentityDoesNotStick is the reproduction of a bug in which the
// pooled terms kept the identity flag of an earlier call: after a call with
// the identity at index 0, [1]·[G] returned the identity.
func TestMSMIdentityDoesNotStick(t *testing.T) {
	one := new(Scalar).SetUint64(1)
	g := NewGeneratorPoint()
	for i := range 20 {
		new(Point).VarTimeMultiScalarMult([]*Scalar{one}, []*Point{NewIdentityPoint()})
		var r Point
		r.VarTimeMultiScalarMult([]*Scalar{one}, []*Point{NewGeneratorPoint()})
		if r.Equal(g) != 1 {
			t.Fatalf("round %d: [1]·[G] after a call with the identity is not G", i)
		}
	}
}

// schnorrCheck is the verification of a Schnorr-style proof of knowledge of
// the discrete logarithm of X: s·G − R − c·X == O.
func schnorrCheck(X, R *Point, s, c *Scalar) bool {
	minusOne := new(Scalar).Negate(new(Scalar).SetUint64(1))
	minusC := new(Scalar).Negate(c)
	var sum Point
	if sum.VarTimeMultiScalarMult([]*Scalar{s, minusOne, minusC}, []*Point{NewGeneratorPoint(), R, X}) == nil {
		return false
	}
	return sum.IsIdentity() == 1
}

// TestMSMForgeryAfterIdentity is the attack that the bug of
// TestMSMIdentityDoesNotStick allowed: R = s·G, made without the secret of
// X, passes s·G − R − c·X == O if the term c·X is dropped, and it was
// dropped after any earlier call (a request about the identity) that had
// the identity at X's index, on this goroutine or another.
func TestMSMForgeryAfterIdentity(t *testing.T) {
	r := testutil.Rand(t)
	x := scalarFromBig(randBig(r, bigN))
	X := new(Point).ScalarBaseMult(x)
	one := new(Scalar).SetUint64(1)
	earlier := func() {
		var p Point
		p.VarTimeMultiScalarMult([]*Scalar{one, one, one}, []*Point{NewGeneratorPoint(), NewGeneratorPoint(), NewIdentityPoint()})
	}
	forge := func() bool {
		s := scalarFromBig(randBig(r, bigN))
		c := scalarFromBig(randBig(r, bigN))
		R := new(Point).ScalarBaseMult(s)
		return schnorrCheck(X, R, s, c)
	}
	// An honest proof passes, so that the check is known to work.
	k := scalarFromBig(randBig(r, bigN))
	c := scalarFromBig(randBig(r, bigN))
	s := new(Scalar).MultiplyAdd(c, x, k) // s = k + c·x
	if !schnorrCheck(X, new(Point).ScalarBaseMult(k), s, c) {
		t.Fatal("an honest proof is rejected")
	}
	for i := range 20 {
		earlier()
		if forge() {
			t.Fatalf("round %d: a forged proof verifies after an earlier call with the identity", i)
		}
	}
	// The earlier request on another goroutine, the check on a third.
	for i := range 20 {
		var wg sync.WaitGroup
		wg.Go(earlier)
		wg.Wait()
		var forged bool
		wg.Go(func() { forged = forge() })
		wg.Wait()
		if forged {
			t.Fatalf("round %d: a forged proof verifies after another goroutine's call with the identity", i)
		}
	}
}
