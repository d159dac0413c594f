//lint:file-ignore SA1019 this file implements or exercises the crypto/ecdsa and crypto/elliptic bridge, whose big.Int API Go deprecates but callers (go-ethereum, x509-style code) still use

package secp256k1_test

import (
	"bytes"
	"crypto"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"errors"
	"math/big"
	"testing"
	"unsafe"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

func randKey(t *testing.T, r interface{ Uint32() uint32 }) *secp256k1.PrivateKey {
	t.Helper()
	for {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if k, err := secp256k1.NewPrivateKey(b[:]); err == nil {
			return k
		}
	}
}

// TestSignerVerifyASN1 signs with the crypto.Signer of PrivateKey and
// verifies with the standard library's crypto/ecdsa.VerifyASN1 (its
// generic code for custom curves, running on S256), with SHA-256 and with
// a SHA-512 digest that both sides truncate.
func TestSignerVerifyASN1(t *testing.T) {
	r := testutil.Rand(t)
	iters := 20
	if testing.Short() {
		iters = 3
	}
	for i := range iters {
		k := randKey(t, r)
		var signer crypto.Signer = k
		pub := k.PublicKey().ToECDSA()
		if !signer.Public().(*secp256k1.PublicKey).Equal(k.PublicKey()) {
			t.Fatal("Public")
		}
		msg := []byte{byte(i), 'm'}
		d256 := sha256.Sum256(msg)
		sig, err := signer.Sign(rand.Reader, d256[:], crypto.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		if !stdecdsa.VerifyASN1(pub, d256[:], sig) {
			t.Fatalf("VerifyASN1 rejects %x", sig)
		}
		want, _ := ecdsa.Sign(k, d256[:])
		if !bytes.Equal(sig, want.BytesDER()) {
			t.Fatalf("Sign = %x, ecdsa.Sign = %x", sig, want.BytesDER())
		}
		d256[0] ^= 1
		if stdecdsa.VerifyASN1(pub, d256[:], sig) {
			t.Fatal("VerifyASN1 accepts another digest")
		}
		d512 := sha512.Sum512(msg)
		sig, err = signer.Sign(nil, d512[:], crypto.SHA512)
		if err != nil {
			t.Fatal(err)
		}
		if !stdecdsa.VerifyASN1(pub, d512[:], sig) {
			t.Fatal("VerifyASN1 rejects a SHA-512 signature")
		}
		parsed, err := ecdsa.ParseDERSignature(sig)
		if err != nil || !ecdsa.Verify(k.PublicKey(), d512[:32], parsed) {
			t.Fatalf("SHA-512 signature is not over the leftmost 32 bytes: %v", err)
		}
	}
}

// TestStdlibSignsForUs goes the other way: crypto/ecdsa generates keys on
// S256 and signs (its generic code, on this curve's ScalarBaseMult, which
// it uses with secret scalars), and this library verifies.
func TestStdlibSignsForUs(t *testing.T) {
	iters := 10
	if testing.Short() {
		iters = 2
	}
	for i := range iters {
		sk, err := stdecdsa.GenerateKey(secp256k1.S256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		k, err := secp256k1.PrivateKeyFromECDSA(sk)
		if err != nil {
			t.Fatal(err)
		}
		d := sha256.Sum256([]byte{byte(i)})
		der, err := stdecdsa.SignASN1(rand.Reader, sk, d[:])
		if err != nil {
			t.Fatal(err)
		}
		sig, err := ecdsa.ParseDERSignature(der)
		if err != nil {
			t.Fatalf("%x: %v", der, err)
		}
		// crypto/ecdsa does not normalize s.
		if !ecdsa.Verify(k.PublicKey(), d[:], sig.Normalize()) {
			t.Fatal("a crypto/ecdsa signature does not verify")
		}
	}
}

func TestSignerRejects(t *testing.T) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	d := sha256.Sum256(nil)
	for name, c := range map[string]struct {
		digest []byte
		opts   crypto.SignerOpts
	}{
		"nil digest":           {nil, crypto.SHA256},
		"empty digest":         {[]byte{}, nil},
		"SHA-256 of 20 bytes":  {d[:20], crypto.SHA256},
		"SHA-512 of 32 bytes":  {d[:], crypto.SHA512},
		"unknown hash":         {d[:], crypto.Hash(200)},
		"unknown hash, 0 size": {d[:], crypto.Hash(20)},
	} {
		if sig, err := k.Sign(nil, c.digest, c.opts); sig != nil || err == nil {
			t.Errorf("%s: %x, %v", name, sig, err)
		}
	}
	// No opts, or opts without a hash: any non-empty digest.
	for _, opts := range []crypto.SignerOpts{nil, crypto.Hash(0)} {
		if _, err := k.Sign(nil, d[:20], opts); err != nil {
			t.Errorf("opts %v: %v", opts, err)
		}
	}
	// rand is ignored: a failing reader changes nothing.
	a, err1 := k.Sign(failingReader{}, d[:], crypto.SHA256)
	b, err2 := k.Sign(nil, d[:], crypto.SHA256)
	if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
		t.Errorf("rand changes the signature: %v, %v", err1, err2)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("no randomness") }

func TestECDSAKeyConversions(t *testing.T) {
	r := testutil.Rand(t)
	for range 10 {
		k := randKey(t, r)
		sk := k.ToECDSA()
		if sk.Curve != secp256k1.S256() || sk.D.Cmp(new(big.Int).SetBytes(k.Bytes())) != 0 {
			t.Fatal("ToECDSA: D or curve")
		}
		want := testutil.Mul(sk.D, testutil.G())
		if sk.X.Cmp(want.X) != 0 || sk.Y.Cmp(want.Y) != 0 {
			t.Fatal("ToECDSA: public key")
		}
		back, err := secp256k1.PrivateKeyFromECDSA(sk)
		if err != nil || !back.Equal(k) {
			t.Fatalf("PrivateKeyFromECDSA: %v", err)
		}
		pub, err := secp256k1.PublicKeyFromECDSA(&sk.PublicKey)
		if err != nil || !pub.Equal(k.PublicKey()) {
			t.Fatalf("PublicKeyFromECDSA: %v", err)
		}
		if pk := k.PublicKey().ToECDSA(); !pk.Equal(&sk.PublicKey) {
			t.Fatal("PublicKey.ToECDSA differs from PrivateKey.ToECDSA's")
		}
		// Only D set: accepted.
		if back, err := secp256k1.PrivateKeyFromECDSA(&stdecdsa.PrivateKey{PublicKey: stdecdsa.PublicKey{Curve: secp256k1.S256()}, D: sk.D}); err != nil || !back.Equal(k) {
			t.Fatalf("PrivateKeyFromECDSA(D only): %v", err)
		}
	}

	// A curve with secp256k1's parameters, like go-ethereum's or btcec's
	// S256, is accepted.
	p := secp256k1.S256().Params()
	other := &elliptic.CurveParams{P: p.P, N: p.N, B: p.B, Gx: p.Gx, Gy: p.Gy, BitSize: 256}
	k := randKey(t, r)
	sk := k.ToECDSA()
	sk.Curve = other
	if back, err := secp256k1.PrivateKeyFromECDSA(sk); err != nil || !back.Equal(k) {
		t.Errorf("equal parameters: %v", err)
	}

	n := testutil.N
	badPriv := map[string]*stdecdsa.PrivateKey{
		"nil":        nil,
		"nil D":      {PublicKey: stdecdsa.PublicKey{Curve: secp256k1.S256()}},
		"nil curve":  {D: big.NewInt(1)},
		"P-256":      {PublicKey: stdecdsa.PublicKey{Curve: elliptic.P256()}, D: big.NewInt(1)},
		"D = 0":      {PublicKey: stdecdsa.PublicKey{Curve: secp256k1.S256()}, D: big.NewInt(0)},
		"D = n":      {PublicKey: stdecdsa.PublicKey{Curve: secp256k1.S256()}, D: new(big.Int).Set(n)},
		"D = -1":     {PublicKey: stdecdsa.PublicKey{Curve: secp256k1.S256()}, D: big.NewInt(-1)},
		"D = 2^256":  {PublicKey: stdecdsa.PublicKey{Curve: secp256k1.S256()}, D: new(big.Int).Lsh(big.NewInt(1), 256)},
		"wrong pub":  {PublicKey: *randKey(t, r).PublicKey().ToECDSA(), D: big.NewInt(1)},
		"half a pub": {PublicKey: stdecdsa.PublicKey{Curve: secp256k1.S256(), X: testutil.Gx}, D: big.NewInt(1)},
		"other B":    {PublicKey: stdecdsa.PublicKey{Curve: &elliptic.CurveParams{P: p.P, N: p.N, B: big.NewInt(5), Gx: p.Gx, Gy: p.Gy}}, D: big.NewInt(1)},
		"nil params": {PublicKey: stdecdsa.PublicKey{Curve: &elliptic.CurveParams{}}, D: big.NewInt(1)},
	}
	for name, sk := range badPriv {
		k, err := secp256k1.PrivateKeyFromECDSA(sk)
		if k != nil || !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
			t.Errorf("PrivateKeyFromECDSA(%s) = %v, %v", name, k, err)
		}
	}
	badPub := map[string]*stdecdsa.PublicKey{
		"nil":       nil,
		"nil X":     {Curve: secp256k1.S256(), Y: testutil.Gy},
		"nil curve": {X: testutil.Gx, Y: testutil.Gy},
		"P-256":     {Curve: elliptic.P256(), X: elliptic.P256().Params().Gx, Y: elliptic.P256().Params().Gy},
		"(0, 0)":    {Curve: secp256k1.S256(), X: new(big.Int), Y: new(big.Int)},
		"off curve": {Curve: secp256k1.S256(), X: testutil.Gx, Y: new(big.Int).Add(testutil.Gy, big.NewInt(1))},
		"x + p":     {Curve: secp256k1.S256(), X: new(big.Int).Add(testutil.Gx, testutil.P), Y: testutil.Gy},
	}
	for name, pk := range badPub {
		k, err := secp256k1.PublicKeyFromECDSA(pk)
		if k != nil || !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
			t.Errorf("PublicKeyFromECDSA(%s) = %v, %v", name, k, err)
		}
	}
}

func TestZero(t *testing.T) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	_ = k.PublicKey()
	k.Zero()
	var zero secp256k1.PrivateKey
	if k.Bytes() != nil || k.PublicKey() != nil || k.ToECDSA() != nil || k.Equal(&zero) {
		t.Error("a zeroed key still works")
	}
	if sig, err := ecdsa.Sign(k, make([]byte, 32)); sig != nil || !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
		t.Errorf("a zeroed key signs: %v", err)
	}
	if !bytes.Equal(bytesOf(k), make([]byte, len(bytesOf(k)))) {
		t.Error("a zeroed key has non-zero bytes left")
	}
	(*secp256k1.PrivateKey)(nil).Zero()
}

// bytesOf is the memory of k.
func bytesOf(k *secp256k1.PrivateKey) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(k)), unsafe.Sizeof(*k))
}
