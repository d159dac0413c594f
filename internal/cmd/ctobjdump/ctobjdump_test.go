package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestParseInst(t *testing.T) {
	for _, c := range []struct {
		text         string
		op, args     string
		target       uint64
		tsym         string
		cond, div, c bool
	}{
		{text: "jbe    4cda32 <github.com/p256k1/secp256k1/internal/ecmult.BaseMult+0x192>", op: "jbe",
			target: 0x4cda32, tsym: "github.com/p256k1/secp256k1/internal/ecmult.BaseMult", cond: true},
		{text: "call   4824e0 <runtime.memmove>", op: "call", target: 0x4824e0, tsym: "runtime.memmove", c: true},
		{text: "jmp    4cd8a0 <x.f>", op: "jmp", target: 0x4cd8a0, tsym: "x.f"},
		{text: "divq   0x8(%rsp)", op: "divq", args: "0x8(%rsp)", div: true},
		{text: "idiv   %r10", op: "idiv", args: "%r10", div: true},
		{text: "rep stos %rax,%es:(%rdi)", op: "stos", args: "%rax,%es:(%rdi)"},
		{text: "cmpl   $0x0,0x1f4462(%rip)        # 6c1de0 <runtime.writeBarrier>", op: "cmpl"},
		{text: "mulx   %rdx,%r8,%r9", op: "mulx", args: "%rdx,%r8,%r9"},
		{text: "adcx   %r8,%r10", op: "adcx", args: "%r8,%r10"},
		{text: "cmovne %rax,%rbx", op: "cmovne", args: "%rax,%rbx"},
		{text: "loop   401000 <x.f+0x10>", op: "loop", target: 0x401000, tsym: "x.f", cond: true},
	} {
		in := parseInst(0x1000, c.text)
		if in.op != c.op || (c.args != "" && in.args != c.args) || in.target != c.target || in.tsym != c.tsym {
			t.Errorf("parseInst(%q) = %+v", c.text, in)
		}
		if isCondBranch(in.op) != c.cond || isDiv(in.op) != c.div || isCall(in.op) != c.c {
			t.Errorf("%q: conditional %v, division %v, call %v", c.text, isCondBranch(in.op), isDiv(in.op), isCall(in.op))
		}
	}
	if in := parseInst(0, "cmpl   $0x0,0x1f4462(%rip)        # 6c1de0 <runtime.writeBarrier>"); !strings.Contains(in.args, "runtime.writeBarrier") {
		t.Errorf("the write barrier's symbol is lost: %+v", in)
	}
}

func TestSplitSymbol(t *testing.T) {
	for sym, want := range map[string][2]string{
		"github.com/p256k1/secp256k1/internal/field.(*Element).Add": {"internal/field", "field.(*Element).Add"},
		"github.com/p256k1/secp256k1/internal/field.feMulAsm.abi0":  {"internal/field", "field.feMulAsm.abi0"},
		"github.com/p256k1/secp256k1/internal/ecmult.init.0":        {"internal/ecmult", "ecmult.init.0"},
		"github.com/p256k1/secp256k1.(*PrivateKey).Sign":            {"", "secp256k1.(*PrivateKey).Sign"},
		"runtime.memmove": {"", ""},
		"type:.eq.github.com/p256k1/secp256k1/internal/group.Affine": {"", ""},
	} {
		pkg, name := splitSymbol(sym)
		if pkg != want[0] || (want[0] != "" && name != want[1]) {
			t.Errorf("splitSymbol(%q) = %q, %q, want %q, %q", sym, pkg, name, want[0], want[1])
		}
	}
}

func TestVariableTimeNames(t *testing.T) {
	for name, want := range map[string]bool{
		"ecmult.BaseMultVarTime":                      true,
		"group.jacobianAddMixedVarTimeAsm.abi0":       true,
		"modinv.updateFGVar":                          true,
		"modinv.divsteps62Var":                        true,
		"ecmult.BaseMult":                             false,
		"modinv.(*Modulus).Invert":                    false,
		"group.(*Jacobian).AddAffine":                 false,
		"field.(*Element).Variance":                   false,
		"scalar.(*Scalar).WNAFVarTime":                true,
		"group.(*Jacobian).AddMixedZRatioVarTime":     true,
		"ecmult.(*pippScratch).windowSumsAffine":      false,
		"ecmult.lookupAffineAVX2.abi0":                false,
		"field.feSquareNAsm.abi0":                     false,
		"group.(*Jacobian).EqualXVarTime":             true,
		"field.BatchInvertVarTime":                    true,
		"group.BatchToAffineVarTime":                  true,
		"modinv.(*Modulus).InvertVarTime":             true,
		"ecmult.MultiScalarMultVarTime":               true,
		"ecmult.DoubleMultVarTime":                    true,
		"group.(*Affine).SetJacobianVarTime":          true,
		"group.jacobianAddZInvVarTimeAsm.abi0":        true,
		"group.jacobianAddMixedZRatioVarTimeAsm.abi0": true,
	} {
		if got := variableTime.MatchString(name); got != want {
			t.Errorf("%s: variable time %v, want %v", name, got, want)
		}
	}
}

// gnuObjdump skips the test unless this is amd64 with GNU objdump.
func gnuObjdump(t *testing.T) {
	t.Helper()
	if runtime.GOARCH != "amd64" || runtime.GOOS != "linux" {
		t.Skip("the check reads x86-64 ELF binaries")
	}
	out, err := exec.Command("objdump", "--version").Output()
	if err != nil || !bytes.Contains(out, []byte("GNU objdump")) {
		t.Skip("no GNU objdump (binutils); .ci/objdump.sh installs it")
	}
}

func buildBinary(t *testing.T, pkg string, env ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), filepath.Base(pkg))
	cmd := exec.Command("go", "build", "-o", bin, pkg)
	cmd.Env = append(append(os.Environ(), "GOOS=", "GOARCH="), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// TestCanary checks that every planted leak of testdata/canary is reported
// and its constant-time function is not, and that the plain check fails
// on it.
func TestCanary(t *testing.T) {
	gnuObjdump(t)
	bin := buildBinary(t, "./testdata/canary")
	var out bytes.Buffer
	if rc := run([]string{"-canary", bin}, &out, &out); rc != 0 {
		t.Fatalf("-canary: exit %d\n%s", rc, out.String())
	}
	for _, want := range []string{"leaky.LoopOnSecret: branch reported", "leaky.Divide: division reported",
		"leaky.Index: bounds check reported", "leaky.CallsHelper: call reported", "leaky.Select: clean"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}

// TestLibrary runs the check on the ctgrind harness, as .ci/objdump.sh does
// (which also checks the purego and GOAMD64=v3 builds).
func TestLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the ctgrind harness")
	}
	gnuObjdump(t)
	bin := buildBinary(t, "../ctgrind")
	var out bytes.Buffer
	if rc := run([]string{"-root", "../../..", bin}, &out, &out); rc != 0 {
		t.Fatalf("exit %d\n%s", rc, out.String())
	}
	t.Log(strings.TrimSpace(out.String()))
}

// TestUsage checks that bad invocations are errors (exit 2).
func TestUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"-nosuchflag"}, {filepath.Join(t.TempDir(), "missing")}} {
		var out bytes.Buffer
		if rc := run(args, &out, &out); rc != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", args, rc, out.String())
		}
	}
}
