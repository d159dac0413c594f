package secp256k1_test

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// TestXOnlyTweakAddBig checks the keypair x-only tweak against math/big:
// (d or n-d, whichever has an even-y public key) + t mod n, and its
// agreement with XOnlyPublicKey.TweakAdd, TweakAddCheck and BIP-340
// signing under the tweaked key.
func TestXOnlyTweakAddBig(t *testing.T) {
	r := testutil.Rand(t)
	iters := 64
	if testing.Short() {
		iters = 16
	}
	var sawOdd, sawEven bool
	for i := range iters {
		d := twRandScalar(r)
		tw := twRandScalar(r)
		if i == 0 {
			tw.SetInt64(0)
		}
		if d.Sign() == 0 {
			continue
		}
		k, _ := secp256k1.NewPrivateKey(twBE32(d))
		x, odd := k.PublicKey().XOnly()
		if odd {
			sawOdd = true
		} else {
			sawEven = true
		}
		even := new(big.Int).Set(d)
		if odd {
			even.Sub(testutil.N, d)
		}
		want := new(big.Int).Add(even, tw)
		want.Mod(want, testutil.N)

		got, err := k.XOnlyTweakAdd(twBE32(tw))
		if err != nil || !bytes.Equal(got.Bytes(), twBE32(want)) {
			t.Fatalf("d=%x t=%x: XOnlyTweakAdd = %v, %v; want %x", d, tw, got, err, want)
		}
		pub, err := x.TweakAdd(twBE32(tw))
		if err != nil || !pub.Equal(got.PublicKey()) {
			t.Fatalf("d=%x t=%x: XOnlyPublicKey.TweakAdd disagrees: %v", d, tw, err)
		}
		qx, qodd := pub.XOnly()
		if !x.TweakAddCheck(qx.Bytes(), qodd, twBE32(tw)) {
			t.Fatalf("d=%x t=%x: TweakAddCheck rejects the result", d, tw)
		}
		msg := []byte("tweaked")
		sig, err := schnorr.SignWithAux(got, msg, make([]byte, 32))
		if err != nil || !schnorr.Verify(qx, msg, sig) {
			t.Fatalf("d=%x t=%x: a signature by the tweaked key does not verify: %v", d, tw, err)
		}
		// The receiver is unchanged.
		if !bytes.Equal(k.Bytes(), twBE32(d)) {
			t.Fatal("the receiver changed")
		}
	}
	if !sawOdd || !sawEven {
		t.Logf("only one parity was drawn (odd %v, even %v)", sawOdd, sawEven)
	}
}

// TestXOnlyTweakAddParity pins both branches: a key with odd y (its secret
// is negated first) and one with even y.
func TestXOnlyTweakAddParity(t *testing.T) {
	one := twBE32(big.NewInt(1))
	for d := int64(1); d <= 8; d++ {
		k, _ := secp256k1.NewPrivateKey(twBE32(big.NewInt(d)))
		_, odd := k.PublicKey().XOnly()
		got, err := k.XOnlyTweakAdd(one)
		if err != nil {
			t.Fatal(err)
		}
		want := big.NewInt(d + 1)
		if odd {
			want.Sub(testutil.N, big.NewInt(d)).Add(want, big.NewInt(1))
		}
		if !bytes.Equal(got.Bytes(), twBE32(want)) {
			t.Errorf("d=%d (odd %v): got %x, want %x", d, odd, got.Bytes(), want)
		}
	}
	k, _ := secp256k1.NewPrivateKey(one)
	if _, err := k.XOnlyTweakAdd(make([]byte, 16)); !errors.Is(err, secp256k1.ErrInvalidTweak) {
		t.Errorf("short tweak: %v", err)
	}
}
