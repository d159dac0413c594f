//go:build gc && !purego

package main

// The time-stamp counter, read with fences so that the reads bracket the
// measured code (clock_amd64.s). The counter runs at a constant rate on
// every CPU that reports constant_tsc (all recent x86-64), so "cycles"
// here are reference cycles, not core clock cycles.

func tscStart() uint64
func tscEnd() uint64
func tscEndNoRDTSCP() uint64
func cpuidRDTSCP() bool

// tscAvailable reports that the counter can be read here.
const tscAvailable = true

// tscEndFunc is tscEnd, or tscEndNoRDTSCP on a CPU without RDTSCP.
var tscEndFunc = func() func() uint64 {
	if cpuidRDTSCP() {
		return tscEnd
	}
	return tscEndNoRDTSCP
}()

// tscDescription names the counter read.
func tscDescription() string {
	if cpuidRDTSCP() {
		return "RDTSC (LFENCE before) and RDTSCP (LFENCE after)"
	}
	return "RDTSC with LFENCE (no RDTSCP)"
}
