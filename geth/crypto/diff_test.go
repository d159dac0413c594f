package crypto_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	gethcrypto "github.com/ethereum/go-ethereum/crypto"

	"github.com/p256k1/secp256k1/geth/crypto"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Differential tests against go-ethereum v1.17.10's crypto package, built
// in this binary with cgo (libsecp256k1, go-ethereum's default) or without
// (CGO_ENABLED=0: its decred backend); gethCgo says which. Results must be
// byte-identical on every input; error messages are compared with the cgo
// backend's, and with the pure-Go backend's where go-ethereum words both
// the same. The few places where go-ethereum's two backends disagree with
// each other, or where go-ethereum panics, are listed where they are
// checked.

// The interfaces convert both ways.
var (
	_ gethcrypto.KeccakState   = crypto.NewKeccakState()
	_ crypto.KeccakState       = gethcrypto.NewKeccakState()
	_ gethcrypto.EllipticCurve = crypto.S256()
	_ crypto.EllipticCurve     = gethcrypto.S256()
)

var (
	curveN = testutil.N
	fieldP = testutil.P
	halfN  = new(big.Int).Rsh(curveN, 1)
)

func iterations(short, long int) int {
	if testing.Short() {
		return short
	}
	return long
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// randScalar returns 32 random bytes encoding a value in [1, n); every
// eighth has leading zero bytes.
func randScalar(r *rand.Rand) []byte {
	for {
		b := randBytes(r, 32)
		if r.IntN(8) == 0 {
			clear(b[:1+r.IntN(8)])
		}
		if v := new(big.Int).SetBytes(b); v.Sign() > 0 && v.Cmp(curveN) < 0 {
			return b
		}
	}
}

// b32 returns v mod 2^256 as 32 bytes, big-endian.
func b32(v *big.Int) []byte {
	b := make([]byte, 32)
	new(big.Int).Mod(v, two256).FillBytes(b)
	return b
}

var two256 = new(big.Int).Lsh(big.NewInt(1), 256)

func bigHex(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 0)
	if !ok {
		panic(s)
	}
	return v
}

// keyPair returns the key sk made by both packages, checked to be equal.
func keyPair(t *testing.T, sk []byte) (ours, theirs *ecdsa.PrivateKey) {
	t.Helper()
	ours, err := crypto.ToECDSA(sk)
	if err != nil {
		t.Fatalf("ToECDSA(%x): %v", sk, err)
	}
	theirs, err = gethcrypto.ToECDSA(sk)
	if err != nil {
		t.Fatalf("go-ethereum ToECDSA(%x): %v", sk, err)
	}
	if ours.D.Cmp(theirs.D) != 0 || ours.X.Cmp(theirs.X) != 0 || ours.Y.Cmp(theirs.Y) != 0 {
		t.Fatalf("ToECDSA(%x): another key than go-ethereum's", sk)
	}
	return ours, theirs
}

// sameErr checks that both calls failed or both succeeded, and, where
// messages is true, with the same message.
func sameErr(t *testing.T, what string, ours, theirs error, messages bool) {
	t.Helper()
	if (ours == nil) != (theirs == nil) {
		t.Fatalf("%s: error %v, go-ethereum (%s) %v", what, ours, gethBackend, theirs)
	}
	if messages && ours != nil && ours.Error() != theirs.Error() {
		t.Fatalf("%s: error %q, go-ethereum (%s) %q", what, ours, gethBackend, theirs)
	}
}

// panics reports whether f panics.
func panics(f func()) (p bool) {
	defer func() { p = recover() != nil }()
	f()
	return false
}

func TestConstantsVsGeth(t *testing.T) {
	if crypto.SignatureLength != gethcrypto.SignatureLength || crypto.RecoveryIDOffset != gethcrypto.RecoveryIDOffset ||
		crypto.DigestLength != gethcrypto.DigestLength {
		t.Fatal("constants differ")
	}
}

