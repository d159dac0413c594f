package signer_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
	"github.com/p256k1/secp256k1/signer"
)

// relaySigner and relayGen restate the signer interfaces of the Go nostr
// relays (for example git.mleku.dev/mleku/nostr interfaces/signer), written
// out here so that the test proves structural compatibility without
// importing any relay module.
type relaySigner interface {
	Generate() (err error)
	InitSec(sec []byte) (err error)
	InitPub(pub []byte) (err error)
	Sec() (secret []byte)
	Pub() (pub []byte)
	Sign(msg []byte) (sig []byte, err error)
	Verify(msg, sig []byte) (valid bool, err error)
	Zero()
	ECDH(pub []byte) (secret []byte, err error)
	ECDHRaw(pub []byte) (sharedX []byte, err error)
}

type relayGen interface {
	Generate() (pubBytes []byte, err error)
	Negate()
	KeyPairBytes() (secBytes, cmprPubBytes []byte)
}

var (
	_ relaySigner = (*signer.Signer)(nil)
	_ relaySigner = signer.I(nil)
	_ relayGen    = (*signer.KeyGen)(nil)
	_ relayGen    = signer.Gen(nil)
)

// A key used across the tests.
const (
	secBIP = "b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef" // BIP-340 vector 1
	pubBIP = "dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659"
)

func TestZeroValue(t *testing.T) {
	var s signer.Signer
	if s.Sec() != nil || s.Pub() != nil {
		t.Error("the zero value holds a key")
	}
	if _, err := s.Sign([]byte("m")); !errors.Is(err, signer.ErrNoSecretKey) {
		t.Errorf("Sign: %v", err)
	}
	if _, err := s.Verify([]byte("m"), make([]byte, 64)); !errors.Is(err, signer.ErrNoPublicKey) {
		t.Errorf("Verify: %v", err)
	}
	if _, err := s.ECDH(testutil.MustHex(t, pubBIP)); !errors.Is(err, signer.ErrNoSecretKey) {
		t.Errorf("ECDH: %v", err)
	}
	if _, err := s.ECDHRaw(testutil.MustHex(t, pubBIP)); !errors.Is(err, signer.ErrNoSecretKey) {
		t.Errorf("ECDHRaw: %v", err)
	}
	if _, err := s.ConversationKey(testutil.MustHex(t, pubBIP)); !errors.Is(err, signer.ErrNoSecretKey) {
		t.Errorf("ConversationKey: %v", err)
	}
	s.Zero() // no key: no-op
	if err := s.InitSec(testutil.MustHex(t, secBIP)); err != nil {
		t.Fatal(err)
	}
	if hex.EncodeToString(s.Pub()) != pubBIP || hex.EncodeToString(s.Sec()) != secBIP {
		t.Errorf("InitSec: pub %x sec %x", s.Pub(), s.Sec())
	}
}

