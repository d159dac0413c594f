// Command mutate is the mutation tester of the library: it makes small
// changes (mutants) to a package's Go source, one at a time, and runs the
// package's tests against each; a mutant the tests do not notice (one that
// survives) is a change to the code no test can see. doc/assurance.md
// ("Mutation testing") lists the operators, the scores and every surviving
// mutant with the reason it is harmless.
//
// Each mutant is built through go test -overlay, which swaps the mutated
// file in for the build without touching the checkout, so runs are safe to
// interrupt and to run side by side. For each mutant the package's test
// binary is built (a build error makes the mutant unviable) and run in the
// package directory with -test.short -test.failfast and a timeout; a
// failure kills the mutant, a run past the timeout kills it by timeout, a
// test binary identical to the unmutated one is an equivalent mutant
// (the compiler produced the same code), and a pass is a survivor.
//
// Usage:
//
//	go run ./internal/cmd/mutate [flags] package...
//
//	-list            print the mutants and exit
//	-sample N        run a random sample of N mutants per package (0: all)
//	-sample-seed S   the seed choosing the sample
//	-ops a,b         only these operator classes (see -list for the names)
//	-files a.go,b.go only these files (base names)
//	-timeout D       limit on one mutant's test run (default 60s)
//	-jobs N          mutants built and run at once (default 1)
//	-out FILE        append one JSON line per mutant; mutants already in
//	                 FILE are not run again (resume)
//	-rerun FILE      run only the mutants that survived in FILE (an -out
//	                 file of an earlier run): after adding tests
//	-known FILE      CI mode: run the mutants FILE names, fail unless every
//	                 one is killed; a name no longer found fails too
//	-tags T          build tags for both the package and its tests
//	-test-seed N     passed to the test binary as -seed N when it accepts
//	                 it (internal/testutil), so random tests repeat (0: off)
//
// Run it from the repository root with GOWORK=off, as CI does.
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

var (
	listOnly   = flag.Bool("list", false, "print the mutants and exit")
	sampleN    = flag.Int("sample", 0, "run a random sample of `N` mutants per package (0: all)")
	sampleSeed = flag.Uint64("sample-seed", 1, "seed of the sample")
	opsFlag    = flag.String("ops", "", "comma-separated operator classes to use (default all)")
	filesFlag  = flag.String("files", "", "comma-separated file base names to mutate (default all)")
	timeout    = flag.Duration("timeout", 60*time.Second, "limit on one mutant's test run")
	jobs       = flag.Int("jobs", 1, "mutants built and run at once")
	outFile    = flag.String("out", "", "append results to `FILE` as JSON lines, skipping mutants already there")
	rerunFile  = flag.String("rerun", "", "run only the mutants that survived in the results `FILE` (from -out)")
	knownFile  = flag.String("known", "", "CI mode: run the mutants named in `FILE`; fail unless all are killed")
	tags       = flag.String("tags", "", "build tags")
	testSeed   = flag.Uint64("test-seed", 1, "passed as -seed to test binaries that accept it (0: not passed)")
	verbose    = flag.Bool("v", false, "print the test output of survivors and unviable mutants")
)

// Result is what happened to one mutant; one JSON line in -out.
type Result struct {
	Pkg    string  `json:"pkg"`
	Key    string  `json:"key"`
	Pos    string  `json:"pos"` // file:line:col
	Op     string  `json:"op"`
	Old    string  `json:"old"`
	New    string  `json:"new"`
	Status string  `json:"status"`         // see the status constants
	Detail string  `json:"detail"`         // the first failing test, or the build error
	Secs   float64 `json:"secs,omitempty"` // build and run
}

const (
	killed    = "killed"
	timedOut  = "timeout"
	survived  = "survived"
	unviable  = "unviable"
	identical = "equivalent" // the test binary is byte for byte the unmutated one
)

// pkgInfo is what go list says about a package.
type pkgInfo struct {
	ImportPath string
	Dir        string
	GoFiles    []string
}

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: mutate [flags] package...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 && *knownFile == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(1)
	}
}

