//go:build cgo && unix

package providers

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// The reference of the benchmark is libsecp256k1 0.8 in this process: the C
// sources that the Rust crate secp256k1-sys 0.14.1 vendors
// (depend/secp256k1, bitcoin-core/secp256k1 at 6e2c8bc4, with the crate's
// small patches and its rustsecp256k1_v0_14_ symbol prefix), fetched with
// cargo, compiled with the defines of the crate's build.rs at -O2 into a
// shared object that is cached and loaded with dlopen like the system
// library. Nothing of libsecp256k1 is kept in this repository.
const (
	sysCrate        = "secp256k1-sys"
	sysCrateVersion = "0.14.1"
	// sysPrefix is the prefix secp256k1-sys gives every libsecp256k1
	// symbol of this version.
	sysPrefix = "rustsecp256k1_v0_14_"
	// refMajorMinor is the libsecp256k1 release the crate must vendor.
	refMajorMinor = "0.8"
)

// LibsecpCacheDir, when set before first use, is the directory the 0.8
// shared object is built and cached in (--libsecp-cache; also read from
// $SECP256K1_BENCH_CACHE). The default is p256k1-secp256k1-bench under
// os.UserCacheDir() (~/.cache on Linux).
var LibsecpCacheDir string

// BuildLog receives a line when the 0.8 shared object has to be built
// (nil: silent).
var BuildLog io.Writer

// refCFlags are the compiler flags: -O2 as the crate's release profile
// in bench/native and libsecp256k1's own release builds use; -fPIC for a
// shared object; -fvisibility=hidden as libsecp256k1's own shared-library
// builds use, so that only the API (marked visibility("default") in
// include/secp256k1.h) is exported and internal references (the
// precomputed tables) bind locally, as they do when the crate links the
// static library into a program.
var refCFlags = []string{"-O2", "-fPIC", "-fvisibility=hidden"}

// refDefines are the defines of secp256k1-sys 0.14.1's build.rs without
// the lowmemory feature, with the recovery feature (which bench/native
// uses), in its order. checkBuildRS verifies each against build.rs.
var refDefines = []struct{ name, value string }{
	{"ENABLE_MODULE_ECDH", "1"},
	{"ENABLE_MODULE_SCHNORRSIG", "1"},
	{"ENABLE_MODULE_EXTRAKEYS", "1"},
	{"ENABLE_MODULE_ELLSWIFT", "1"},
	{"ENABLE_MODULE_MUSIG", "1"},
	{"printf(...)", ""},
	{"ECMULT_WINDOW_SIZE", "15"},
	{"COMB_BLOCKS", "43"},
	{"COMB_TEETH", "6"},
	{"USE_EXTERNAL_DEFAULT_CALLBACKS", "1"},
	{"ENABLE_MODULE_RECOVERY", "1"},
}

// refSources are the files build.rs compiles, relative to the crate.
var refSources = []string{
	"depend/secp256k1/contrib/lax_der_parsing.c",
	"depend/secp256k1/src/precomputed_ecmult_gen.c",
	"depend/secp256k1/src/precomputed_ecmult.c",
	"depend/secp256k1/src/secp256k1.c",
}

var refIncludes = []string{"depend/secp256k1", "depend/secp256k1/include", "depend/secp256k1/src"}

// refCallbacks defines the two default callbacks that build.rs leaves to
// the Rust side (USE_EXTERNAL_DEFAULT_CALLBACKS): the same messages and
// abort as libsecp256k1's built-in defaults.
const refCallbacks = `/* Written by secp256k1-bench: the default callbacks secp256k1-sys provides in Rust. */
#include <stdio.h>
#include <stdlib.h>
void ` + sysPrefix + `default_illegal_callback_fn(const char *str, void *data) {
	(void)data;
	fprintf(stderr, "[libsecp256k1] illegal argument: %s\n", str);
	abort();
}
void ` + sysPrefix + `default_error_callback_fn(const char *str, void *data) {
	(void)data;
	fprintf(stderr, "[libsecp256k1] internal consistency check failed: %s\n", str);
	abort();
}
`

// refManifest is the crate manifest of the helper Cargo project through
// which cargo fetches the crate and says where its sources are.
const refManifest = `# Written by secp256k1-bench: lets cargo fetch secp256k1-sys, whose
# vendored libsecp256k1 the benchmark compiles (see bench/README.md).
[package]
name = "secp256k1-bench-libsecp-source"
version = "0.0.0"
edition = "2021"
publish = false

[lib]
path = "lib.rs"

[dependencies]
secp256k1-sys = { version = "=` + sysCrateVersion + `", features = ["recovery"] }
`