func TestInitSecPub(t *testing.T) {
	var s signer.Signer
	bad := [][]byte{nil, make([]byte, 31), make([]byte, 32), make([]byte, 33), bytes.Repeat([]byte{0xff}, 32)}
	for _, b := range bad {
		if err := s.InitSec(b); !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
			t.Errorf("InitSec(%x): %v", b, err)
		}
	}
	if s.Sec() != nil || s.Pub() != nil {
		t.Error("a failed InitSec changed the signer")
	}
	// secOdd: the first small secret whose public key has odd y.
	var secOdd []byte
	for d := byte(1); secOdd == nil; d++ {
		b := make([]byte, 32)
		b[31] = d
		k, _ := secp256k1.NewPrivateKey(b)
		if _, odd := k.PublicKey().XOnly(); odd {
			secOdd = b
		}
	}
	if err := s.InitSec(secOdd); err != nil {
		t.Fatal(err)
	}
	// A failed InitSec or InitPub leaves the key in place.
	if err := s.InitSec(make([]byte, 32)); err == nil {
		t.Fatal("zero key accepted")
	}
	if err := s.InitPub(bytes.Repeat([]byte{0xff}, 32)); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
		t.Errorf("InitPub(ff..ff): %v", err)
	}
	if err := s.InitPub(make([]byte, 33)); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
		t.Errorf("InitPub(33 bytes): %v", err)
	}
	if !bytes.Equal(s.Sec(), secOdd) {
		t.Error("a failed init changed the key")
	}
	// An odd-y secret is kept as given; Pub is its x.
	k, _ := secp256k1.NewPrivateKey(secOdd)
	x, odd := k.PublicKey().XOnly()
	if !odd || !bytes.Equal(s.Pub(), x.Bytes()) {
		t.Errorf("Pub of %x: %x (odd %v)", secOdd, s.Pub(), odd)
	}
	sig, err := s.Sign([]byte("hello"))
	if err != nil || !schnorr.Verify(x, []byte("hello"), sig) {
		t.Errorf("Sign with an odd-y key: %v", err)
	}

	// InitPub drops the secret and verifies.
	if err := s.InitPub(testutil.MustHex(t, pubBIP)); err != nil {
		t.Fatal(err)
	}
	if s.Sec() != nil || hex.EncodeToString(s.Pub()) != pubBIP {
		t.Error("InitPub kept the secret or lost the key")
	}
	if _, err := s.Sign([]byte("m")); !errors.Is(err, signer.ErrNoSecretKey) {
		t.Errorf("Sign after InitPub: %v", err)
	}
	// BIP-340 vector 1, verified through the signer.
	msg := testutil.MustHex(t, "243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89")
	sig = testutil.MustHex(t, "6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a")
	if ok, err := s.Verify(msg, sig); !ok || err != nil {
		t.Errorf("Verify(vector 1) = %v, %v", ok, err)
	}
	sig[0] ^= 1
	if ok, err := s.Verify(msg, sig); ok || err != nil {
		t.Errorf("Verify(bad sig) = %v, %v", ok, err)
	}
	if ok, err := s.Verify(msg, sig[:63]); ok || !errors.Is(err, signer.ErrSignatureLength) {
		t.Errorf("Verify(63 bytes) = %v, %v", ok, err)
	}
}

func TestSignVerify(t *testing.T) {
	var s signer.Signer
	if err := s.Generate(); err != nil {
		t.Fatal(err)
	}
	for _, msg := range [][]byte{nil, []byte("x"), bytes.Repeat([]byte{7}, 32), bytes.Repeat([]byte{9}, 100)} {
		sig, err := s.Sign(msg)
		if err != nil || len(sig) != 64 {
			t.Fatalf("Sign: %x, %v", sig, err)
		}
		if ok, err := s.Verify(msg, sig); !ok || err != nil {
			t.Fatalf("Verify(own signature) = %v, %v", ok, err)
		}
		// Signatures use fresh randomness.
		sig2, _ := s.Sign(msg)
		if bytes.Equal(sig, sig2) {
			t.Error("two signatures are equal: no fresh aux randomness")
		}
		// A verify-only signer with the same key agrees.
		var v signer.Signer
		if err := v.InitPub(s.Pub()); err != nil {
			t.Fatal(err)
		}
		if ok, _ := v.Verify(msg, sig); !ok {
			t.Fatal("verify-only signer rejects")
		}
	}
	// AppendSign appends.
	prefix := []byte("prefix")
	out, err := s.AppendSign(prefix, []byte("m"))
	if err != nil || !bytes.HasPrefix(out, []byte("prefix")) || len(out) != 6+64 {
		t.Fatalf("AppendSign: %x, %v", out, err)
	}
	if ok, _ := s.Verify([]byte("m"), out[6:]); !ok {
		t.Fatal("AppendSign signature does not verify")
	}
}

