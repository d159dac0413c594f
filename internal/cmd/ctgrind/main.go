// Command ctgrind runs the secret-handling operations of the library on
// secrets that internal/ctcheck has marked undefined, so that valgrind's
// memcheck reports every branch and memory address that depends on them: the
// Go counterpart of libsecp256k1's ctime_tests.
//
// Build and run it through .ci/ctgrind.sh, which does
//
//	go build -tags valgrind -o ctgrind ./internal/cmd/ctgrind
//	GOMAXPROCS=1 valgrind --tool=memcheck --track-origins=yes --xml=yes --xml-file=report.xml ./ctgrind
//	go run ./internal/cmd/ctgrind/vgreport report.xml
//
// and then the same with -canary, which runs only a deliberately leaky
// function (canary.go) and requires memcheck to report it.
//
// What is secret: the private key bytes (marked before NewPrivateKey,
// InitSec and before GenerateKey draws them), the bytes the library reads
// from crypto/rand (the library marks them itself, see internal/ctcheck:
// GenerateKey(nil), signer.Generate, KeyGen.Generate, schnorr.Sign), the
// BIP-340 auxiliary randomness and the ECDSA extra entropy, and in package
// curve the scalars and points themselves (curve.go: every exported function
// of curve except the VarTime ones is called on secret inputs, which
// coverage_test.go checks). What
// is declassified here, as libsecp256k1's ctime_tests.c does: the validity
// result of a key constructor and each result handed back to the caller (a
// signature, a recovery id, the public key encoding, the ECDH output) before
// the harness compares or prints it. Declassification inside the library
// (for instance the nonce validity check, R in Schnorr signing, the public key
// computed from a secret) is the library's job, with ctcheck.Public at the
// point where a value becomes public.
//
// The harness also checks, with memcheck's V bits (ctcheck.SecretCount), that
// values which must stay secret (private keys, tweaked keys, ECDH outputs,
// curve's scalars, point encodings and predicates) are still secret when
// they come out, so a clean report cannot come
// from a library that declassified its secrets.
//
// Without valgrind the program runs the same workload unchecked, and still
// checks the results, so `go build ./...` and a plain run keep it honest.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/schnorr"
	"github.com/p256k1/secp256k1/signer"
)

// secret marks b as secret for memcheck.
func secret(b []byte) { ctcheck.SecretSlice(b) }

// public declassifies b.
func public(b []byte) { ctcheck.PublicSlice(b) }

// onValgrind is set when memcheck tracks the secrets.
var onValgrind bool

// stillSecret fails the run if b is no longer entirely secret: a value the
// caller must treat as secret (a private key, an ECDH output) was
// declassified, which would make a clean report meaningless.
func stillSecret(what string, b []byte) {
	if !onValgrind || len(b) == 0 {
		return
	}
	if n := ctcheck.SecretSliceCount(b); n != len(b) {
		fail("%s: only %d of %d bytes are still secret (declassified too early)", what, n, len(b))
	}
}

// reveal checks that b is still entirely secret (see stillSecret),
// declassifies it for the harness's own checks, and returns it.
func reveal(what string, b []byte) []byte {
	stillSecret(what, b)
	public(b)
	return b
}

// revealInt checks that v, the result of a predicate or a selection bit
// computed from secrets, still depends on them (some of its bits are
// secret: memcheck knows that the high bits of a 0/1 result are zero), then
// returns it declassified for the harness's checks.
func revealInt(what string, v int) int {
	if onValgrind && ctcheck.SecretCount(&v) == 0 {
		fail("%s: the result was declassified (no secret bit left)", what)
	}
	ctcheck.Public(&v)
	return v
}

// reference declassifies b, a result the harness computed on inputs it did
// not mark secret (the remote side of an ECDH, a check on unmarked inputs)
// to compare the library's result with, and returns it. Such a result is
// not a secret of the test, but memcheck sees it as one: the constant-time
// k·P behind it is blinded with randomness that the library marks secret
// (internal/ecmult, blind.go), and memcheck cannot know that the blinding
// cancels out of the result.
func reference(b []byte) []byte {
	public(b)
	return b
}

// publicErr declassifies an error value (its interface words): whether an
// operation on a secret succeeded is public, as in libsecp256k1.
func publicErr(err *error) {
	ctcheck.Public(err)
}

