package ecdsa_test

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Deterministic (RFC 6979, low-S) signatures with recovery ids from
// bitcoinjs/tiny-secp256k1 tests/fixtures/ecdsa.json, and the bitcointalk
// RFC 6979 vectors as kept by Yawning/secp256k1-voi. Both files are copied in
// ../testdata (see ../testdata/README.md).

type tinyECDSACase struct {
	Description string `json:"description"`
	Exception   string `json:"exception"`
	Strict      bool   `json:"strict"`
	D           string `json:"d"`
	Q           string `json:"Q"`
	M           string `json:"m"`
	Signature   string `json:"signature"`
	RecoveryID  *int   `json:"recoveryId"`

	// extraEntropy: signatures made with 32 bytes of extra nonce data
	// (libsecp256k1's ndata; tiny-secp256k1's tests/ecdsa.js passes 0, 1, a
	// fixed value, n and 2^256-1), reproduced by SignWithEntropy.
	ExtraEntropy0    string `json:"extraEntropy0"`
	ExtraEntropy1    string `json:"extraEntropy1"`
	ExtraEntropyRand string `json:"extraEntropyRand"`
	ExtraEntropyN    string `json:"extraEntropyN"`
	ExtraEntropyMax  string `json:"extraEntropyMax"`
	RecoveryID0      *int   `json:"recoveryId0"`
	RecoveryID1      *int   `json:"recoveryId1"`
	RecoveryIDRand   *int   `json:"recoveryIdRand"`
	RecoveryIDN      *int   `json:"recoveryIdN"`
	RecoveryIDMax    *int   `json:"recoveryIdMax"`
}

type tinyECDSAFile struct {
	Valid        []tinyECDSACase `json:"valid"`
	ExtraEntropy []tinyECDSACase `json:"extraEntropy"`
	Invalid      struct {
		Sign    []tinyECDSACase `json:"sign"`
		Verify  []tinyECDSACase `json:"verify"`
		Recover []tinyECDSACase `json:"recover"`
	} `json:"invalid"`
}