func run() error {
	if *knownFile != "" {
		return runKnown(*knownFile)
	}
	done := map[string]bool{}
	if *outFile != "" {
		prev, err := readResults(*outFile)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		for _, r := range prev {
			done[r.Pkg+" "+r.Key] = true
		}
	}
	var rerun map[string]bool
	if *rerunFile != "" {
		prev, err := readResults(*rerunFile)
		if err != nil {
			return err
		}
		rerun = map[string]bool{}
		for _, r := range prev {
			if r.Status == survived {
				rerun[r.Pkg+" "+r.Key] = true
			}
		}
	}
	for _, p := range flag.Args() {
		pkg, err := goList(p)
		if err != nil {
			return err
		}
		ms, srcs, err := pkgMutants(pkg)
		if err != nil {
			return err
		}
		ms = filterMutants(ms)
		if rerun != nil {
			var keep []*Mutant
			for _, m := range ms {
				if rerun[pkg.ImportPath+" "+m.Key()] {
					keep = append(keep, m)
				}
			}
			ms = keep
		}
		if *listOnly {
			for _, m := range ms {
				fmt.Printf("%s\t%s\t%s\n", pkg.ImportPath, m.String(), m.Key())
			}
			fmt.Fprintf(os.Stderr, "%s: %d mutants\n", pkg.ImportPath, len(ms))
			continue
		}
		total := len(ms)
		if *sampleN > 0 && *sampleN < len(ms) {
			ms = sample(ms, *sampleN, *sampleSeed)
		}
		var todo []*Mutant
		for _, m := range ms {
			if !done[pkg.ImportPath+" "+m.Key()] {
				todo = append(todo, m)
			}
		}
		fmt.Printf("%s: %d mutants, running %d (%d sampled, %d done before)\n",
			pkg.ImportPath, total, len(todo), len(ms), len(ms)-len(todo))
		res, err := runMutants(pkg, srcs, todo)
		if err != nil {
			return err
		}
		printSummary(pkg.ImportPath, res)
	}
	return nil
}

func filterMutants(ms []*Mutant) []*Mutant {
	ops := set(*opsFlag)
	files := set(*filesFlag)
	var out []*Mutant
	for _, m := range ms {
		if (ops == nil || ops[m.Op]) && (files == nil || files[m.File]) {
			out = append(out, m)
		}
	}
	return out
}

func set(s string) map[string]bool {
	if s == "" {
		return nil
	}
	m := map[string]bool{}
	for _, f := range strings.Split(s, ",") {
		m[strings.TrimSpace(f)] = true
	}
	return m
}

// sample returns n of ms chosen with seed, in source order.
func sample(ms []*Mutant, n int, seed uint64) []*Mutant {
	idx := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)).Perm(len(ms))[:n]
	sort.Ints(idx)
	out := make([]*Mutant, n)
	for i, j := range idx {
		out[i] = ms[j]
	}
	return out
}

func goList(p string) (*pkgInfo, error) {
	args := []string{"list", "-json"}
	if *tags != "" {
		args = append(args, "-tags", *tags)
	}
	out, err := exec.Command("go", append(args, p)...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("go list %s: %v\n%s", p, err, ee.Stderr)
		}
		return nil, err
	}
	var pkg pkgInfo
	if err := json.Unmarshal(out, &pkg); err != nil {
		return nil, err
	}
	return &pkg, nil
}