// TestSignVsGeth signs random hashes with random keys (on this package's
// curve and on go-ethereum's) and compares the 65-byte signatures, then
// invalid hashes and keys.
func TestSignVsGeth(t *testing.T) {
	r := testutil.Rand(t)
	keys := [][]byte{b32(big.NewInt(1)), b32(big.NewInt(2)), b32(new(big.Int).Sub(curveN, big.NewInt(1))), b32(halfN)}
	for range iterations(30, 300) {
		keys = append(keys, randScalar(r))
	}
	for _, sk := range keys {
		ours, theirs := keyPair(t, sk)
		hash := randBytes(r, 32)
		want, err := gethcrypto.Sign(hash, theirs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := crypto.Sign(hash, ours)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Sign(%x) with key %x = %x, %v; go-ethereum: %x", hash, sk, got, err, want)
		}
		// A key made by go-ethereum, on its curve.
		if got, err := crypto.Sign(hash, theirs); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Sign with go-ethereum's key = %x, %v; want %x", got, err, want)
		}
	}

	// Hashes that are not 32 bytes: the same message in both backends.
	ours, theirs := keyPair(t, keys[4])
	for _, n := range []int{0, 1, 31, 33, 64} {
		hash := randBytes(r, n)
		_, oErr := crypto.Sign(hash, ours)
		_, tErr := gethcrypto.Sign(hash, theirs)
		sameErr(t, fmt.Sprintf("Sign of a %d-byte hash", n), oErr, tErr, true)
	}
	_, oErr := crypto.Sign(nil, nil)
	_, tErr := gethcrypto.Sign(nil, nil)
	sameErr(t, "Sign(nil, nil)", oErr, tErr, true)

	// Invalid D: an error in both ("invalid private key" in both backends).
	hash := randBytes(r, 32)
	for _, d := range []*big.Int{
		big.NewInt(0), curveN, new(big.Int).Add(curveN, big.NewInt(1)),
		new(big.Int).Sub(two256, big.NewInt(1)), two256, new(big.Int).Lsh(big.NewInt(1), 300),
	} {
		_, oErr := crypto.Sign(hash, &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: crypto.S256()}, D: d})
		_, tErr := gethcrypto.Sign(hash, &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: gethcrypto.S256()}, D: d})
		if !gethCgo && d.BitLen() > 256 {
			// go-ethereum's pure-Go backend signs with the first 32 of
			// D's bytes (decred's SetByteSlice truncates); the cgo
			// backend rejects D, as this package does.
			if oErr == nil || oErr.Error() != "invalid private key" {
				t.Fatalf("Sign with D = %x: %v", d, oErr)
			}
			continue
		}
		sameErr(t, fmt.Sprintf("Sign with D = %x", d), oErr, tErr, true)
	}

	// Where go-ethereum signs garbage or panics, this package returns an
	// error. A negative D: go-ethereum signs with |D|.
	neg := &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: gethcrypto.S256()}, D: new(big.Int).Neg(theirs.D)}
	if _, err := gethcrypto.Sign(hash, neg); err != nil {
		t.Fatalf("go-ethereum now rejects a negative D (%v): update the documentation", err)
	}
	if _, err := crypto.Sign(hash, neg); err == nil || err.Error() != "invalid private key" {
		t.Fatalf("Sign with a negative D: %v", err)
	}
	// A key on another curve: the cgo backend signs D as a secp256k1 key,
	// the pure-Go backend returns the error this package returns.
	p256 := &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: elliptic.P256()}, D: big.NewInt(12345)}
	_, oErr = crypto.Sign(hash, p256)
	_, tErr = gethcrypto.Sign(hash, p256)
	if oErr == nil || oErr.Error() != "private key curve is not secp256k1" {
		t.Fatalf("Sign with a P-256 key: %v", oErr)
	}
	if gethCgo == (tErr != nil) {
		t.Fatalf("go-ethereum (%s) Sign with a P-256 key: %v", gethBackend, tErr)
	}
	if !gethCgo && tErr.Error() != oErr.Error() {
		t.Fatalf("Sign with a P-256 key: %q, go-ethereum %q", oErr, tErr)
	}
	// A nil key or D: go-ethereum panics (its pure-Go backend returns an
	// error for the zero key, whose Curve is nil).
	for _, k := range []*ecdsa.PrivateKey{nil, {}, {PublicKey: ecdsa.PublicKey{Curve: gethcrypto.S256()}}} {
		var err error
		if !panics(func() { _, err = gethcrypto.Sign(hash, k) }) && err == nil {
			t.Fatalf("go-ethereum (%s) signs with %+v", gethBackend, k)
		}
		if _, err := crypto.Sign(hash, k); err == nil {
			t.Fatalf("Sign with %+v: no error", k)
		}
	}
	if !panics(func() { gethcrypto.Sign(hash, nil) }) {
		t.Fatalf("go-ethereum (%s) no longer panics on Sign with a nil key: update the documentation", gethBackend)
	}
}

