package difftest

import (
	"bytes"
	"testing"

	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/signer"
)

// checkSigner checks the nostr signer against every libsecp256k1 that is
// loaded (btcec when none is): Sign's output, made with fresh auxiliary
// randomness, verifies; ECDH equals libsecp256k1's default (hashed) ECDH and
// ECDHRaw its raw x, for the peer given as a 33-byte compressed key and as
// a 32-byte x-only key (which nostr lifts with even y).
func checkSigner(t *testing.T, sk, msg, peerSk []byte) {
	var s signer.Signer
	if err := s.InitSec(sk); err != nil {
		if inRange(sk) {
			t.Fatalf("InitSec(%x): %v", sk, err)
		}
		return
	}
	sig, err := s.Sign(msg)
	if err != nil {
		t.Fatal(err)
	}
	pub := s.Pub()
	verified := false
	for _, r := range refs() {
		if !r.Schnorr() {
			continue
		}
		valid, ok := r.SchnorrVerify(pub, msg, sig)
		if !ok || !valid {
			t.Fatalf("%s rejects the signer's signature of %x by %x: %x", r.Name(), msg, pub, sig)
		}
		verified = true
	}
	if !verified {
		bpub, err := bschnorr.ParsePubKey(pub)
		if err != nil {
			t.Fatal(err)
		}
		bsig, err := bschnorr.ParseSignature(sig)
		if err != nil || !bsig.Verify(msg, bpub) {
			t.Fatalf("btcec rejects the signer's signature of %x by %x: %x", msg, pub, sig)
		}
	}
	peer, err := secp.NewPrivateKey(peerSk)
	if err != nil {
		return
	}
	comp := peer.PublicKey().BytesCompressed()
	even := append([]byte{0x02}, comp[1:]...)
	for _, tc := range []struct {
		name     string
		arg, ref []byte
	}{{"compressed", comp, comp}, {"x-only", comp[1:], even}} {
		hashed, err := s.ECDH(tc.arg)
		if err != nil {
			t.Fatalf("ECDH(%s %x): %v", tc.name, tc.arg, err)
		}
		raw, err := s.ECDHRaw(tc.arg)
		if err != nil {
			t.Fatalf("ECDHRaw(%s %x): %v", tc.name, tc.arg, err)
		}
		for _, r := range refs() {
			if !r.HasECDH() {
				continue
			}
			x, h, ok := r.ECDH(sk, tc.ref)
			if !ok {
				t.Fatalf("%s ecdh failed for %x", r.Name(), tc.ref)
			}
			if !bytes.Equal(hashed, h[:]) || !bytes.Equal(raw, x[:]) {
				t.Fatalf("signer ECDH with %s peer %x: hashed %x raw %x, %s %x %x", tc.name, tc.arg, hashed, raw, r.Name(), h, x)
			}
		}
	}
}

// TestSignerVsLibsecp runs checkSigner over the benchmark dataset.
func TestSignerVsLibsecp(t *testing.T) {
	logLibsecp(t)
	it := items(t)
	for i := range it {
		checkSigner(t, it[i].Seckey[:], it[i].Hash[:], it[(i+1)%len(it)].Seckey[:])
	}
}

// FuzzSigner is checkSigner on fuzzed keys and messages of any length.
func FuzzSigner(f *testing.F) {
	it := items(f)
	for i := range 4 {
		f.Add(it[i].Seckey[:], it[i].Hash[:], it[i+1].Seckey[:])
	}
	f.Add(b32(curveN), []byte("n is not a key"), it[0].Seckey[:])
	f.Add(it[0].Seckey[:], []byte{}, it[0].Seckey[:])
	f.Fuzz(func(t *testing.T, sk, msg, peerSk []byte) {
		if len(sk) != 32 || len(peerSk) != 32 {
			return
		}
		checkSigner(t, sk, msg, peerSk)
	})
}
