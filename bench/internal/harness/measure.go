package harness

import (
	"math"
	"runtime"
	"slices"
	"time"
)

// Stats summarizes the per-operation timings of one case on one provider.
type Stats struct {
	// Samples is the number of timed operations.
	Samples int `json:"samples"`
	// MedianNs, P10Ns and P90Ns are nearest-rank percentiles of the
	// individual operation times, in nanoseconds.
	MedianNs float64 `json:"median_ns"`
	P10Ns    float64 `json:"p10_ns"`
	P90Ns    float64 `json:"p90_ns"`
	MeanNs   float64 `json:"mean_ns"`
	MinNs    float64 `json:"min_ns"`
	// OpsPerSec is 1e9 / MedianNs.
	OpsPerSec float64 `json:"ops_per_sec"`
	// AllocsPerOp and BytesPerOp are Go heap allocations per operation
	// (runtime.MemStats deltas over the measurement; C allocations are not
	// seen).
	AllocsPerOp float64 `json:"allocs_per_op"`
	BytesPerOp  float64 `json:"bytes_per_op"`
	// Errors counts operations that returned a failure during timing
	// (a verify returning false on a valid signature, a signing error).
	Errors int `json:"errors"`
	// WallNs is the length of the measurement phase.
	WallNs int64 `json:"wall_ns"`
}

// perItem returns st for one item of a call that works on n items: the
// times and allocations divided by n, the rate multiplied by it.
func (st Stats) perItem(n int) Stats {
	f := float64(n)
	st.MedianNs /= f
	st.P10Ns /= f
	st.P90Ns /= f
	st.MeanNs /= f
	st.MinNs /= f
	st.OpsPerSec *= f
	st.AllocsPerOp /= f
	st.BytesPerOp /= f
	return st
}

// Timing holds the measurement parameters.
type Timing struct {
	// Warmup is the untimed warm-up per case and provider.
	Warmup time.Duration
	// Measure is the total measurement time per case and provider.
	Measure time.Duration
	// Rounds splits Measure into that many slices; Run interleaves the
	// providers of a case slice by slice (rotating their order), so that
	// load changes on the machine hit every provider alike. 0 means 1.
	Rounds int
	// MinSamples is the minimum number of timed operations per slice,
	// whatever Measure says.
	MinSamples int
}

// External is implemented by providers that run in another process (the
// native anchor). Instead of timing an Op, the harness asks them for the
// individual timings (ns) of one measurement slice, taken after the given
// untimed warm-up.
type External interface {
	Sample(c Case, warmup, measure time.Duration) ([]int64, error)
}

// sink takes a byte of every result, so that no measured result is dead.
//
//lint:ignore U1000 written after every call of an op and never read, by design
var sink byte

// sampler accumulates the timings of one case on one provider over the
// slices of a run.
type sampler struct {
	op      Op
	ext     External
	c       Case
	n, i    int
	min     int
	samples []int64
	mallocs uint64
	bytes   uint64
	errs    int
	wall    time.Duration
	err     error
}

func (s *sampler) call() (time.Duration, bool) {
	t0 := time.Now()
	out, ok := s.op(s.i)
	d := time.Since(t0)
	if len(out) > 0 {
		sink ^= out[0]
	}
	if s.i++; s.i == s.n {
		s.i = 0
	}
	return d, ok
}

// warm runs the op untimed for d (at least twice).
func (s *sampler) warm(d time.Duration) {
	if s.ext != nil {
		return // the external process warms up inside each slice
	}
	start := time.Now()
	for k := 0; k < 2 || time.Since(start) < d; k++ {
		out, _ := s.op(s.i)
		if len(out) > 0 {
			sink ^= out[0]
		}
		if s.i++; s.i == s.n {
			s.i = 0
		}
	}
}

// slice re-warms for warm, then times operations individually for d.
func (s *sampler) slice(warm, d time.Duration) {
	if s.err != nil {
		return
	}
	if s.ext != nil {
		begin := time.Now()
		raw, err := s.ext.Sample(s.c, warm, d)
		if err != nil {
			s.err = err
			return
		}
		s.samples = append(s.samples, raw...)
		s.wall += time.Since(begin)
		return
	}
	s.warm(warm)
	if s.samples == nil {
		s.samples = make([]int64, 0, 1<<14)
	}
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	begin := time.Now()
	end := begin.Add(d)
	for k := 0; ; k++ {
		t0 := time.Now()
		dur, ok := s.call()
		s.samples = append(s.samples, int64(dur))
		if !ok {
			s.errs++
		}
		if k+1 >= s.min && t0.After(end) {
			break
		}
	}
	s.wall += time.Since(begin)
	runtime.ReadMemStats(&m1)
	s.mallocs += m1.Mallocs - m0.Mallocs
	s.bytes += m1.TotalAlloc - m0.TotalAlloc
}

func (s *sampler) stats() Stats {
	n := len(s.samples)
	st := Summarize(s.samples)
	if n > 0 && s.ext == nil {
		st.AllocsPerOp = float64(s.mallocs) / float64(n)
		st.BytesPerOp = float64(s.bytes) / float64(n)
	}
	st.Errors = s.errs
	st.WallNs = int64(s.wall)
	return st
}

func newSampler(p Provider, c Case, op Op, n int, t Timing) *sampler {
	s := &sampler{op: op, c: c, n: n, min: t.MinSamples}
	if s.min <= 0 {
		s.min = 10
	}
	if e, ok := p.(External); ok {
		s.ext = e
	}
	return s
}

// Measure times op over the n dataset items, round-robin: a warm-up for
// t.Warmup (untimed), then every call timed individually with the monotonic
// clock for t.Measure. The cheapest case costs several microseconds, so the
// clock read (TimerOverhead, ~20-50 ns with the vDSO) adds about 1% at
// most; it is reported, not subtracted.
func Measure(op Op, n int, t Timing) Stats {
	s := &sampler{op: op, n: n, min: max(t.MinSamples, 10)}
	s.warm(t.Warmup)
	s.slice(0, t.Measure)
	return s.stats()
}

// Summarize computes the order statistics of samples (nanoseconds). It
// sorts samples in place.
func Summarize(samples []int64) Stats {
	if len(samples) == 0 {
		return Stats{}
	}
	slices.Sort(samples)
	var sum float64
	for _, s := range samples {
		sum += float64(s)
	}
	st := Stats{
		Samples:  len(samples),
		MedianNs: Percentile(samples, 50),
		P10Ns:    Percentile(samples, 10),
		P90Ns:    Percentile(samples, 90),
		MeanNs:   sum / float64(len(samples)),
		MinNs:    float64(samples[0]),
	}
	if st.MedianNs > 0 {
		st.OpsPerSec = 1e9 / st.MedianNs
	}
	return st
}

// Percentile returns the nearest-rank p-th percentile of sorted samples.
func Percentile(sorted []int64, p float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	rank = min(max(rank, 1), len(sorted))
	return float64(sorted[rank-1])
}

// TimerOverhead returns the median cost of one time.Now/time.Since pair,
// the fixed cost inside every individually timed sample.
func TimerOverhead() float64 {
	const k = 20001
	s := make([]int64, k)
	for i := range s {
		t0 := time.Now()
		s[i] = int64(time.Since(t0))
	}
	slices.Sort(s)
	return Percentile(s, 50)
}