// Private keys: 1 (public key G, even y), n-1 (-G, odd y) and two
// unstructured values, so that both parities of the public key and of
// Schnorr's R occur.
var keys = []string{
	"0000000000000000000000000000000000000000000000000000000000000001",
	"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140",
	"b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef",
	"0b432b2677937381aef05bb02a66ecd012773062cf3fa2549e44f58ed2401710",
}

// The remote party for ECDH (its key is not secret to us).
const remoteKey = "c90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b14e5c9"

var failures int

func fail(format string, args ...any) {
	failures++
	fmt.Fprintf(os.Stderr, "ctgrind: FAIL: "+format+"\n", args...)
}

// init locks the main goroutine, which runs every check, to the main
// thread. Its scheduler stack is then the thread's own stack, far from the
// goroutine stacks on the heap, and memcheck sees each switch between them
// as a stack switch. On another thread the scheduler stack is a small heap
// allocation next to them, and memcheck sometimes takes the switch back
// (gogo) for a stack allocation and marks the goroutine's live frames
// undefined: 2 of 9 runs failed so before, none of 36 after.
func init() { runtime.LockOSThread() }

func main() {
	canary := flag.Bool("canary", false, "run only a deliberately leaky function, which memcheck must report")
	flag.Parse()
	onValgrind = ctcheck.RunningOnValgrind()
	if !onValgrind {
		fmt.Fprintln(os.Stderr, "ctgrind: not running under valgrind (or built without -tags valgrind): nothing is checked for constant time")
	}
	if *canary {
		runCanary()
		return
	}
	selfTest()
	remote := mustKey(remoteKey)
	for i, k := range keys {
		runKey(i, mustHex(k), remote)
	}
	runGenerateKey()
	for i, k := range keys {
		runSigner(i, mustHex(k), remote)
	}
	runSignerGenerate(remote)
	for i, k := range keys {
		runStdlib(i, mustHex(k), remote)
	}
	runCurve()
	for _, c := range checks {
		c.run()
	}
	if failures > 0 {
		os.Exit(1)
	}
	fmt.Printf("ctgrind: %d keys: NewPrivateKey, PublicKey, GenerateKey (own reader and crypto/rand), ecdsa.Sign, "+
		"ecdsa.SignRecoverable, ecdsa.SignWithEntropy, ecdsa.SignLowR, the RFC 6979 retry path, schnorr.Sign, "+
		"schnorr.SignWithAux, schnorr.AppendSign, Negate, TweakAdd, TweakMul, XOnlyTweakAdd, TaprootTweak, Equal, "+
		"ECDH, ECDHSHA256, ECDHPoint, ECDHPoint(…).XOnly(); signer: InitSec, Generate, Sign, AppendSign, ECDH, "+
		"ECDHRaw, ConversationKey, AppendConversationKey, DeriveConversationKey, KeyGen; S256 ScalarBaseMult and "+
		"ScalarMult, PrivateKey.Sign (crypto.Signer); curve: every exported "+
		"function but the VarTime ones, on secret scalars and points, the identity included; %s "+
		"(valgrind: %v; field: %s; point operations: %s; table scan: %s)\n",
		len(keys), checkNames(), onValgrind, field.Implementation(), group.PointImplementation(), ecmult.LookupImplementation())
}

// selfTest checks that marking works: a secret buffer reads as secret, and
// as public once declassified.
func selfTest() {
	if !onValgrind {
		return
	}
	var b [32]byte
	secret(b[:])
	stillSecret("self-test buffer", b[:])
	public(b[:])
	if n := ctcheck.SecretCount(&b); n != 0 {
		fail("self-test: %d bytes still secret after Public", n)
	}
}

