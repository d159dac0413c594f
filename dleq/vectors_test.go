package dleq_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"os"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/dleq"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The BIP-374 test vectors (testdata/bip-0374, see testdata/README.md at the
// repository root). Points are 33-byte compressed encodings or INFINITY;
// an empty message means none. The BIP's failure cases for a = 0, a = n
// and B at infinity are keys that this API cannot build: the row must then
// fail the key constructor, and the proof must fail for the zero-value key
// that stands for it.

func readCSV(t testing.TB, path string, cols int) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if len(r) != cols {
			t.Fatalf("%s: row of %d columns, want %d", path, len(r), cols)
		}
	}
	return rows[1:] // the header
}

// point parses a point column; INFINITY (and anything NewPublicKey
// rejects) gives the zero-value key and ok = false.
func point(t *testing.T, s string) (k *secp256k1.PublicKey, ok bool) {
	t.Helper()
	if s == "INFINITY" {
		return new(secp256k1.PublicKey), false
	}
	k, err := secp256k1.NewPublicKey(testutil.MustHex(t, s))
	if err != nil {
		return new(secp256k1.PublicKey), false
	}
	return k, true
}

func message(t *testing.T, s string) []byte {
	if s == "" {
		return nil
	}
	return testutil.MustHex(t, s)
}

func TestVectorsGenerateProof(t *testing.T) {
	rows := readCSV(t, "testdata/bip-0374/test_vectors_generate_proof.csv", 8)
	valid, invalid := 0, 0
	for _, r := range rows {
		index, comment := r[0], r[7]
		g, gok := point(t, r[1])
		b, bok := point(t, r[3])
		a, err := secp256k1.NewPrivateKey(testutil.MustHex(t, r[2]))
		aok := err == nil
		if !aok {
			a = new(secp256k1.PrivateKey)
		}
		aux := testutil.MustHex(t, r[4])
		opts := &dleq.Options{Generator: g, Message: message(t, r[5])}
		proof, err := dleq.ProveWithAux(a, b, aux, opts)
		if r[6] == "INVALID" {
			invalid++
			if aok && bok && gok {
				t.Errorf("row %s (%s): the inputs are valid keys, the BIP says INVALID", index, comment)
			}
			if proof != nil || err == nil {
				t.Errorf("row %s (%s): ProveWithAux = %x, %v; want an error", index, comment, proof, err)
			}
			continue
		}
		valid++
		want := testutil.MustHex(t, r[6])
		if err != nil || !bytes.Equal(proof, want) {
			t.Errorf("row %s (%s): ProveWithAux = %x, %v; want %x", index, comment, proof, err, want)
			continue
		}
		// The proof verifies for A = a·G and C = a·B.
		A, err := g.TweakMul(a.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		C, err := a.ECDHPoint(b)
		if err != nil {
			t.Fatal(err)
		}
		if !dleq.Verify(A, b, C, proof, opts) {
			t.Errorf("row %s (%s): the proof does not verify", index, comment)
		}
	}
	if valid != 8 || invalid != 3 {
		t.Errorf("%d valid and %d invalid rows, want 8 and 3", valid, invalid)
	}
}

func TestVectorsVerifyProof(t *testing.T) {
	rows := readCSV(t, "testdata/bip-0374/test_vectors_verify_proof.csv", 9)
	accept, reject := 0, 0
	for _, r := range rows {
		index, comment := r[0], r[8]
		g, _ := point(t, r[1])
		a, _ := point(t, r[2])
		b, _ := point(t, r[3])
		c, _ := point(t, r[4])
		proof := testutil.MustHex(t, r[5])
		want := map[string]bool{"TRUE": true, "FALSE": false}
		w, ok := want[r[7]]
		if !ok {
			t.Fatalf("row %s: result %q", index, r[7])
		}
		if w {
			accept++
		} else {
			reject++
		}
		if got := dleq.Verify(a, b, c, proof, &dleq.Options{Generator: g, Message: message(t, r[6])}); got != w {
			t.Errorf("row %s (%s): Verify = %v, want %v", index, comment, got, w)
		}
	}
	if accept != 8 || reject != 7 {
		t.Errorf("%d accepting and %d rejecting rows, want 8 and 7", accept, reject)
	}
}

// TestVectorsInvalidKeys: the keys of the BIP's failure rows are rejected
// by the constructors, for the reason the row names.
func TestVectorsInvalidKeys(t *testing.T) {
	for _, a := range []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
	} {
		if _, err := secp256k1.NewPrivateKey(testutil.MustHex(t, a)); !errors.Is(err, secp256k1.ErrInvalidPrivateKey) {
			t.Errorf("NewPrivateKey(%s): %v", a, err)
		}
	}
	if _, err := secp256k1.NewPublicKey([]byte{0}); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
		t.Errorf("NewPublicKey(infinity): %v", err)
	}
}