// checkEcrecover compares Ecrecover and SigToPub with go-ethereum's on one
// input.
func checkEcrecover(t *testing.T, hash, sig []byte) {
	t.Helper()
	what := fmt.Sprintf("Ecrecover(%x, %x)", hash, sig)
	got, oErr := crypto.Ecrecover(hash, sig)
	want, tErr := gethcrypto.Ecrecover(hash, sig)
	if !gethCgo && len(hash) == 32 && len(sig) == 65 && sig[64] >= 4 && sig[64] <= 7 {
		// go-ethereum's pure-Go backend adds 27 to v and hands it to
		// decred, which reads headers 31-34 as the recovery ids 0-3 of a
		// compressed key; the cgo backend rejects v >= 4, as this package
		// does.
		if oErr == nil || oErr.Error() != "invalid signature recovery id" {
			t.Fatalf("%s: %v, want the cgo backend's invalid signature recovery id", what, oErr)
		}
		return
	}
	sameErr(t, what, oErr, tErr, gethCgo)
	if !bytes.Equal(got, want) {
		t.Fatalf("%s = %x; go-ethereum %x", what, got, want)
	}
	pub, oErr := crypto.SigToPub(hash, sig)
	gpub, tErr := gethcrypto.SigToPub(hash, sig)
	sameErr(t, "SigToPub", oErr, tErr, gethCgo)
	if oErr == nil {
		if pub.Curve != crypto.S256() || pub.X.Cmp(gpub.X) != 0 || pub.Y.Cmp(gpub.Y) != 0 {
			t.Fatalf("SigToPub(%x, %x): another key than go-ethereum's", hash, sig)
		}
		if !bytes.Equal(crypto.FromECDSAPub(pub), got) {
			t.Fatal("SigToPub and Ecrecover disagree")
		}
	}
}

// ethSig returns r || s || v.
func ethSig(r, s *big.Int, v byte) []byte {
	return append(append(b32(r), b32(s)...), v)
}

// TestEcrecoverVsGeth recovers random signatures and their edge variants:
// high S, every interesting v, r or s zero or at least n, r + n below p
// for the recovery ids 2 and 3, wrong lengths, one-byte mutations.
func TestEcrecoverVsGeth(t *testing.T) {
	r := testutil.Rand(t)
	for range iterations(20, 200) {
		_, theirs := keyPair(t, randScalar(r))
		hash := randBytes(r, 32)
		sig, err := gethcrypto.Sign(hash, theirs)
		if err != nil {
			t.Fatal(err)
		}
		checkEcrecover(t, hash, sig)
		R, S := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:64])
		v := sig[64]
		// High S with the other parity: the same key in both.
		checkEcrecover(t, hash, ethSig(R, new(big.Int).Sub(curveN, S), v^1))
		for _, v := range []byte{v ^ 1, 2, 3, 4, 5, 7, 8, 26, 27, 28, 29, 31, 35, 37, 229, 255} {
			checkEcrecover(t, hash, ethSig(R, S, v))
		}
		for _, c := range [][2]*big.Int{
			{big.NewInt(0), S}, {R, big.NewInt(0)}, {curveN, S}, {R, curveN},
			{new(big.Int).Add(R, curveN), S}, {R, new(big.Int).Add(S, curveN)},
			{new(big.Int).Sub(fieldP, big.NewInt(1)), S}, {big.NewInt(1), big.NewInt(1)},
			{new(big.Int).Sub(curveN, big.NewInt(1)), new(big.Int).Sub(curveN, big.NewInt(1))},
		} {
			if c[0].BitLen() > 256 || c[1].BitLen() > 256 {
				continue
			}
			checkEcrecover(t, hash, ethSig(c[0], c[1], v))
		}
		// r < p - n: the recovery ids 2 and 3 name R's x = r + n.
		small := new(big.Int).SetBytes(randBytes(r, 16))
		for v := range byte(4) {
			checkEcrecover(t, hash, ethSig(small, S, v))
		}
		// Lengths.
		checkEcrecover(t, hash[:31], sig)
		checkEcrecover(t, append(bytes.Clone(hash), 0), sig)
		checkEcrecover(t, nil, sig)
		checkEcrecover(t, hash, sig[:64])
		checkEcrecover(t, hash, append(bytes.Clone(sig), 0))
		checkEcrecover(t, hash, nil)
		checkEcrecover(t, nil, nil)
		// One mutated byte.
		b := bytes.Clone(sig)
		b[r.IntN(65)] ^= byte(1 + r.IntN(255))
		checkEcrecover(t, hash, b)
	}
}

