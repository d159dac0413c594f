package main

import (
	"encoding/xml"
	"io"
	"os"
	"strings"
	"testing"
)

// testdata/canary.xml is trimmed from a real run of ctgrind -canary under
// valgrind 3.19 (the two canary reports plus one runtime-internal report).
func load(t *testing.T, name string) *report {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var r report
	if err := xml.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func TestCanaryReport(t *testing.T) {
	r := load(t, "testdata/canary.xml")
	if len(r.Errors) != 3 {
		t.Fatalf("%d errors parsed, want 3", len(r.Errors))
	}
	c := classifier{root: "/work/main"}
	if n, _ := check(io.Discard, r, c, true, false); n != 0 {
		t.Errorf("canary mode: %d failures, want 0", n)
	}
	// Outside canary mode the same leaks are secret-dependent failures,
	// never inconclusive.
	if n, a := check(io.Discard, r, c, false, false); n != 2 || a != 0 {
		t.Errorf("normal mode: %d failures (%d inconclusive), want 2 (0)", n, a)
	}
	// Without the runtime report and one canary report, canary mode fails.
	r.Errors = r.Errors[:2]
	if n, _ := check(io.Discard, r, c, true, false); n == 0 {
		t.Error("canary mode passed with only one of the two leaks reported")
	}
}

// Each file of testdata holds reports of one class, real ones trimmed from
// runs under valgrind 3.19 where the file says so; its comment says which
// rule of the package documentation applies and what the tool did before
// every warning became a failure.
func TestErrorClasses(t *testing.T) {
	for _, tc := range []struct {
		file       string
		failures   int
		addressing int // of the failures, the inconclusive ones
		want       string
	}{
		{"secret_library.xml", 1, 0, "FAIL secret-dependent (/work/main/internal/keys/public.go:54)"},
		{"secret_runtime.xml", 1, 0, "FAIL secret-dependent (in the harness, /work/main/internal/cmd/ctgrind/curvekeys.go:47)"},
		{"library_invalid.xml", 1, 1, "FAIL in this module (/work/main/internal/field/fe_asm.go:18): InvalidRead"},
		{"library_uninit.xml", 1, 0, "FAIL in this module (/work/main/internal/ecmult/lookup_amd64.go:15): UninitValue"},
		{"harness_uninit.xml", 1, 0, "FAIL in the harness (/work/main/internal/cmd/ctgrind/curve.go:199): UninitCondition"},
		{"runtime_origin_ours.xml", 1, 0, "FAIL uninitialised memory from this module (created at /work/main/internal/keys/public.go:175)"},
		{"std_below_library.xml", 1, 0, "FAIL in crypto/internal/fips140/sha256.blockAMD64, called from this module (/work/main/internal/keys/ecdh.go:56)"},
		{"ignored.xml", 0, 0, "4 error contexts: 0 failing (0 of them invalid reads or writes), 3 runtime-internal and 1 leak reports ignored"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			r := load(t, "testdata/"+tc.file)
			if len(r.Errors) == 0 {
				t.Fatal("no errors parsed")
			}
			for _, canary := range []bool{false, true} {
				var out strings.Builder
				n, a := check(&out, r, classifier{root: "/work/main"}, canary, false)
				if canary {
					n-- // the canary leaks are missing: one more failure
				}
				if n != tc.failures || a != tc.addressing || !strings.Contains(out.String(), tc.want) {
					t.Errorf("canary=%v: %d failures (%d inconclusive), want %d (%d), and output with %q:\n%s", canary, n, a, tc.failures, tc.addressing, tc.want, &out)
				}
			}
		})
	}
}

// Without -root, library frames are still recognised by their function
// names, and harness frames by their directory.
func TestWithoutRoot(t *testing.T) {
	for file, want := range map[string]string{
		"secret_library.xml":  "FAIL secret-dependent (/work/main/internal/keys/public.go:54)",
		"harness_uninit.xml":  "FAIL in the harness",
		"library_invalid.xml": "FAIL in this module",
	} {
		var out strings.Builder
		if n, _ := check(&out, load(t, "testdata/"+file), classifier{}, false, false); n != 1 || !strings.Contains(out.String(), want) {
			t.Errorf("%s: %d failures, want 1 with %q:\n%s", file, n, want, &out)
		}
	}
}
