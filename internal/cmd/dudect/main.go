// Command dudect is a statistical timing test of the library's operations on
// secrets, after dudect (Reparaz, Balasch and Verbauwhede, "Dude, is my code
// constant time?", DATE 2017; github.com/oreparaz/dudect).
//
// For each target operation (targets.go) it measures the time of many calls
// on inputs of two classes, interleaved at random: a fixed secret (the
// private key 1, or -fixed) and uniformly random secrets. Secondary secrets
// (nonce randomness, aux, tweaks, chain codes) are derived from the class
// secret, so the fixed class repeats them too, while public inputs are the
// same for both classes. Every input is prepared outside the timed region,
// in batches, each measurement on a fresh copy. The measurements of the
// first batch set the cropping thresholds and are discarded (warm-up);
// then Welch's t-test compares the classes on all measurements, on those
// below each of 100 thresholds, and on the squared deviations (second
// order), as dudect does. A target fails when the largest |t| reaches
// -threshold (10, dudect's "definitely not constant time"); |t| above
// -warn (4.5) is reported as a warning.
//
// Measurements run on one locked OS thread with the garbage collector off
// (it runs between batches), timed with the time-stamp counter on amd64
// (LFENCE; RDTSC before, RDTSCP; LFENCE after, clock_amd64.s) or the
// monotonic clock elsewhere (-clock=mono).
//
// The CI gate (.ci/dudect.sh) measures every gated target -n times,
// measures a failing target once more from scratch (-retry 1: a noisy
// neighbour can push |t| up once), and then runs -canary, a target with a
// planted leak (canary.go), which must fail. The long mode, -duration,
// measures in rounds until the time is up and prints the table every
// -report interval.
//
// Exit status: 0 when no target reached the threshold, 1 when one did (a
// leak, or noise twice in a row), 2 on a usage or internal error.
package main

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
)

// defaultN is the number of measurements per target of the CI gate
// (.ci/dudect.sh passes the same -n): about 50 s on 2 shared cores for the
// eight gated targets and the canary (doc/constant-time.md).
const defaultN = 200000

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	n         int
	duration  time.Duration
	report    time.Duration
	batch     int
	threshold float64
	warn      float64
	retry     int
	clk       *clock
	fixed     [32]byte
	rng       *mrand.Rand
}