// pubEncodings returns encodings of pub that go-ethereum accepts or
// rejects: compressed, uncompressed, hybrid, and broken variants.
func pubEncodings(r *rand.Rand, pub *ecdsa.PublicKey) [][]byte {
	u := gethcrypto.FromECDSAPub(pub)
	c := gethcrypto.CompressPubkey(pub)
	var out [][]byte
	add := func(b []byte) { out = append(out, b) }
	add(u)
	add(c)
	for _, prefix := range []byte{0, 1, 2, 3, 5, 6, 7, 0xff} {
		b := bytes.Clone(u)
		b[0] = prefix
		add(b) // the hybrid prefix that matches y's parity is accepted
	}
	for _, prefix := range []byte{0, 1, 4, 5, 6, 7} {
		b := bytes.Clone(c)
		b[0] = prefix
		add(b)
	}
	b := bytes.Clone(u)
	b[64] ^= 1 // y off the curve
	add(b)
	b = bytes.Clone(u)
	copy(b[1:33], b32(new(big.Int).Add(pub.X, fieldP)))
	add(b) // x + p mod 2^256
	x := new(big.Int).Add(pub.X, fieldP)
	if x.BitLen() <= 256 {
		b = bytes.Clone(c)
		copy(b[1:], b32(x)) // x + p: the same point read mod p
		add(b)
	}
	b = bytes.Clone(c)
	copy(b[1:], randBytes(r, 32)) // about half of them on the curve
	add(b)
	add(u[:64])
	add(c[:32])
	add(append(bytes.Clone(c), 0))
	add(nil)
	add([]byte{0})
	add(make([]byte, 65))
	add(make([]byte, 33))
	return out
}

// TestVerifySignatureVsGeth compares verdicts on random signatures, their
// high-S twins, out-of-range r and s, wrong hashes and lengths, under
// every key encoding of pubEncodings.
func TestVerifySignatureVsGeth(t *testing.T) {
	r := testutil.Rand(t)
	for range iterations(10, 100) {
		_, theirs := keyPair(t, randScalar(r))
		hash := randBytes(r, 32)
		sig, err := gethcrypto.Sign(hash, theirs)
		if err != nil {
			t.Fatal(err)
		}
		R, S := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:64])
		sigs := [][]byte{
			sig[:64],
			ethSig(R, new(big.Int).Sub(curveN, S), 0)[:64], // high S: rejected by both
			ethSig(big.NewInt(0), S, 0)[:64], ethSig(R, big.NewInt(0), 0)[:64],
			ethSig(new(big.Int).Add(R, curveN), S, 0)[:64], ethSig(R, curveN, 0)[:64],
			ethSig(R, halfN, 0)[:64], ethSig(R, new(big.Int).Add(halfN, big.NewInt(1)), 0)[:64],
			sig, sig[:63], nil,
		}
		b := bytes.Clone(sig[:64])
		b[r.IntN(64)] ^= byte(1 + r.IntN(255))
		sigs = append(sigs, b)
		hashes := [][]byte{hash, randBytes(r, 32), hash[:31], append(bytes.Clone(hash), 0), nil}
		for _, pub := range pubEncodings(r, &theirs.PublicKey) {
			for _, s := range sigs {
				for _, h := range hashes {
					got, want := crypto.VerifySignature(pub, h, s), gethcrypto.VerifySignature(pub, h, s)
					if got != want {
						t.Fatalf("VerifySignature(%x, %x, %x) = %v; go-ethereum (%s) %v", pub, h, s, got, gethBackend, want)
					}
				}
			}
		}
		if !crypto.VerifySignature(crypto.CompressPubkey(&theirs.PublicKey), hash, sig[:64]) {
			t.Fatal("a valid signature does not verify")
		}
	}
}

// TestDecodePubkeyVsGeth compares DecompressPubkey and UnmarshalPubkey on
// every encoding of pubEncodings.
func TestDecodePubkeyVsGeth(t *testing.T) {
	r := testutil.Rand(t)
	for range iterations(20, 200) {
		_, theirs := keyPair(t, randScalar(r))
		for _, b := range pubEncodings(r, &theirs.PublicKey) {
			checkDecodePubkey(t, b)
		}
	}
}

