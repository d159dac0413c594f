package schnorr_test

import (
	"bytes"
	"encoding/csv"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// The BIP-340 test vectors (bitcoin/bips bip-0340/test-vectors.csv, last
// changed in 200f9b26; see ../testdata/README.md). Rows with a secret key are
// signing tests: SignWithAux must reproduce the signature byte for byte.
// Every row is a verification test; a public key that does not parse (row 5:
// not on the curve, row 14: x >= p) counts as a failed verification.
func TestBIP340Vectors(t *testing.T) {
	const path = "testdata/bip-0340/test-vectors.csv"
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	records, err := csv.NewReader(file).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := []string{"index", "secret key", "public key", "aux_rand", "message", "signature", "verification result", "comment"}
	if len(records) == 0 || !slices.Equal(records[0], header) {
		t.Fatalf("unexpected header %q", records[0])
	}
	rows := records[1:]
	signed, verified, wantTrue := 0, 0, 0
	for i, r := range rows {
		index, secret, public, aux, msg, sigHex, result, comment := r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]
		if index != strconv.Itoa(i) {
			t.Fatalf("row %d has index %q", i, index)
		}
		t.Run("index="+index, func(t *testing.T) {
			var want bool
			switch result {
			case "TRUE":
				want = true
				wantTrue++
			case "FALSE":
			default:
				t.Fatalf("verification result %q", result)
			}
			// An empty message cell is a zero-length message (row 15);
			// an empty secret key or aux_rand means no signing test.
			m := testutil.MustHex(t, msg)
			sig := testutil.MustHex(t, sigHex)

			if secret != "" {
				signed++
				priv, err := secp256k1.NewPrivateKey(testutil.MustHex(t, secret))
				if err != nil {
					t.Fatalf("NewPrivateKey: %v", err)
				}
				x, _ := priv.PublicKey().XOnly()
				if got := x.Bytes(); !bytes.Equal(got, testutil.MustHex(t, public)) {
					t.Errorf("x-only public key %X, want %s", got, public)
				}
				got, err := schnorr.SignWithAux(priv, m, testutil.MustHex(t, aux))
				if err != nil {
					t.Fatalf("SignWithAux: %v", err)
				}
				if !bytes.Equal(got, sig) {
					t.Errorf("SignWithAux = %X, want %s (%s)", got, sigHex, comment)
				}
			}

			verified++
			ok := false
			pub, err := secp256k1.NewXOnlyPublicKey(testutil.MustHex(t, public))
			if err == nil {
				ok = schnorr.Verify(pub, m, sig)
			}
			if ok != want {
				t.Errorf("verification = %v, want %v (public key error: %v) (%s)", ok, want, err, comment)
			}
		})
	}
	if len(rows) != 19 || verified != len(rows) || signed != 8 {
		t.Errorf("%d rows: verified %d, signed %d; want 19, 19, 8", len(rows), verified, signed)
	}
	t.Logf("%s: %d/%d rows verified (%d TRUE), %d signed", path, verified, len(rows), wantTrue, signed)
}