// TestGenerateEvenY: Generate picks the secret whose public key has even y.
func TestGenerateEvenY(t *testing.T) {
	var s signer.Signer
	for range 32 {
		if err := s.Generate(); err != nil {
			t.Fatal(err)
		}
		k, err := secp256k1.NewPrivateKey(s.Sec())
		if err != nil {
			t.Fatal(err)
		}
		if c := k.PublicKey().BytesCompressed(); c[0] != 0x02 || !bytes.Equal(c[1:], s.Pub()) {
			t.Fatalf("Generate gave %x for pub %x", c, s.Pub())
		}
	}
}

// TestECDH checks ECDH and ECDHRaw against the secp256k1 package, for
// x-only and compressed peer keys, and their symmetry.
func TestECDH(t *testing.T) {
	var a, b signer.Signer
	if err := a.InitSec(testutil.MustHex(t, secBIP)); err != nil {
		t.Fatal(err)
	}
	if err := b.Generate(); err != nil { // even y
		t.Fatal(err)
	}
	ka, _ := secp256k1.NewPrivateKey(a.Sec())
	kb, _ := secp256k1.NewPrivateKey(b.Sec())

	raw, err := a.ECDHRaw(b.Pub())
	want, _ := ka.ECDH(kb.PublicKey())
	if err != nil || !bytes.Equal(raw, want) {
		t.Fatalf("ECDHRaw = %x, %v; want %x", raw, err, want)
	}
	raw2, _ := b.ECDHRaw(a.Pub())
	if !bytes.Equal(raw, raw2) {
		t.Fatal("ECDHRaw is not symmetric")
	}
	// Compressed peer keys give the same raw secret.
	if r, err := a.ECDHRaw(kb.PublicKey().BytesCompressed()); err != nil || !bytes.Equal(r, raw) {
		t.Fatalf("ECDHRaw(compressed) = %x, %v", r, err)
	}
	if r, err := b.ECDHRaw(ka.PublicKey().BytesCompressed()); err != nil || !bytes.Equal(r, raw) {
		t.Fatalf("ECDHRaw(compressed, odd) = %x, %v", r, err)
	}

	// Hashed: against ECDHSHA256 with the full keys.
	h, err := a.ECDH(kb.PublicKey().BytesCompressed())
	wantH, _ := ka.ECDHSHA256(kb.PublicKey())
	if err != nil || !bytes.Equal(h, wantH) {
		t.Fatalf("ECDH = %x, %v; want %x", h, err, wantH)
	}
	// An x-only peer key is lifted with even y: b's key has even y, so it
	// is the same point.
	if h2, _ := a.ECDH(b.Pub()); !bytes.Equal(h2, wantH) {
		t.Fatal("ECDH(x-only) differs")
	}
	// SHA256(02|03 ‖ raw x).
	full, _ := b.ECDH(ka.PublicKey().BytesCompressed())
	if !bytes.Equal(full, wantH) {
		t.Fatal("hashed ECDH is not symmetric with full keys")
	}
	e := sha256.Sum256(append([]byte{0x02}, raw...))
	o := sha256.Sum256(append([]byte{0x03}, raw...))
	if !bytes.Equal(h, e[:]) && !bytes.Equal(h, o[:]) {
		t.Fatal("ECDH is not SHA256(prefix ‖ x)")
	}

	// Bad peer keys.
	for _, p := range [][]byte{
		nil, make([]byte, 31), make([]byte, 64), make([]byte, 65),
		bytes.Repeat([]byte{0xff}, 32),
		append([]byte{0x04}, testutil.MustHex(t, pubBIP)...),
		append([]byte{0x02}, bytes.Repeat([]byte{0xff}, 32)...),
	} {
		for name, f := range map[string]func([]byte) ([]byte, error){
			"ECDH": a.ECDH, "ECDHRaw": a.ECDHRaw, "ConversationKey": a.ConversationKey,
		} {
			if r, err := f(p); !errors.Is(err, secp256k1.ErrInvalidPublicKey) || r != nil {
				t.Errorf("%s(%x) = %x, %v", name, p, r, err)
			}
		}
	}
	// Append variants return dst unchanged on error.
	dst := []byte("keep")
	if out, err := a.AppendECDH(dst, nil); err == nil || string(out) != "keep" {
		t.Errorf("AppendECDH on error: %q, %v", out, err)
	}
}