func checkDecodePubkey(t *testing.T, b []byte) {
	t.Helper()
	// DecompressPubkey's messages are the cgo backend's.
	got, oErr := crypto.DecompressPubkey(b)
	want, tErr := gethcrypto.DecompressPubkey(b)
	sameErr(t, fmt.Sprintf("DecompressPubkey(%x)", b), oErr, tErr, gethCgo)
	if oErr == nil && (got.Curve != crypto.S256() || got.X.Cmp(want.X) != 0 || got.Y.Cmp(want.Y) != 0) {
		t.Fatalf("DecompressPubkey(%x): another key", b)
	}
	// UnmarshalPubkey is the same code in both backends.
	got, oErr = crypto.UnmarshalPubkey(b)
	want, tErr = gethcrypto.UnmarshalPubkey(b)
	sameErr(t, fmt.Sprintf("UnmarshalPubkey(%x)", b), oErr, tErr, true)
	if oErr == nil && (got.Curve != crypto.S256() || got.X.Cmp(want.X) != 0 || got.Y.Cmp(want.Y) != 0) {
		t.Fatalf("UnmarshalPubkey(%x): another key", b)
	}
}

// TestKeyEncodingsVsGeth compares the encodings and the address of random
// keys made by both packages, each encoded by both.
func TestKeyEncodingsVsGeth(t *testing.T) {
	r := testutil.Rand(t)
	dir := t.TempDir()
	for i := range iterations(20, 200) {
		sk := randScalar(r)
		ours, theirs := keyPair(t, sk)
		for _, k := range []*ecdsa.PrivateKey{ours, theirs} {
			if !bytes.Equal(crypto.FromECDSA(k), gethcrypto.FromECDSA(theirs)) || !bytes.Equal(crypto.FromECDSA(k), sk) {
				t.Fatal("FromECDSA differs")
			}
			if !bytes.Equal(crypto.FromECDSAPub(&k.PublicKey), gethcrypto.FromECDSAPub(&theirs.PublicKey)) {
				t.Fatal("FromECDSAPub differs")
			}
			if !bytes.Equal(crypto.CompressPubkey(&k.PublicKey), gethcrypto.CompressPubkey(&theirs.PublicKey)) {
				t.Fatal("CompressPubkey differs")
			}
			if crypto.PubkeyToAddress(k.PublicKey) != gethcrypto.PubkeyToAddress(theirs.PublicKey) {
				t.Fatal("PubkeyToAddress differs")
			}
		}
		if i < 5 {
			// SaveECDSA writes the same file; each LoadECDSA reads the other's.
			a, b := fmt.Sprintf("%s/ours%d", dir, i), fmt.Sprintf("%s/theirs%d", dir, i)
			if err := crypto.SaveECDSA(a, ours); err != nil {
				t.Fatal(err)
			}
			if err := gethcrypto.SaveECDSA(b, theirs); err != nil {
				t.Fatal(err)
			}
			k1, err1 := crypto.LoadECDSA(b)
			k2, err2 := gethcrypto.LoadECDSA(a)
			if err1 != nil || err2 != nil || k1.D.Cmp(k2.D) != 0 || k1.X.Cmp(k2.X) != 0 || k1.Curve != crypto.S256() {
				t.Fatalf("LoadECDSA of each other's files: %v, %v", err1, err2)
			}
		}
	}
	// A point that is not on the curve but fits: both encode it as given.
	off := &ecdsa.PublicKey{Curve: crypto.S256(), X: big.NewInt(1), Y: big.NewInt(2)}
	if !bytes.Equal(crypto.FromECDSAPub(off), gethcrypto.FromECDSAPub(off)) ||
		crypto.PubkeyToAddress(*off) != gethcrypto.PubkeyToAddress(*off) {
		t.Fatal("FromECDSAPub or PubkeyToAddress of an off-curve point differs")
	}
	// ... and CompressPubkey refuses it (the cgo backend panics).
	if crypto.CompressPubkey(off) != nil {
		t.Fatal("CompressPubkey of an off-curve point")
	}
	if gethCgo && !panics(func() { gethcrypto.CompressPubkey(off) }) {
		t.Fatal("go-ethereum's cgo CompressPubkey no longer panics on an off-curve point: update the documentation")
	}
}

