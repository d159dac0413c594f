package harness

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// Status values of a Record.
const (
	StatusOK          = "OK"
	StatusFail        = "FAIL"
	StatusUnsupported = "unsupported"
	StatusGateOnly    = "OK (gate only)"
)

// Record is the result of one case on one provider.
type Record struct {
	Case     Case        `json:"case"`
	Provider string      `json:"provider"`
	Status   string      `json:"status"`
	Reason   string      `json:"reason,omitempty"`
	Note     string      `json:"note,omitempty"`
	Gate     *GateResult `json:"gate,omitempty"`
	Stats    *Stats      `json:"stats,omitempty"`
	// Ratio is MedianNs divided by the baseline provider's MedianNs for
	// the same case (0 when there is no baseline). For the
	// schnorr_verify_batch(_invalid) cases it is PerItem.MedianNs divided by the
	// baseline's schnorr_verify_preparsed median: the cost of a signature
	// in a batch against a single verification.
	Ratio float64 `json:"ratio_vs_baseline,omitempty"`
	// ItemsPerOp is the number of items one call works on, and PerItem
	// the statistics of a call divided by it (batch cases only).
	ItemsPerOp int    `json:"items_per_op,omitempty"`
	PerItem    *Stats `json:"per_item,omitempty"`
}

// ProviderReport describes one provider in the report.
type ProviderReport struct {
	Name      string `json:"name"`
	Available bool   `json:"available"`
	Reason    string `json:"unavailable_reason,omitempty"`
	Info      Info   `json:"info"`
}

// Settings echoes the run parameters.
type Settings struct {
	Seed      int64    `json:"seed"`
	N         int      `json:"n"`
	GateN     int      `json:"gate_n"`
	WarmupMs  float64  `json:"warmup_ms"`
	MeasureMs float64  `json:"measure_ms"`
	Rounds    int      `json:"rounds"`
	Cases     []Case   `json:"cases"`
	Baseline  string   `json:"baseline"`
	GateOnly  bool     `json:"gate_only"`
	Method    []string `json:"method"`
}

// Report is everything a run produced; it is the --json output.
type Report struct {
	Env       Env              `json:"environment"`
	Settings  Settings         `json:"settings"`
	Providers []ProviderReport `json:"providers"`
	Records   []Record         `json:"records"`
}

// Failed reports whether any record failed the gate.
func (r *Report) Failed() bool {
	for _, rec := range r.Records {
		if rec.Status == StatusFail {
			return true
		}
	}
	return false
}

// Config drives Run.
type Config struct {
	Seed      int64
	N         int
	Timing    Timing
	Cases     []Case
	Providers []Provider
	// Verifiers is the reference chain for signature checks (see Gate).
	Verifiers []Provider
	// Baseline is the provider the ratio column divides by; "auto" picks
	// the first available provider named in AutoBaseline.
	Baseline string
	// AutoBaseline is the preference order of Baseline "auto" (nil:
	// DefaultAutoBaseline).
	AutoBaseline []string
	// GateOnly skips timing.
	GateOnly bool
	// Progress receives the progress line (nil: silent).
	Progress io.Writer
	// Dataset, when set, is used instead of generating one from Seed and N.
	Dataset *Dataset
	// BeforeGate runs after the dataset exists and before the gate (the
	// native anchor uses it to run its own process on the dataset).
	BeforeGate func(ds *Dataset, bad *Dataset) error
}

// Method is the method summary recorded in every report.
var Method = []string{
	"all providers run in one process, on one goroutine locked to its OS thread (optionally pinned to a core with --pin-core)",
	"one deterministic dataset from --seed and --n shared by all providers; items are used round-robin",
	"correctness gate on the first 100 items (plus a mutated copy) before any timing; a failing case is reported FAIL and not timed",
	"per case: warm-up, then every operation timed individually with the monotonic clock; median, p10, p90 (nearest rank); ops/s = 1e9/median",
	"the measurement time is split into rounds; within a case the providers take turns round by round (rotating order), so load changes hit all alike",
	"ratio = provider median / baseline median for the same case",
}

