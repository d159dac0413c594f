package main

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// welch accumulates two samples (class 0 and class 1) online, with
// Welford's update, and computes Welch's t statistic between them.
type welch struct {
	n, mean, m2 [2]float64
}

func (w *welch) push(x float64, class int) {
	w.n[class]++
	d := x - w.mean[class]
	w.mean[class] += d / w.n[class]
	w.m2[class] += d * (x - w.mean[class])
}

// count returns the number of values pushed, both classes together.
func (w *welch) count() float64 { return w.n[0] + w.n[1] }

// t returns Welch's t statistic, (mean0 - mean1) / sqrt(var0/n0 +
// var1/n1), or 0 while a class has fewer than two values or both
// variances are zero.
func (w *welch) t() float64 {
	if w.n[0] < 2 || w.n[1] < 2 {
		return 0
	}
	v0 := w.m2[0] / (w.n[0] - 1)
	v1 := w.m2[1] / (w.n[1] - 1)
	den := math.Sqrt(v0/w.n[0] + v1/w.n[1])
	if den == 0 {
		return 0
	}
	return (w.mean[0] - w.mean[1]) / den
}

// The tests dudect runs on every measurement (oreparaz/dudect,
// dudect.h): the uncropped first-order test, one first-order test per
// cropping threshold (the measurements below the threshold only), and a
// second-order test on the squared distance to the class mean.
const (
	numPercentiles = 100
	numTests       = 1 + numPercentiles + 1
	secondOrder    = numTests - 1
	// enoughMeasurements is the count a test needs before it counts in
	// the maximum, as in dudect.
	enoughMeasurements = 10000
)

// tests is the state of the statistical tests of one target.
type tests struct {
	thresholds []float64 // cropping thresholds, from the first batch
	t          [numTests]welch
}

// setThresholds sets the cropping thresholds from a batch of
// measurements: threshold i is the percentile 1 - 0.5^(10(i+1)/100) of the
// batch, from the 6.7th percentile up to the 99.9th, as dudect does.
func (s *tests) setThresholds(times []float64) {
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	s.thresholds = make([]float64, numPercentiles)
	for i := range s.thresholds {
		p := 1 - math.Pow(0.5, 10*float64(i+1)/numPercentiles)
		s.thresholds[i] = percentile(sorted, p)
	}
}

// percentile returns the value at fraction p of the sorted slice.
func percentile(sorted []float64, p float64) float64 {
	i := int(p * float64(len(sorted)))
	i = min(max(i, 0), len(sorted)-1)
	return sorted[i]
}

// push adds one measurement x of the given class to every test.
func (s *tests) push(x float64, class int) {
	s.t[0].push(x, class)
	for i, th := range s.thresholds {
		if x < th {
			s.t[1+i].push(x, class)
		}
	}
	if s.t[0].count() > enoughMeasurements {
		d := x - s.t[0].mean[class]
		s.t[secondOrder].push(d*d, class)
	}
}

// max returns the test with the largest |t| among those with enough
// measurements (all of them while none has), its |t| and its count.
func (s *tests) max() (index int, t, n float64) {
	index = -1
	for i := range s.t {
		w := &s.t[i]
		if w.count() < enoughMeasurements && s.t[0].count() >= enoughMeasurements {
			continue
		}
		if a := math.Abs(w.t()); index < 0 || a > t {
			index, t, n = i, a, w.count()
		}
	}
	return index, t, n
}

// testName describes test i for the report.
func (s *tests) testName(i int) string {
	switch {
	case i == 0:
		return "uncropped"
	case i == secondOrder:
		return "second order"
	case i > 0 && i <= numPercentiles:
		p := 1 - math.Pow(0.5, 10*float64(i)/numPercentiles)
		return "cropped at p" + formatPercent(p)
	}
	return "none"
}

func formatPercent(p float64) string {
	return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(100*p, 'f', 4, 64), "0"), ".")
}
