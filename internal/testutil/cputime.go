package testutil

import (
	"runtime"
	"testing"
)

// CPUTimer adds a cpu-ns/op metric to a benchmark where the OS reports the
// CPU time of a thread (Linux): the CPU time the benchmark's thread used per
// op. On a shared machine that leaves out the time the thread spent
// descheduled, which otherwise dominates the noise of ns/op. Use it as
//
//	t := testutil.StartCPUTimer(b)
//	for b.Loop() { ... }
//	t.Stop()
type CPUTimer struct {
	b     *testing.B
	start int64
}

// StartCPUTimer locks the goroutine to its thread, turns on allocation
// reporting and starts the timer.
func StartCPUTimer(b *testing.B) CPUTimer {
	runtime.LockOSThread()
	b.ReportAllocs()
	return CPUTimer{b, threadCPUTime()}
}

// Stop reports the cpu-ns/op metric and unlocks the thread.
func (t CPUTimer) Stop() {
	end := threadCPUTime()
	runtime.UnlockOSThread()
	if t.start >= 0 && end >= 0 && t.b.N > 0 {
		t.b.ReportMetric(float64(end-t.start)/float64(t.b.N), "cpu-ns/op")
	}
}

// ThreadCPUTime returns the CPU time the calling OS thread has used, in
// nanoseconds, or -1 where the OS does not report it. Lock the goroutine
// to its thread (runtime.LockOSThread) around what it measures.
func ThreadCPUTime() int64 { return threadCPUTime() }