// pkgMutants returns the mutants of every non-generated file the package
// builds with (its GoFiles for this GOOS, GOARCH and tags; test files and
// assembly are never mutated), and the files' sources by base name.
func pkgMutants(pkg *pkgInfo) ([]*Mutant, map[string][]byte, error) {
	var all []*Mutant
	srcs := map[string][]byte{}
	for _, name := range pkg.GoFiles {
		path := filepath.Join(pkg.Dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		f, ms, err := Generate(path, src)
		if err != nil {
			return nil, nil, err
		}
		if IsGenerated(f) {
			continue
		}
		srcs[name] = src
		all = append(all, ms...)
	}
	return all, srcs, nil
}

// runner builds and runs mutants of one package.
type runner struct {
	pkg      *pkgInfo
	srcs     map[string][]byte
	tmp      string
	baseHash [32]byte
	seedArg  bool
}

func newRunner(pkg *pkgInfo, srcs map[string][]byte) (*runner, error) {
	tmp, err := os.MkdirTemp("", "mutate-")
	if err != nil {
		return nil, err
	}
	r := &runner{pkg: pkg, srcs: srcs, tmp: tmp}
	// The unmutated binary, built the way every mutant is (through an
	// overlay, so that a mutant compiled to the same code hashes the same),
	// must pass.
	dir := filepath.Join(tmp, "base")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var any string
	for name := range srcs {
		any = name
		break
	}
	if any == "" {
		return nil, fmt.Errorf("%s: no files to mutate", pkg.ImportPath)
	}
	bin, out, err := r.build(dir, any, srcs[any])
	if err != nil {
		return nil, fmt.Errorf("%s: building the unmutated tests: %v\n%s", pkg.ImportPath, err, out)
	}
	r.baseHash, err = hashFile(bin)
	if err != nil {
		return nil, err
	}
	// Does the test binary take -seed (internal/testutil)?
	probe := exec.Command(bin, "-seed", "1", "-test.run", "^$")
	probe.Dir = pkg.Dir
	r.seedArg = *testSeed != 0 && probe.Run() == nil
	start := time.Now()
	status, detail, outp := r.test(bin)
	if status != survived {
		return nil, fmt.Errorf("%s: the unmutated tests do not pass (%s: %s)\n%s", pkg.ImportPath, status, detail, outp)
	}
	fmt.Printf("%s: unmutated tests pass in %.1fs (-seed passed: %v)\n", pkg.ImportPath, time.Since(start).Seconds(), r.seedArg)
	return r, nil
}

func hashFile(name string) ([32]byte, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return [32]byte{}, err
	}
	return sha256.Sum256(b), nil
}

// build writes src as file name of the package into dir, builds the test
// binary with it overlaid, and returns the binary's path.
func (r *runner) build(dir, name string, src []byte) (string, []byte, error) {
	mf := filepath.Join(dir, name)
	if err := os.WriteFile(mf, src, 0o644); err != nil {
		return "", nil, err
	}
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(r.pkg.Dir, name): mf}})
	ovf := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ovf, ov, 0o644); err != nil {
		return "", nil, err
	}
	bin := filepath.Join(dir, "pkg.test")
	args := []string{"test", "-c", "-vet=off", "-overlay", ovf, "-o", bin}
	if *tags != "" {
		args = append(args, "-tags", *tags)
	}
	cmd := exec.Command("go", append(args, r.pkg.ImportPath)...)
	out, err := cmd.CombinedOutput()
	return bin, out, err
}

