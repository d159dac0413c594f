package ecdsa

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
)

func FuzzParseDERSignature(f *testing.F) {
	f.Add(testutil.MustHex(f, "3045022100934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d802202442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5"))
	f.Add([]byte{0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01})
	f.Fuzz(func(t *testing.T, b []byte) {
		sig, err := ParseDERSignature(b)
		lax, laxErr := ParseDERSignatureLax(b)
		if err != nil {
			return
		}
		if !bytes.Equal(sig.BytesDER(), b) {
			t.Fatalf("strict DER %x re-encodes as %x", b, sig.BytesDER())
		}
		if laxErr != nil || !lax.Equal(sig) {
			t.Fatalf("lax parser disagrees on strict DER %x: %v", b, laxErr)
		}
	})
}

func FuzzParseCompactSignature(f *testing.F) {
	f.Add(bytes.Repeat([]byte{1}, 64))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Fuzz(func(t *testing.T, b []byte) {
		sig, err := ParseCompactSignature(b)
		if err != nil {
			return
		}
		if !bytes.Equal(sig.BytesCompact(), b) {
			t.Fatal("compact round trip")
		}
		again, err := ParseDERSignature(sig.BytesDER())
		if err != nil || !again.Equal(sig) {
			t.Fatalf("DER round trip: %v", err)
		}
	})
}

func FuzzSignVerify(f *testing.F) {
	f.Add(bytes.Repeat([]byte{1}, 32), []byte("message"))
	f.Fuzz(func(t *testing.T, key, msg []byte) {
		k, err := secp256k1.NewPrivateKey(key)
		if err != nil {
			return
		}
		h := sha256.Sum256(msg)
		sig, recID, err := SignRecoverable(k, h[:])
		if err != nil {
			t.Fatal(err)
		}
		if !Verify(k.PublicKey(), h[:], sig) {
			t.Fatal("signature does not verify")
		}
		pub, err := RecoverPublicKey(h[:], sig, recID)
		if err != nil || !pub.Equal(k.PublicKey()) {
			t.Fatalf("recovery: %v", err)
		}
		h[0] ^= 1
		if Verify(k.PublicKey(), h[:], sig) {
			t.Fatal("signature verifies for another hash")
		}
	})
}

func FuzzParseDERStrict(f *testing.F) {
	derFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		// derCheckStrict checks the result against the Bitcoin Core
		// reference, the byte-identical re-encoding of accepted inputs and
		// agreement with the lax parser.
		derCheckStrict(t, b)
	})
}

func FuzzParseDERLax(f *testing.F) {
	derFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		r, s, overflow, err := parseDERLax(b)
		if err != nil {
			if !errors.Is(err, errDER) || overflow || r != ([32]byte{}) || s != ([32]byte{}) {
				t.Fatalf("parseDERLax(%x): inconsistent error result", b)
			}
			return
		}
		if overflow {
			if r != ([32]byte{}) || s != ([32]byte{}) {
				t.Fatalf("parseDERLax(%x): overflow with non-zero values", b)
			}
		} else if !derLessThanOrder(&r) || !derLessThanOrder(&s) {
			t.Fatalf("parseDERLax(%x): values not below n without overflow", b)
		}
		// Strict acceptance implies lax acceptance with the same values.
		derCheckStrict(t, b)
	})
}
