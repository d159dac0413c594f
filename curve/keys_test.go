package curve

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
)

func TestKeyConversions(t *testing.T) {
	for range 10 {
		priv, err := secp256k1.GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		d, err := new(Scalar).SetPrivateKey(priv)
		if err != nil || !bytes.Equal(d.Bytes(), priv.Bytes()) {
			t.Fatal("SetPrivateKey")
		}
		k, err := d.PrivateKey()
		if err != nil || !k.Equal(priv) {
			t.Fatal("Scalar.PrivateKey round trip")
		}
		pub := priv.PublicKey()
		P, err := new(Point).SetPublicKey(pub)
		if err != nil || P.Equal(new(Point).ScalarBaseMult(d)) != 1 {
			t.Fatal("SetPublicKey != d·G")
		}
		back, err := P.PublicKey()
		if err != nil || !back.Equal(pub) || !bytes.Equal(back.BytesCompressed(), P.BytesCompressed()) {
			t.Fatal("Point.PublicKey round trip")
		}
		x, yOdd := pub.XOnly()
		X, err := new(Point).SetXOnlyPublicKey(x)
		if err != nil {
			t.Fatal(err)
		}
		want := new(Point).Set(P)
		if yOdd {
			want.Negate(P)
		}
		if X.Equal(want) != 1 {
			t.Fatal("SetXOnlyPublicKey is not the even-y point")
		}
	}
}