// TestToECDSAVsGeth compares ToECDSA, ToECDSAUnsafe and HexToECDSA, errors
// included (they are the same code in both backends).
func TestToECDSAVsGeth(t *testing.T) {
	r := testutil.Rand(t)
	inputs := [][]byte{
		nil, {}, {1}, make([]byte, 32), b32(big.NewInt(1)), b32(curveN), b32(new(big.Int).Sub(curveN, big.NewInt(1))),
		b32(new(big.Int).Add(curveN, big.NewInt(1))), bytes.Repeat([]byte{0xff}, 32),
		append([]byte{0}, randScalar(r)...), randScalar(r)[1:], randBytes(r, 64),
	}
	for range iterations(10, 100) {
		inputs = append(inputs, randScalar(r), randBytes(r, r.IntN(40)))
	}
	same := func(what string, a, b *ecdsa.PrivateKey) {
		t.Helper()
		if (a == nil) != (b == nil) {
			t.Fatalf("%s: %v vs go-ethereum %v", what, a, b)
		}
		if a != nil && (a.Curve != crypto.S256() || a.D.Cmp(b.D) != 0 || a.X.Cmp(b.X) != 0 || a.Y.Cmp(b.Y) != 0) {
			t.Fatalf("%s: another key than go-ethereum's", what)
		}
	}
	for _, d := range inputs {
		a, oErr := crypto.ToECDSA(d)
		b, tErr := gethcrypto.ToECDSA(d)
		sameErr(t, fmt.Sprintf("ToECDSA(%x)", d), oErr, tErr, true)
		same(fmt.Sprintf("ToECDSA(%x)", d), a, b)
		a = crypto.ToECDSAUnsafe(d)
		if gethCgo && len(d) > 32 && a != nil {
			// go-ethereum's cgo ScalarBaseMult panics on scalars longer
			// than 32 bytes, zero-padded or not.
			if !panics(func() { gethcrypto.ToECDSAUnsafe(d) }) {
				t.Fatal("go-ethereum's cgo ToECDSAUnsafe no longer panics on a long input")
			}
			if g, _ := gethcrypto.ToECDSA(bytes.TrimLeft(d, "\x00")); g != nil && (a.X.Cmp(g.X) != 0 || a.D.Cmp(g.D) != 0) {
				t.Fatalf("ToECDSAUnsafe(%x): another key", d)
			}
			continue
		}
		same(fmt.Sprintf("ToECDSAUnsafe(%x)", d), a, gethcrypto.ToECDSAUnsafe(d))
	}
	hexes := []string{
		"289c2857d4598e37fb9647507e47a309d6133539bf21a8b9cb6df88fd5232032",
		"0x289c2857d4598e37fb9647507e47a309d6133539bf21a8b9cb6df88fd5232032",
		"289c2857d4598e37fb9647507e47a309d6133539bf21a8b9cb6df88fd523203",
		"289c2857d4598e37fb9647507e47a309d6133539bf21a8b9cb6df88fd52320",
		"289c2857d4598e37fb9647507e47a309d6133539bf21a8b9cb6df88fd52320g2",
		"289c2857d4598e37fb9647507e47a309d6133539bf21a8b9cb6df88fd523203X",
		"289C2857D4598E37FB9647507E47A309D6133539BF21A8B9CB6DF88FD5232032",
		"", "0", "zz", " 289c2857d4598e37fb9647507e47a309d6133539bf21a8b9cb6df88fd5232032",
		"0000000000000000000000000000000000000000000000000000000000000000",
		"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
	}
	for _, h := range hexes {
		a, oErr := crypto.HexToECDSA(h)
		b, tErr := gethcrypto.HexToECDSA(h)
		sameErr(t, fmt.Sprintf("HexToECDSA(%q)", h), oErr, tErr, true)
		same(fmt.Sprintf("HexToECDSA(%q)", h), a, b)
	}
}