func runKey(i int, keyBytes []byte, remote *secp256k1.PrivateKey) {
	// Key generation from secret bytes.
	secret(keyBytes)
	priv, err := secp256k1.NewPrivateKey(keyBytes)
	publicErr(&err)
	if err != nil {
		fail("key %d: NewPrivateKey: %v", i, err)
		return
	}
	pubBytes := priv.PublicKey().BytesCompressed()
	public(pubBytes)
	// A public copy of the key for the checks below: the library's own
	// copy stays as it is, so any later branch on it is still seen.
	pub, err := secp256k1.NewPublicKey(pubBytes)
	if err != nil {
		fail("key %d: public key %x does not parse: %v", i, pubBytes, err)
		return
	}
	hash := sha256.Sum256([]byte(fmt.Sprintf("ctgrind message %d", i)))

	// ECDSA.
	sig, err := ecdsa.Sign(priv, hash[:])
	publicErr(&err)
	if err != nil {
		fail("key %d: ecdsa.Sign: %v", i, err)
	} else {
		ctcheck.Public(sig)
		if !ecdsa.Verify(pub, hash[:], sig) {
			fail("key %d: ecdsa signature does not verify", i)
		}
	}
	rsig, recID, err := ecdsa.SignRecoverable(priv, hash[:])
	publicErr(&err)
	if err != nil {
		fail("key %d: ecdsa.SignRecoverable: %v", i, err)
	} else {
		ctcheck.Public(rsig)
		ctcheck.Public(&recID)
		got, err := ecdsa.RecoverPublicKey(hash[:], rsig, recID)
		if err != nil || !got.Equal(pub) {
			fail("key %d: recovery with id %d: %v", i, recID, err)
		}
	}

	// ECDSA with secret extra entropy, low-R grinding, and the RFC 6979
	// retry path (candidates 1 and 2 instead of 0).
	extra := sha256.Sum256([]byte(fmt.Sprintf("ctgrind extra %d", i)))
	secret(extra[:])
	esig, err := ecdsa.SignWithEntropy(priv, hash[:], extra[:])
	publicErr(&err)
	if err != nil {
		fail("key %d: ecdsa.SignWithEntropy: %v", i, err)
	} else {
		ctcheck.Public(esig)
		if !ecdsa.Verify(pub, hash[:], esig) {
			fail("key %d: SignWithEntropy signature does not verify", i)
		}
	}
	lsig, err := ecdsa.SignLowR(priv, hash[:])
	publicErr(&err)
	if err != nil {
		fail("key %d: ecdsa.SignLowR: %v", i, err)
	} else {
		ctcheck.Public(lsig)
		if !ecdsa.Verify(pub, hash[:], lsig) || lsig.R()[0] >= 0x80 {
			fail("key %d: SignLowR signature does not verify or is not low-R", i)
		}
	}
	runRetryPath(i, priv, pub, hash[:], sig)

	// BIP-340 with secret auxiliary randomness.
	aux := sha256.Sum256([]byte(fmt.Sprintf("ctgrind aux %d", i)))
	secret(aux[:])
	ssig, err := schnorr.SignWithAux(priv, hash[:], aux[:])
	publicErr(&err)
	if err != nil {
		fail("key %d: schnorr.SignWithAux: %v", i, err)
	} else {
		public(ssig)
		xonly, _ := pub.XOnly()
		if !schnorr.Verify(xonly, hash[:], ssig) {
			fail("key %d: schnorr signature does not verify", i)
		}
	}

	// BIP-340 with aux from crypto/rand (marked secret by the library) and
	// AppendSign.
	rsig2, err := schnorr.Sign(priv, hash[:])
	publicErr(&err)
	asig, err2 := schnorr.AppendSign(nil, priv, hash[:], aux[:])
	publicErr(&err2)
	if err != nil || err2 != nil {
		fail("key %d: schnorr.Sign: %v, AppendSign: %v", i, err, err2)
	} else {
		public(rsig2)
		public(asig)
		xonly, _ := pub.XOnly()
		if !schnorr.Verify(xonly, hash[:], rsig2) || !schnorr.Verify(xonly, hash[:], asig) {
			fail("key %d: schnorr.Sign or AppendSign signature does not verify", i)
		}
	}

	runTweaks(i, priv)

	// ECDH: the output is a secret too; it is declassified only to check it
	// against the remote side's result.
	shared, err := priv.ECDH(remote.PublicKey())
	publicErr(&err)
	hashed, err2 := priv.ECDHSHA256(remote.PublicKey())
	publicErr(&err2)
	if err != nil || err2 != nil {
		fail("key %d: ECDH: %v, ECDHSHA256: %v", i, err, err2)
		return
	}
	stillSecret(fmt.Sprintf("key %d: ECDH output", i), shared)
	stillSecret(fmt.Sprintf("key %d: ECDHSHA256 output", i), hashed)
	public(shared)
	public(hashed)
	wantShared, err := remote.ECDH(pub)
	if err != nil || !bytes.Equal(shared, reference(wantShared)) {
		fail("key %d: ECDH disagrees with the remote side (%v)", i, err)
	}
	wantHashed, err := remote.ECDHSHA256(pub)
	if err != nil || !bytes.Equal(hashed, reference(wantHashed)) {
		fail("key %d: ECDHSHA256 disagrees with the remote side (%v)", i, err)
	}
	// The whole shared point.
	point, err := priv.ECDHPoint(remote.PublicKey())
	publicErr(&err)
	if err != nil {
		fail("key %d: ECDHPoint: %v", i, err)
	} else {
		pb := point.BytesCompressed()
		stillSecret(fmt.Sprintf("key %d: ECDHPoint output", i), pb)
		public(pb)
		if want, _ := remote.ECDHPoint(pub); !bytes.Equal(pb, reference(want.BytesCompressed())) {
			fail("key %d: ECDHPoint disagrees with the remote side", i)
		}
	}
	stillSecret(fmt.Sprintf("key %d: private key after all operations", i), priv.Bytes())
}

