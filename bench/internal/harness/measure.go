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

// Timing holds the measurement parameters.
type Timing struct {
	Warmup  time.Duration
	Measure time.Duration
	// MinSamples is the minimum number of timed operations, whatever
	// Measure says.
	MinSamples int
}

var sink byte

// Measure runs op in a loop over the n dataset items: first for the warm-up
// duration (untimed), then for the measurement duration, timing every call
// individually with the monotonic clock. expectOK is what a correct op
// returns in ok (true for every case on the main dataset).
//
// Each operation is timed on its own: the cheapest case here costs several
// microseconds, so the clock read (TimerOverhead, ~20-40 ns with the vDSO)
// adds well under 1% and is reported rather than subtracted.
func Measure(op Op, n int, t Timing) Stats {
	if t.MinSamples <= 0 {
		t.MinSamples = 10
	}
	i := 0
	warm := 0
	start := time.Now()
	for warm < 2 || time.Since(start) < t.Warmup {
		out, _ := op(i)
		if len(out) > 0 {
			sink ^= out[0]
		}
		warm++
		if i++; i == n {
			i = 0
		}
	}
	rate := float64(warm) / float64(max(time.Since(start), time.Microsecond))
	capHint := int(rate*float64(t.Measure)*1.25) + 1024
	samples := make([]int64, 0, min(capHint, 1<<24))

	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	errs := 0
	begin := time.Now()
	end := begin.Add(t.Measure)
	for {
		t0 := time.Now()
		out, ok := op(i)
		d := time.Since(t0)
		samples = append(samples, int64(d))
		if !ok {
			errs++
		}
		if len(out) > 0 {
			sink ^= out[0]
		}
		if i++; i == n {
			i = 0
		}
		if len(samples) >= t.MinSamples && t0.After(end) {
			break
		}
	}
	wall := time.Since(begin)
	runtime.ReadMemStats(&m1)
	st := Summarize(samples)
	st.AllocsPerOp = float64(m1.Mallocs-m0.Mallocs) / float64(len(samples))
	st.BytesPerOp = float64(m1.TotalAlloc-m0.TotalAlloc) / float64(len(samples))
	st.Errors = errs
	st.WallNs = int64(wall)
	return st
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