var failRE = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)`)

// test runs the test binary in the package directory.
func (r *runner) test(bin string) (status, detail string, out []byte) {
	args := []string{"-test.short", "-test.failfast", "-test.count=1",
		"-test.timeout=" + timeout.String()}
	if r.seedArg {
		args = append(args, "-seed", fmt.Sprint(*testSeed))
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout+30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = r.pkg.Dir
	cmd.WaitDelay = 5 * time.Second
	var buf bytes.Buffer
	cmd.Stdout = &limited{w: &buf, n: 1 << 20}
	cmd.Stderr = cmd.Stdout
	err := cmd.Run()
	out = buf.Bytes()
	if err == nil {
		return survived, "", out
	}
	if ctx.Err() != nil || bytes.Contains(out, []byte("panic: test timed out")) {
		return timedOut, "after " + timeout.String(), out
	}
	if m := failRE.FindSubmatch(out); m != nil {
		return killed, string(m[1]), out
	}
	if i := bytes.Index(out, []byte("panic:")); i >= 0 {
		line, _, _ := bytes.Cut(out[i:], []byte("\n"))
		return killed, string(line), out
	}
	return killed, err.Error(), out
}

type limited struct {
	w io.Writer
	n int
}

func (l *limited) Write(p []byte) (int, error) {
	if l.n > 0 {
		q := p
		if len(q) > l.n {
			q = q[:l.n]
		}
		l.n -= len(q)
		l.w.Write(q)
	}
	return len(p), nil
}

// one builds and runs mutant m in the worker directory dir.
func (r *runner) one(dir string, m *Mutant) (res Result) {
	start := time.Now()
	res = Result{Pkg: r.pkg.ImportPath, Key: m.Key(), Pos: fmt.Sprintf("%s:%d:%d", m.File, m.Line, m.Col),
		Op: m.Op, Old: m.Old, New: m.New}
	defer func() { res.Secs = time.Since(start).Seconds() }()
	bin, out, err := r.build(dir, m.File, m.Apply(r.srcs[m.File]))
	if err != nil {
		res.Status = unviable
		res.Detail = firstError(out)
		return res
	}
	if h, err := hashFile(bin); err == nil && h == r.baseHash {
		res.Status = identical
		return res
	}
	status, detail, tout := r.test(bin)
	res.Status, res.Detail = status, detail
	if *verbose && status == survived {
		fmt.Printf("%s\n", tout)
	}
	return res
}

func firstError(out []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "FAIL") {
			continue
		}
		return strings.TrimSpace(l)
	}
	return "build failed"
}

func runMutants(pkg *pkgInfo, srcs map[string][]byte, ms []*Mutant) ([]Result, error) {
	if len(ms) == 0 {
		return nil, nil
	}
	r, err := newRunner(pkg, srcs)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(r.tmp)
	var out *os.File
	if *outFile != "" {
		out, err = os.OpenFile(*outFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, err
		}
		defer out.Close()
	}
	n := max(*jobs, 1)
	work := make(chan int)
	results := make([]Result, len(ms))
	var mu sync.Mutex
	var wg sync.WaitGroup
	count := 0
	for w := 0; w < n; w++ {
		dir := filepath.Join(r.tmp, fmt.Sprint("w", w))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				res := r.one(dir, ms[i])
				mu.Lock()
				results[i] = res
				count++
				fmt.Printf("[%d/%d] %-10s %s (%s, %.1fs)\n", count, len(ms), res.Status, ms[i].String(), short(res.Detail), res.Secs)
				if out != nil {
					b, _ := json.Marshal(res)
					out.Write(append(b, '\n'))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range ms {
		work <- i
	}
	close(work)
	wg.Wait()
	return results, nil
}

func readResults(name string) ([]Result, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rs []Result
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var r Result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		rs = append(rs, r)
	}
	return rs, sc.Err()
}

// Counts tallies results; Score is killed (timeouts included) over killed
// plus survived: unviable and equivalent mutants do not count.
type Counts struct {
	Total, Killed, Timeout, Survived, Unviable, Equivalent int
}

func count(rs []Result) Counts {
	var c Counts
	for _, r := range rs {
		c.Total++
		switch r.Status {
		case killed:
			c.Killed++
		case timedOut:
			c.Timeout++
		case survived:
			c.Survived++
		case unviable:
			c.Unviable++
		case identical:
			c.Equivalent++
		}
	}
	return c
}

func (c Counts) Score() float64 {
	d := c.Killed + c.Timeout + c.Survived
	if d == 0 {
		return 0
	}
	return float64(c.Killed+c.Timeout) / float64(d)
}

func printSummary(pkg string, rs []Result) {
	c := count(rs)
	fmt.Printf("%s: %d run: %d killed, %d by timeout, %d survived, %d unviable, %d equivalent (identical binary); score %.1f%%\n",
		pkg, c.Total, c.Killed, c.Timeout, c.Survived, c.Unviable, c.Equivalent, 100*c.Score())
	for _, r := range rs {
		if r.Status == survived {
			fmt.Printf("  survived: %s %s: %s -> %s   [%s]\n", r.Pos, r.Op, short(oneLine(r.Old)), short(oneLine(r.New)), r.Key)
		}
	}
}
