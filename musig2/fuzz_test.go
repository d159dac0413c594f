package musig2_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/musig2"
)

// The parsers of the package, fuzzed against the math/big reference of
// ref_test.go: a public nonce (NonceAgg of one nonce), an aggregate nonce
// (NewSession) and a partial signature (Aggregate and PartialVerify). None
// may panic, and each must accept exactly the encodings the reference
// decodes.

func FuzzPubNonce(f *testing.F) {
	fx := newFixture(f)
	f.Add(fx.pn[0])
	f.Add(fx.agg)
	f.Add(make([]byte, 66))
	f.Add(bytes.Repeat([]byte{0xff}, 66))
	f.Add(testutil.MustHex(f, "04FF406FFD8ADB9CD29877E4985014F66A59F6CD01C0E88CAA8E5F3166B1F676A60248C264CDD57D3C24D79990B0F865674EB62A0F9018277A95011B41BFC193B833"))
	f.Fuzz(func(t *testing.T, b []byte) {
		agg, err := musig2.NonceAgg([][]byte{b})
		want := len(b) == 66 && refCpoint(b[:33]) != nil && refCpoint(b[33:]) != nil
		if (err == nil) != want {
			t.Fatalf("NonceAgg(%x): %v, reference valid %v", b, err, want)
		}
		if err == nil && !bytes.Equal(agg, b) {
			t.Fatalf("NonceAgg of one nonce %x = %x", b, agg)
		}
		// As a signer's nonce in partial verification: never a panic.
		fx.sess.PartialVerify(make([]byte, 32), b, fx.pks[0])
	})
}

func FuzzAggNonce(f *testing.F) {
	fx := newFixture(f)
	f.Add(fx.agg, fx.msg)
	f.Add(make([]byte, 66), []byte{})
	f.Add(append(make([]byte, 33), fx.pn[0][33:]...), []byte("m"))
	f.Add(bytes.Repeat([]byte{0xff}, 66), []byte(nil))
	f.Fuzz(func(t *testing.T, b, msg []byte) {
		s, err := musig2.NewSession(fx.cache, b, msg)
		want := len(b) == 66
		if want {
			_, ok1 := refCpointExt(b[:33])
			_, ok2 := refCpointExt(b[33:])
			want = ok1 && ok2
		}
		if (err == nil) != want || (s != nil) != want {
			t.Fatalf("NewSession(%x): %v, reference valid %v", b, err, want)
		}
		if s != nil {
			if _, err := s.NonceParity(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func FuzzPartialSig(f *testing.F) {
	fx := newFixture(f)
	f.Add(make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add(testutil.MustHex(f, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140"))
	f.Add(testutil.MustHex(f, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141"))
	f.Fuzz(func(t *testing.T, b []byte) {
		sig, err := fx.sess.Aggregate([][]byte{b})
		want := len(b) == 32 && refInt(b).Cmp(testutil.N) < 0
		if (err == nil) != want || (sig != nil) != want {
			t.Fatalf("Aggregate(%x): %v, reference valid %v", b, err, want)
		}
		if fx.sess.PartialVerify(b, fx.pn[0], fx.pks[0]) {
			t.Fatalf("PartialVerify of the arbitrary %x = true", b)
		}
	})
}