func run(args []string, stdout, stderr io.Writer) int {
	flag := flag.NewFlagSet("dudect", flag.ContinueOnError)
	flag.SetOutput(stderr)
	var (
		n         = flag.Int("n", defaultN, "measurements per target (after the warm-up batch)")
		duration  = flag.Duration("duration", 0, "long mode: measure the targets in turn until this much time has passed (-n is then ignored)")
		report    = flag.Duration("report", time.Minute, "long mode: print the table this often")
		batch     = flag.Int("batch", 1000, "measurements per batch (inputs are prepared a batch at a time)")
		threshold = flag.Float64("threshold", 10, "fail a target whose largest |t| reaches this")
		warn      = flag.Float64("warn", 4.5, "warn about a target whose largest |t| reaches this")
		retry     = flag.Int("retry", 1, "measure a failing target again from scratch this many times; it passes if the last run passes")
		clockName = flag.String("clock", "auto", "timer: tsc (amd64 time-stamp counter), mono (monotonic clock) or auto")
		fixedHex  = flag.String("fixed", "", "the fixed class's secret key, 64 hex digits (default the key 1)")
		list      = flag.String("targets", "", "comma-separated targets to measure, or all (default: the gated ones)")
		canary    = flag.Bool("canary", false, "measure only the canary, a target with a planted leak, which must fail")
		seed      = flag.Uint64("seed", 0, "seed of the class choices and random secrets (0: a random seed, printed)")
		listOnly  = flag.Bool("list", false, "list the targets and exit")
	)
	if err := flag.Parse(args); err != nil {
		return 2
	}
	if *listOnly {
		for _, t := range append(targets, canaryTarget) {
			g := " "
			if t.gate {
				g = "*"
			}
			fmt.Fprintf(stdout, "%s %-15s %s\n", g, t.name, t.doc)
		}
		fmt.Fprintln(stdout, "(* in the gate)")
		return 0
	}
	if *n < 1 || *batch < 100 || *threshold <= 0 || *retry < 0 {
		fmt.Fprintln(stderr, "dudect: -n must be positive, -batch at least 100, -threshold positive, -retry not negative")
		return 2
	}
	clk, err := newClock(*clockName)
	if err != nil {
		fmt.Fprintln(stderr, "dudect:", err)
		return 2
	}
	opt := &options{n: *n, duration: *duration, report: *report, batch: *batch,
		threshold: *threshold, warn: *warn, retry: *retry, clk: clk}
	opt.fixed[31] = 1
	if *fixedHex != "" {
		b, err := hex.DecodeString(*fixedHex)
		if err != nil || len(b) != 32 {
			fmt.Fprintln(stderr, "dudect: -fixed: want 64 hex digits")
			return 2
		}
		copy(opt.fixed[:], b)
	}
	if _, err := secp256k1.NewPrivateKey(opt.fixed[:]); err != nil {
		fmt.Fprintln(stderr, "dudect: -fixed:", err)
		return 2
	}
	if *seed == 0 {
		var b [8]byte
		rand.Read(b[:])
		*seed = binary.LittleEndian.Uint64(b[:]) | 1
	}
	var chachaSeed [32]byte
	binary.LittleEndian.PutUint64(chachaSeed[:], *seed)
	opt.rng = mrand.New(mrand.NewChaCha8(chachaSeed))

	var sel []*target
	switch {
	case *canary:
		sel = []*target{canaryTarget}
	case *list == "":
		for _, t := range targets {
			if t.gate {
				sel = append(sel, t)
			}
		}
	case *list == "all":
		sel = targets
	default:
		for name := range strings.SplitSeq(*list, ",") {
			t, err := findTarget(strings.TrimSpace(name))
			if err != nil {
				fmt.Fprintln(stderr, "dudect:", err)
				return 2
			}
			sel = append(sel, t)
		}
	}

	// One OS thread for every measurement, and no collection during a
	// batch: the collector runs between batches (measure).
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))

	fmt.Fprintf(stdout, "dudect: %s, GOMAXPROCS %d, %d CPUs; clock %s; fixed key %x; seed %d\n",
		runtime.Version(), runtime.GOMAXPROCS(0), runtime.NumCPU(), clk.name, opt.fixed, *seed)
	fmt.Fprintf(stdout, "dudect: field %s; point operations %s; table scan %s\n",
		field.Implementation(), group.PointImplementation(), ecmult.LookupImplementation())
	if opt.duration > 0 {
		fmt.Fprintf(stdout, "dudect: long mode: %v in rounds of %d measurements per target, threshold |t| < %g\n", opt.duration, opt.batch, opt.threshold)
	} else {
		fmt.Fprintf(stdout, "dudect: %d measurements per target, threshold |t| < %g, %d retry\n", opt.n, opt.threshold, opt.retry)
	}

	states := make([]*state, len(sel))
	for i, t := range sel {
		states[i] = newState(t, opt)
	}
	start := time.Now()
	if err := measure(stdout, states, opt); err != nil {
		fmt.Fprintln(stderr, "dudect:", err)
		return 2
	}
	printTable(stdout, states, opt)
	if opt.duration == 0 {
		for attempt := 1; attempt <= opt.retry; attempt++ {
			var again []*state
			for _, s := range states {
				if s.failed(opt) {
					again = append(again, s)
				}
			}
			if len(again) == 0 {
				break
			}
			names := make([]string, len(again))
			for i, s := range again {
				names[i] = s.t.name
				s.reset()
			}
			fmt.Fprintf(stdout, "dudect: retry %d: measuring %s again from scratch\n", attempt, strings.Join(names, ", "))
			if err := measure(stdout, again, opt); err != nil {
				fmt.Fprintln(stderr, "dudect:", err)
				return 2
			}
			printTable(stdout, again, opt)
		}
	}
	var leaks []string
	for _, s := range states {
		if s.failed(opt) {
			leaks = append(leaks, s.t.name)
		}
	}
	fmt.Fprintf(stdout, "dudect: %d targets in %v\n", len(states), time.Since(start).Round(time.Second))
	if len(leaks) > 0 {
		fmt.Fprintf(stdout, "dudect: FAIL: |t| >= %g for %s\n", opt.threshold, strings.Join(leaks, ", "))
		return 1
	}
	fmt.Fprintf(stdout, "dudect: ok: every |t| < %g\n", opt.threshold)
	return 0
}

// state is the measurement state of one target.
type state struct {
	t       *target
	r       runner
	tests   tests
	warm    bool // the warm-up batch has set the thresholds
	times   []float64
	classes []int
	secrets [][32]byte
	median  [2]float64    // median of each class in the last batch
	elapsed time.Duration // measuring, preparation included
	dropped int           // measurements dropped (counter went backwards)
}

func newState(t *target, opt *options) *state {
	return &state{t: t, r: t.new(opt.batch), times: make([]float64, opt.batch),
		classes: make([]int, opt.batch), secrets: make([][32]byte, opt.batch)}
}

func (s *state) reset() {
	s.tests = tests{}
	s.warm = false
	s.elapsed = 0
	s.dropped = 0
}