// runSigner runs the nostr signer's secret operations on a secret key set
// with InitSec.
func runSigner(i int, keyBytes []byte, remote *secp256k1.PrivateKey) {
	secret(keyBytes)
	var s signer.Signer
	err := s.InitSec(keyBytes)
	publicErr(&err)
	if err != nil {
		fail("signer %d: InitSec: %v", i, err)
		return
	}
	checkSigner(fmt.Sprintf("signer %d", i), &s, remote)
}

// runSignerGenerate runs Signer.Generate and KeyGen, whose keys come from
// crypto/rand (marked secret by the library).
func runSignerGenerate(remote *secp256k1.PrivateKey) {
	var s signer.Signer
	err := s.Generate()
	publicErr(&err)
	if err != nil {
		fail("signer.Generate: %v", err)
		return
	}
	checkSigner("generated signer", &s, remote)

	var g signer.KeyGen
	pubBytes, err := g.Generate()
	publicErr(&err)
	if err != nil {
		fail("KeyGen.Generate: %v", err)
		return
	}
	public(pubBytes)
	g.Negate()
	sec, xpub := g.KeyPairBytes()
	stillSecret("KeyGen secret", sec)
	public(xpub)
	if !bytes.Equal(xpub, pubBytes[1:]) {
		fail("KeyGen: the x-only key changed under Negate")
	}
	g.Zero()
}

// checkSigner signs, verifies and runs the three ECDH forms of s against
// remote.
func checkSigner(what string, s *signer.Signer, remote *secp256k1.PrivateKey) {
	pub := s.Pub()
	public(pub)
	msg := sha256.Sum256([]byte(what))
	sig, err := s.Sign(msg[:])
	publicErr(&err)
	asig, err2 := s.AppendSign(nil, msg[:])
	publicErr(&err2)
	if err != nil || err2 != nil {
		fail("%s: Sign: %v, AppendSign: %v", what, err, err2)
		return
	}
	public(sig)
	public(asig)
	for _, sg := range [][]byte{sig, asig} {
		if ok, err := s.Verify(msg[:], sg); !ok || err != nil {
			fail("%s: signature does not verify (%v)", what, err)
		}
	}
	peer := remote.PublicKey().BytesCompressed()
	hashed, err1 := s.ECDH(peer)
	raw, err2 := s.ECDHRaw(peer)
	conv, err3 := s.ConversationKey(peer)
	appended, err4 := s.AppendConversationKey(make([]byte, 0, signer.ConversationKeySize), peer)
	publicErr(&err1)
	publicErr(&err2)
	publicErr(&err3)
	publicErr(&err4)
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
		fail("%s: ECDH %v, ECDHRaw %v, ConversationKey %v, AppendConversationKey %v", what, err1, err2, err3, err4)
		return
	}
	// NIP-44's derivation from the secret raw x (the length is public).
	derived, err := signer.DeriveConversationKey(raw)
	if err != nil {
		fail("%s: DeriveConversationKey: %v", what, err)
		return
	}
	for name, b := range map[string][]byte{"ECDH": hashed, "ECDHRaw": raw, "ConversationKey": conv,
		"AppendConversationKey": appended, "DeriveConversationKey": derived} {
		reveal(what+": "+name+" output", b)
	}
	if !bytes.Equal(appended, conv) || !bytes.Equal(derived, conv) {
		fail("%s: ConversationKey, AppendConversationKey and DeriveConversationKey(ECDHRaw) disagree", what)
	}
	var r signer.Signer
	if err := r.InitSec(remote.Bytes()); err != nil {
		fail("%s: remote signer: %v", what, err)
		return
	}
	full := append([]byte{0x02}, pub...)
	if want, _ := r.ECDHRaw(full); !bytes.Equal(raw, reference(want)) {
		fail("%s: ECDHRaw disagrees with the remote side", what)
	}
	if want, _ := r.ConversationKey(pub); !bytes.Equal(conv, reference(want)) {
		fail("%s: ConversationKey disagrees with the remote side", what)
	}
	stillSecret(what+": secret key after all operations", s.Sec())
	s.Zero()
}

