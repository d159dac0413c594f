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
	"time"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// Native is the "same machine, native C" anchor: the Rust program in
// bench/native calls libsecp256k1 (vendored by secp256k1-sys) directly, on
// the dataset this process writes, and reports its own timings plus the
// outputs the correctness gate checks. Run must be called before the gate;
// the harness then interleaves its measurement slices (one process run
// each, with the individual timings returned) with the Go providers'.
type Native struct {
	dir     string
	bin     string
	tmp     string
	dsPath  string
	badPath string
	pin     int
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
	Raw         []int64  `json:"raw_ns"`
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
	return &Native{dir: dir, pin: -1}
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
			h.ECDH:               "secp256k1_ecdh with a hash function that copies x",
			h.ECDSASignPreparsed: "libsecp256k1 has no parsed secret-key type: the same secp256k1_ecdsa_sign call as ecdsa_sign_from_bytes",
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

// Run builds the native program with cargo (release), writes the dataset
// and its mutated copy to a temporary directory (removed by Close), and runs
// the program once without timing to collect the outputs the correctness
// gate checks. Errors make the provider unavailable, with the reason.
func (n *Native) Run(ds, bad *h.Dataset, cases []h.Case, pinCore int, log io.Writer) {
	n.ran = true
	n.pin = pinCore
	n.err = n.run(ds, bad, cases, log)
}

// Close removes the dataset files.
func (n *Native) Close() {
	if n.tmp != "" {
		os.RemoveAll(n.tmp)
		n.tmp = ""
	}
}

func (n *Native) run(ds, bad *h.Dataset, cases []h.Case, log io.Writer) error {
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
	if log != nil {
		fmt.Fprintln(log, "native anchor: cargo build --release in", n.dir)
	}
	build := exec.Command(cargo, "build", "--release", "--quiet")
	build.Dir = n.dir
	var berr bytes.Buffer
	build.Stderr = &berr
	if err := build.Run(); err != nil {
		return fmt.Errorf("cargo build --release in %s: %v: %s", n.dir, err, lastLines(berr.String(), 5))
	}
	n.bin = filepath.Join(n.dir, "target", "release", "secp256k1-bench-native")
	if n.tmp, err = os.MkdirTemp("", "secp256k1-bench-native"); err != nil {
		return err
	}
	n.dsPath, n.badPath = filepath.Join(n.tmp, "dataset.txt"), filepath.Join(n.tmp, "mutated.txt")
	for _, f := range []struct {
		path string
		ds   *h.Dataset
	}{{n.dsPath, ds}, {n.badPath, bad}} {
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
	// The native program implements the single-operation cases but
	// ecdsa_recover_ethereum (the same libsecp256k1 call as ecdsa_recover);
	// libsecp256k1 has no batch verification or multi-scalar
	// multiplication, so the batch and msm cases are left out (Prepare
	// reports them unsupported).
	var names []string
	for _, c := range cases {
		if _, batch := c.Batch(); !batch && c != h.ECDSARecoverEthereum {
			names = append(names, string(c))
		}
	}
	// The gate run: outputs for the first items, no meaningful timing.
	res, err := n.exec(names, 0, 0, h.GateN, false)
	if err != nil {
		return err
	}
	n.res = *res
	n.command = strings.Join(n.args(names, 250*time.Millisecond, 2*time.Second, 0, true), " ")
	return nil
}

func (n *Native) args(cases []string, warmup, measure time.Duration, gateN int, raw bool) []string {
	args := []string{n.bin, "--dataset", n.dsPath, "--mutated", n.badPath, "--cases", strings.Join(cases, ","),
		"--warmup-ms", strconv.FormatFloat(float64(warmup)/1e6, 'f', -1, 64),
		"--measure-ms", strconv.FormatFloat(float64(measure)/1e6, 'f', -1, 64),
		"--gate-n", strconv.Itoa(gateN)}
	if raw {
		args = append(args, "--raw")
	}
	if n.pin >= 0 {
		if ts, err := exec.LookPath("taskset"); err == nil {
			args = append([]string{ts, "-c", strconv.Itoa(n.pin)}, args...)
		}
	}
	return args
}

func (n *Native) exec(cases []string, warmup, measure time.Duration, gateN int, raw bool) (*nativeResult, error) {
	args := n.args(cases, warmup, measure, gateN, raw)
	cmd := exec.Command(args[0], args[1:]...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("native anchor failed: %v: %s", err, lastLines(stderr.String(), 5))
	}
	var res nativeResult
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return nil, fmt.Errorf("native anchor output: %v", err)
	}
	return &res, nil
}

// Sample implements harness.External: one run of the native program on
// one case, returning every individual timing.
func (n *Native) Sample(c h.Case, warmup, measure time.Duration) ([]int64, error) {
	if n.err != nil || !n.ran {
		return nil, n.Available()
	}
	res, err := n.exec([]string{string(c)}, warmup, measure, 0, true)
	if err != nil {
		return nil, err
	}
	nc, ok := res.Cases[string(c)]
	if !ok || len(nc.Raw) == 0 {
		return nil, fmt.Errorf("native anchor returned no timings for %s", c)
	}
	return nc.Raw, nil
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
