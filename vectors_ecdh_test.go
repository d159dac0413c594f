package secp256k1_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/asn1"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Wycheproof ECDH (testdata/wycheproof/ecdh_secp256k1_test.json, C2SP/wycheproof
// testvectors_v1 @ dac1dd47; see testdata/README.md). The public key is an
// X.509 SubjectPublicKeyInfo, parsed here with encoding/asn1; only the named
// curve secp256k1 is accepted, with the point in a BIT STRING handed to
// NewPublicKey.

type wycheproofECDHFile struct {
	Algorithm     string `json:"algorithm"`
	NumberOfTests int    `json:"numberOfTests"`
	TestGroups    []struct {
		Type     string `json:"type"`
		Curve    string `json:"curve"`
		Encoding string `json:"encoding"`
		Tests    []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Flags   []string `json:"flags"`
			Public  string   `json:"public"`
			Private string   `json:"private"`
			Shared  string   `json:"shared"`
			Result  string   `json:"result"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// ecdhFlagPolicy says what a flag means for a test whose result is
// "acceptable". Flags of valid and invalid tests need no decision (the result
// decides), but they are listed so that a new flag in an updated file fails
// the test until somebody reads its note and decides.
type ecdhFlagPolicy int

const (
	ecdhFollowResult ecdhFlagPolicy = iota // seen on valid or invalid tests only
	ecdhAccept                             // an acceptable case we must accept
	ecdhReject                             // an acceptable case we must reject
)

var ecdhFlags = map[string]ecdhFlagPolicy{
	// Valid and invalid tests.
	"Normal":                  ecdhFollowResult,
	"AdditionChain":           ecdhFollowResult,
	"EdgeCaseDoubling":        ecdhFollowResult,
	"EdgeCaseEphemeralKey":    ecdhFollowResult,
	"EdgeCaseSharedSecret":    ecdhFollowResult,
	"InvalidCompressedPublic": ecdhFollowResult,
	"InvalidCurveAttack":      ecdhFollowResult,
	"InvalidEncoding":         ecdhFollowResult,
	"InvalidPublic":           ecdhFollowResult,
	"LargeCofactor":           ecdhFollowResult,
	"ModifiedGroup":           ecdhFollowResult,
	"ModifiedPrime":           ecdhFollowResult,
	"ModifiedPublicPoint":     ecdhFollowResult,
	"NegativeCofactor":        ecdhFollowResult,
	"WeakPublicKey":           ecdhFollowResult,
	"WrongCurve":              ecdhFollowResult,

	// A compressed SEC 1 point is a valid encoding, and NewPublicKey takes it.
	"CompressedPublic": ecdhAccept,
	"CompressedPoint":  ecdhAccept,

	// The SPKI parser below accepts only DER with the named-curve OID: odd
	// but parseable ASN.1 and explicit curve parameters (even correct ones,
	// or ones the key does not depend on) are rejected.
	"InvalidAsn":             ecdhReject,
	"UnnamedCurve":           ecdhReject,
	"UnusedParam":            ecdhReject,
	"WrongOrder":             ecdhReject,
	"ModifiedGenerator":      ecdhReject,
	"ModifiedCofactor":       ecdhReject,
	"NoCofactor":             ecdhReject,
	"ModifiedCurveParameter": ecdhReject,
}

var (
	vecOIDECPublicKey = asn1.ObjectIdentifier{1, 2, 840, 10045, 2, 1}
	vecOIDSecp256k1   = asn1.ObjectIdentifier{1, 3, 132, 0, 10}
)

type vecSPKI struct {
	Algorithm struct {
		Algorithm  asn1.ObjectIdentifier
		Parameters asn1.RawValue
	}
	PublicKey asn1.BitString
}

// vecParseSPKI returns the SEC 1 point inside a DER SubjectPublicKeyInfo whose
// algorithm is id-ecPublicKey with the named curve secp256k1.
func vecParseSPKI(der []byte) ([]byte, error) {
	var spki vecSPKI
	rest, err := asn1.Unmarshal(der, &spki)
	if err != nil {
		return nil, err
	}
	if len(rest) != 0 {
		return nil, errors.New("trailing data after SubjectPublicKeyInfo")
	}
	// encoding/asn1 tolerates some non-DER input; demand the canonical
	// encoding by re-encoding.
	if again, err := asn1.Marshal(spki); err != nil || !bytes.Equal(again, der) {
		return nil, errors.New("not DER")
	}
	if !spki.Algorithm.Algorithm.Equal(vecOIDECPublicKey) {
		return nil, fmt.Errorf("algorithm %v is not id-ecPublicKey", spki.Algorithm.Algorithm)
	}
	var curve asn1.ObjectIdentifier
	rest, err = asn1.Unmarshal(spki.Algorithm.Parameters.FullBytes, &curve)
	if err != nil || len(rest) != 0 {
		return nil, errors.New("parameters are not a named curve")
	}
	if !curve.Equal(vecOIDSecp256k1) {
		return nil, fmt.Errorf("curve %v is not secp256k1", curve)
	}
	if spki.PublicKey.BitLength%8 != 0 {
		return nil, errors.New("public key BIT STRING has unused bits")
	}
	return spki.PublicKey.Bytes, nil
}

// vecParseWycheproofPrivate turns an ASN.1-integer-style hex scalar (maybe with a
// leading 00, maybe shorter than 32 bytes) into 32 bytes.
func vecParseWycheproofPrivate(s string) ([]byte, error) {
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, err
	}
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	if len(b) > 32 {
		return nil, fmt.Errorf("private key of %d bytes", len(b))
	}
	return append(make([]byte, 32-len(b), 32), b...), nil
}

func TestWycheproofECDH(t *testing.T) {
	const path = "testdata/wycheproof/ecdh_secp256k1_test.json"
	var f wycheproofECDHFile
	testutil.LoadJSON(t, path, &f)
	if f.Algorithm != "ECDH" {
		t.Fatalf("algorithm %q, want ECDH", f.Algorithm)
	}
	counts := map[string]int{}
	run := 0
	for _, g := range f.TestGroups {
		if g.Type != "EcdhTest" || g.Curve != "secp256k1" || g.Encoding != "asn" {
			t.Fatalf("unexpected group: type %q, curve %q, encoding %q", g.Type, g.Curve, g.Encoding)
		}
		for _, tc := range g.Tests {
			run++
			t.Run(fmt.Sprintf("tcId=%d", tc.TcID), func(t *testing.T) {
				wantAccept := tc.Result == "valid"
				switch tc.Result {
				case "valid", "invalid":
				case "acceptable":
					wantAccept = true
				default:
					t.Fatalf("unknown result %q", tc.Result)
				}
				for _, flag := range tc.Flags {
					policy, ok := ecdhFlags[flag]
					if !ok {
						t.Fatalf("flag %q has no policy (%s)", flag, tc.Comment)
					}
					if tc.Result != "acceptable" {
						continue
					}
					switch policy {
					case ecdhFollowResult:
						t.Fatalf("flag %q on an acceptable test has no accept/reject policy (%s)", flag, tc.Comment)
					case ecdhReject:
						wantAccept = false
					}
				}

				shared, why := vecWycheproofECDH(t, tc.Public, tc.Private)
				accepted := why == nil
				switch {
				case accepted && !wantAccept:
					t.Errorf("%s %v (%s): accepted, want rejection; shared %x", tc.Result, tc.Flags, tc.Comment, shared)
				case !accepted && wantAccept:
					t.Errorf("%s %v (%s): rejected: %v", tc.Result, tc.Flags, tc.Comment, why)
				case accepted:
					if want := testutil.MustHex(t, tc.Shared); !bytes.Equal(shared, want) {
						t.Errorf("%s %v (%s): shared %x, want %x", tc.Result, tc.Flags, tc.Comment, shared, want)
					}
				}
				if accepted {
					counts["accepted"]++
				} else {
					counts["rejected"]++
				}
				counts[tc.Result]++
			})
		}
	}
	if run != f.NumberOfTests {
		t.Errorf("ran %d tests, file says numberOfTests = %d", run, f.NumberOfTests)
	}
	t.Logf("%s: %d/%d tests run (valid %d, acceptable %d, invalid %d; accepted %d, rejected %d)",
		path, run, f.NumberOfTests, counts["valid"], counts["acceptable"], counts["invalid"], counts["accepted"], counts["rejected"])
}

// wycheproofECDH runs one ECDH test case through the public API and returns
// the shared secret, or why the inputs were rejected. It also checks that
// ECDHSHA256 hashes the same x coordinate.
func vecWycheproofECDH(t *testing.T, public, private string) ([]byte, error) {
	spki, err := hex.DecodeString(public)
	if err != nil {
		return nil, fmt.Errorf("public: %v", err)
	}
	point, err := vecParseSPKI(spki)
	if err != nil {
		return nil, fmt.Errorf("SubjectPublicKeyInfo: %v", err)
	}
	pub, err := secp256k1.NewPublicKey(point)
	if err != nil {
		return nil, fmt.Errorf("NewPublicKey: %w", err)
	}
	d, err := vecParseWycheproofPrivate(private)
	if err != nil {
		return nil, err
	}
	priv, err := secp256k1.NewPrivateKey(d)
	if err != nil {
		return nil, fmt.Errorf("NewPrivateKey: %w", err)
	}
	shared, err := priv.ECDH(pub)
	if err != nil {
		return nil, fmt.Errorf("ECDH: %w", err)
	}
	hashed, err := priv.ECDHSHA256(pub)
	if err != nil {
		t.Errorf("ECDH succeeded but ECDHSHA256 failed: %v", err)
	} else {
		even := sha256.Sum256(append([]byte{0x02}, shared...))
		odd := sha256.Sum256(append([]byte{0x03}, shared...))
		if !bytes.Equal(hashed, even[:]) && !bytes.Equal(hashed, odd[:]) {
			t.Errorf("ECDHSHA256 = %x, not SHA-256(02|03 ‖ %x)", hashed, shared)
		}
	}
	return shared, nil
}

// The SPKI parser must be at least as strict as the policy above claims.
func TestParseSPKI(t *testing.T) {
	good := "3056301006072a8648ce3d020106052b8104000a03420004d8096af8a11e0b80037e1ee68246b5dcbb0aeb1cf1244fd767db80f3fa27da2b396812ea1686e7472e9692eaf3e958e50e9500d3b4c77243db1f2acd67ba9cc4"
	if _, err := vecParseSPKI(testutil.MustHex(t, good)); err != nil {
		t.Fatalf("good SPKI rejected: %v", err)
	}
	for name, s := range map[string]string{
		"long-form length": "308156301006072a8648ce3d020106052b8104000a03420004d8096af8a11e0b80037e1ee68246b5dcbb0aeb1cf1244fd767db80f3fa27da2b396812ea1686e7472e9692eaf3e958e50e9500d3b4c77243db1f2acd67ba9cc4",
		"trailing byte":    good + "00",
		"secp256r1":        "3059301306072a8648ce3d020106082a8648ce3d03010703420004d8096af8a11e0b80037e1ee68246b5dcbb0aeb1cf1244fd767db80f3fa27da2b396812ea1686e7472e9692eaf3e958e50e9500d3b4c77243db1f2acd67ba9cc4",
	} {
		if _, err := vecParseSPKI(testutil.MustHex(t, s)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// Curve constants for the encoding tests, computed with math/big.
var (
	vecP  = testutil.P
	vecGx = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
	vecGy = "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"
)

func vecBE32(x *big.Int) []byte { return x.FillBytes(make([]byte, 32)) }

func vecCat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestPublicKeyEncodings(t *testing.T) {
	gx, gy := testutil.MustHex(t, vecGx), testutil.MustHex(t, vecGy)
	// x = p + 1 is a non-canonical encoding of x = 1, which is on the curve
	// (1 + 7 = 8 is a square mod p): a parser that reduces mod p accepts it.
	one := big.NewInt(1)
	y1 := testutil.CurveY(one)
	if y1 == nil {
		t.Fatal("x = 1 should be on the curve")
	}
	pPlus1 := vecBE32(new(big.Int).Add(vecP, one))
	// x = 0 has no point (7 is not a square mod p).
	if testutil.CurveY(new(big.Int)) != nil {
		t.Fatal("x = 0 should not be on the curve")
	}
	zero := make([]byte, 32)
	gyPlus1 := vecBE32(new(big.Int).Add(new(big.Int).SetBytes(gy), one))

	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"G uncompressed", vecCat([]byte{4}, gx, gy)},
		{"G compressed", vecCat([]byte{2}, gx)},
		{"-G compressed", vecCat([]byte{3}, gx)},
		{"(1, y) uncompressed", vecCat([]byte{4}, vecBE32(one), vecBE32(y1))},
		{"(1, -y) compressed", vecCat([]byte{2 | byte(1-y1.Bit(0))}, vecBE32(one))},
	} {
		pub, err := secp256k1.NewPublicKey(tc.b)
		if err != nil {
			t.Errorf("%s: rejected: %v", tc.name, err)
			continue
		}
		var again []byte
		if len(tc.b) == 33 {
			again = pub.BytesCompressed()
		} else {
			again = pub.BytesUncompressed()
		}
		if !bytes.Equal(again, tc.b) {
			t.Errorf("%s: re-encoded as %x", tc.name, again)
		}
	}

	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"infinity 00", []byte{0}},
		{"infinity 33 zero bytes", make([]byte, 33)},
		{"infinity 65 zero bytes", make([]byte, 65)},
		{"hybrid 06 G (y even)", vecCat([]byte{6}, gx, gy)},
		{"hybrid 07 G", vecCat([]byte{7}, gx, gy)},
		{"prefix 05", vecCat([]byte{5}, gx, gy)},
		{"prefix 04 with 33 bytes", vecCat([]byte{4}, gx)},
		{"prefix 02 with 65 bytes", vecCat([]byte{2}, gx, gy)},
		{"prefix 01", vecCat([]byte{1}, gx)},
		{"x only, 32 bytes", gx},
		{"64 bytes", vecCat(gx, gy)},
		{"34 bytes", vecCat([]byte{2}, gx, []byte{0})},
		{"66 bytes", vecCat([]byte{4}, gx, gy, []byte{0})},
		{"compressed x = p", vecCat([]byte{2}, vecBE32(vecP))},
		{"compressed x = p+1 (≡ 1, on the curve)", vecCat([]byte{2}, pPlus1)},
		{"compressed x = 2^256-1", vecCat([]byte{3}, bytes.Repeat([]byte{0xff}, 32))},
		{"compressed x = 0 (not on the curve)", vecCat([]byte{2}, zero)},
		{"uncompressed x = p+1 (≡ 1)", vecCat([]byte{4}, pPlus1, vecBE32(y1))},
		{"uncompressed y = p", vecCat([]byte{4}, gx, vecBE32(vecP))},
		{"uncompressed (x, y+1) off the curve", vecCat([]byte{4}, gx, gyPlus1)},
		{"uncompressed (0, 0)", vecCat([]byte{4}, zero, zero)},
	} {
		if pub, err := secp256k1.NewPublicKey(tc.b); err == nil {
			t.Errorf("%s: accepted as %x", tc.name, pub.BytesUncompressed())
		} else if !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
			t.Errorf("%s: error %v does not wrap ErrInvalidPublicKey", tc.name, err)
		}
	}
}

func TestXOnlyPublicKeyEncodings(t *testing.T) {
	gx := testutil.MustHex(t, vecGx)
	one := big.NewInt(1)
	for _, b := range [][]byte{gx, vecBE32(one)} {
		x, err := secp256k1.NewXOnlyPublicKey(b)
		if err != nil {
			t.Errorf("%x: rejected: %v", b, err)
			continue
		}
		if !bytes.Equal(x.Bytes(), b) {
			t.Errorf("%x: re-encoded as %x", b, x.Bytes())
		}
		// lift_x picks the even y.
		if c := x.PublicKey().BytesCompressed(); c[0] != 2 || !bytes.Equal(c[1:], b) {
			t.Errorf("%x: PublicKey() = %x, want 02 ‖ x", b, c)
		}
	}
	for prefix, wantOdd := range map[byte]bool{2: false, 3: true} {
		pub, err := secp256k1.NewPublicKey(vecCat([]byte{prefix}, gx))
		if err != nil {
			t.Fatal(err)
		}
		x, odd := pub.XOnly()
		if !bytes.Equal(x.Bytes(), gx) || odd != wantOdd {
			t.Errorf("(%02x ‖ Gx).XOnly() = %x, %v; want Gx, %v", prefix, x.Bytes(), odd, wantOdd)
		}
	}
	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"31 bytes", gx[1:]},
		{"33 bytes", vecCat([]byte{0}, gx)},
		{"compressed G", vecCat([]byte{2}, gx)},
		{"x = 0 (not on the curve)", make([]byte, 32)},
		{"x = p", vecBE32(vecP)},
		{"x = p+1 (≡ 1, on the curve)", vecBE32(new(big.Int).Add(vecP, one))},
		{"x = 2^256-1", bytes.Repeat([]byte{0xff}, 32)},
	} {
		if x, err := secp256k1.NewXOnlyPublicKey(tc.b); err == nil {
			t.Errorf("%s: accepted as %x", tc.name, x.Bytes())
		} else if !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
			t.Errorf("%s: error %v does not wrap ErrInvalidPublicKey", tc.name, err)
		}
	}
}
