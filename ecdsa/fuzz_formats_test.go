package ecdsa

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

func FuzzParseEthereumSignature(f *testing.F) {
	rs := "28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa63627667cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83"
	for _, v := range []string{"00", "01", "1b", "1c", "25", "26", "02", "ff"} {
		f.Add(testutil.MustHex(f, rs+v), uint64(1), testutil.MustHex(f, "daf5a779ae972f972197303d7b574746c7ef83eadac0f2791ad23db92e4c8e53"))
	}
	f.Add([]byte{}, uint64(0), []byte{})
	f.Fuzz(func(t *testing.T, b []byte, chainID uint64, hash []byte) {
		sig, recID, err := ParseEthereumSignature(b)
		csig, cid, cerr := ParseEthereumSignatureChainID(b, chainID)
		if (err == nil) != (sig != nil) || (cerr == nil) != (csig != nil) {
			t.Fatal("a value with an error, or neither")
		}
		if err == nil {
			if cerr != nil || cid != recID || !csig.Equal(sig) {
				t.Fatalf("strict parser accepts %x, chain-aware (chain %d): %v", b, chainID, cerr)
			}
			if !bytes.Equal(sig.BytesEthereum(recID), b) {
				t.Fatalf("%x re-encodes to %x", b, sig.BytesEthereum(recID))
			}
		}
		if cerr == nil {
			id, err := EthereumRecoveryID(uint64(b[64]), chainID)
			if err != nil || id != cid {
				t.Fatalf("chain-aware parser: id %d, EthereumRecoveryID: %d, %v", cid, id, err)
			}
			canon := append(bytes.Clone(b[:64]), cid)
			if s, id, err := ParseEthereumSignature(canon); err != nil || id != cid || !s.Equal(csig) {
				t.Fatalf("v = %d as %d: %v", b[64], cid, err)
			}
		}
		pub, err := RecoverEthereum(hash, b)
		if (err == nil) != (pub != nil) {
			t.Fatal("a value with an error, or neither")
		}
		if err == nil && !Verify(pub, hash, sig.Normalize()) {
			t.Fatalf("recovered key does not verify %x over %x", b, hash)
		}
	})
}

func FuzzParseBIP137Signature(f *testing.F) {
	for _, s := range []string{
		"1f33a69cd2065432a30f3d1ce4eb0d59b8ab58c74f27c41a7fdb5696ad4e6108c96f807982866f785d3f6418d24163ddae117b7db4d5fdf0071de069fa54342262",
		"1b54c4a33c6423d689378f160a7ff8b61330444abb58fb470f96ea16d99d4a2fed07082304410efa6b2943111b6a4e0aaa7b7db55a07e9861d1fb3cb1f421044a5",
		"2b987ceade6a304fc5823ab38f99fc3c5f772a2d3e89ea05931e2726105fc53b9e601fc3231f35962c714fcbce5c95b427496edc7ae8b3d12e93791d7629795b62",
	} {
		f.Add(testutil.MustHex(f, s), []byte("vires is numeris"))
	}
	f.Add([]byte{}, []byte{})
	f.Fuzz(func(t *testing.T, b, msg []byte) {
		sig, recID, typ, err := ParseBIP137Signature(b)
		if (err == nil) != (sig != nil) {
			t.Fatal("a value with an error, or neither")
		}
		if err == nil {
			if !typ.valid() || recID > 3 || !bytes.Equal(sig.BytesBIP137(recID, typ), b) {
				t.Fatalf("%x: id %d, type %v, re-encodes to %x", b, recID, typ, sig.BytesBIP137(recID, typ))
			}
		}
		pub, rtyp, err := RecoverMessage(msg, b)
		if (err == nil) != (pub != nil) {
			t.Fatal("a value with an error, or neither")
		}
		if err != nil {
			if vt, ok := VerifyMessage(pub, msg, b); ok || vt != 0 {
				t.Fatal("VerifyMessage with a nil key")
			}
			return
		}
		h := BitcoinMessageHash(msg)
		if rtyp != typ || !Verify(pub, h[:], sig.Normalize()) {
			t.Fatalf("recovered key does not verify %x", b)
		}
		if vt, ok := VerifyMessage(pub, msg, b); !ok || vt != typ {
			t.Fatalf("VerifyMessage: %v, %v", vt, ok)
		}
		h160, err := typ.Hash160(pub)
		if err != nil {
			t.Fatal(err)
		}
		if vt, ok := VerifyMessageHash160(h160, msg, b); !ok || vt != typ {
			t.Fatalf("VerifyMessageHash160: %v, %v", vt, ok)
		}
	})
}