// TestReturnedSlicesAreFresh: no method hands out an internal buffer.
func TestReturnedSlicesAreFresh(t *testing.T) {
	var s signer.Signer
	if err := s.InitSec(testutil.MustHex(t, secBIP)); err != nil {
		t.Fatal(err)
	}
	p1 := s.Pub()
	p1[0] ^= 0xff
	if hex.EncodeToString(s.Pub()) != pubBIP {
		t.Error("Pub returned an internal buffer")
	}
	s1 := s.Sec()
	s1[0] ^= 0xff
	if hex.EncodeToString(s.Sec()) != secBIP {
		t.Error("Sec returned an internal buffer")
	}
	peer := testutil.MustHex(t, "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	e1, _ := s.ECDH(peer)
	e2, _ := s.ECDH(peer)
	if &e1[0] == &e2[0] {
		t.Error("ECDH reuses its buffer")
	}
	var g signer.KeyGen
	pb, _ := g.Generate()
	pb2, _ := g.Generate()
	if &pb[0] == &pb2[0] {
		t.Error("KeyGen.Generate reuses its buffer")
	}
}

func TestAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	var s signer.Signer
	if err := s.InitSec(testutil.MustHex(t, secBIP)); err != nil {
		t.Fatal(err)
	}
	msg := bytes.Repeat([]byte{1}, 32)
	sig, _ := s.Sign(msg)
	peer := testutil.MustHex(t, "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	buf := make([]byte, 0, 64)
	var g signer.KeyGen
	var ev signer.Event
	ev.Tags = [][]string{{"p", pubBIP}}
	ev.Content = "hello \"nostr\"\n"
	for name, f := range map[string]func(){
		"AppendSign":            func() { buf, _ = s.AppendSign(buf[:0], msg) },
		"Verify":                func() { s.Verify(msg, sig) },
		"AppendECDH":            func() { buf, _ = s.AppendECDH(buf[:0], peer) },
		"AppendECDHRaw":         func() { buf, _ = s.AppendECDHRaw(buf[:0], peer) },
		"AppendConversationKey": func() { buf, _ = s.AppendConversationKey(buf[:0], peer) },
		"AppendPub":             func() { buf = s.AppendPub(buf[:0]) },
		"KeyGen.AppendGenerate": func() { buf, _ = g.AppendGenerate(buf[:0]) },
		"KeyGen.Negate":         func() { g.Negate() },
		"Event.ID":              func() { ev.ID() },
	} {
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
}

func TestAppendSignWithAux(t *testing.T) {
	// BIP-340 test vector 1.
	sec, _ := hex.DecodeString("B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF")
	msg, _ := hex.DecodeString("243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89")
	aux, _ := hex.DecodeString("0000000000000000000000000000000000000000000000000000000000000001")
	want := "6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a"
	var s signer.Signer
	if err := s.InitSec(sec); err != nil {
		t.Fatal(err)
	}
	sig, err := s.AppendSignWithAux(nil, msg, aux)
	if err != nil {
		t.Fatal(err)
	}
	if got := hex.EncodeToString(sig); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	if _, err := s.AppendSignWithAux(nil, msg, aux[:31]); err == nil {
		t.Fatal("31-byte aux accepted")
	}
	s.Zero()
	if _, err := s.AppendSignWithAux(nil, msg, aux); !errors.Is(err, signer.ErrNoSecretKey) {
		t.Fatalf("after Zero: err = %v", err)
	}
}