// runTweaks runs the private-key tweaks on priv with a secret tweak, and
// checks each result's public key against the same operation on an unmarked
// copy of the inputs.
func runTweaks(i int, priv *secp256k1.PrivateKey) {
	plain := mustKey(keys[i])
	tweakOf := func(name string) []byte {
		t := sha256.Sum256([]byte(fmt.Sprintf("ctgrind tweak %s %d", name, i)))
		return t[:]
	}
	for _, op := range []struct {
		name string
		f    func(k *secp256k1.PrivateKey, tweak []byte) (*secp256k1.PrivateKey, error)
	}{
		{"Negate", func(k *secp256k1.PrivateKey, _ []byte) (*secp256k1.PrivateKey, error) { return k.Negate(), nil }},
		{"TweakAdd", (*secp256k1.PrivateKey).TweakAdd},
		{"TweakMul", (*secp256k1.PrivateKey).TweakMul},
		{"XOnlyTweakAdd", (*secp256k1.PrivateKey).XOnlyTweakAdd},
		// The taproot tweak is derived from public data (the merkle
		// root and the public key); only the key is secret.
		{"TaprootTweak", func(k *secp256k1.PrivateKey, root []byte) (*secp256k1.PrivateKey, error) { return k.TaprootTweak(root) }},
	} {
		tweak := tweakOf(op.name)
		want, err := op.f(plain, tweak)
		if err != nil {
			fail("key %d: %s on unmarked inputs: %v", i, op.name, err)
			continue
		}
		secretTweak := append([]byte(nil), tweak...)
		if op.name != "TaprootTweak" {
			secret(secretTweak)
		}
		got, err := op.f(priv, secretTweak)
		publicErr(&err)
		if err != nil {
			fail("key %d: %s: %v", i, op.name, err)
			continue
		}
		stillSecret(fmt.Sprintf("key %d: %s result", i, op.name), got.Bytes())
		gotPub := got.PublicKey().BytesCompressed()
		public(gotPub)
		if !bytes.Equal(gotPub, want.PublicKey().BytesCompressed()) {
			fail("key %d: %s: public key %x, want %x", i, op.name, gotPub, want.PublicKey().BytesCompressed())
		}
		eq := got.Equal(want)
		ctcheck.Public(&eq)
		if !eq {
			fail("key %d: %s: PrivateKey.Equal = false for keys with equal public keys", i, op.name)
		}
	}
}

// secretReader hands out fixed bytes and marks them secret as it writes them
// into the caller's buffer, as a random source would produce secret bytes.
type secretReader struct{ data []byte }

func (r *secretReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, errors.New("secretReader: exhausted")
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	secret(p[:n])
	return n, nil
}

func runGenerateKey() {
	// The first 32 bytes are n (invalid), so GenerateKey must reject a
	// candidate and draw again: the retry decision is declassified in the
	// library, the candidate itself never is.
	src := append(mustHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"), mustHex(keys[2])...)
	priv, err := secp256k1.GenerateKey(&secretReader{data: src})
	publicErr(&err)
	if err != nil {
		fail("GenerateKey: %v", err)
		return
	}
	stillSecret("GenerateKey: private key", priv.Bytes())
	pubBytes := priv.PublicKey().BytesCompressed()
	public(pubBytes)
	if want := mustKey(keys[2]).PublicKey().BytesCompressed(); !bytes.Equal(pubBytes, want) {
		fail("GenerateKey drew public key %x, want %x", pubBytes, want)
	}
	// From crypto/rand, whose output the library marks secret.
	rk, err := secp256k1.GenerateKey(nil)
	publicErr(&err)
	if err != nil {
		fail("GenerateKey(nil): %v", err)
		return
	}
	stillSecret("GenerateKey(nil): private key", rk.Bytes())
	public(rk.PublicKey().BytesCompressed())
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// mustKey returns a private key that is not marked secret.
func mustKey(s string) *secp256k1.PrivateKey {
	k, err := secp256k1.NewPrivateKey(mustHex(s))
	if err != nil {
		panic(err)
	}
	return k
}