// refBuild describes the shared object: how it was built, from what. It is
// stored as build.json next to it and copied into the report.
type refBuild struct {
	Library        string   `json:"library"`
	Version        string   `json:"version"`
	Upstream       string   `json:"upstream_revision"`
	Crate          string   `json:"crate"`
	SourceDir      string   `json:"source_dir"`
	SourceSHA256   string   `json:"source_sha256"`
	Compiler       string   `json:"compiler"`
	CompilerID     string   `json:"compiler_version"`
	CFlags         []string `json:"cflags"`
	Defines        []string `json:"defines"`
	Sources        []string `json:"sources"`
	SharedObject   string   `json:"shared_object"`
	SharedSHA256   string   `json:"shared_object_sha256"`
	Key            string   `json:"cache_key"`
	BuiltAt        string   `json:"built_at"`
	BuildSeconds   float64  `json:"build_seconds"`
	CompileCommand string   `json:"compile_command"`
}

type refState struct {
	lib    *secpLib
	build  *refBuild
	reused bool
	err    error
}

var (
	refOnce sync.Once
	ref     refState
)

func loadRef() *refState {
	refOnce.Do(func() {
		b, reused, err := ensureRefBuild()
		if err != nil {
			ref.err = fmt.Errorf("libsecp256k1 %s in-process: %w", refMajorMinor, err)
			return
		}
		ref.build, ref.reused = b, reused
		l, err := openSecpLib(b.SharedObject, sysPrefix)
		if err != nil {
			ref.err = fmt.Errorf("libsecp256k1 %s in-process: loading %s: %w", refMajorMinor, b.SharedObject, err)
			return
		}
		if !l.schnorr || !l.ecdh || !l.recovery || !l.xonlyTweak {
			ref.err = fmt.Errorf("libsecp256k1 %s in-process: %s lacks a module (schnorrsig %v, ecdh %v, recovery %v, extrakeys tweak %v)", refMajorMinor, b.SharedObject, l.schnorr, l.ecdh, l.recovery, l.xonlyTweak)
			return
		}
		ref.lib = l
	})
	return &ref
}

func refCacheRoot() (string, error) {
	if LibsecpCacheDir != "" {
		return filepath.Abs(LibsecpCacheDir)
	}
	if d := os.Getenv("SECP256K1_BENCH_CACHE"); d != "" {
		return filepath.Abs(d)
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (%v); set $SECP256K1_BENCH_CACHE", err)
	}
	return filepath.Join(d, "p256k1-secp256k1-bench"), nil
}

// compilerCommand returns the C compiler to run: $CC (split on spaces) or cc.
func compilerCommand() ([]string, error) {
	cc := strings.Fields(os.Getenv("CC"))
	if len(cc) == 0 {
		cc = []string{"cc"}
	}
	p, err := exec.LookPath(cc[0])
	if err != nil {
		return nil, fmt.Errorf("no C compiler: %s not found in PATH (install gcc or clang, or set $CC)", cc[0])
	}
	cc[0] = p
	return cc, nil
}

// ensureRefBuild returns the cached shared object for the current sources
// and recipe, building it first if needed. reused says it was there.
func ensureRefBuild() (b *refBuild, reused bool, err error) { return ensureRefBuildWith(nil) }

