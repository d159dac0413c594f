package signer_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/signer"
)

func BenchmarkSigner(b *testing.B) {
	sec := testutil.MustHex(b, secBIP)
	pub := testutil.MustHex(b, pubBIP)
	peer := testutil.MustHex(b, "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	msg := bytes.Repeat([]byte{0x42}, 32)
	var s signer.Signer
	if err := s.InitSec(sec); err != nil {
		b.Fatal(err)
	}
	sig, _ := s.Sign(msg)
	buf := make([]byte, 0, 64)

	b.Run("Generate", func(b *testing.B) {
		b.ReportAllocs()
		var g signer.Signer
		for b.Loop() {
			g.Generate()
		}
	})
	b.Run("InitSec", func(b *testing.B) {
		b.ReportAllocs()
		var g signer.Signer
		for b.Loop() {
			g.InitSec(sec)
		}
	})
	b.Run("InitPub", func(b *testing.B) {
		b.ReportAllocs()
		var g signer.Signer
		for b.Loop() {
			g.InitPub(pub)
		}
	})
	b.Run("Sec", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.Sec()
		}
	})
	b.Run("Pub", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.Pub()
		}
	})
	b.Run("Sign", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.Sign(msg)
		}
	})
	b.Run("AppendSign", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, _ = s.AppendSign(buf[:0], msg)
		}
	})
	b.Run("Verify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.Verify(msg, sig)
		}
	})
	b.Run("ECDH", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.ECDH(peer)
		}
	})
	b.Run("AppendECDH", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, _ = s.AppendECDH(buf[:0], peer)
		}
	})
	b.Run("ECDHRaw", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.ECDHRaw(peer)
		}
	})
	b.Run("ConversationKey", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.ConversationKey(peer)
		}
	})
	b.Run("Zero", func(b *testing.B) {
		b.ReportAllocs()
		var g signer.Signer
		for b.Loop() {
			g.Zero()
		}
	})
}

func BenchmarkKeyGen(b *testing.B) {
	var g signer.KeyGen
	g.Generate()
	buf := make([]byte, 0, 33)
	b.Run("Generate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			g.Generate()
		}
	})
	b.Run("AppendGenerate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, _ = g.AppendGenerate(buf[:0])
		}
	})
	b.Run("Negate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			g.Negate()
		}
	})
	b.Run("KeyPairBytes", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			g.KeyPairBytes()
		}
	})
}

func BenchmarkEvent(b *testing.B) {
	ev := &signer.Event{
		CreatedAt: 1700000000,
		Kind:      1,
		Tags:      [][]string{{"p", pubBIP}, {"e", pubBIP, "wss://relay.example.com", "reply"}},
		Content:   "gm nostr! \"quoted\"\nsecond line",
	}
	b.Run("ID", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ev.ID()
		}
	})
	var s signer.Signer
	s.InitSec(testutil.MustHex(b, secBIP))
	id, sig, _ := s.SignEvent(ev)
	b.Run("VerifyEvent", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			signer.VerifyEvent(ev, id[:], sig)
		}
	})
}