// Run builds the dataset, gates every provider and case, and times those
// that pass.
func Run(cfg Config) (*Report, error) {
	prog := newProgress(cfg.Progress)
	ds := cfg.Dataset
	if ds == nil {
		prog.say("generating dataset (seed %d, n %d)", cfg.Seed, cfg.N)
		var err error
		if ds, err = NewDataset(cfg.Seed, cfg.N); err != nil {
			return nil, err
		}
	}
	gate, err := NewGate(ds, cfg.Verifiers)
	if err != nil {
		return nil, err
	}
	if cfg.BeforeGate != nil {
		if err := cfg.BeforeGate(ds, gate.bad); err != nil {
			return nil, err
		}
	}
	rep := &Report{
		Env: CollectEnv(),
		Settings: Settings{
			Seed: ds.Seed, N: ds.Len(), GateN: min(GateN, ds.Len()),
			WarmupMs:  float64(cfg.Timing.Warmup) / 1e6,
			MeasureMs: float64(cfg.Timing.Measure) / 1e6,
			Rounds:    max(cfg.Timing.Rounds, 1),
			Cases:     cfg.Cases, GateOnly: cfg.GateOnly, Method: Method,
		},
	}
	rep.Env.TimerOverheadNs = TimerOverhead()
	var avail []Provider
	for _, p := range cfg.Providers {
		pr := ProviderReport{Name: p.Name(), Info: p.Info(), Available: true}
		if err := p.Available(); err != nil {
			pr.Available, pr.Reason = false, err.Error()
		} else {
			avail = append(avail, p)
		}
		rep.Providers = append(rep.Providers, pr)
	}
	rep.Settings.Baseline = pickBaseline(cfg.Baseline, cfg.AutoBaseline, avail)

	rounds := max(cfg.Timing.Rounds, 1)
	slice := cfg.Timing.Measure / time.Duration(rounds)
	rewarm := min(cfg.Timing.Warmup/10, 25*time.Millisecond)
	for ci, c := range cfg.Cases {
		type part struct {
			rec *Record
			s   *sampler
		}
		var parts []part
		recs := make([]Record, len(avail))
		for k, p := range avail {
			rec := &recs[k]
			*rec = Record{Case: c, Provider: p.Name(), Note: p.Info().Notes[c]}
			prog.say("[%d/%d] %s: correctness gate, %s", ci+1, len(cfg.Cases), c, p.Name())
			res, op, err := gate.Check(p, c)
			switch {
			case err != nil:
				rec.Status, rec.Reason = StatusUnsupported, unwrapUnsupported(err)
			case !res.OK:
				rec.Status, rec.Gate = StatusFail, &res
				rec.Reason = "correctness gate failed; not timed"
			case cfg.GateOnly:
				rec.Status, rec.Gate = StatusGateOnly, &res
			default:
				rec.Status, rec.Gate = StatusOK, &res
				parts = append(parts, part{rec, newSampler(p, c, op, ds.Len(), cfg.Timing)})
			}
		}
		for _, pt := range parts {
			prog.sayTTY("[%d/%d] %s: warm-up, %s", ci+1, len(cfg.Cases), c, pt.rec.Provider)
			pt.s.warm(cfg.Timing.Warmup)
		}
		for r := 0; r < rounds; r++ {
			for j := range parts {
				pt := parts[(j+r)%len(parts)]
				prog.sayTTY("[%d/%d] %s: round %d/%d, %s", ci+1, len(cfg.Cases), c, r+1, rounds, pt.rec.Provider)
				w := rewarm
				if r == 0 && pt.s.ext != nil {
					w = cfg.Timing.Warmup
				}
				pt.s.slice(w, slice)
			}
		}
		for _, pt := range parts {
			if pt.s.err != nil {
				pt.rec.Status, pt.rec.Reason = StatusFail, "measurement failed: "+pt.s.err.Error()
				continue
			}
			st := pt.s.stats()
			pt.rec.Stats = &st
			if _, ok := c.Batch(); ok {
				pt.rec.ItemsPerOp = c.ItemsPerOp()
				pi := st.perItem(pt.rec.ItemsPerOp)
				pt.rec.PerItem = &pi
			}
		}
		rep.Records = append(rep.Records, recs...)
	}
	prog.done()
	rep.computeRatios()
	return rep, nil
}

func unwrapUnsupported(err error) string {
	if err == ErrUnsupported {
		return ErrUnsupported.Error()
	}
	return err.Error()
}

// DefaultAutoBaseline is the preference order of --baseline auto when the
// caller gives none: libsecp256k1 (the reference, 0.8 in-process), else geth.
var DefaultAutoBaseline = []string{"libsecp256k1", "geth"}

func pickBaseline(want string, order []string, avail []Provider) string {
	has := func(n string) bool {
		for _, p := range avail {
			if p.Name() == n {
				return true
			}
		}
		return false
	}
	switch want {
	case "", "auto":
		if order == nil {
			order = DefaultAutoBaseline
		}
		for _, n := range order {
			if has(n) {
				return n
			}
		}
		return ""
	case "none":
		return ""
	default:
		if has(want) {
			return want
		}
		return ""
	}
}

func (r *Report) computeRatios() {
	base := map[Case]float64{}
	for _, rec := range r.Records {
		if rec.Provider == r.Settings.Baseline && rec.Stats != nil && rec.Status == StatusOK {
			base[rec.Case] = rec.Stats.MedianNs
		}
	}
	for i := range r.Records {
		rec := &r.Records[i]
		if spec, ok := rec.Case.Batch(); ok {
			if b := base[SchnorrVerifyPreparsed]; spec.Kind.IsSchnorrBatch() && b > 0 && rec.PerItem != nil {
				rec.Ratio = rec.PerItem.MedianNs / b
			}
			continue
		}
		if b := base[rec.Case]; b > 0 && rec.Stats != nil {
			rec.Ratio = rec.Stats.MedianNs / b
		}
	}
}

// ErrGateFailed is returned by callers that turn a failed gate into an
// exit status.
var ErrGateFailed = errors.New("correctness gate failed")

type progress struct {
	w     io.Writer
	tty   bool
	start time.Time
	last  int
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	return p
}

func (p *progress) say(format string, args ...any) {
	if p.w == nil {
		return
	}
	line := fmt.Sprintf("%6.1fs ", time.Since(p.start).Seconds()) + fmt.Sprintf(format, args...)
	if p.tty {
		pad := ""
		if n := p.last - len(line); n > 0 {
			pad = fmt.Sprintf("%*s", n, "")
		}
		fmt.Fprintf(p.w, "\r%s%s", line, pad)
		p.last = len(line)
		return
	}
	fmt.Fprintln(p.w, line)
}

// sayTTY updates the progress line on a terminal only; logs keep one line
// per case and provider.
func (p *progress) sayTTY(format string, args ...any) {
	if p.tty {
		p.say(format, args...)
	}
}

func (p *progress) done() {
	if p.w != nil && p.tty {
		fmt.Fprintf(p.w, "\r%*s\r", p.last, "")
	}
}