// ensureRefBuildWith is ensureRefBuild with extra defines ("-DNAME=VALUE")
// after the crate's: a variant of the reference build, cached under its
// own key (libsecp_sp.go adds the silentpayments module, which the crate
// vendors but its build.rs does not enable).
func ensureRefBuildWith(extra []string) (b *refBuild, reused bool, err error) {
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		return nil, false, fmt.Errorf("cargo not found in PATH: it fetches %s %s, whose vendored libsecp256k1 this provider compiles (install Rust)", sysCrate, sysCrateVersion)
	}
	cc, err := compilerCommand()
	if err != nil {
		return nil, false, err
	}
	root, err := refCacheRoot()
	if err != nil {
		return nil, false, err
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, false, err
	}
	crate, err := locateCrate(cargo, root)
	if err != nil {
		return nil, false, err
	}
	depend := filepath.Join(crate, "depend")
	version, err := configureVersion(filepath.Join(depend, "secp256k1", "configure.ac"))
	if err != nil {
		return nil, false, err
	}
	if !strings.HasPrefix(version, refMajorMinor+".") {
		return nil, false, fmt.Errorf("%s %s vendors libsecp256k1 %s, want %s.x", sysCrate, sysCrateVersion, version, refMajorMinor)
	}
	if err := checkBuildRS(filepath.Join(crate, "build.rs")); err != nil {
		return nil, false, err
	}
	srcHash, err := hashSources(crate)
	if err != nil {
		return nil, false, err
	}
	ccID := compilerID(cc)
	var defines []string
	for _, d := range refDefines {
		defines = append(defines, "-D"+d.name+"="+d.value)
	}
	defines = append(defines, extra...)
	kh := sha256.New()
	for _, part := range [][]string{{sysCrate, sysCrateVersion, srcHash, ccID, strings.Join(cc, " "), runtime.GOOS, runtime.GOARCH, refCallbacks}, refCFlags, defines, refSources, refIncludes} {
		fmt.Fprintf(kh, "%q\n", part)
	}
	key := hex.EncodeToString(kh.Sum(nil))
	name := fmt.Sprintf("libsecp256k1-%s-%s-%s-%s", version, sysCrate, sysCrateVersion, key[:16])
	final := filepath.Join(root, name)
	if b, err := readRefBuild(final); err == nil {
		return b, true, nil
	}
	unlock, err := lockDir(root)
	if err != nil {
		return nil, false, err
	}
	defer unlock()
	if b, err := readRefBuild(final); err == nil { // built by another process meanwhile
		return b, true, nil
	}
	// Temporary directories left by an interrupted build (an hour old: a
	// build takes seconds) can go.
	if stale, err := filepath.Glob(filepath.Join(root, "libsecp256k1-*.tmp-*")); err == nil {
		for _, d := range stale {
			if st, err := os.Stat(d); err == nil && time.Since(st.ModTime()) > time.Hour {
				os.RemoveAll(d)
			}
		}
	}
	if BuildLog != nil {
		fmt.Fprintf(BuildLog, "libsecp256k1: building libsecp256k1 %s from the sources of %s %s (-O2, once) into %s\n", version, sysCrate, sysCrateVersion, final)
	}
	upstream := ""
	if rev, err := os.ReadFile(filepath.Join(depend, "secp256k1-HEAD-revision.txt")); err == nil {
		for _, line := range strings.Split(string(rev), "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
				upstream = line
			}
		}
	}
	b = &refBuild{
		Library:      "libsecp256k1 " + version,
		Version:      version,
		Upstream:     upstream,
		Crate:        sysCrate + " " + sysCrateVersion,
		SourceDir:    filepath.Join(depend, "secp256k1"),
		SourceSHA256: srcHash,
		Compiler:     strings.Join(cc, " "),
		CompilerID:   ccID,
		CFlags:       refCFlags,
		Defines:      defines,
		Sources:      refSources,
		Key:          key,
	}
	if err := buildRef(b, crate, cc, root, final); err != nil {
		return nil, false, err
	}
	return b, false, nil
}

// buildRef compiles the sources in a fresh directory next to final and
// renames it to final when everything is in place.
func buildRef(b *refBuild, crate string, cc []string, root, final string) error {
	start := time.Now()
	tmp, err := os.MkdirTemp(root, filepath.Base(final)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	cb := filepath.Join(tmp, "callbacks.c")
	if err := os.WriteFile(cb, []byte(refCallbacks), 0o644); err != nil {
		return err
	}
	var flags []string
	flags = append(flags, refCFlags...)
	flags = append(flags, b.Defines...)
	for _, inc := range refIncludes {
		flags = append(flags, "-I"+filepath.Join(crate, inc))
	}
	srcs := []string{cb}
	for _, s := range refSources {
		srcs = append(srcs, filepath.Join(crate, s))
	}
	objs := make([]string, len(srcs))
	errs := make([]error, len(srcs))
	var wg sync.WaitGroup
	for i, src := range srcs {
		objs[i] = filepath.Join(tmp, fmt.Sprintf("%d-%s.o", i, strings.TrimSuffix(filepath.Base(src), ".c")))
		args := append(append(append([]string(nil), cc[1:]...), flags...), "-c", src, "-o", objs[i])
		if i == len(srcs)-1 {
			b.CompileCommand = strings.Join(append([]string{cc[0]}, args...), " ")
		}
		wg.Add(1)
		go func(i int, args []string) {
			defer wg.Done()
			errs[i] = runTool(cc[0], args)
		}(i, args)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	so := filepath.Join(tmp, "libsecp256k1.so")
	link := append(append(append([]string(nil), cc[1:]...), "-shared", "-o", so), objs...)
	if err := runTool(cc[0], link); err != nil {
		return err
	}
	for _, o := range objs {
		os.Remove(o)
	}
	sum, err := fileSHA256(so)
	if err != nil {
		return err
	}
	b.SharedSHA256 = sum
	b.SharedObject = filepath.Join(final, "libsecp256k1.so")
	b.BuiltAt = time.Now().UTC().Format(time.RFC3339)
	b.BuildSeconds = float64(time.Since(start).Milliseconds()) / 1000
	b.CompileCommand = strings.ReplaceAll(b.CompileCommand, tmp, final)
	js, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "build.json"), append(js, '\n'), 0o644); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	os.RemoveAll(final) // an incomplete earlier directory
	if err := os.Rename(tmp, final); err != nil {
		return err
	}
	return nil
}

