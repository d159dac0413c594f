package signer_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/signer"
)

// FuzzEventSerialize checks that the serialization of any event with valid
// UTF-8 strings is JSON that decodes back to the same tags and content.
func FuzzEventSerialize(f *testing.F) {
	f.Add("hello", "p", "x")
	f.Add("a\"b\\c\n\r\t\b\f\x00\x1f\x7f é 😀", "\u2028", "</script>")
	f.Fuzz(func(t *testing.T, content, t0, t1 string) {
		ev := &signer.Event{CreatedAt: 1, Kind: 1, Tags: [][]string{{t0, t1}}, Content: content}
		var back []json.RawMessage
		if err := json.Unmarshal(ev.Serialize(), &back); err != nil {
			t.Fatalf("not JSON: %v: %q", err, ev.Serialize())
		}
		if !utf8.ValidString(content) || !utf8.ValidString(t0) || !utf8.ValidString(t1) {
			return
		}
		var c string
		var tags [][]string
		if json.Unmarshal(back[5], &c) != nil || json.Unmarshal(back[4], &tags) != nil {
			t.Fatal("fields do not decode")
		}
		if c != content || tags[0][0] != t0 || tags[0][1] != t1 {
			t.Fatalf("round trip: %q %q", c, tags)
		}
	})
}

// FuzzPeerKey feeds arbitrary peer keys to the signer's ECDH methods: they
// must accept exactly the 32-byte x-only keys and 33-byte compressed keys
// that package secp256k1 parses, and then agree with it.
func FuzzPeerKey(f *testing.F) {
	f.Add(bytes.Repeat([]byte{2}, 33))
	f.Add(make([]byte, 32))
	f.Add([]byte{0x02, 0x79, 0xbe})
	s, err := signer.New(bytes.Repeat([]byte{0x42}, 32))
	if err != nil {
		f.Fatal(err)
	}
	priv, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	f.Fuzz(func(t *testing.T, pub []byte) {
		raw, err1 := s.ECDHRaw(pub)
		hashed, err2 := s.ECDH(pub)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("ECDHRaw %v, ECDH %v", err1, err2)
		}
		var peer *secp256k1.PublicKey
		var perr error
		switch len(pub) {
		case 32:
			var x *secp256k1.XOnlyPublicKey
			if x, perr = secp256k1.NewXOnlyPublicKey(pub); perr == nil {
				peer = x.PublicKey()
			}
		case 33:
			peer, perr = secp256k1.NewPublicKey(pub)
		default:
			perr = secp256k1.ErrInvalidPublicKey
		}
		if (perr == nil) != (err1 == nil) {
			t.Fatalf("signer accepts %x: %v; package secp256k1: %v", pub, err1, perr)
		}
		if err1 != nil {
			if raw != nil || hashed != nil || !errors.Is(err1, secp256k1.ErrInvalidPublicKey) {
				t.Fatalf("rejected %x with a value or another error: %v", pub, err1)
			}
			return
		}
		wantRaw, _ := priv.ECDH(peer)
		wantHashed, _ := priv.ECDHSHA256(peer)
		if !bytes.Equal(raw, wantRaw) || !bytes.Equal(hashed, wantHashed) {
			t.Fatal("signer ECDH disagrees with package secp256k1")
		}
	})
}

// FuzzInitKeys feeds arbitrary bytes to InitSec and InitPub: they accept
// what NewPrivateKey and NewXOnlyPublicKey accept, leave the signer
// unchanged otherwise, and the accepted keys sign and verify.
func FuzzInitKeys(f *testing.F) {
	f.Add(bytes.Repeat([]byte{7}, 32))
	f.Add(make([]byte, 32))
	f.Fuzz(func(t *testing.T, b []byte) {
		var s signer.Signer
		errSec := s.InitSec(b)
		_, want := secp256k1.NewPrivateKey(b)
		if (errSec == nil) != (want == nil) {
			t.Fatalf("InitSec(%x): %v; NewPrivateKey: %v", b, errSec, want)
		}
		if errSec == nil {
			sig, err := s.Sign([]byte("fuzz"))
			if ok, verr := s.Verify([]byte("fuzz"), sig); err != nil || !ok || verr != nil {
				t.Fatalf("sign/verify: %v %v %v", err, ok, verr)
			}
		} else if s.Sec() != nil || s.Pub() != nil {
			t.Fatal("a failed InitSec changed the signer")
		}
		var v signer.Signer
		errPub := v.InitPub(b)
		_, wantPub := secp256k1.NewXOnlyPublicKey(b)
		if (errPub == nil) != (wantPub == nil) {
			t.Fatalf("InitPub(%x): %v; NewXOnlyPublicKey: %v", b, errPub, wantPub)
		}
		if errPub == nil && !bytes.Equal(v.Pub(), b) {
			t.Fatal("InitPub round trip")
		}
	})
}
