// Command ctgrind runs the secret-handling operations of the library on
// secrets that internal/ctcheck has marked undefined, so that valgrind's
// memcheck reports every branch and memory address that depends on them: the
// Go counterpart of libsecp256k1's ctime_tests.
//
// Build and run it through .ci/ctgrind.sh, which does
//
//	go build -tags valgrind -o ctgrind ./internal/ctgrind
//	GOMAXPROCS=1 valgrind --tool=memcheck --track-origins=yes --xml=yes --xml-file=report.xml ./ctgrind
//	go run ./internal/ctgrind/vgreport report.xml
//
// and then the same with -canary, which runs only a deliberately leaky
// function (canary.go) and requires memcheck to report it.
//
// What is secret: the private key bytes (marked before NewPrivateKey and
// before GenerateKey draws them) and the BIP-340 auxiliary randomness. What
// is declassified here, as libsecp256k1's ctime_tests.c does: the validity
// result of a key constructor and each result handed back to the caller (a
// signature, a recovery id, the public key encoding, the ECDH output) before
// the harness compares or prints it. Declassification inside the library
// (for instance the nonce validity check, R in Schnorr signing, the public key
// computed from a secret) is the library's job, with ctcheck.Public at the
// point where a value becomes public.
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
	"unsafe"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/schnorr"
)

// secret marks b as secret for memcheck.
func secret(b []byte) {
	if len(b) > 0 {
		ctcheck.Secret(unsafe.Pointer(&b[0]), uintptr(len(b)))
	}
}

// public declassifies b.
func public(b []byte) {
	if len(b) > 0 {
		ctcheck.Public(unsafe.Pointer(&b[0]), uintptr(len(b)))
	}
}

// publicErr declassifies an error value (its interface words): whether an
// operation on a secret succeeded is public, as in libsecp256k1.
func publicErr(err *error) {
	ctcheck.Public(unsafe.Pointer(err), unsafe.Sizeof(*err))
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

func main() {
	canary := flag.Bool("canary", false, "run only a deliberately leaky function, which memcheck must report")
	flag.Parse()
	onValgrind := ctcheck.RunningOnValgrind()
	if !onValgrind {
		fmt.Fprintln(os.Stderr, "ctgrind: not running under valgrind (or built without -tags valgrind): nothing is checked for constant time")
	}
	if *canary {
		runCanary()
		return
	}
	remote := mustKey(remoteKey)
	for i, k := range keys {
		runKey(i, mustHex(k), remote)
	}
	runGenerateKey()
	if failures > 0 {
		os.Exit(1)
	}
	fmt.Printf("ctgrind: %d keys: NewPrivateKey, PublicKey, GenerateKey, ecdsa.Sign, ecdsa.SignRecoverable, schnorr.SignWithAux, ECDH, ECDHSHA256 (valgrind: %v)\n",
		len(keys), onValgrind)
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
		ctcheck.Public(unsafe.Pointer(sig), unsafe.Sizeof(*sig))
		if !ecdsa.Verify(pub, hash[:], sig) {
			fail("key %d: ecdsa signature does not verify", i)
		}
	}
	rsig, recID, err := ecdsa.SignRecoverable(priv, hash[:])
	publicErr(&err)
	if err != nil {
		fail("key %d: ecdsa.SignRecoverable: %v", i, err)
	} else {
		ctcheck.Public(unsafe.Pointer(rsig), unsafe.Sizeof(*rsig))
		ctcheck.Public(unsafe.Pointer(&recID), unsafe.Sizeof(recID))
		got, err := ecdsa.RecoverPublicKey(hash[:], rsig, recID)
		if err != nil || !got.Equal(pub) {
			fail("key %d: recovery with id %d: %v", i, recID, err)
		}
	}

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
	public(shared)
	public(hashed)
	wantShared, err := remote.ECDH(pub)
	if err != nil || !bytes.Equal(shared, wantShared) {
		fail("key %d: ECDH disagrees with the remote side (%v)", i, err)
	}
	wantHashed, err := remote.ECDHSHA256(pub)
	if err != nil || !bytes.Equal(hashed, wantHashed) {
		fail("key %d: ECDHSHA256 disagrees with the remote side (%v)", i, err)
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
	pubBytes := priv.PublicKey().BytesCompressed()
	public(pubBytes)
	if want := mustKey(keys[2]).PublicKey().BytesCompressed(); !bytes.Equal(pubBytes, want) {
		fail("GenerateKey drew public key %x, want %x", pubBytes, want)
	}
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
