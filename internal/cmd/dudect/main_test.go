package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRun runs the harness on every target with a few measurements, which
// checks that each target's inputs are prepared and its operation
// succeeds (the threshold is out of reach: timing is not judged here; the
// gate is .ci/dudect.sh). The monotonic clock is tried too.
func TestRun(t *testing.T) {
	n := "500"
	if testing.Short() {
		n = "100"
	}
	for _, clk := range []string{"auto", "mono"} {
		var out, errOut bytes.Buffer
		args := []string{"-n", n, "-batch", "100", "-targets", "all", "-threshold", "1e12", "-clock", clk, "-seed", "1"}
		if rc := run(args, &out, &errOut); rc != 0 {
			t.Fatalf("run %v: exit %d\n%s%s", args, rc, out.String(), errOut.String())
		}
		for _, tg := range targets {
			if !strings.Contains(out.String(), " "+tg.name+" ") {
				t.Errorf("-clock %s: no line for %s in\n%s", clk, tg.name, out.String())
			}
		}
	}
}

// TestCanaryRuns runs the canary target briefly: it must run (whether its
// leak shows after so few measurements is the gate's business).
func TestCanaryRuns(t *testing.T) {
	var out, errOut bytes.Buffer
	if rc := run([]string{"-canary", "-n", "200", "-batch", "100", "-threshold", "1e12", "-seed", "1"}, &out, &errOut); rc != 0 {
		t.Fatalf("exit %d\n%s%s", rc, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "canary") {
		t.Errorf("no canary line in\n%s", out.String())
	}
}

// TestUsage checks that bad flags are errors (exit 2), not a verdict.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-targets", "nosuch"},
		{"-fixed", "00"},
		{"-fixed", strings.Repeat("00", 32)}, // the key 0 is invalid
		{"-clock", "sundial"},
		{"-n", "0"},
		{"-nosuchflag"},
	} {
		var out, errOut bytes.Buffer
		if rc := run(args, &out, &errOut); rc != 2 {
			t.Errorf("%v: exit %d, want 2\n%s%s", args, rc, out.String(), errOut.String())
		}
	}
}
