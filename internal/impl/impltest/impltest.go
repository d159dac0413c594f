// Package impltest runs tests under the implementations registered with
// internal/impl: Implementations and Select for tests that compare them,
// TestAllImplementations to rerun a package's suite under each selection
// other than the default, and CheckSuite to keep that suite complete. It is
// imported only by tests (it is not part of internal/testutil, which
// internal/ctcheck's tests import, so that no import cycle forms under
// -tags valgrind, where internal/impl imports internal/ctcheck).
package impltest

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Generic is the name tests give a package's generic Go code, the
// implementation that runs when none registered with internal/impl does.
const Generic = "generic"

// Implementation is one implementation of a package's code, for tests:
// Generic, or one registered with internal/impl.
type Implementation struct {
	Package   string
	Name      string
	Available bool // whether this CPU runs it (Generic always)
}

// Implementations returns package pkg's Generic code followed by the
// implementations it registered with internal/impl in this build, whether
// this CPU runs them or not.
func Implementations(pkg string) []Implementation {
	l := []Implementation{{Package: pkg, Name: Generic, Available: true}}
	for _, i := range impl.List(pkg) {
		l = append(l, Implementation{Package: pkg, Name: i.Name, Available: i.Available})
	}
	return l
}

// Select makes i the code its package runs, leaving the other packages
// alone, and returns a function that restores the previous selection. It
// panics if i is not Available. Tests that use it must not run in parallel
// (the flags are package-level variables).
func (i Implementation) Select() (restore func()) {
	l := impl.List(i.Package)
	if i.Name != Generic && !slices.ContainsFunc(l, func(r impl.Implementation) bool { return r.Name == i.Name }) {
		panic("impltest: " + i.Package + " has no implementation " + i.Name)
	}
	saved := flags()
	for _, r := range l {
		if !r.SetEnabled(r.Name == i.Name) {
			setFlags(saved)
			panic("impltest: this CPU cannot run " + i.Package + " " + i.Name)
		}
	}
	return func() { setFlags(saved) }
}

// flags returns the current value of every registered flag.
func flags() []bool {
	var on []bool
	for _, r := range impl.All() {
		on = append(on, r.Enabled())
	}
	return on
}

// setFlags sets every registered flag (as flags returned them).
func setFlags(on []bool) {
	for k, r := range impl.All() {
		r.SetEnabled(on[k])
	}
}

// implementationSet is one selection TestAllImplementations runs a suite
// under: the value of every registered flag.
type implementationSet struct {
	name string
	on   []bool
}

// implementationSets returns the selections other than the default that
// TestAllImplementations runs: for each registered implementation this CPU
// runs, the default with that one turned off (its package's generic code,
// with the other packages' assembly above and below it), and every one
// turned off (all generic Go, as with -tags purego). Selections equal to the
// default or to an earlier one are left out (with one implementation, the
// two coincide: "generic"). In short mode (-short: the emulated
// architectures in CI) and under the race detector (whose runs are slow and
// add nothing to the arithmetic), only the last, which runs every fallback
// at once.
func implementationSets(short bool) []implementationSet {
	all := impl.All()
	def := make([]bool, len(all))
	for k, r := range all {
		def[k] = r.Available
	}
	var sets []implementationSet
	add := func(name string, on []bool) {
		if slices.Equal(on, def) {
			return
		}
		for _, s := range sets {
			if slices.Equal(s.on, on) {
				return
			}
		}
		sets = append(sets, implementationSet{name, on})
	}
	off := make([]bool, len(all))
	add(Generic, off)
	if short {
		return sets
	}
	for k, r := range all {
		on := slices.Clone(def)
		on[k] = false
		add(r.Package+"."+r.Name+"=off", on)
	}
	return sets
}

