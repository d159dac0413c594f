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

// TestLibsecpIsolation proves which library answers: the system provider's
// functions come from the shared object, not from go-ethereum's copy linked
// into this binary.
func TestLibsecpIsolation(t *testing.T) {
	s := loadSystem()
	if s.err != nil {
		t.Skipf("system libsecp256k1 unavailable: %v", s.err)
	}
	if !strings.Contains(filepath.Base(s.lib.path), "libsecp256k1") {
		t.Fatalf("secp256k1_ec_pubkey_create resolved in %q", s.lib.path)
	}
	exe, _ := os.Executable()
	if s.lib.path == exe {
		t.Fatalf("provider bound to the executable's copy")
	}
	t.Logf("system libsecp256k1 provider %s: %s, version %s; global secp256k1_ec_pubkey_create: %s", systemName(s.version), s.lib.path, s.version, s.lib.global)
	if _, _, ok := systemRef().ParsePubkey([]byte{2}); ok {
		t.Fatal("1-byte public key accepted")
	}
}

// TestRefBuild checks the in-process libsecp256k1 0.8: it is built from
// the pinned crate's sources into the cache, with the recipe recorded, and
// answers from that shared object, not from the system library or the
// executable.
func TestRefBuild(t *testing.T) {
	s := loadRef()
	if s.err != nil {
		if _, err := exec.LookPath("cargo"); err == nil && os.Getenv("CI") != "" {
			t.Fatalf("CI with cargo, but libsecp256k1 0.8 is unavailable: %v", s.err)
		}
		t.Skipf("libsecp256k1 0.8 unavailable: %v", s.err)
	}
	b := s.build
	if b.Version != "0.8.0" || b.Crate != "secp256k1-sys 0.14.1" || len(b.Upstream) != 40 {
		t.Fatalf("build: %+v", b)
	}
	root, err := refCacheRoot()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.lib.path, root+string(filepath.Separator)) || filepath.Dir(s.lib.path) != filepath.Dir(b.SharedObject) {
		t.Fatalf("libsecp256k1 0.8 answers from %s; build says %s, cache %s", s.lib.path, b.SharedObject, root)
	}
	for _, want := range []string{"-DECMULT_WINDOW_SIZE=15", "-DCOMB_BLOCKS=43", "-DCOMB_TEETH=6", "-DENABLE_MODULE_RECOVERY=1"} {
		if !strings.Contains(strings.Join(b.Defines, " "), want) {
			t.Fatalf("defines %v lack %s", b.Defines, want)
		}
	}
	if again, err := readRefBuild(filepath.Dir(b.SharedObject)); err != nil || again.Key != b.Key {
		t.Fatalf("cached build not readable: %v", err)
	}
	if sys := loadSystem(); sys.err == nil && sys.lib.path == s.lib.path {
		t.Fatal("the 0.8 provider and the system provider load the same file")
	}
	t.Logf("libsecp256k1 %s (%s, %s) from %s; global %s: %s", b.Version, b.Upstream[:8], b.Crate, s.lib.path, s.lib.symbol, s.lib.global)
}

func TestSystemName(t *testing.T) {
	for v, want := range map[string]string{
		"0.2.0": "libsecp256k1-0.2", "0.6.1-dev": "libsecp256k1-0.6", "10.12.3": "libsecp256k1-10.12",
		"unknown": SystemLibsecpAlias, ">= 0.5.0 (from exported symbols)": SystemLibsecpAlias, "": SystemLibsecpAlias,
	} {
		if got := systemName(v); got != want {
			t.Errorf("systemName(%q) = %q, want %q", v, got, want)
		}
	}
}
