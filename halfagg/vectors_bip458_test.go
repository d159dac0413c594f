package halfagg_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/halfagg"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// The BIP-458 test vectors (testdata/bip-0458, the "HalfAgg/randomizer"
// revision): every row of the three files, with the counts asserted. A
// key that does not parse (NewXOnlyPublicKey fails: not on the curve, zero,
// ≥ p) is passed as nil, which VerifyAggregate must reject like BIP-458's
// lift_x failure. Every failing row must fail with the error its comment
// names.

// readCSV reads a vector file: the header (checked) and the rows.
func readCSV(t testing.TB, name string, header string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/bip-0458/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(rows) == 0 || strings.Join(rows[0], ",") != header {
		t.Fatalf("%s: unexpected header %q", name, rows[0])
	}
	return rows[1:]
}

// hexList decodes a ';'-separated list of hex strings (empty: no items).
func hexList(t testing.TB, s string) [][]byte {
	t.Helper()
	if s == "" {
		return nil
	}
	var out [][]byte
	for _, h := range strings.Split(s, ";") {
		out = append(out, testutil.MustHex(t, h))
	}
	return out
}

// keyList parses a list of x-only keys, nil for those that do not parse;
// ok reports whether all parsed.
func keyList(t *testing.T, s string) (keys []*secp256k1.XOnlyPublicKey, ok bool) {
	t.Helper()
	ok = true
	for _, b := range hexList(t, s) {
		k, err := secp256k1.NewXOnlyPublicKey(b)
		if err != nil {
			ok = false
		}
		keys = append(keys, k)
	}
	return keys, ok
}

// tally counts the rows and their expected results.
type tally struct{ rows, ok, fail int }

func (c *tally) add(expected string, t *testing.T) bool {
	t.Helper()
	c.rows++
	switch expected {
	case "TRUE":
		c.ok++
		return true
	case "FALSE":
		c.fail++
		return false
	}
	t.Fatalf("expected_result %q", expected)
	return false
}

func (c tally) check(t *testing.T, name string, rows, ok, fail int) {
	t.Helper()
	if c != (tally{rows, ok, fail}) {
		t.Errorf("%s: ran %d rows (%d TRUE, %d FALSE), want %d (%d, %d)", name, c.rows, c.ok, c.fail, rows, ok, fail)
	}
}

func TestVectorsAggregate(t *testing.T) {
	// The error each failing row must return, by its comment.
	wantErr := map[string]error{
		"Signature s = n (at boundary)": halfagg.ErrInvalidSignature,
		"Signature s > n":               halfagg.ErrInvalidSignature,
		"Signature s = 2^256 - 1":       halfagg.ErrInvalidSignature,
	}
	var c tally
	for _, row := range readCSV(t, "test_vectors_aggregate.csv", "index,pubkeys,messages,signatures,expected_result,expected_aggsig,comment") {
		idx, comment := row[0], row[6]
		keys, ok := keyList(t, row[1])
		msgs, sigs := hexList(t, row[2]), hexList(t, row[3])
		if !ok {
			t.Fatalf("row %s: a key does not parse", idx)
		}
		got, err := halfagg.Aggregate(keys, msgs, sigs)
		if !c.add(row[4], t) {
			want, known := wantErr[comment]
			if !known || got != nil || !errors.Is(err, want) {
				t.Errorf("row %s (%s): Aggregate = %x, %v; want nil and %v", idx, comment, got, err, want)
			}
			continue
		}
		want := testutil.MustHex(t, row[5])
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("row %s (%s): Aggregate = %x, %v; want %x", idx, comment, got, err, want)
			continue
		}
		if !halfagg.VerifyAggregate(got, keys, msgs) {
			t.Errorf("row %s (%s): the aggregate does not verify", idx, comment)
		}
		// Rows 1-4 aggregate valid BIP-340 signatures; row 5 ("strange
		// aggregation") two that are each invalid, yet aggregate to a
		// valid aggregate: Aggregate must not verify its inputs.
		strange := strings.HasPrefix(comment, "Strange aggregation")
		for i := range sigs {
			if schnorr.Verify(keys[i], msgs[i], sigs[i]) == strange {
				t.Errorf("row %s (%s): schnorr.Verify of signature %d = %v", idx, comment, i, !strange)
			}
		}
	}
	c.check(t, "aggregate", 9, 6, 3)
}

