package testutil

import (
	"flag"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// RerunWithGODEBUG runs the test binary again once per setting, with the
// setting added to GODEBUG, and fails t if a run fails. It is how the
// packages with assembly test their fallbacks: golang.org/x/sys/cpu reads
// GODEBUG at start-up, so "cpu.avx2=off" or "cpu.adx=off" makes the
// process see a CPU without the feature, and every dispatch flag derived
// from it selects the Go code, in this package and in the packages below
// it. The child runs the same tests (-test.run, -test.short, -test.v and
// -seed are passed on) except t itself.
//
// It skips when fuzzing (the fuzz workers are test binaries too) and when
// the binary cannot be run directly (cross-compiled tests under an -exec
// emulator pass no setting, as their builds have no assembly to turn off).
func RerunWithGODEBUG(t *testing.T, settings ...string) {
	t.Helper()
	if f := flag.Lookup("test.fuzz"); f != nil && f.Value.String() != "" {
		t.Skip("not while fuzzing")
	}
	if f := flag.Lookup("test.fuzzworker"); f != nil && f.Value.String() == "true" {
		t.Skip("not in a fuzz worker")
	}
	if len(settings) == 0 {
		t.Skip("no CPU feature to turn off in this build")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("cannot find the test binary: %v", err)
	}
	args := []string{
		"-test.skip=^" + regexp.QuoteMeta(t.Name()) + "$",
		"-test.count=1",
	}
	for _, name := range []string{"test.run", "test.short", "test.v", "seed"} {
		if f := flag.Lookup(name); f != nil {
			args = append(args, "-"+name+"="+f.Value.String())
		}
	}
	for _, s := range settings {
		t.Run(s, func(t *testing.T) {
			godebug := s
			if old := os.Getenv("GODEBUG"); old != "" {
				godebug = old + "," + s
			}
			cmd := exec.Command(exe, args...)
			cmd.Env = append(os.Environ(), "GODEBUG="+godebug)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("GODEBUG=%s %s %s: %v\n%s", godebug, exe, strings.Join(args, " "), err, out)
			}
			if testing.Verbose() {
				t.Logf("GODEBUG=%s:\n%s", godebug, out)
			}
		})
	}
}
