package ecdsa_test

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Wycheproof ECDSA verification vectors (C2SP/wycheproof testvectors_v1 @
// dac1dd47, copied to testdata/wycheproof; see testdata/wycheproof/README.md).
//
// Each file is run through one fixed pipeline, and the pipeline must accept
// exactly the tests whose result is "valid":
//
//   - DER files: ParseDERSignature (strict), then Normalize, then Verify. The
//     plain files count high-S signatures as valid, which Verify rejects by
//     design, so the test normalizes first.
//   - Bitcoin file: ParseDERSignature, then Verify without normalizing: high S
//     is invalid there, as in Verify.
//   - P1363 file: ParseCompactSignature, then Normalize, then Verify.
//
// The message is hashed with the group's hash; for SHA-512 the full 64-byte
// digest is passed, and Verify truncates it to 256 bits as SEC 1 says.

type wycheproofECDSAFile struct {
	Algorithm     string `json:"algorithm"`
	Schema        string `json:"schema"`
	NumberOfTests int    `json:"numberOfTests"`
	TestGroups    []struct {
		Type      string `json:"type"`
		SHA       string `json:"sha"`
		PublicKey struct {
			Curve        string `json:"curve"`
			Uncompressed string `json:"uncompressed"`
		} `json:"publicKey"`
		Tests []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Flags   []string `json:"flags"`
			Msg     string   `json:"msg"`
			Sig     string   `json:"sig"`
			Result  string   `json:"result"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// wycheproofECDSAFlags lists every flag of the four files with the reason our
// pipeline needs no special case for it. The v1 secp256k1 ECDSA files have no
// "acceptable" results, so the result alone decides; a flag missing here (an
// updated file) fails the test until somebody reads its note and decides.
var wycheproofECDSAFlags = map[string]string{
	"ValidSignature":               "valid; follows result",
	"ArithmeticError":              "valid and invalid edge cases of r, s, u1, u2; follows result",
	"BerEncodedSignature":          "BER, not DER: strict parsing rejects",
	"EdgeCasePublicKey":            "valid keys with special coordinates; follows result",
	"EdgeCaseShamirMultiplication": "valid; follows result",
	"IntegerOverflow":              "r or s overflows: parsing or range check rejects",
	"InvalidEncoding":              "malformed DER: strict parsing rejects",
	"InvalidSignature":             "r or s out of range or wrong: parsing or Verify rejects",
	"InvalidTypesInSignature":      "non-INTEGER ASN.1 types: strict parsing rejects",
	"MissingZero":                  "invalid in v1 (acceptable in v0): strict parsing rejects",
	"ModifiedInteger":              "Verify rejects",
	"ModifiedSignature":            "Verify rejects",
	"ModularInverse":               "valid; follows result",
	"PointDuplication":             "valid and invalid; follows result",
	"RangeCheck":                   "r or s not reduced: parsing or Verify rejects",
	"SignatureMalleabilityBitcoin": "high S, invalid under Bitcoin rules: Verify rejects",
	"SignatureSize":                "P1363 signature of the wrong length: parsing rejects",
	"SmallRandS":                   "valid and invalid (P1363 size); follows result",
	"SpecialCaseHash":              "valid; follows result",
	"Untruncatedhash":              "signed over the untruncated SHA-512 hash: Verify rejects",
}

type wycheproofECDSAMode int

const (
	modeDER        wycheproofECDSAMode = iota // strict DER, normalize, verify
	modeDERBitcoin                            // strict DER, verify (high S invalid)
	modeP1363                                 // r‖s, normalize, verify
)

func TestWycheproofECDSA(t *testing.T) {
	for _, tc := range []struct {
		file   string
		typ    string
		sha    string
		newH   func() hash.Hash
		mode   wycheproofECDSAMode
		schema string
	}{
		{"ecdsa_secp256k1_sha256_test.json", "EcdsaVerify", "SHA-256", sha256.New, modeDER, "ecdsa_verify_schema_v1.json"},
		{"ecdsa_secp256k1_sha256_bitcoin_test.json", "EcdsaBitcoinVerify", "SHA-256", sha256.New, modeDERBitcoin, "ecdsa_bitcoin_verify_schema.json"},
		{"ecdsa_secp256k1_sha256_p1363_test.json", "EcdsaP1363Verify", "SHA-256", sha256.New, modeP1363, "ecdsa_p1363_verify_schema_v1.json"},
		{"ecdsa_secp256k1_sha512_test.json", "EcdsaVerify", "SHA-512", sha512.New, modeDER, "ecdsa_verify_schema_v1.json"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			runWycheproofECDSA(t, "testdata/wycheproof/"+tc.file, tc.typ, tc.sha, tc.schema, tc.newH, tc.mode)
		})
	}
}

func runWycheproofECDSA(t *testing.T, path, typ, sha, schema string, newH func() hash.Hash, mode wycheproofECDSAMode) {
	var f wycheproofECDSAFile
	testutil.LoadJSON(t, path, &f)
	if f.Algorithm != "ECDSA" || f.Schema != schema {
		t.Fatalf("algorithm %q, schema %q; want ECDSA, %q", f.Algorithm, f.Schema, schema)
	}
	run, valid, invalid, highS := 0, 0, 0, 0
	for _, g := range f.TestGroups {
		if g.Type != typ || g.SHA != sha || g.PublicKey.Curve != "secp256k1" {
			t.Fatalf("unexpected group: type %q, sha %q, curve %q", g.Type, g.SHA, g.PublicKey.Curve)
		}
		pub, pubErr := secp256k1.NewPublicKey(testutil.MustHex(t, g.PublicKey.Uncompressed))
		if pubErr != nil {
			// Every v1 group key is a valid point; the valid tests below
			// fail if one is not.
			t.Errorf("public key %s: %v", g.PublicKey.Uncompressed, pubErr)
		}
		for _, tv := range g.Tests {
			run++
			t.Run(fmt.Sprintf("tcId=%d", tv.TcID), func(t *testing.T) {
				for _, flag := range tv.Flags {
					if _, ok := wycheproofECDSAFlags[flag]; !ok {
						t.Fatalf("flag %q has no policy (%s)", flag, tv.Comment)
					}
				}
				var want bool
				switch tv.Result {
				case "valid":
					want = true
					valid++
				case "invalid":
					invalid++
				default:
					t.Fatalf("result %q has no policy (flags %v, %s)", tv.Result, tv.Flags, tv.Comment)
				}
				h := newH()
				h.Write(testutil.MustHex(t, tv.Msg))
				digest := h.Sum(nil)
				sigBytes := testutil.MustHex(t, tv.Sig)

				var sig *ecdsa.Signature
				var parseErr error
				if mode == modeP1363 {
					sig, parseErr = ecdsa.ParseCompactSignature(sigBytes)
				} else {
					sig, parseErr = ecdsa.ParseDERSignature(sigBytes)
				}
				got := false
				if parseErr == nil && pubErr == nil {
					if mode == modeDERBitcoin {
						got = ecdsa.Verify(pub, digest, sig)
					} else {
						got = ecdsa.Verify(pub, digest, sig.Normalize())
					}
				}
				if got != want {
					t.Fatalf("%s %v (%s): accepted = %v (parse error: %v), sig %s",
						tv.Result, tv.Flags, tv.Comment, got, parseErr, tv.Sig)
				}
				if !want {
					return
				}

				// Valid signatures: the strict encodings round-trip, and
				// Verify on the raw signature rejects exactly the high-S ones.
				var again []byte
				if mode == modeP1363 {
					again = sig.BytesCompact()
				} else {
					again = sig.BytesDER()
				}
				if !bytes.Equal(again, sigBytes) {
					t.Errorf("re-encoded as %x, parsed from %x", again, sigBytes)
				}
				if mode != modeP1363 {
					// The lax parser accepts everything the strict one does.
					if lax, err := ecdsa.ParseDERSignatureLax(sigBytes); err != nil || !lax.Equal(sig) {
						t.Errorf("ParseDERSignatureLax: %v", err)
					}
				}
				if !sig.IsLowS() {
					highS++
				}
				if raw := ecdsa.Verify(pub, digest, sig); raw != sig.IsLowS() {
					t.Errorf("Verify without Normalize = %v, IsLowS = %v", raw, sig.IsLowS())
				}
				if n := sig.Normalize(); !n.IsLowS() || !bytes.Equal(n.R(), sig.R()) {
					t.Errorf("Normalize gave r %x, low-S %v", n.R(), n.IsLowS())
				}
			})
		}
	}
	if run != f.NumberOfTests {
		t.Errorf("ran %d tests, file says numberOfTests = %d", run, f.NumberOfTests)
	}
	t.Logf("%s: %d/%d tests run (%d valid, %d of them high-S; %d invalid)",
		path, run, f.NumberOfTests, valid, highS, invalid)
}
