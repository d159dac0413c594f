package providers

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// Native is the "same machine, native C" anchor: the Rust program in
// bench/native calls libsecp256k1 (vendored by secp256k1-sys) directly, on
// the dataset this process writes, and reports its own timings plus the
// outputs the correctness gate checks. Run must be called before the gate.
type Native struct {
	dir     string
	err     error
	ran     bool
	res     nativeResult
	rustc   string
	command string
}

type nativeCase struct {
	Stats       h.Stats  `json:"stats"`
	Gate        []string `json:"gate"`
	GateMutated []string `json:"gate_mutated"`
}

type nativeResult struct {
	Library string                `json:"library"`
	Crate   string                `json:"crate"`
	Context string                `json:"context"`
	Cases   map[string]nativeCase `json:"cases"`
}

// NewNative returns the native provider for the Cargo project in dir (""
// finds bench/native from the working directory or this source file).
func NewNative(dir string) *Native {
	return &Native{dir: dir}
}

// Name implements harness.Provider.
func (*Native) Name() string { return "native" }

// Available implements harness.Provider.
func (n *Native) Available() error {
	if n.ran {
		return n.err
	}
	// Not run yet (--list): say whether it could run.
	if _, err := exec.LookPath("cargo"); err != nil {
		return errors.New("cargo not found in PATH (install Rust to run the native anchor)")
	}
	if n.dir == "" {
		if _, err := findNativeDir(); err != nil {
			return err
		}
	}
	return nil
}

// Info implements harness.Provider.
func (n *Native) Info() h.Info {
	lib := "libsecp256k1 via Rust secp256k1-sys (native, no cgo)"
	v := n.res.Library
	if n.res.Crate != "" {
		v += " (" + n.res.Crate + ")"
	}
	info := h.Info{
		Library: lib,
		Module:  n.dir,
		Version: v,
		Mode:    "native C, -O2",
		Legend:  strings.TrimPrefix(n.res.Library+", C via Rust", ", "),
		Notes: map[h.Case]string{
			h.ECDH: "secp256k1_ecdh with a hash function that copies x",
		},
		Extra: map[string]string{"context": n.res.Context, "rustc": n.rustc, "command": n.command},
	}
	return info
}

func findNativeDir() (string, error) {
	var cands []string
	if wd, err := os.Getwd(); err == nil {
		for d := wd; ; d = filepath.Dir(d) {
			cands = append(cands, filepath.Join(d, "bench", "native"), filepath.Join(d, "native"))
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok {
		// bench/internal/providers/native.go -> bench/native
		cands = append(cands, filepath.Join(filepath.Dir(file), "..", "..", "native"))
	}
	for _, c := range cands {
		if _, err := os.Stat(filepath.Join(c, "Cargo.toml")); err == nil {
			if b, err := os.ReadFile(filepath.Join(c, "Cargo.toml")); err == nil && bytes.Contains(b, []byte("secp256k1-bench-native")) {
				return filepath.Abs(c)
			}
		}
	}
	return "", errors.New("bench/native (Cargo.toml of secp256k1-bench-native) not found; run from the repository or pass --native-dir")
}

// Run builds the native program with cargo (release) and runs it on ds and
// bad with the given cases and timing. Errors make the provider
// unavailable, with the reason.
func (n *Native) Run(ds, bad *h.Dataset, cases []h.Case, t h.Timing, pinCore int, log io.Writer) {
	n.ran = true
	n.err = n.run(ds, bad, cases, t, pinCore, log)
}

func (n *Native) run(ds, bad *h.Dataset, cases []h.Case, t h.Timing, pinCore int, log io.Writer) error {
	if n.dir == "" {
		d, err := findNativeDir()
		if err != nil {
			return err
		}
		n.dir = d
	}
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		return errors.New("cargo not found in PATH (install Rust to run the native anchor)")
	}
	if out, err := exec.Command("rustc", "--version").Output(); err == nil {
		n.rustc = strings.TrimSpace(string(out))
	}
	build := exec.Command(cargo, "build", "--release", "--quiet")
	build.Dir = n.dir
	var berr bytes.Buffer
	build.Stderr = &berr
	if err := build.Run(); err != nil {
		return fmt.Errorf("cargo build --release in %s: %v: %s", n.dir, err, lastLines(berr.String(), 5))
	}
	bin := filepath.Join(n.dir, "target", "release", "secp256k1-bench-native")
	tmp, err := os.MkdirTemp("", "secp256k1-bench-native")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dsPath, badPath := filepath.Join(tmp, "dataset.txt"), filepath.Join(tmp, "mutated.txt")
	for _, f := range []struct {
		path string
		ds   *h.Dataset
	}{{dsPath, ds}, {badPath, bad}} {
		fh, err := os.Create(f.path)
		if err != nil {
			return err
		}
		if err := f.ds.WriteText(fh); err != nil {
			fh.Close()
			return err
		}
		if err := fh.Close(); err != nil {
			return err
		}
	}
	var names []string
	for _, c := range cases {
		names = append(names, string(c))
	}
	args := []string{bin, "--dataset", dsPath, "--mutated", badPath, "--cases", strings.Join(names, ","),
		"--warmup-ms", strconv.FormatFloat(float64(t.Warmup)/1e6, 'f', -1, 64),
		"--measure-ms", strconv.FormatFloat(float64(t.Measure)/1e6, 'f', -1, 64),
		"--gate-n", strconv.Itoa(h.GateN)}
	if pinCore >= 0 {
		if ts, err := exec.LookPath("taskset"); err == nil {
			args = append([]string{ts, "-c", strconv.Itoa(pinCore)}, args...)
		}
	}
	n.command = strings.Join(args, " ")
	cmd := exec.Command(args[0], args[1:]...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if log != nil {
		cmd.Stderr = io.MultiWriter(&stderr, log)
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("native anchor failed: %v: %s", err, lastLines(stderr.String(), 5))
	}
	if err := json.Unmarshal(stdout.Bytes(), &n.res); err != nil {
		return fmt.Errorf("native anchor output: %v", err)
	}
	return nil
}

func lastLines(s string, k int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > k {
		lines = lines[len(lines)-k:]
	}
	return strings.Join(lines, " | ")
}

// Prepare implements harness.Provider: the returned op replays the outputs
// the native program recorded for the first items of the dataset (or of
// its mutated copy), for the correctness gate. It is never timed here.
func (n *Native) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	if !n.ran {
		return nil, errors.New("native anchor not run")
	}
	if n.err != nil {
		return nil, n.err
	}
	nc, ok := n.res.Cases[string(c)]
	if !ok {
		return nil, fmt.Errorf("%w: the native program did not run %s", h.ErrUnsupported, c)
	}
	rec := nc.Gate
	if ds.Mutated {
		rec = nc.GateMutated
	}
	verify := strings.Contains(string(c), "verify")
	return func(i int) ([]byte, bool) {
		if i >= len(rec) {
			return nil, false
		}
		if verify {
			return nil, rec[i] == "1"
		}
		if rec[i] == "" {
			return nil, false
		}
		b, err := hex.DecodeString(rec[i])
		return b, err == nil
	}, nil
}

// Measured implements harness.Measurer.
func (n *Native) Measured(c h.Case) (h.Stats, bool) {
	nc, ok := n.res.Cases[string(c)]
	return nc.Stats, ok
}
