package secp256k1_test

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
)

func FuzzNewPublicKey(f *testing.F) {
	f.Add(testutil.MustHex(f, "02"+hexGx))
	f.Add(testutil.MustHex(f, "03"+hexGx))
	f.Add(testutil.MustHex(f, "04"+hexGx+hexGy))
	f.Add(testutil.MustHex(f, "06"+hexGx+hexGy))
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, b []byte) {
		k, err := secp256k1.NewPublicKey(b)
		if err != nil {
			if k != nil {
				t.Fatal("non-nil key with an error")
			}
			return
		}
		// Accepted encodings are canonical: they re-encode to the input.
		var again []byte
		if len(b) == 33 {
			again = k.BytesCompressed()
		} else {
			again = k.BytesUncompressed()
		}
		if !bytes.Equal(again, b) {
			t.Fatalf("re-encoding %x gives %x", b, again)
		}
		x, _ := k.XOnly()
		if _, err := secp256k1.NewXOnlyPublicKey(x.Bytes()); err != nil {
			t.Fatal("x-only form of a valid key does not parse")
		}
	})
}

func FuzzNewXOnlyPublicKey(f *testing.F) {
	f.Add(testutil.MustHex(f, hexGx))
	f.Add(testutil.MustHex(f, hexP))
	f.Add(make([]byte, 32))
	f.Fuzz(func(t *testing.T, b []byte) {
		k, err := secp256k1.NewXOnlyPublicKey(b)
		if err != nil {
			return
		}
		if !bytes.Equal(k.Bytes(), b) {
			t.Fatalf("re-encoding %x gives %x", b, k.Bytes())
		}
		if c := k.PublicKey().BytesCompressed(); c[0] != 0x02 {
			t.Fatal("lift_x did not give the even-y point")
		}
	})
}

func FuzzECDH(f *testing.F) {
	f.Add(bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		ka, err1 := secp256k1.NewPrivateKey(a)
		kb, err2 := secp256k1.NewPrivateKey(b)
		if err1 != nil || err2 != nil {
			return
		}
		ab, _ := ka.ECDH(kb.PublicKey())
		ba, _ := kb.ECDH(ka.PublicKey())
		if !bytes.Equal(ab, ba) {
			t.Fatal("ECDH is not symmetric")
		}
	})
}

// FuzzTweakAdd checks, for any key and tweak bytes, that the private and
// public tweaks agree, succeed or fail together, and never panic.
func FuzzTweakAdd(f *testing.F) {
	f.Add(bytes.Repeat([]byte{1}, 32), make([]byte, 32))
	f.Add(bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{0xff}, 32))
	f.Add(twBE32(big.NewInt(3)), twBE32(new(big.Int).Sub(testutil.N, big.NewInt(3))))
	f.Fuzz(func(t *testing.T, d, tw []byte) {
		k, err := secp256k1.NewPrivateKey(d)
		if err != nil {
			return
		}
		pub := k.PublicKey()
		ka, err1 := k.TweakAdd(tw)
		pa, err2 := pub.TweakAdd(tw)
		if (err1 == nil) != (err2 == nil) || (err1 == nil && !pa.Equal(ka.PublicKey())) {
			t.Fatalf("TweakAdd: private %v, public %v", err1, err2)
		}
		km, err1 := k.TweakMul(tw)
		pm, err2 := pub.TweakMul(tw)
		if (err1 == nil) != (err2 == nil) || (err1 == nil && !pm.Equal(km.PublicKey())) {
			t.Fatalf("TweakMul: private %v, public %v", err1, err2)
		}
		x, _ := pub.XOnly()
		kx, err1 := k.XOnlyTweakAdd(tw)
		px, err2 := x.TweakAdd(tw)
		if (err1 == nil) != (err2 == nil) || (err1 == nil && !px.Equal(kx.PublicKey())) {
			t.Fatalf("XOnlyTweakAdd: private %v, public %v", err1, err2)
		}
		if err2 == nil {
			qx, odd := px.XOnly()
			if !x.TweakAddCheck(qx.Bytes(), odd, tw) {
				t.Fatal("TweakAddCheck rejects TweakAdd's result")
			}
		}
	})
}

// FuzzNewPrivateKey checks that NewPrivateKey accepts exactly the 32-byte
// values in [1, n), round-trips them, and agrees with the public key
// computed through the x-only and tweak paths.
func FuzzNewPrivateKey(f *testing.F) {
	f.Add(bytes.Repeat([]byte{1}, 32))
	f.Add(make([]byte, 32))
	f.Add(testutil.MustHex(f, hexN))
	f.Add([]byte{1})
	n, _ := new(big.Int).SetString(hexN, 16)
	f.Fuzz(func(t *testing.T, b []byte) {
		k, err := secp256k1.NewPrivateKey(b)
		v := new(big.Int).SetBytes(b)
		valid := len(b) == 32 && v.Sign() > 0 && v.Cmp(n) < 0
		if valid != (err == nil) {
			t.Fatalf("NewPrivateKey(%x): err %v, valid %v", b, err, valid)
		}
		if err != nil {
			if k != nil || !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
				t.Fatalf("NewPrivateKey(%x): %v with a value or another error", b, err)
			}
			return
		}
		if !bytes.Equal(k.Bytes(), b) {
			t.Fatal("round trip")
		}
		one := make([]byte, 32)
		one[31] = 1
		viaMul, err := k.PublicKey().TweakMul(one)
		if err != nil || !viaMul.Equal(k.PublicKey()) {
			t.Fatal("public key disagrees with itself")
		}
	})
}