// TestAllImplementations runs every test of suite once under each selection
// of implementations other than the default (see implementationSets: one
// with each registered implementation turned off, and one with all of them
// off; with -short or -race only the latter), restoring the default
// afterwards: the registry-driven counterpart of Go's
// crypto/internal/cryptotest.TestAllImplementations. Together with the
// default run of the same tests, every fallback this build has is tested on
// every CPU that runs the assembly. It skips when nothing is registered (no
// assembly in this build) or nothing can be turned off (none this CPU runs).
//
// A package lists in suite every test that runs its arithmetic through the
// dispatching code, and checks with CheckSuite that none is forgotten. The
// tests must not call t.Parallel: a parallel subtest would run after the
// selection is restored. After each test the selection is checked, so that
// a test that changes it without restoring it fails.
func TestAllImplementations(t *testing.T, suite []func(*testing.T)) {
	sets := implementationSets(testing.Short() || testutil.RaceEnabled)
	if len(sets) == 0 {
		t.Skipf("no implementation to turn off in this build or on this CPU (registered: %v)", describe(impl.All()))
	}
	saved := flags()
	defer setFlags(saved)
	for _, s := range sets {
		t.Run(s.name, func(t *testing.T) {
			setFlags(s.on)
			t.Logf("selection: %s", describe(impl.All()))
			for _, f := range suite {
				t.Run(strings.TrimPrefix(funcName(f), "Test"), f)
				if got := flags(); !slices.Equal(got, s.on) {
					t.Fatalf("%s changed the selection to %s", funcName(f), describe(impl.All()))
				}
			}
		})
	}
}

// describe lists the registered implementations and whether each is on.
func describe(all []impl.Implementation) string {
	if len(all) == 0 {
		return "none"
	}
	var b strings.Builder
	for k, r := range all {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(r.Package + " " + r.Name)
		switch {
		case !r.Available:
			b.WriteString(" unavailable")
		case r.Enabled():
			b.WriteString(" on")
		default:
			b.WriteString(" off")
		}
	}
	return b.String()
}

// funcName returns the name of the top-level function f ("TestAliasing").
func funcName(f func(*testing.T)) string {
	name := runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
	return name[strings.LastIndexByte(name, '.')+1:]
}

// CheckSuite parses the test files of package pkg (the *_test.go files of
// the current directory that are in package pkg, not pkg_test) and checks
// that every Test function is in suite or named in notInSuite (the tests
// that select implementations themselves, or test the machinery), that
// every name in notInSuite is a test, and that no test calls Parallel (the
// selections are package-level variables).
func CheckSuite(t *testing.T, pkg string, suite []func(*testing.T), notInSuite ...string) {
	t.Helper()
	names := make([]string, len(suite))
	for k, f := range suite {
		names[k] = funcName(f)
	}
	problems, err := suiteProblems(".", pkg, names, notInSuite)
	if err != nil {
		t.Skipf("test sources not readable: %v", err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// suiteProblems is CheckSuite on the test files in dir, with the suite given
// by the names of its functions.
func suiteProblems(dir, pkg string, suite, notInSuite []string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, errors.New("no *_test.go files in " + dir)
	}
	var problems []string
	known := map[string]bool{}
	for _, name := range suite {
		known[name] = true
	}
	for _, name := range notInSuite {
		if known[name] {
			problems = append(problems, name+" is both in the suite and in notInSuite")
		}
		known[name] = true
	}
	fset := token.NewFileSet()
	found := map[string]bool{}
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if f.Name.Name != pkg {
			continue // an external test package cannot reach the flags
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Parallel" {
					problems = append(problems, fmt.Sprintf("%s: tests of package %s must not run in parallel (TestAllImplementations changes package-level flags)", fset.Position(call.Pos()), pkg))
				}
			}
			return true
		})
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Name.Name == "TestMain" {
				continue
			}
			found[fn.Name.Name] = true
			if !known[fn.Name.Name] {
				problems = append(problems, fmt.Sprintf("%s: %s is neither in the suite of TestAllImplementations nor in notInSuite", fset.Position(fn.Pos()), fn.Name.Name))
			}
		}
	}
	for _, name := range notInSuite {
		if !found[name] {
			problems = append(problems, fmt.Sprintf("notInSuite names %s, which is not a test of package %s", name, pkg))
		}
	}
	return problems, nil
}