func TestTinySecp256k1ECDSA(t *testing.T) {
	const path = "../testdata/tiny-secp256k1/ecdsa.json"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Count the cases independently of the Go structure, so that a field
	// renamed upstream cannot silently drop cases.
	var raw struct {
		Valid        []json.RawMessage            `json:"valid"`
		ExtraEntropy []json.RawMessage            `json:"extraEntropy"`
		Invalid      map[string][]json.RawMessage `json:"invalid"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	total := len(raw.Valid) + len(raw.ExtraEntropy)
	for _, v := range raw.Invalid {
		total += len(v)
	}
	var f tinyECDSAFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if len(raw.Invalid) != 3 {
		t.Errorf("invalid has %d sections, want sign, verify, recover", len(raw.Invalid))
	}

	run := 0
	for i, c := range f.Valid {
		run++
		t.Run(fmt.Sprintf("valid/%d", i), func(t *testing.T) { tinySignCase(t, c) })
	}
	for i, c := range f.ExtraEntropy {
		run++
		t.Run(fmt.Sprintf("extraEntropy/%d", i), func(t *testing.T) {
			pub := tinySignCase(t, c)
			if pub == nil {
				return
			}
			hash := testutil.MustHex(t, c.M)
			priv, err := secp256k1.NewPrivateKey(testutil.MustHex(t, c.D))
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range []struct {
				name  string
				extra string
				sig   string
				id    *int
			}{
				{"0", "0000000000000000000000000000000000000000000000000000000000000000", c.ExtraEntropy0, c.RecoveryID0},
				{"1", "0000000000000000000000000000000000000000000000000000000000000001", c.ExtraEntropy1, c.RecoveryID1},
				{"Rand", "6e723d3fd94ed5d2b6bdd4f123364b0f3ca52af829988a63f8afe91d29db1c33", c.ExtraEntropyRand, c.RecoveryIDRand},
				{"N", "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", c.ExtraEntropyN, c.RecoveryIDN},
				{"Max", "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", c.ExtraEntropyMax, c.RecoveryIDMax},
			} {
				if v.sig == "" || v.id == nil {
					t.Errorf("extraEntropy%s: missing signature or recovery id", v.name)
					continue
				}
				mine, err := ecdsa.SignWithEntropy(priv, hash, testutil.MustHex(t, v.extra))
				if err != nil || !bytes.Equal(mine.BytesCompact(), testutil.MustHex(t, v.sig)) {
					t.Errorf("SignWithEntropy(extra%s) = %x, %v; want %s", v.name, mine.BytesCompact(), err, v.sig)
				}
				sig, err := ecdsa.ParseCompactSignature(testutil.MustHex(t, v.sig))
				if err != nil {
					t.Errorf("extraEntropy%s: %v", v.name, err)
					continue
				}
				if !sig.IsLowS() || !ecdsa.Verify(pub, hash, sig) {
					t.Errorf("extraEntropy%s: low-S %v, does not verify", v.name, sig.IsLowS())
				}
				got, err := ecdsa.RecoverPublicKey(hash, sig, byte(*v.id))
				if err != nil || !got.Equal(pub) {
					t.Errorf("extraEntropy%s: recovery with id %d: %v", v.name, *v.id, err)
				}
			}
		})
	}
	for i, c := range f.Invalid.Sign {
		run++
		t.Run(fmt.Sprintf("invalid.sign/%d", i), func(t *testing.T) {
			if c.Exception != "Expected Private" {
				t.Fatalf("exception %q has no policy (%s)", c.Exception, c.Description)
			}
			if k, err := secp256k1.NewPrivateKey(testutil.MustHex(t, c.D)); err == nil {
				sig, _ := ecdsa.Sign(k, testutil.MustHex(t, c.M))
				t.Errorf("%s: key %s accepted; signature %v", c.Description, c.D, sig)
			}
		})
	}
	for i, c := range f.Invalid.Verify {
		run++
		t.Run(fmt.Sprintf("invalid.verify/%d", i), func(t *testing.T) { tinyVerifyCase(t, c) })
	}
	for i, c := range f.Invalid.Recover {
		run++
		t.Run(fmt.Sprintf("invalid.recover/%d", i), func(t *testing.T) { tinyRecoverCase(t, c) })
	}
	if run != total {
		t.Errorf("ran %d cases, the file has %d", run, total)
	}
	t.Logf("%s: %d/%d cases run (valid %d, extraEntropy %d, invalid sign %d, verify %d, recover %d)", path, run, total,
		len(f.Valid), len(f.ExtraEntropy), len(f.Invalid.Sign), len(f.Invalid.Verify), len(f.Invalid.Recover))
}

// tinySignCase checks Sign, SignRecoverable, Verify and RecoverPublicKey on a
// valid case, and returns the public key (nil after a fatal mismatch).
func tinySignCase(t *testing.T, c tinyECDSACase) *secp256k1.PublicKey {
	t.Helper()
	if c.RecoveryID == nil {
		t.Fatal("case has no recoveryId")
	}
	priv, err := secp256k1.NewPrivateKey(testutil.MustHex(t, c.D))
	if err != nil {
		t.Fatalf("NewPrivateKey(%s): %v", c.D, err)
	}
	pub := priv.PublicKey()
	hash := testutil.MustHex(t, c.M)
	want := testutil.MustHex(t, c.Signature)

	sig, err := ecdsa.Sign(priv, hash)
	if err != nil {
		t.Fatalf("Sign: %v", err)
	}
	if got := sig.BytesCompact(); !bytes.Equal(got, want) {
		t.Errorf("Sign(%s, %s) = %x, want %x (%s)", c.D, c.M, got, want, c.Description)
	}
	rsig, recID, err := ecdsa.SignRecoverable(priv, hash)
	if err != nil {
		t.Fatalf("SignRecoverable: %v", err)
	}
	if !bytes.Equal(rsig.BytesCompact(), want) || int(recID) != *c.RecoveryID {
		t.Errorf("SignRecoverable = %x, id %d; want %x, id %d", rsig.BytesCompact(), recID, want, *c.RecoveryID)
	}
	parsed, err := ecdsa.ParseCompactSignature(want)
	if err != nil {
		t.Fatalf("ParseCompactSignature(%x): %v", want, err)
	}
	if !ecdsa.Verify(pub, hash, parsed) {
		t.Errorf("Verify(%x) = false", want)
	}
	got, err := ecdsa.RecoverPublicKey(hash, parsed, byte(*c.RecoveryID))
	if err != nil {
		t.Errorf("RecoverPublicKey(id %d): %v", *c.RecoveryID, err)
	} else if !got.Equal(pub) {
		t.Errorf("RecoverPublicKey(id %d) = %x, want %x", *c.RecoveryID, got.BytesCompressed(), pub.BytesCompressed())
	}
	// The other parity gives a different key (or none).
	if other, err := ecdsa.RecoverPublicKey(hash, parsed, byte(*c.RecoveryID^1)); err == nil && other.Equal(pub) {
		t.Errorf("RecoverPublicKey with the wrong parity also gives the signer's key")
	}
	return pub
}

func tinyVerifyCase(t *testing.T, c tinyECDSACase) {
	hash := testutil.MustHex(t, c.M)
	pub, pubErr := secp256k1.NewPublicKey(testutil.MustHex(t, c.Q))
	sig, sigErr := ecdsa.ParseCompactSignature(testutil.MustHex(t, c.Signature))
	switch c.Exception {
	case "Expected Point":
		if pubErr == nil {
			t.Errorf("%s: public key %s accepted", c.Description, c.Q)
		}
	case "Expected Signature":
		if sigErr == nil {
			t.Errorf("%s: signature %s accepted", c.Description, c.Signature)
		}
	case "":
		// Verify must return false. Our parser already refuses r or s = 0
		// (the contract keeps r, s in [1, n)), which counts as false.
		if pubErr != nil {
			t.Fatalf("%s: public key %s: %v", c.Description, c.Q, pubErr)
		}
		if sigErr == nil && ecdsa.Verify(pub, hash, sig) {
			t.Errorf("%s: Verify = true", c.Description)
		}
		if c.Strict {
			// High S: false in strict (low-S) mode, true once normalized.
			if sigErr != nil || sig.IsLowS() || !ecdsa.Verify(pub, hash, sig.Normalize()) {
				t.Errorf("%s: want a high-S signature that verifies after Normalize (parse error %v)", c.Description, sigErr)
			}
		}
	default:
		t.Fatalf("exception %q has no policy (%s)", c.Exception, c.Description)
	}
}

func tinyRecoverCase(t *testing.T, c tinyECDSACase) {
	hash := testutil.MustHex(t, c.M)
	id := 0
	if c.RecoveryID != nil {
		id = *c.RecoveryID
	}
	sig, sigErr := ecdsa.ParseCompactSignature(testutil.MustHex(t, c.Signature))
	var got *secp256k1.PublicKey
	var recErr error = sigErr
	if sigErr == nil {
		got, recErr = ecdsa.RecoverPublicKey(hash, sig, byte(id))
	}
	switch c.Exception {
	case "Expected Signature", "Bad Recovery Id":
		if recErr == nil {
			t.Errorf("%s: recovered %x", c.Description, got.BytesCompressed())
		}
	case "Expected Hash":
		// This API takes hashes of any length and truncates longer ones to
		// their leftmost 256 bits (SEC 1), so a 33-byte hash is not an
		// error; it must act as its first 32 bytes.
		if sigErr != nil {
			t.Fatalf("%s: %v", c.Description, sigErr)
		}
		want, wantErr := ecdsa.RecoverPublicKey(hash[:32], sig, byte(id))
		if (recErr == nil) != (wantErr == nil) || recErr == nil && !got.Equal(want) {
			t.Errorf("%s: recovery with the %d-byte hash (%v) differs from its 32-byte truncation (%v)",
				c.Description, len(hash), recErr, wantErr)
		}
	default:
		t.Fatalf("exception %q has no policy (%s)", c.Exception, c.Description)
	}
}

func TestVoiRFC6979(t *testing.T) {
	const path = "../testdata/secp256k1-voi/secp256k1_rfc6979_sha256.csv"
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	rows, run := 0, 0
	sc := bufio.NewScanner(file)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		rows++
		// privkey (decimal), message (text), DER signature (hex). Split at
		// the first and last comma so that a message may contain commas.
		first := strings.Index(text, ",")
		last := strings.LastIndex(text, ",")
		if first < 0 || first == last {
			t.Errorf("line %d: malformed row %q", line, text)
			continue
		}
		dec, msg, derHex := text[:first], text[first+1:last], text[last+1:]
		run++
		t.Run(fmt.Sprintf("line=%d", line), func(t *testing.T) {
			d, ok := new(big.Int).SetString(dec, 10)
			if !ok || d.BitLen() > 256 {
				t.Fatalf("bad private key %q", dec)
			}
			priv, err := secp256k1.NewPrivateKey(d.FillBytes(make([]byte, 32)))
			if err != nil {
				t.Fatalf("NewPrivateKey(%s): %v", dec, err)
			}
			digest := sha256.Sum256([]byte(msg))
			want := testutil.MustHex(t, derHex)
			sig, err := ecdsa.Sign(priv, digest[:])
			if err != nil {
				t.Fatal(err)
			}
			if got := sig.BytesDER(); !bytes.Equal(got, want) {
				t.Errorf("Sign(%s, SHA-256(%q)) = %X, want %X", dec, msg, got, want)
			}
			parsed, err := ecdsa.ParseDERSignature(want)
			if err != nil {
				t.Fatalf("ParseDERSignature: %v", err)
			}
			if !ecdsa.Verify(priv.PublicKey(), digest[:], parsed) {
				t.Error("Verify = false")
			}
			rsig, id, err := ecdsa.SignRecoverable(priv, digest[:])
			if err != nil || !rsig.Equal(parsed) {
				t.Fatalf("SignRecoverable = %v, %v; want the same signature as Sign", rsig, err)
			}
			if got, err := ecdsa.RecoverPublicKey(digest[:], parsed, id); err != nil || !got.Equal(priv.PublicKey()) {
				t.Errorf("RecoverPublicKey(id %d): %v", id, err)
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows != 20 || run != rows {
		t.Errorf("ran %d of %d rows, want 20", run, rows)
	}
	t.Logf("%s: %d/%d rows run", path, run, rows)
}