// TestValidateSignatureValuesVsGeth compares every combination of edge
// values of r and s, v and the homestead flag.
func TestValidateSignatureValuesVsGeth(t *testing.T) {
	r := testutil.Rand(t)
	one := big.NewInt(1)
	vals := []*big.Int{
		big.NewInt(0), one, big.NewInt(-1), halfN, new(big.Int).Add(halfN, one), new(big.Int).Sub(curveN, one),
		curveN, new(big.Int).Add(curveN, one), fieldP, new(big.Int).Lsh(one, 256), new(big.Int).SetBytes(randScalar(r)),
	}
	for _, v := range []byte{0, 1, 2, 27, 28, 255} {
		for _, R := range vals {
			for _, S := range vals {
				for _, homestead := range []bool{false, true} {
					if crypto.ValidateSignatureValues(v, R, S, homestead) != gethcrypto.ValidateSignatureValues(v, R, S, homestead) {
						t.Fatalf("ValidateSignatureValues(%d, %x, %x, %v) differs", v, R, S, homestead)
					}
				}
			}
		}
	}
}

// TestKeccakVsGeth compares the hashes and the contract addresses.
func TestKeccakVsGeth(t *testing.T) {
	r := testutil.Rand(t)
	ours, theirs := crypto.NewKeccakState(), gethcrypto.NewKeccakState()
	for range iterations(50, 500) {
		var parts [][]byte
		for range r.IntN(4) {
			parts = append(parts, randBytes(r, r.IntN(300)))
		}
		if !bytes.Equal(crypto.Keccak256(parts...), gethcrypto.Keccak256(parts...)) ||
			crypto.Keccak256Hash(parts...) != gethcrypto.Keccak256Hash(parts...) {
			t.Fatal("Keccak256 differs")
		}
		data := bytes.Join(parts, nil)
		if crypto.HashData(ours, data) != gethcrypto.HashData(theirs, data) || crypto.HashData(theirs, data) != gethcrypto.Keccak256Hash(data) {
			t.Fatal("HashData differs")
		}
		addr := common.BytesToAddress(randBytes(r, 20))
		nonce := r.Uint64() >> r.IntN(64)
		if crypto.CreateAddress(addr, nonce) != gethcrypto.CreateAddress(addr, nonce) {
			t.Fatalf("CreateAddress(%x, %d) differs", addr, nonce)
		}
		salt := [32]byte(randBytes(r, 32))
		init := randBytes(r, r.IntN(100))
		if crypto.CreateAddress2(addr, salt, init) != gethcrypto.CreateAddress2(addr, salt, init) {
			t.Fatal("CreateAddress2 differs")
		}
	}
}

// TestS256VsGeth compares the curve: parameters, Marshal and Unmarshal on
// points and junk, IsOnCurve, and the arithmetic on scalars in [1, n)
// (go-ethereum's cgo ScalarMult returns nil for others).
func TestS256VsGeth(t *testing.T) {
	r := testutil.Rand(t)
	ours, theirs := crypto.S256(), gethcrypto.S256()
	op, tp := ours.Params(), theirs.Params()
	if op.P.Cmp(tp.P) != 0 || op.N.Cmp(tp.N) != 0 || op.B.Cmp(tp.B) != 0 || op.Gx.Cmp(tp.Gx) != 0 ||
		op.Gy.Cmp(tp.Gy) != 0 || op.BitSize != tp.BitSize {
		t.Fatal("Params differ")
	}
	if crypto.S256() != ours {
		t.Fatal("S256 returns another value")
	}
	for range iterations(10, 100) {
		k := randScalar(r)
		x, y := ours.ScalarBaseMult(k)
		gx, gy := theirs.ScalarBaseMult(k)
		if x.Cmp(gx) != 0 || y.Cmp(gy) != 0 {
			t.Fatal("ScalarBaseMult differs")
		}
		k2 := randScalar(r)
		x2, y2 := ours.ScalarMult(x, y, k2)
		gx2, gy2 := theirs.ScalarMult(x, y, k2)
		if x2.Cmp(gx2) != 0 || y2.Cmp(gy2) != 0 {
			t.Fatal("ScalarMult differs")
		}
		m := ours.Marshal(x, y)
		if !bytes.Equal(m, theirs.Marshal(x, y)) {
			t.Fatal("Marshal differs")
		}
		for _, b := range [][]byte{m, append([]byte{6}, m[1:]...), m[:64], append(bytes.Clone(m), 0), randBytes(r, 65), nil} {
			ux, uy := ours.Unmarshal(b)
			tx, ty := theirs.Unmarshal(b)
			if (ux == nil) != (tx == nil) || (ux != nil && (ux.Cmp(tx) != 0 || uy.Cmp(ty) != 0)) {
				t.Fatalf("Unmarshal(%x) differs", b)
			}
			if ux != nil && ours.IsOnCurve(ux, uy) != theirs.IsOnCurve(tx, ty) {
				t.Fatalf("IsOnCurve of %x differs", b)
			}
		}
		// Coordinates in [0, 2^256) not on the curve, and p itself.
		for _, c := range [][2]*big.Int{{x, new(big.Int).Add(y, big.NewInt(1))}, {new(big.Int).Add(x, fieldP), y}, {big.NewInt(0), big.NewInt(0)}, {fieldP, fieldP}} {
			if c[0].BitLen() > 256 {
				continue
			}
			if ours.IsOnCurve(c[0], c[1]) != theirs.IsOnCurve(c[0], c[1]) {
				t.Fatalf("IsOnCurve(%x, %x) differs", c[0], c[1])
			}
			if !bytes.Equal(ours.Marshal(c[0], c[1]), theirs.Marshal(c[0], c[1])) {
				t.Fatal("Marshal of an off-curve point differs")
			}
		}
	}
}

