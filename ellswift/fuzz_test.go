package ellswift_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ellswift"
)

// FuzzDecode: every 64-byte string decodes to a valid key whose x is
// XSwiftEC(u, t) and whose y has the parity of t mod p; other lengths are
// errors; nothing panics.
func FuzzDecode(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Add(append(fillBytes(refP), fillBytes(refP)...))
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, enc []byte) {
		pub, err := ellswift.Decode(enc)
		if len(enc) != ellswift.EncodingSize {
			if err == nil || pub != nil {
				t.Fatalf("Decode(%d bytes): %v, %v", len(enc), pub, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("Decode(%x): %v", enc, err)
		}
		c := pub.BytesCompressed()
		if _, err := secp256k1.NewPublicKey(c); err != nil {
			t.Fatalf("Decode(%x) gave an invalid key: %v", enc, err)
		}
		x, err := ellswift.XSwiftEC(enc[:32], enc[32:])
		if err != nil || !bytes.Equal(x, c[1:]) {
			t.Fatalf("XSwiftEC(%x) = %x, %v; Decode's x is %x", enc, x, err, c[1:])
		}
		if want := refDecode(enc); !pubPoint(t, pub).Equal(want) {
			t.Fatalf("Decode(%x) differs from the reference", enc)
		}
	})
}

// FuzzEncodeDecode: for any valid key and randomness, Encode and
// EncodeSecretWithAux give encodings that decode to the key, and the two
// parties of XDH agree.
func FuzzEncodeDecode(f *testing.F) {
	f.Add(bytes.Repeat([]byte{3}, 32), make([]byte, 32))
	f.Add(append(make([]byte, 31), 1), bytes.Repeat([]byte{0xff}, 32))
	f.Fuzz(func(t *testing.T, key, rnd []byte) {
		priv, err := secp256k1.NewPrivateKey(key)
		if err != nil || len(rnd) != 32 {
			return
		}
		pub := priv.PublicKey()
		a, err := ellswift.Encode(pub, bytes.NewReader(rnd))
		if err != nil {
			t.Fatal(err)
		}
		checkDecodes(t, a, pub)
		b, err := ellswift.EncodeSecretWithAux(priv, rnd)
		if err != nil {
			t.Fatal(err)
		}
		checkDecodes(t, b, pub)
		// The peer's key is the decoding of rnd ‖ key, any 64 bytes.
		theirs := append(bytes.Clone(rnd), key...)
		peerPub, err := ellswift.Decode(theirs)
		if err != nil {
			t.Fatal(err)
		}
		s1, err := ellswift.XDH(priv, b, theirs, ellswift.Initiator)
		if err != nil {
			t.Fatal(err)
		}
		x, err := priv.ECDH(peerPub)
		if err != nil {
			t.Fatal(err)
		}
		if want := refTaggedHash("bip324_ellswift_xonly_ecdh", b, theirs, x); !bytes.Equal(s1, want) {
			t.Fatalf("XDH = %x, want %x", s1, want)
		}
	})
}