func runTool(name string, args []string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %v: %s", filepath.Base(name), strings.Join(args, " "), err, lastLines(out.String(), 5))
	}
	return nil
}

// readRefBuild returns the build recorded in dir if its shared object is
// there with the recorded digest.
func readRefBuild(dir string) (*refBuild, error) {
	js, err := os.ReadFile(filepath.Join(dir, "build.json"))
	if err != nil {
		return nil, err
	}
	var b refBuild
	if err := json.Unmarshal(js, &b); err != nil {
		return nil, err
	}
	b.SharedObject = filepath.Join(dir, "libsecp256k1.so")
	sum, err := fileSHA256(b.SharedObject)
	if err != nil {
		return nil, err
	}
	if sum != b.SharedSHA256 {
		return nil, fmt.Errorf("%s: sha256 %s, build.json says %s", b.SharedObject, sum, b.SharedSHA256)
	}
	return &b, nil
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	hh := sha256.New()
	if _, err := io.Copy(hh, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(hh.Sum(nil)), nil
}

// locateCrate asks cargo, through a helper project in the cache directory
// that depends on the pinned crate, where the crate's sources are;
// cargo metadata fetches them if needed.
func locateCrate(cargo, root string) (string, error) {
	proj := filepath.Join(root, "cargo-project")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		return "", err
	}
	manifest := filepath.Join(proj, "Cargo.toml")
	if old, err := os.ReadFile(manifest); err != nil || string(old) != refManifest {
		if err := os.WriteFile(manifest, []byte(refManifest), 0o644); err != nil {
			return "", err
		}
	}
	if err := os.WriteFile(filepath.Join(proj, "lib.rs"), nil, 0o644); err != nil {
		return "", err
	}
	run := func(extra ...string) ([]byte, error) {
		args := append([]string{"metadata", "--format-version", "1", "--manifest-path", manifest}, extra...)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, cargo, args...)
		cmd.Env = append(os.Environ(), "CARGO_TERM_COLOR=never")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("cargo %s: %v: %s", strings.Join(args, " "), err, lastLines(stderr.String(), 4))
		}
		return out, nil
	}
	out, err := run()
	if err != nil {
		// No network: the crate may be in cargo's cache already.
		var err2 error
		if out, err2 = run("--offline"); err2 != nil {
			return "", err
		}
	}
	var meta struct {
		Packages []struct {
			Name         string `json:"name"`
			Version      string `json:"version"`
			ManifestPath string `json:"manifest_path"`
		} `json:"packages"`
	}
	if err := json.Unmarshal(out, &meta); err != nil {
		return "", fmt.Errorf("cargo metadata: %v", err)
	}
	for _, p := range meta.Packages {
		if p.Name == sysCrate && p.Version == sysCrateVersion {
			dir := filepath.Dir(p.ManifestPath)
			if _, err := os.Stat(filepath.Join(dir, "depend", "secp256k1", "src", "secp256k1.c")); err != nil {
				return "", fmt.Errorf("%s %s at %s: %v", sysCrate, sysCrateVersion, dir, err)
			}
			return dir, nil
		}
	}
	return "", fmt.Errorf("cargo metadata: no %s %s", sysCrate, sysCrateVersion)
}

var acVersionRE = regexp.MustCompile(`define\(_PKG_VERSION_(MAJOR|MINOR|PATCH|IS_RELEASE), *([a-z0-9]+)\)`)

// configureVersion reads the version from libsecp256k1's configure.ac.
func configureVersion(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	part := map[string]string{}
	for _, m := range acVersionRE.FindAllSubmatch(b, -1) {
		part[string(m[1])] = string(m[2])
	}
	if part["MAJOR"] == "" || part["MINOR"] == "" || part["PATCH"] == "" {
		return "", fmt.Errorf("%s: no _PKG_VERSION_MAJOR/MINOR/PATCH", path)
	}
	v := part["MAJOR"] + "." + part["MINOR"] + "." + part["PATCH"]
	if part["IS_RELEASE"] != "true" {
		v += "-dev"
	}
	return v, nil
}