// TestGenerateKeyVsGeth checks that generated keys are keys go-ethereum
// agrees with and signs with.
func TestGenerateKeyVsGeth(t *testing.T) {
	for range iterations(5, 20) {
		k, err := crypto.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		if k.Curve != crypto.S256() {
			t.Fatal("GenerateKey: another curve")
		}
		g, err := gethcrypto.ToECDSA(crypto.FromECDSA(k))
		if err != nil || g.X.Cmp(k.X) != 0 || g.Y.Cmp(k.Y) != 0 {
			t.Fatalf("GenerateKey: public key is not D·G (%v)", err)
		}
		hash := crypto.Keccak256([]byte("p256k1"))
		sig, err := crypto.Sign(hash, k)
		if err != nil || !gethcrypto.VerifySignature(gethcrypto.CompressPubkey(&g.PublicKey), hash, sig[:64]) {
			t.Fatalf("go-ethereum does not verify a signature by a generated key: %v", err)
		}
	}
}

// FuzzEcrecoverVsGeth compares Ecrecover and SigToPub on arbitrary input.
func FuzzEcrecoverVsGeth(f *testing.F) {
	k, _ := gethcrypto.ToECDSA(bytes.Repeat([]byte{7}, 32))
	hash := gethcrypto.Keccak256([]byte("seed"))
	sig, _ := gethcrypto.Sign(hash, k)
	f.Add(hash, sig)
	high := ethSig(new(big.Int).SetBytes(sig[:32]), new(big.Int).Sub(curveN, new(big.Int).SetBytes(sig[32:64])), sig[64]^1)
	f.Add(hash, high)
	f.Add(hash, ethSig(big.NewInt(5), big.NewInt(7), 2))
	f.Fuzz(func(t *testing.T, hash, sig []byte) {
		checkEcrecover(t, hash, sig)
	})
}

// FuzzVerifySignatureVsGeth compares VerifySignature on arbitrary input.
func FuzzVerifySignatureVsGeth(f *testing.F) {
	k, _ := gethcrypto.ToECDSA(bytes.Repeat([]byte{7}, 32))
	hash := gethcrypto.Keccak256([]byte("seed"))
	sig, _ := gethcrypto.Sign(hash, k)
	u := gethcrypto.FromECDSAPub(&k.PublicKey)
	f.Add(u, hash, sig[:64])
	f.Add(gethcrypto.CompressPubkey(&k.PublicKey), hash, sig[:64])
	f.Add(append([]byte{6 + u[64]&1}, u[1:]...), hash, sig[:64])
	f.Fuzz(func(t *testing.T, pub, hash, sig []byte) {
		if got, want := crypto.VerifySignature(pub, hash, sig), gethcrypto.VerifySignature(pub, hash, sig); got != want {
			t.Fatalf("VerifySignature(%x, %x, %x) = %v; go-ethereum (%s) %v", pub, hash, sig, got, gethBackend, want)
		}
	})
}

// FuzzDecodePubkeyVsGeth compares DecompressPubkey and UnmarshalPubkey on
// arbitrary input.
func FuzzDecodePubkeyVsGeth(f *testing.F) {
	k, _ := gethcrypto.ToECDSA(bytes.Repeat([]byte{7}, 32))
	f.Add(gethcrypto.FromECDSAPub(&k.PublicKey))
	f.Add(gethcrypto.CompressPubkey(&k.PublicKey))
	f.Fuzz(func(t *testing.T, b []byte) {
		checkDecodePubkey(t, b)
	})
}
