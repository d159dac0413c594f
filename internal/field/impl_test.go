package field

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// implementation is one of the code paths behind feMul, feSquare and
// feSquareN: generic Go, or an assembly backend selected by a dispatch flag.
type implementation struct {
	name      string
	flag      *bool // the dispatch flag that selects it; nil for generic Go
	available bool  // whether this CPU can run it
}

// asmImplementations (fe_<arch>_test.go) lists the assembly backends of this
// build; it is empty without assembly.

// implementations returns generic Go followed by the assembly backends.
func implementations() []implementation {
	return append([]implementation{{name: "generic", available: true}}, asmImplementations...)
}

// currentImplementation is the implementation the dispatch flags select now.
func currentImplementation() implementation {
	for _, impl := range asmImplementations {
		if *impl.flag {
			return impl
		}
	}
	return implementations()[0]
}

// setImplementation sets the dispatch flags so that impl runs, and returns a
// function that restores them. Tests that use it must not run in parallel
// (TestSuiteComplete checks that no test of this package calls t.Parallel).
func setImplementation(impl implementation) (restore func()) {
	saved := make([]bool, len(asmImplementations))
	for i, a := range asmImplementations {
		saved[i] = *a.flag
		*a.flag = false
	}
	if impl.flag != nil {
		*impl.flag = true
	}
	return func() {
		for i, a := range asmImplementations {
			*a.flag = saved[i]
		}
	}
}

// forEachImplementation runs f as a subtest under every implementation this
// CPU can run (the others are reported as skipped).
func forEachImplementation(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, impl := range implementations() {
		t.Run(impl.name, func(t *testing.T) {
			if !impl.available {
				t.Skipf("this CPU cannot run %s", impl.name)
			}
			defer setImplementation(impl)()
			f(t)
		})
	}
}

// fieldSuite is every test of this package that runs the arithmetic through
// the dispatching functions. TestAllImplementations reruns all of them with
// each implementation the default build does not select, so that turning a
// CPU feature off (or running on a CPU without it) is tested as well.
var fieldSuite = []struct {
	name string
	f    func(*testing.T)
}{
	{"Aliasing", TestAliasing},
	{"SetBytesCanonical", TestSetBytesCanonical},
	{"ArithmeticVsBig", TestArithmeticVsBig},
	{"SelectCondNegate", TestSelectCondNegate},
	{"BatchInvert", TestBatchInvert},
	{"LimbsRoundTrip", TestLimbsRoundTrip},
	{"ZeroAllocs", TestZeroAllocs},
	{"InvertVsFermat", TestInvertVsFermat},
	{"InvertAllocs", TestInvertAllocs},
	{"KernelsVsBig", TestKernelsVsBig},
}

// notInSuite are the tests that choose implementations themselves (or test
// the machinery), so rerunning them under each one would add nothing.
var notInSuite = []string{
	"TestAllImplementations",
	"TestSuiteComplete",
	"TestKernelsVsGeneric",
	"TestReductionPaths",
	"TestDispatchDefault",
	"TestElementLayout",
}

// TestAllImplementations reruns the whole suite with each implementation
// other than the one this CPU selects by default: on amd64 with ADX that is
// the generic Go path (the CPU feature turned off), on arm64 likewise, and on
// an amd64 CPU without ADX nothing (the default already is generic). The
// flags are restored afterwards, in the manner of Go's
// crypto/internal/cryptotest.TestAllImplementations.
func TestAllImplementations(t *testing.T) {
	def := currentImplementation()
	for _, impl := range implementations() {
		if impl.name == def.name {
			continue
		}
		t.Run(impl.name, func(t *testing.T) {
			if !impl.available {
				t.Skipf("this CPU cannot run %s", impl.name)
			}
			defer setImplementation(impl)()
			for _, tc := range fieldSuite {
				t.Run(tc.name, tc.f)
			}
		})
	}
}

// TestSuiteComplete parses this package's test files and checks that every
// Test function is in fieldSuite or notInSuite, and that none runs in
// parallel (setImplementation changes package-level flags).
func TestSuiteComplete(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil || len(files) == 0 {
		t.Skipf("test sources not found (%v)", err)
	}
	known := map[string]bool{}
	for _, tc := range fieldSuite {
		known["Test"+tc.name] = true
	}
	for _, name := range notInSuite {
		known[name] = true
	}
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name.Name != "field" {
			continue // external test package: cannot flip the flags
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Parallel" {
					t.Errorf("%s: tests of package field must not run in parallel (the dispatch flags are global)", fset.Position(call.Pos()))
				}
			}
			return true
		})
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Name.Name == "TestMain" {
				continue
			}
			if !known[fn.Name.Name] {
				t.Errorf("%s: %s is neither in fieldSuite nor in notInSuite (impl_test.go)", name, fn.Name.Name)
			}
		}
	}
	if !slices.ContainsFunc(implementations(), func(i implementation) bool { return i.name == "generic" }) {
		t.Error("no generic implementation")
	}
}