func TestVectorsIncAggregate(t *testing.T) {
	wantErr := map[string]error{
		"Aggregate signature wrong length": halfagg.ErrInvalidAggregate,
		"Aggregate signature empty":        halfagg.ErrInvalidAggregate,
		"Existing aggregate has s = n":     halfagg.ErrInvalidAggregate,
		"New signature has s = n":          halfagg.ErrInvalidSignature,
	}
	var c tally
	for _, row := range readCSV(t, "test_vectors_incaggregate.csv", "index,aggsig,pm_aggd_pubkeys,pm_aggd_messages,pms_pubkeys,pms_messages,pms_signatures,expected_result,expected_aggsig,comment") {
		idx, comment := row[0], row[9]
		aggsig := testutil.MustHex(t, row[1])
		oldKeys, ok1 := keyList(t, row[2])
		newKeys, ok2 := keyList(t, row[4])
		if !ok1 || !ok2 {
			t.Fatalf("row %s: a key does not parse", idx)
		}
		oldMsgs, newMsgs, newSigs := hexList(t, row[3]), hexList(t, row[5]), hexList(t, row[6])
		in := bytes.Clone(aggsig)
		got, err := halfagg.IncAggregate(aggsig, oldKeys, oldMsgs, newKeys, newMsgs, newSigs)
		if !bytes.Equal(in, aggsig) {
			t.Errorf("row %s: IncAggregate changed its input aggregate", idx)
		}
		if !c.add(row[7], t) {
			want, known := wantErr[comment]
			if !known || got != nil || !errors.Is(err, want) {
				t.Errorf("row %s (%s): IncAggregate = %x, %v; want nil and %v", idx, comment, got, err, want)
			}
			continue
		}
		want := testutil.MustHex(t, row[8])
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("row %s (%s): IncAggregate = %x, %v; want %x", idx, comment, got, err, want)
			continue
		}
		// Every TRUE row aggregates valid signatures onto a valid
		// aggregate: the result verifies against all the pairs, and is
		// what Aggregate makes of all the signatures at once when the
		// old ones are known (rows 0 and 3 start from 0 or 1 signature).
		allKeys := append(append([]*secp256k1.XOnlyPublicKey{}, oldKeys...), newKeys...)
		allMsgs := append(append([][]byte{}, oldMsgs...), newMsgs...)
		if !halfagg.VerifyAggregate(got, allKeys, allMsgs) {
			t.Errorf("row %s (%s): the aggregate does not verify", idx, comment)
		}
	}
	c.check(t, "incaggregate", 8, 4, 4)
}

func TestVectorsVerify(t *testing.T) {
	var c tally
	for _, row := range readCSV(t, "test_vectors_verify.csv", "index,aggsig,pubkeys,messages,expected_result,comment") {
		idx, comment := row[0], row[5]
		aggsig := testutil.MustHex(t, row[1])
		keys, ok := keyList(t, row[2])
		msgs := hexList(t, row[3])
		want := c.add(row[4], t)
		if !ok && want {
			t.Errorf("row %s (%s): a key of a valid row does not parse", idx, comment)
		}
		if got := halfagg.VerifyAggregate(aggsig, keys, msgs); got != want {
			t.Errorf("row %s (%s): VerifyAggregate = %v, want %v", idx, comment, got, want)
		}
		// The same on one Verifier, single- and multi-threaded.
		for _, w := range []int{1, 4} {
			v := &halfagg.Verifier{Workers: w}
			if got := v.Verify(aggsig, keys, msgs); got != want {
				t.Errorf("row %s (%s): Verifier{Workers: %d}.Verify = %v, want %v", idx, comment, w, got, want)
			}
		}
	}
	c.check(t, "verify", 22, 5, 17)
}
