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
	if n := check(io.Discard, r, c, true, false); n != 0 {
		t.Errorf("canary mode: %d failures, want 0", n)
	}
	// Outside canary mode the same leaks are secret-dependent failures.
	if n := check(io.Discard, r, c, false, false); n != 2 {
		t.Errorf("normal mode: %d failures, want 2", n)
	}
	// Without the runtime report and one canary report, canary mode fails.
	r.Errors = r.Errors[:2]
	if n := check(io.Discard, r, c, true, false); n == 0 {
		t.Error("canary mode passed with only one of the two leaks reported")
	}
}

const libraryLeak = `<?xml version="1.0"?>
<valgrindoutput>
<protocoltool>memcheck</protocoltool>
<error>
  <kind>UninitCondition</kind>
  <what>Conditional jump or move depends on uninitialised value(s)</what>
  <stack>
    <frame><fn>main.runECDSA</fn><dir>/src/p256k1/internal/scalar</dir><file>scalar.go</file><line>77</line></frame>
    <frame><fn>main.main</fn><dir>/src/p256k1/internal/cmd/ctgrind</dir><file>main.go</file><line>15</line></frame>
  </stack>
  <auxwhat>Uninitialised value was created by a client request</auxwhat>
  <stack>
    <frame><fn>github.com/p256k1/secp256k1/internal/ctcheck.clientRequest.abi0</fn><dir>/src/p256k1/internal/ctcheck</dir><file>ctcheck_valgrind_amd64.s</file><line>19</line></frame>
    <frame><fn>main.runECDSA</fn><dir>/src/p256k1/internal/cmd/ctgrind</dir><file>main.go</file><line>40</line></frame>
  </stack>
</error>
<error>
  <kind>UninitValue</kind>
  <what>Use of uninitialised value of size 8</what>
  <stack>
    <frame><fn>github.com/p256k1/secp256k1/internal/field.(*Element).Mul</fn><dir>/src/p256k1/internal/field</dir><file>mul.go</file><line>12</line></frame>
  </stack>
</error>
<error>
  <kind>InvalidRead</kind>
  <what>Invalid read of size 8</what>
  <stack>
    <frame><fn>runtime.mallocgc</fn><dir>/usr/local/go/src/runtime</dir><file>malloc.go</file><line>1</line></frame>
    <frame><fn>github.com/p256k1/secp256k1.NewPrivateKey</fn><dir>/src/p256k1</dir><file>privkey.go</file><line>9</line></frame>
  </stack>
  <auxwhat>Address 0x1 is 8 bytes inside a block of size 16 alloc'd</auxwhat>
  <stack>
    <frame><fn>runtime.valgrindClientRequest.abi0</fn></frame>
  </stack>
</error>
<error>
  <kind>UninitValue</kind>
  <what>Use of uninitialised value of size 8</what>
  <stack>
    <frame><fn>runtime.mallocgc</fn><dir>/usr/local/go/src/runtime</dir><file>malloc.go</file><line>1</line></frame>
    <frame><fn>github.com/p256k1/secp256k1.NewPrivateKey</fn><dir>/src/p256k1</dir><file>privkey.go</file><line>9</line></frame>
  </stack>
  <auxwhat>Uninitialised value was created by a stack allocation</auxwhat>
  <stack>
    <frame><fn>runtime.systemstack.abi0</fn></frame>
  </stack>
</error>
</valgrindoutput>
`

func TestLibraryLeak(t *testing.T) {
	var r report
	if err := xml.Unmarshal([]byte(libraryLeak), &r); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	// 1: a secret-derived branch in library code inlined into the harness
	// (found by its source directory): fails; 2: an error in a library
	// frame without origin information: fails; 3: an invalid read in the
	// runtime below a library frame: a warning; 4: runtime noise from a
	// stack allocation below a library frame: a warning.
	if n := check(&out, &r, classifier{root: "/src/p256k1"}, false, false); n != 2 {
		t.Errorf("%d failures, want 2\n%s", n, &out)
	}
	for _, want := range []string{
		"FAIL secret-dependent (/src/p256k1/internal/scalar/scalar.go:77)",
		"FAIL in this module (/src/p256k1/internal/field/mul.go:12)",
		"warning (not from a secret): InvalidRead",
		"warning (not from a secret): UninitValue",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, &out)
		}
	}
}
