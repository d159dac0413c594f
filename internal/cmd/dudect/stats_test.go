package main

import (
	"math"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// twoPassT computes Welch's t directly from the two samples.
func twoPassT(a, b []float64) float64 {
	mv := func(x []float64) (m, v float64) {
		for _, e := range x {
			m += e
		}
		m /= float64(len(x))
		for _, e := range x {
			v += (e - m) * (e - m)
		}
		return m, v / float64(len(x)-1)
	}
	ma, va := mv(a)
	mb, vb := mv(b)
	return (ma - mb) / math.Sqrt(va/float64(len(a))+vb/float64(len(b)))
}

// TestWelch compares the online t statistic with the two-pass formula on
// random samples of both signs of difference and different sizes.
func TestWelch(t *testing.T) {
	r := testutil.Rand(t)
	for trial := range 20 {
		var w welch
		var a, b []float64
		shift := float64(trial%5-2) * 3
		for range 500 + r.IntN(1000) {
			if r.IntN(3) == 0 {
				x := 1000 + 50*r.NormFloat64()
				a = append(a, x)
				w.push(x, 0)
			} else {
				x := 1000 + shift + 80*r.NormFloat64()
				b = append(b, x)
				w.push(x, 1)
			}
		}
		got, want := w.t(), twoPassT(a, b)
		if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
			t.Fatalf("trial %d: online t = %v, two-pass t = %v", trial, got, want)
		}
		if w.count() != float64(len(a)+len(b)) {
			t.Fatalf("count %v, want %d", w.count(), len(a)+len(b))
		}
	}
	var w welch
	w.push(1, 0)
	w.push(1, 1)
	if w.t() != 0 {
		t.Errorf("t with one value per class = %v, want 0", w.t())
	}
	w.push(1, 0)
	w.push(1, 1)
	if w.t() != 0 {
		t.Errorf("t with zero variances = %v, want 0", w.t())
	}
}

// TestThresholds checks the cropping thresholds: increasing, from the
// 6.7th percentile of the batch up to its 99.9th.
func TestThresholds(t *testing.T) {
	times := make([]float64, 10000)
	for i := range times {
		times[i] = float64(len(times) - i) // 10000 down to 1
	}
	var s tests
	s.setThresholds(times)
	if len(s.thresholds) != numPercentiles {
		t.Fatalf("%d thresholds, want %d", len(s.thresholds), numPercentiles)
	}
	if s.thresholds[0] != 670 {
		t.Errorf("first threshold %v, want 670 (percentile 6.7)", s.thresholds[0])
	}
	if !slices.IsSorted(s.thresholds) || s.thresholds[numPercentiles-1] < 9990 {
		t.Errorf("thresholds not increasing up to the maximum: %v", s.thresholds)
	}
	if got := s.testName(0) + ", " + s.testName(1) + ", " + s.testName(secondOrder); got != "uncropped, cropped at p6.6967, second order" {
		t.Errorf("test names %q", got)
	}
}

// TestDetection feeds the tests synthetic timings: equal distributions
// stay far below the threshold, and a shift of 1 % of the mean in one
// class (with the noise of a shared machine: heavy upper outliers) goes
// far above it. The cropped tests find the shift that outliers hide from
// the uncropped one.
func TestDetection(t *testing.T) {
	r := testutil.Rand(t)
	sample := func(shift float64) float64 {
		x := 16000 + shift + 60*r.NormFloat64()
		if r.IntN(50) == 0 {
			x += 20000 * r.Float64() // an interrupt, a neighbour
		}
		return x
	}
	for _, c := range []struct {
		shift   float64
		atLeast float64
		below   float64
	}{{0, 0, 6}, {160, 10, math.Inf(1)}} {
		var s tests
		warm := make([]float64, 1000)
		for i := range warm {
			warm[i] = sample(0)
		}
		s.setThresholds(warm)
		for range 100000 {
			class := r.IntN(2)
			shift := 0.0
			if class == 0 {
				shift = c.shift
			}
			s.push(sample(shift), class)
		}
		i, tmax, n := s.max()
		t.Logf("shift %v: max |t| %.2f in %s (%v values), uncropped %.2f", c.shift, tmax, s.testName(i), n, math.Abs(s.t[0].t()))
		if tmax < c.atLeast || tmax >= c.below {
			t.Errorf("shift %v: max |t| = %.2f, want in [%v, %v)", c.shift, tmax, c.atLeast, c.below)
		}
		if n < enoughMeasurements {
			t.Errorf("shift %v: the maximum comes from a test with %v values", c.shift, n)
		}
	}
}