func (s *state) count() int { return int(s.tests.t[0].count()) }

func (s *state) maxT() float64 {
	_, t, _ := s.tests.max()
	return t
}

func (s *state) failed(opt *options) bool { return s.maxT() >= opt.threshold }

// measure runs batches of every state in turn until each has opt.n
// measurements, or, in the long mode, until opt.duration has passed.
func measure(stdout io.Writer, states []*state, opt *options) error {
	start := time.Now()
	lastReport := start
	for {
		done := true
		for _, s := range states {
			if opt.duration == 0 && s.count() >= opt.n {
				continue
			}
			done = false
			if err := s.batch(opt); err != nil {
				return fmt.Errorf("%s: %w", s.t.name, err)
			}
		}
		if opt.duration > 0 {
			if time.Since(start) >= opt.duration {
				return nil
			}
			if time.Since(lastReport) >= opt.report {
				lastReport = time.Now()
				fmt.Fprintf(stdout, "dudect: after %v:\n", time.Since(start).Round(time.Second))
				printTable(stdout, states, opt)
			}
			continue
		}
		if done {
			return nil
		}
	}
}

// batch prepares opt.batch inputs of random classes, measures them, and
// adds the measurements to the tests (or, for the first batch, sets the
// cropping thresholds from them).
func (s *state) batch(opt *options) error {
	t0 := time.Now()
	defer func() { s.elapsed += time.Since(t0) }()
	for i := range s.classes {
		c := int(opt.rng.Uint64() & 1)
		s.classes[i] = c
		if c == 0 {
			s.secrets[i] = opt.fixed
		} else {
			randomKey(opt.rng, &s.secrets[i])
		}
		if err := s.r.prepare(i, &s.secrets[i]); err != nil {
			return fmt.Errorf("preparing an input: %w", err)
		}
	}
	runtime.GC()
	start, end, r := opt.clk.start, opt.clk.end, s.r
	for i := range s.times {
		a := start()
		r.run(i)
		b := end()
		if b < a {
			s.times[i] = math.NaN()
			continue
		}
		s.times[i] = float64(b - a)
	}
	var errs []error
	for i := range s.classes {
		if err := r.check(i); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("the operation failed %d times: %w", len(errs), errs[0])
	}
	s.setMedians()
	if !s.warm {
		valid := s.times[:0:0]
		for _, x := range s.times {
			if !math.IsNaN(x) {
				valid = append(valid, x)
			}
		}
		s.tests.setThresholds(valid)
		s.warm = true
		return nil
	}
	for i, x := range s.times {
		if math.IsNaN(x) {
			s.dropped++
			continue
		}
		s.tests.push(x, s.classes[i])
	}
	return nil
}

// setMedians sets s.median from the measurements of the batch.
func (s *state) setMedians() {
	var byClass [2][]float64
	for i, x := range s.times {
		if !math.IsNaN(x) {
			byClass[s.classes[i]] = append(byClass[s.classes[i]], x)
		}
	}
	for c := range byClass {
		slices.Sort(byClass[c])
		s.median[c] = math.NaN()
		if len(byClass[c]) > 0 {
			s.median[c] = byClass[c][len(byClass[c])/2]
		}
	}
}

// randomKey sets k to a uniformly random valid private key.
func randomKey(rng *mrand.Rand, k *[32]byte) {
	for {
		for j := 0; j < 32; j += 8 {
			binary.BigEndian.PutUint64(k[j:], rng.Uint64())
		}
		// Below n unless the top 127 bits are all ones (probability
		// 2^-127); a rejected value is simply drawn again.
		if _, err := secp256k1.NewPrivateKey(k[:]); err == nil {
			return
		}
	}
}

// printTable prints one line per state: measurements, the median of each
// class in the last batch, the uncropped |t|, the largest |t| and its
// test.
func printTable(stdout io.Writer, states []*state, opt *options) {
	w := tabwriter.NewWriter(stdout, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "target\tmeasurements\tmedian fixed (%s)\tmedian random (%s)\t|t| uncropped\tmax |t|\tin test\tverdict\ttime\t\n", opt.clk.unit, opt.clk.unit)
	for _, s := range states {
		i, t, _ := s.tests.max()
		verdict := "ok"
		switch {
		case t >= opt.threshold:
			verdict = "FAIL"
		case t >= opt.warn:
			verdict = "warn"
		}
		fmt.Fprintf(w, "%s\t%d\t%.0f\t%.0f\t%.2f\t%.2f\t%s\t%s\t%v\t\n", s.t.name, s.count(),
			s.median[0], s.median[1], math.Abs(s.tests.t[0].t()), t, s.tests.testName(i), verdict,
			s.elapsed.Round(100*time.Millisecond))
	}
	w.Flush()
}
