package ellswift_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ellswift"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The benchmarks follow libsecp256k1's bench_ellswift (src/modules/ellswift/
// bench_impl.h): 256 keys decoded from consecutive 64-byte strings, and
// each iteration's input taken from the previous output, so that the
// number of attempts of the encoder and the branch taken by the decoder
// vary as they do in use.

// benchKeys returns the 256 keys libsecp256k1's benchmark decodes, and the
// buffer it continues with.
func benchKeys(b *testing.B) ([]*secp256k1.PublicKey, []byte) {
	buf := []byte{
		0x78, 0x1f, 0xb7, 0xd4, 0x67, 0x7f, 0x08, 0x68, 0xdb, 0xe3, 0x1d, 0x7f, 0x1b, 0xb0, 0xf6, 0x9e,
		0x0a, 0x64, 0xca, 0x32, 0x9e, 0xc6, 0x20, 0x79, 0x03, 0xf3, 0xd0, 0x46, 0x7a, 0x0f, 0xd2, 0x21,
		0xb0, 0x2c, 0x46, 0xd8, 0xba, 0xca, 0x26, 0x4f, 0x8f, 0x8c, 0xd4, 0xdd, 0x2d, 0x04, 0xbe, 0x30,
		0x48, 0x51, 0x1e, 0xd4, 0x16, 0xfd, 0x42, 0x85, 0x62, 0xc9, 0x02, 0xf9, 0x89, 0x84, 0xff, 0xdc,
	}
	keys := make([]*secp256k1.PublicKey, 256)
	for i := range keys {
		k, err := ellswift.Decode(buf)
		if err != nil {
			b.Fatal(err)
		}
		keys[i] = k
		for j := range buf {
			buf[j]++
		}
	}
	return keys, buf
}

func BenchmarkEllSwift(b *testing.B) {
	keys, init := benchKeys(b)
	// Encode a public key with caller randomness (libsecp256k1's
	// ellswift_encode).
	b.Run("Encode", func(b *testing.B) {
		buf := bytes.Clone(init)
		i := 0
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			enc, err := ellswift.Encode(keys[i&255], bytes.NewReader(buf[16:48]))
			if err != nil {
				b.Fatal(err)
			}
			copy(buf, enc)
			i++
		}
		t.Stop()
	})
	// Encode one's own key from its 32 secret bytes, with auxiliary
	// randomness (libsecp256k1's ellswift_keygen, secp256k1_ellswift_create):
	// the public key is computed too.
	b.Run("EncodeSecretFromBytes", func(b *testing.B) {
		buf := bytes.Clone(init)
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			k, err := secp256k1.NewPrivateKey(buf[:32])
			if err != nil {
				b.Fatal(err)
			}
			enc, err := ellswift.EncodeSecretWithAux(k, buf[32:])
			if err != nil {
				b.Fatal(err)
			}
			copy(buf, enc)
		}
		t.Stop()
	})
	// The encoding alone, with the public key already computed.
	b.Run("EncodeSecret", func(b *testing.B) {
		buf := bytes.Clone(init)
		k, err := secp256k1.NewPrivateKey(buf[:32])
		if err != nil {
			b.Fatal(err)
		}
		k.PublicKey()
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			enc, err := ellswift.EncodeSecretWithAux(k, buf[32:])
			if err != nil {
				b.Fatal(err)
			}
			copy(buf, enc)
		}
		t.Stop()
	})
	b.Run("Decode", func(b *testing.B) {
		buf := bytes.Clone(init)
		i := 0
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			k, err := ellswift.Decode(buf)
			if err != nil {
				b.Fatal(err)
			}
			copy(buf[i%32:], k.BytesCompressed())
			i++
		}
		t.Stop()
	})
	// XDH from the 32 secret bytes (libsecp256k1's ellswift_ecdh), the
	// roles alternating.
	b.Run("XDHFromBytes", func(b *testing.B) {
		buf := bytes.Clone(init)
		buf = append(buf, make([]byte, 32)...)
		i := 0
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			k, err := secp256k1.NewPrivateKey(buf[(i+16)%33:][:32])
			if err != nil {
				b.Fatal(err)
			}
			role := ellswift.Initiator
			if i&1 == 1 {
				role = ellswift.Responder
			}
			s, err := ellswift.XDH(k, buf[:64], buf[:64], role)
			if err != nil {
				b.Fatal(err)
			}
			copy(buf[i%33:], s)
			i++
		}
		t.Stop()
	})
	b.Run("XSwiftEC", func(b *testing.B) {
		buf := bytes.Clone(init)
		i := 0
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			x, err := ellswift.XSwiftEC(buf[:32], buf[32:])
			if err != nil {
				b.Fatal(err)
			}
			copy(buf[i%32:], x)
			i++
		}
		t.Stop()
	})
	b.Run("XSwiftECInv", func(b *testing.B) {
		buf := bytes.Clone(init)
		i := 0
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			x := keys[i&255].BytesCompressed()[1:]
			if tt, err := ellswift.XSwiftECInv(x, buf[:32], i&7); err == nil {
				copy(buf, tt)
			} else {
				buf[i%32]++
			}
			i++
		}
		t.Stop()
	})
}
