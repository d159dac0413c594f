//go:build cgo && unix

package providers

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// LibsecpPath, when set before first use, is the only system libsecp256k1
// shared object tried (the --libsecp flag; also read from
// $SECP256K1_BENCH_LIBSECP).
var LibsecpPath string

type systemState struct {
	lib       *secpLib
	err       error
	tried     []string
	version   string
	lowerBnd  string
	pcVersion string
}

var (
	systemOnce sync.Once
	system     systemState
)

func libsecpCandidates() []string {
	if LibsecpPath != "" {
		return []string{LibsecpPath}
	}
	if p := os.Getenv("SECP256K1_BENCH_LIBSECP"); p != "" {
		return []string{p}
	}
	var c []string
	if runtime.GOOS == "darwin" {
		c = append(c, "libsecp256k1.dylib", "/opt/homebrew/lib/libsecp256k1.dylib", "/usr/local/lib/libsecp256k1.dylib")
		return c
	}
	// The development symlink first, then every runtime soname the dynamic
	// linker knows (newest first), then files in the usual directories.
	c = append(c, "libsecp256k1.so")
	for v := 9; v >= 0; v-- {
		c = append(c, "libsecp256k1.so."+strconv.Itoa(v))
	}
	dirs := []string{"/usr/local/lib", "/usr/lib64", "/usr/lib", "/lib64", "/lib",
		"/usr/lib/" + gnuTriplet(), "/lib/" + gnuTriplet()}
	if ld := os.Getenv("LD_LIBRARY_PATH"); ld != "" {
		dirs = append(strings.Split(ld, ":"), dirs...)
	}
	var files []string
	for _, d := range dirs {
		m, _ := filepath.Glob(filepath.Join(d, "libsecp256k1.so.*"))
		files = append(files, m...)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(files)))
	return append(c, files...)
}

func gnuTriplet() string {
	switch runtime.GOARCH {
	case "amd64":
		return "x86_64-linux-gnu"
	case "arm64":
		return "aarch64-linux-gnu"
	case "386":
		return "i386-linux-gnu"
	}
	return runtime.GOARCH + "-linux-gnu"
}

func loadSystem() *systemState {
	systemOnce.Do(func() {
		s := &system
		var last error
		for _, cand := range libsecpCandidates() {
			s.tried = append(s.tried, cand)
			l, err := openSecpLib(cand, "secp256k1_")
			if err == nil {
				s.lib = l
				break
			}
			last = err
		}
		if s.lib == nil {
			s.err = fmt.Errorf("system libsecp256k1 shared library not found (install libsecp256k1-dev or pass --libsecp=PATH); tried %d names, last error: %v", len(s.tried), last)
			return
		}
		s.lowerBnd = libsecpLowerBound(s.lib)
		s.pcVersion = pkgConfigVersion(s.lib.path)
		switch {
		case s.pcVersion != "":
			s.version = s.pcVersion
		case s.lowerBnd != "":
			s.version = s.lowerBnd + " (from exported symbols)"
		default:
			s.version = "unknown"
		}
	})
	return &system
}

// libsecpLowerBound infers a minimum version from the exported symbols
// (CHANGELOG.md of bitcoin-core/secp256k1).
func libsecpLowerBound(l *secpLib) string {
	for _, p := range []struct{ sym, ver string }{
		{"musig_pubkey_agg", ">= 0.6.0"},
		{"ec_pubkey_sort", ">= 0.5.0"},
		{"ellswift_encode", ">= 0.4.0"},
		{"selftest", ">= 0.2.0"},
	} {
		if l.has(p.sym) {
			return p.ver
		}
	}
	return ""
}

var pcVersionRE = regexp.MustCompile(`(?m)^Version:\s*(\S+)`)

// pkgConfigVersion reads Version: from the libsecp256k1.pc installed next
// to the shared object (libdir/pkgconfig), as Debian and `make install` do.
func pkgConfigVersion(so string) string {
	if so == "" {
		return ""
	}
	dir := filepath.Dir(so)
	for _, pc := range []string{filepath.Join(dir, "pkgconfig", "libsecp256k1.pc"), filepath.Join(dir, "..", "share", "pkgconfig", "libsecp256k1.pc")} {
		b, err := os.ReadFile(pc)
		if err != nil {
			continue
		}
		if m := pcVersionRE.FindSubmatch(b); m != nil {
			return string(m[1])
		}
	}
	return ""
}

var majorMinorRE = regexp.MustCompile(`^(\d+)\.(\d+)(\.|$)`)

// systemName is the name of the system library's provider:
// libsecp256k1-<major>.<minor> of the version found (libsecp256k1-0.2 with
// Debian 12's 0.2.0), or libsecp256k1-system when the library is not found
// or its exact version is unknown.
func systemName(version string) string {
	if m := majorMinorRE.FindStringSubmatch(version); m != nil {
		return "libsecp256k1-" + m[1] + "." + m[2]
	}
	return SystemLibsecpAlias
}

// SystemLibsecp is the system libsecp256k1 (Debian: libsecp256k1-dev),
// loaded at run time with dlopen: a further row next to the 0.8 reference.
type SystemLibsecp struct{}

// Name implements harness.Provider. It loads the library to learn its
// version; set LibsecpPath first.
func (SystemLibsecp) Name() string { return systemName(loadSystem().version) }

// Available implements harness.Provider.
func (SystemLibsecp) Available() error { return loadSystem().err }

// Info implements harness.Provider.
func (SystemLibsecp) Info() h.Info {
	s := loadSystem()
	info := h.Info{
		Library: "libsecp256k1 (system shared library)",
		Version: s.version,
		Mode:    "cgo, dlopen",
		Legend:  "system library, cgo, " + s.version,
		Notes:   secpNotes(),
		Extra:   map[string]string{},
	}
	if s.err == nil {
		info.Module = s.lib.path
		s.lib.extra(info.Extra)
		if s.lowerBnd != "" {
			info.Extra["version_from_symbols"] = s.lowerBnd
		}
	}
	return info
}

// Prepare implements harness.Provider.
func (SystemLibsecp) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	s := loadSystem()
	if s.err != nil {
		return nil, s.err
	}
	return s.lib.prepare(c, ds)
}

func systemRef() *LibsecpRef {
	s := loadSystem()
	return &LibsecpRef{name: systemName(s.version), version: s.version, lib: s.lib, err: s.err}
}
