package secp256k1_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
)

func FuzzNewPublicKey(f *testing.F) {
	f.Add(mustHex(f, "02"+hexGx))
	f.Add(mustHex(f, "03"+hexGx))
	f.Add(mustHex(f, "04"+hexGx+hexGy))
	f.Add(mustHex(f, "06"+hexGx+hexGy))
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
	f.Add(mustHex(f, hexGx))
	f.Add(mustHex(f, hexP))
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
