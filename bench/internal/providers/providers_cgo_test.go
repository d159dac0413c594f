//go:build cgo && unix

package providers

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGethBundledVersion checks gethBundledLibsecp against the configure.ac
// of the go-ethereum module this build uses.
func TestGethBundledVersion(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", gethModule).Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	ac, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "crypto", "secp256k1", "libsecp256k1", "configure.ac"))
	if err != nil {
		t.Skip(err)
	}
	part := func(name string) string {
		m := regexp.MustCompile(`define\(_PKG_VERSION_` + name + `, ([a-z0-9]+)\)`).FindSubmatch(ac)
		if m == nil {
			t.Fatalf("configure.ac: no %s", name)
		}
		return string(m[1])
	}
	v := part("MAJOR") + "." + part("MINOR") + "." + part("PATCH")
	if part("IS_RELEASE") != "true" {
		v += "-dev"
	}
	if v != gethBundledLibsecp {
		t.Fatalf("go-ethereum bundles libsecp256k1 %s; gethBundledLibsecp says %s", v, gethBundledLibsecp)
	}
}

// TestLibsecpIsolation proves which library answers: the provider's
// functions come from the shared object, not from go-ethereum's copy
// linked into this binary.
func TestLibsecpIsolation(t *testing.T) {
	s := loadLibsecp()
	if s.err != nil {
		t.Skipf("libsecp256k1 unavailable: %v", s.err)
	}
	if !strings.Contains(filepath.Base(s.path), "libsecp256k1") {
		t.Fatalf("secp256k1_context_create resolved in %q", s.path)
	}
	exe, _ := os.Executable()
	if s.path == exe {
		t.Fatalf("provider bound to the executable's copy")
	}
	t.Logf("libsecp256k1 provider: %s, version %s; global secp256k1_context_create: %s", s.path, s.version, s.global)
	if _, _, ok := LibsecpParsePubkey([]byte{2}); ok {
		t.Fatal("1-byte public key accepted")
	}
}
