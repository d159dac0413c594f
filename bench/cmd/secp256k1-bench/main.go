// Command secp256k1-bench compares secp256k1 implementations for Go on the
// machine it runs on: p256k1 (this library), decred dcrec/secp256k1,
// btcec/v2, go-ethereum's cgo binding, libsecp256k1 0.8 compiled from the
// sources of the Rust crate secp256k1-sys and loaded into this process (the
// reference and default baseline) and the system libsecp256k1 (both loaded
// at run time), plus optionally libsecp256k1 called natively from a Rust
// program (--native).
//
// Every provider works on one deterministic dataset, passes a correctness
// gate before it is timed, and is timed per operation in the same process
// on one locked OS thread. The result is a Markdown table on stdout, and
// optionally JSON (--json) and an SVG bar chart (--svg).
//
// Usage:
//
//	go run ./bench/cmd/secp256k1-bench [flags]
//
// Exit status: 0 when every gated case passed, 1 when any case FAILed the
// correctness gate, 2 on usage or setup errors.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
	"github.com/p256k1/secp256k1/bench/internal/providers"
)

func init() {
	// The measurements run on the main goroutine; keep it on one OS thread
	// from the start so that --pin-core applies to the thread that times.
	runtime.LockOSThread()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("secp256k1-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		seed      = fs.Int64("seed", 42, "dataset seed")
		n         = fs.Int("n", 10000, "dataset size (items are used round-robin)")
		warmup    = fs.Duration("warmup", 250*time.Millisecond, "untimed warm-up per case and provider")
		measure   = fs.Duration("measure", 2000*time.Millisecond, "measurement time per case and provider")
		rounds    = fs.Int("rounds", 8, "interleaved rounds the measurement time is split into (providers of a case take turns)")
		caseList  = fs.String("case", "all", "comma-separated cases: "+strings.Join(caseNames(), ","))
		provList  = fs.String("provider", "all", "comma-separated providers: "+strings.Join(providers.StaticNames(), ",")+" (native needs --native; the system libsecp256k1 is named after its version, e.g. libsecp256k1-0.2, and also answers to "+providers.SystemLibsecpAlias+")")
		baseline  = fs.String("baseline", "auto", "provider the ratio column divides by (auto: libsecp256k1, the 0.8 reference in-process, else the system libsecp256k1, else geth; none: no ratio)")
		pin       = fs.Int("pin-core", -1, "pin the benchmark thread to this CPU core (Linux)")
		jsonOut   = fs.String("json", "", "write the full report as JSON to `FILE`")
		svgOut    = fs.String("svg", "", "write a bar chart of the ratios as SVG to `FILE`")
		mdOut     = fs.String("md", "", "also write the Markdown table to `FILE`")
		native    = fs.Bool("native", false, "also run libsecp256k1 natively through the Rust program in bench/native (needs cargo)")
		nativeDir = fs.String("native-dir", "", "directory of the native anchor (default: bench/native found from the working directory)")
		libsecp   = fs.String("libsecp", "", "path of the system libsecp256k1 shared object to load (default: search the usual names)")
		libCache  = fs.String("libsecp-cache", "", "directory where libsecp256k1 0.8 is built and cached (default: $SECP256K1_BENCH_CACHE, else p256k1-secp256k1-bench in the user cache directory)")
		check     = fs.Bool("check", false, "run only the correctness gate (no timing); exit 1 on any FAIL")
		list      = fs.Bool("list", false, "list providers and whether they can run here, then exit")
		spread    = fs.String("spread", "", "print the run-to-run spread of the medians in the given comma-separated --json reports, then exit")
		quiet     = fs.Bool("quiet", false, "no progress line on stderr")
	)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "unexpected arguments: %v\n", fs.Args())
		return 2
	}
	providers.LibsecpPath = *libsecp
	providers.LibsecpCacheDir = *libCache
	if !*quiet {
		providers.BuildLog = stderr
	}
	if *spread != "" {
		var reps []*h.Report
		for _, f := range strings.Split(*spread, ",") {
			r, err := h.ReadReport(strings.TrimSpace(f))
			if err != nil {
				fmt.Fprintln(stderr, err)
				return 2
			}
			reps = append(reps, r)
		}
		if err := h.WriteSpread(stdout, reps); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		return 0
	}

	cases, err := h.ParseCases(*caseList)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	all := providers.All()
	var nat *providers.Native
	if *native {
		nat = providers.NewNative(*nativeDir)
		all = append(all, nat)
	}
	provs, err := selectProviders(all, *provList)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if *list {
		for _, p := range all {
			status := "available"
			if err := p.Available(); err != nil {
				status = "unavailable: " + err.Error()
			}
			info := p.Info()
			fmt.Fprintf(stdout, "%-19s %s %s [%s] — %s\n", p.Name(), info.Library, info.Version, info.Mode, status)
		}
		return 0
	}
	if *n < 2 {
		fmt.Fprintln(stderr, "--n must be at least 2")
		return 2
	}

	pinned := -1
	if *pin >= 0 {
		if err := pinCore(*pin); err != nil {
			fmt.Fprintf(stderr, "--pin-core %d: %v\n", *pin, err)
			return 2
		}
		pinned = *pin
	}

	cfg := h.Config{
		Seed:         *seed,
		N:            *n,
		Timing:       h.Timing{Warmup: *warmup, Measure: *measure, Rounds: *rounds},
		Cases:        cases,
		Providers:    provs,
		Verifiers:    providers.Verifiers(),
		Baseline:     *baseline,
		AutoBaseline: providers.AutoBaseline(),
		GateOnly:     *check,
	}
	if !*quiet {
		cfg.Progress = stderr
	}
	if nat != nil {
		cfg.BeforeGate = func(ds, bad *h.Dataset) error {
			var log io.Writer
			if !*quiet {
				log = stderr
			}
			nat.Run(ds, bad, cases, pinned, log)
			return nil
		}
	}
	rep, err := h.Run(cfg)
	if nat != nil {
		nat.Close()
	}
	if err != nil {
		fmt.Fprintln(stderr, "secp256k1-bench:", err)
		return 2
	}
	rep.Env.PinnedCore = pinned
	rep.Env.LockedOSThread = true
	rep.Env.P256k1Mode = providers.P256k1{}.Mode()

	var md bytes.Buffer
	if err := rep.WriteMarkdown(&md); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	stdout.Write(md.Bytes())
	for _, out := range []struct {
		path  string
		write func(io.Writer) error
	}{
		{*jsonOut, rep.WriteJSON},
		{*svgOut, rep.WriteSVG},
		{*mdOut, func(w io.Writer) error { _, err := w.Write(md.Bytes()); return err }},
	} {
		if out.path == "" {
			continue
		}
		if err := writeFile(out.path, out.write); err != nil {
			fmt.Fprintln(stderr, "secp256k1-bench:", err)
			return 2
		}
	}
	if rep.Failed() {
		fmt.Fprintln(stderr, "secp256k1-bench: correctness gate FAILED for at least one case (see the table)")
		return 1
	}
	return 0
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func caseNames() []string {
	var s []string
	for _, c := range h.AllCases {
		s = append(s, string(c))
	}
	return s
}

func selectProviders(all []h.Provider, list string) ([]h.Provider, error) {
	list = strings.TrimSpace(list)
	if list == "" || list == "all" {
		return all, nil
	}
	byName := map[string]h.Provider{}
	var names []string
	for _, p := range all {
		byName[p.Name()] = p
		names = append(names, p.Name())
		if _, ok := p.(providers.SystemLibsecp); ok {
			byName[providers.SystemLibsecpAlias] = p
		}
	}
	var out []h.Provider
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		p, ok := byName[f]
		if !ok {
			if f == "native" {
				return nil, fmt.Errorf("provider native needs --native")
			}
			return nil, fmt.Errorf("unknown provider %q (known: %s)", f, strings.Join(names, ", "))
		}
		out = append(out, p)
	}
	return out, nil
}
