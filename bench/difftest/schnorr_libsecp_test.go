package difftest

import (
	"bytes"
	"errors"
	"testing"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/curve"
	"github.com/p256k1/secp256k1/schnorr"
)

// BIP-340 signing and tagged hashes against libsecp256k1 0.8. Verification
// of fuzzed signatures, keys and messages of any length is FuzzSchnorrVerify
// (difftest_test.go), ECDH FuzzECDH.

// FuzzSchnorrSign compares BIP-340 signing: SignWithAux with keypair_create
// and schnorrsig_sign_custom (messages of any length, the 32-byte aux as the
// nonce function's data) byte for byte, and with schnorrsig_sign32 for
// 32-byte messages; AppendSign with the same bytes after a prefix; an aux
// that is not 32 bytes must be rejected, and Sign (fresh randomness) must
// give a signature that schnorrsig_verify accepts. Both verifiers must
// accept the signature and agree on a copy with one bit flipped.
func FuzzSchnorrSign(f *testing.F) {
	a := libsecp08(f)
	its := items(f)
	for i, it := range its[:6] {
		f.Add(it.Seckey[:], it.Hash[:], it.Aux[:], uint8(0), uint8(i))
		f.Add(it.Seckey[:], []byte("a message that is not 32 bytes long"), it.Aux[:], uint8(0), uint8(64+i))
		f.Add(it.Seckey[:], []byte{}, make([]byte, 32), uint8(0), uint8(200))
		f.Add(it.Seckey[:], it.Hash[:], []byte(nil), uint8(0), uint8(33))
	}
	f.Add(its[0].Seckey[:], its[0].Hash[:], its[0].Aux[:], uint8(9), uint8(0))  // key n - 1
	f.Add(its[0].Seckey[:], its[0].Hash[:], its[0].Aux[:], uint8(10), uint8(0)) // key n
	f.Fuzz(func(t *testing.T, skRaw, msg, aux []byte, selK, flip uint8) {
		sk := edge32(selK, skRaw)
		priv, err := secp.NewPrivateKey(sk)
		if !a.SeckeyVerify(sk) {
			if err == nil {
				t.Fatalf("NewPrivateKey accepts %x, which ec_seckey_verify rejects", sk)
			}
			if _, ok := a.SchnorrSign(sk, msg, make([]byte, 32)); ok {
				t.Fatalf("schnorrsig_sign_custom signs with the invalid key %x", sk)
			}
			if _, err := schnorr.SignWithAux(priv, msg, make([]byte, 32)); err == nil {
				t.Fatal("SignWithAux signs with a nil key")
			}
			return
		}
		if err != nil {
			t.Fatalf("NewPrivateKey(%x): %v", sk, err)
		}
		var sig []byte
		if len(aux) == 32 {
			sig, err = schnorr.SignWithAux(priv, msg, aux)
			lsig, ok := a.SchnorrSign(sk, msg, aux)
			if err != nil || !ok || !bytes.Equal(sig, lsig) {
				t.Fatalf("SignWithAux(%x, %x, %x) = %x (%v); schnorrsig_sign_custom %x (%v)", sk, msg, aux, sig, err, lsig, ok)
			}
			if len(msg) == 32 {
				if l32, ok := a.SchnorrSign32(sk, msg, aux); !ok || !bytes.Equal(sig, l32) {
					t.Fatalf("SignWithAux(%x, %x, %x) = %x; schnorrsig_sign32 %x (%v)", sk, msg, aux, sig, l32, ok)
				}
			}
			prefix := []byte{flip, flip ^ 0xff}
			app, err := schnorr.AppendSign(bytes.Clone(prefix), priv, msg, aux)
			if err != nil || !bytes.Equal(app, append(prefix, sig...)) {
				t.Fatalf("AppendSign = %x (%v), want %x ‖ %x", app, err, prefix, sig)
			}
		} else {
			if _, err := schnorr.SignWithAux(priv, msg, aux); !errors.Is(err, schnorr.ErrInvalidAux) {
				t.Fatalf("SignWithAux with %d bytes of aux: %v", len(aux), err)
			}
			if sig, err = schnorr.Sign(priv, msg); err != nil {
				t.Fatal(err)
			}
		}
		x, _ := priv.PublicKey().XOnly()
		if !a.SchnorrVerify(x.Bytes(), msg, sig) || !schnorr.Verify(x, msg, sig) {
			t.Fatalf("the signature %x of %x by %x does not verify", sig, msg, x.Bytes())
		}
		bad := bytes.Clone(sig)
		bad[flip%64] ^= 1 << (flip / 64)
		if got, want := schnorr.Verify(x, msg, bad), a.SchnorrVerify(x.Bytes(), msg, bad); got != want {
			t.Fatalf("Verify(%x, %x, %x) = %v; schnorrsig_verify %v", x.Bytes(), msg, bad, got, want)
		}
	})
}

// FuzzTaggedHash compares curve.TaggedHash with tagged_sha256 on any tag and
// message; the message is passed to TaggedHash in two parts, cut where the
// input says.
func FuzzTaggedHash(f *testing.F) {
	a := libsecp08(f)
	f.Add([]byte("BIP0340/challenge"), items(f)[0].Hash[:], uint16(0))
	f.Add([]byte("TapTweak"), items(f)[0].XOnly[:], uint16(31))
	f.Add([]byte{}, []byte{}, uint16(0))
	f.Add(bytes.Repeat([]byte{0x5a}, 200), bytes.Repeat([]byte{1}, 130), uint16(64))
	f.Fuzz(func(t *testing.T, tag, msg []byte, cut uint16) {
		c := int(cut) % (len(msg) + 1)
		got := curve.TaggedHash(string(tag), msg[:c], msg[c:])
		want, ok := a.TaggedSHA256(tag, msg)
		if !ok || !bytes.Equal(got[:], want) {
			t.Fatalf("TaggedHash(%q, %x) = %x; tagged_sha256 %x (%v)", tag, msg, got, want, ok)
		}
	})
}