// checkBuildRS verifies that the crate's build.rs sets every define of
// refDefines and compiles every file of refSources, so that the
// transcription here cannot drift from the crate.
func checkBuildRS(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s := string(b)
	for _, d := range refDefines {
		want := fmt.Sprintf(".define(%q, Some(%q))", d.name, d.value)
		if !strings.Contains(s, want) {
			return fmt.Errorf("%s does not contain %s: the recipe here no longer matches the crate", path, want)
		}
	}
	for _, f := range refSources {
		if want := fmt.Sprintf(".file(%q)", f); !strings.Contains(s, want) {
			return fmt.Errorf("%s does not contain %s: the recipe here no longer matches the crate", path, want)
		}
	}
	return nil
}

// hashSources digests build.rs and every file under depend/ (path and
// content, in sorted order): the cache key changes with any source change.
func hashSources(crate string) (string, error) {
	var files []string
	err := filepath.WalkDir(filepath.Join(crate, "depend"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	files = append([]string{filepath.Join(crate, "build.rs")}, files...)
	hh := sha256.New()
	for _, f := range files {
		sum, err := fileSHA256(f)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(crate, f)
		fmt.Fprintf(hh, "%s %s\n", sum, filepath.ToSlash(rel))
	}
	return hex.EncodeToString(hh.Sum(nil)), nil
}

// compilerID is the first line of `cc --version`.
func compilerID(cc []string) string {
	out, err := exec.Command(cc[0], append(append([]string(nil), cc[1:]...), "--version")...).Output()
	if err != nil {
		return "unknown"
	}
	line, _, _ := bufio.NewReader(bytes.NewReader(out)).ReadLine()
	return strings.TrimSpace(string(line))
}

// Libsecp is the reference: libsecp256k1 0.8 compiled from the sources
// secp256k1-sys 0.14.1 vendors and loaded into this process with dlopen.
type Libsecp struct{}

// Name implements harness.Provider.
func (Libsecp) Name() string { return "libsecp256k1" }

// Available implements harness.Provider. The first call builds the shared
// object if the cache does not have it (seconds to a minute).
func (Libsecp) Available() error { return loadRef().err }

// Info implements harness.Provider.
func (Libsecp) Info() h.Info {
	s := loadRef()
	info := h.Info{
		Library: fmt.Sprintf("libsecp256k1 (in-process, compiled from %s %s)", sysCrate, sysCrateVersion),
		Mode:    "cgo, dlopen, C -O2",
		Legend:  "in-process, cgo",
		Notes:   secpNotes(),
		Extra:   map[string]string{},
	}
	if s.err != nil {
		return info
	}
	b := s.build
	info.Version = fmt.Sprintf("%s (bitcoin-core/secp256k1 %.8s)", b.Version, b.Upstream)
	info.Module = b.SharedObject
	info.Legend = "in-process, cgo, " + b.Version
	s.lib.extra(info.Extra)
	info.Extra["source_dir"] = b.SourceDir
	info.Extra["source_sha256"] = b.SourceSHA256
	info.Extra["upstream_revision"] = b.Upstream
	info.Extra["crate"] = b.Crate
	info.Extra["compiler"] = b.CompilerID
	info.Extra["cflags"] = strings.Join(b.CFlags, " ")
	info.Extra["defines"] = strings.Join(b.Defines, " ")
	info.Extra["shared_object_sha256"] = b.SharedSHA256
	info.Extra["built_at"] = b.BuiltAt
	info.Extra["compile_command"] = b.CompileCommand
	if s.reused {
		info.Extra["cache"] = "reused the cached build (key " + b.Key[:16] + ")"
	} else {
		info.Extra["cache"] = fmt.Sprintf("built in this run in %.1fs (key %s)", b.BuildSeconds, b.Key[:16])
	}
	return info
}

// Prepare implements harness.Provider.
func (Libsecp) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	s := loadRef()
	if s.err != nil {
		return nil, s.err
	}
	return s.lib.prepare(c, ds)
}

func refRef() *LibsecpRef {
	s := loadRef()
	r := &LibsecpRef{name: Libsecp{}.Name(), lib: s.lib, err: s.err}
	if s.build != nil {
		r.version = s.build.Version
	}
	return r
}

// LibsecpRefs returns the libsecp256k1 copies the differential tests
// compare with: the 0.8 reference first, then the system library. Each
// says through Err whether it is loaded.
func LibsecpRefs() []*LibsecpRef { return []*LibsecpRef{refRef(), systemRef()} }
