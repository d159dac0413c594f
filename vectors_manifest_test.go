package secp256k1_test

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"regexp"
	"testing"
)

// TestVectorsManifest checks every vector file listed with its SHA-256 in
// testdata/README.md against that hash, so that a copied vector file cannot
// change (or vanish) without its provenance record changing too.
func TestVectorsManifest(t *testing.T) {
	f, err := os.Open("testdata/README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	line := regexp.MustCompile(`^([0-9a-f]{64})  (\S+)$`)
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		n++
		data, err := os.ReadFile(m[2])
		if err != nil {
			t.Errorf("%s: %v", m[2], err)
			continue
		}
		// A checkout with core.autocrlf turns LF into CRLF; undo that
		// (test-vectors.csv of BIP-340 has CRLF of its own and matches as is).
		sum := sha256.Sum256(data)
		lf := sha256.Sum256(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")))
		if hex.EncodeToString(sum[:]) != m[1] && hex.EncodeToString(lf[:]) != m[1] {
			t.Errorf("%s: SHA-256 %x, testdata/README.md records %s", m[2], sum, m[1])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no hashes found in testdata/README.md")
	}
	t.Logf("%d files match their recorded SHA-256", n)
}
