package crypto

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// gethModule is the go-ethereum version this package mirrors; go.mod
// requires the same.
const gethModule = "github.com/ethereum/go-ethereum"

// gethDir returns the directory of go-ethereum's module (in the module
// cache), as `go list -m -json` reports it. It skips the test only where
// the go command is not installed.
func gethDir(t *testing.T) string {
	t.Helper()
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to locate go-ethereum's module")
	}
	out, err := exec.Command(gocmd, "list", "-m", "-json", gethModule).Output()
	if err != nil {
		t.Fatalf("go list -m -json %s: %v", gethModule, err)
	}
	var m struct{ Version, Dir string }
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	if m.Version != "v1.17.10" {
		t.Fatalf("go-ethereum %s; this package mirrors v1.17.10: update the package and its tests together", m.Version)
	}
	if m.Dir == "" {
		t.Fatalf("go-ethereum %s is not downloaded (go mod download)", m.Version)
	}
	return m.Dir
}

// TestUpstreamCopies checks that go-ethereum's tests run here unchanged:
// crypto_test.go and signature_test.go are byte for byte go-ethereum's,
// and the ecies package (code, tests, license) is go-ethereum's with only
// the import of its crypto package switched to this one.
func TestUpstreamCopies(t *testing.T) {
	dir := gethDir(t)
	const (
		theirImport = `"github.com/ethereum/go-ethereum/crypto"`
		ourImport   = `"github.com/p256k1/secp256k1/geth/crypto"`
	)
	for _, c := range []struct {
		ours, theirs string
		imports      int // the number of import lines switched
	}{
		{"crypto_test.go", "crypto/crypto_test.go", 0},
		{"signature_test.go", "crypto/signature_test.go", 0},
		{"ecies/ecies.go", "crypto/ecies/ecies.go", 1},
		{"ecies/params.go", "crypto/ecies/params.go", 1},
		{"ecies/ecies_test.go", "crypto/ecies/ecies_test.go", 1},
		{"ecies/LICENSE", "crypto/ecies/LICENSE", 0},
		{"ecies/README", "crypto/ecies/README", 0},
	} {
		ours, err := os.ReadFile(filepath.FromSlash(c.ours))
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(c.theirs)))
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(theirs, []byte(theirImport)); n != c.imports {
			t.Errorf("%s: go-ethereum's file imports its crypto package %d times, want %d", c.theirs, n, c.imports)
		}
		want := bytes.ReplaceAll(theirs, []byte(theirImport), []byte(ourImport))
		if !bytes.Equal(ours, want) {
			t.Errorf("%s differs from go-ethereum's %s beyond the import of package crypto", c.ours, c.theirs)
		}
	}
}
