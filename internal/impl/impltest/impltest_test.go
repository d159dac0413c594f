package impltest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// This test binary links none of the library's packages with assembly, so
// the registry holds only these: package a with X, package b with Y and
// with Z, which this "CPU" cannot run.
var aX, bY, bZ = true, true, false

func init() {
	impl.Register("a", "X", &aX)
	impl.Register("b", "Y", &bY)
	impl.Register("b", "Z", &bZ)
}

func selection() []bool { return []bool{aX, bY, bZ} }

var defaultSelection = []bool{true, true, false}

func TestImplementationSets(t *testing.T) {
	want := []implementationSet{
		{Generic, []bool{false, false, false}},
		{"a.X=off", []bool{false, true, false}},
		{"b.Y=off", []bool{true, false, false}},
		// b.Z=off is the default: left out.
	}
	same := func(x, y implementationSet) bool { return x.name == y.name && slices.Equal(x.on, y.on) }
	if got := implementationSets(false); !slices.EqualFunc(got, want, same) {
		t.Fatalf("implementationSets(false) = %v, want %v", got, want)
	}
	if got := implementationSets(true); !slices.EqualFunc(got, want[:1], same) {
		t.Fatalf("implementationSets(true) = %v, want %v", got, want[:1])
	}
}

// seen records the selection each run of recordSelection saw.
var seen [][]bool

func recordSelection(t *testing.T) { seen = append(seen, selection()) }

func TestAllImplementationsSelects(t *testing.T) {
	seen = nil
	TestAllImplementations(t, []func(*testing.T){recordSelection, recordSelection})
	want := [][]bool{
		{false, false, false}, {false, false, false},
		{false, true, false}, {false, true, false},
		{true, false, false}, {true, false, false},
	}
	if testing.Short() || testutil.RaceEnabled {
		want = want[:2]
	}
	if !slices.EqualFunc(seen, want, slices.Equal) {
		t.Errorf("the suite ran under %v, want %v", seen, want)
	}
	if got := selection(); !slices.Equal(got, defaultSelection) {
		t.Errorf("selection after TestAllImplementations %v, want the default %v", got, defaultSelection)
	}
}

func TestSelect(t *testing.T) {
	l := Implementations("b")
	if len(l) != 3 || l[0].Name != Generic || !l[0].Available || l[1].Name != "Y" || !l[1].Available || l[2].Name != "Z" || l[2].Available {
		t.Fatalf("Implementations(b) = %+v", l)
	}
	if l := Implementations("c"); len(l) != 1 || l[0].Name != Generic {
		t.Fatalf("Implementations(c) = %+v, want only the generic code", l)
	}

	aX = false // a's selection must survive b's Select and restore
	defer func() { aX = true }()
	restore := l[0].Select()
	if got := selection(); !slices.Equal(got, []bool{false, false, false}) {
		t.Errorf("after selecting b generic: %v", got)
	}
	restore()
	if got := selection(); !slices.Equal(got, []bool{false, true, false}) {
		t.Errorf("after restoring: %v", got)
	}

	for _, i := range []Implementation{l[2], {Package: "b", Name: "W", Available: true}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("selecting %s %s did not panic", i.Package, i.Name)
				}
			}()
			i.Select()
		}()
		if got := selection(); !slices.Equal(got, []bool{false, true, false}) {
			t.Errorf("a failed Select of %s changed the selection to %v", i.Name, got)
		}
	}
}

func TestSuiteProblems(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a_test.go": `package p

import "testing"

func TestListed(t *testing.T)   {}
func TestExcluded(t *testing.T) {}
func TestForgotten(t *testing.T) { t.Parallel() }
func helper(t *testing.T)       {}
`,
		"b_test.go": `package p_test

import "testing"

func TestExternal(t *testing.T) {}
`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	problems, err := suiteProblems(dir, "p", []string{"TestListed"}, []string{"TestExcluded", "TestGone"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"must not run in parallel",
		"TestForgotten is neither in the suite",
		"notInSuite names TestGone",
	} {
		if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, want) }) {
			t.Errorf("no problem reported with %q: %q", want, problems)
		}
	}
	if len(problems) != 3 {
		t.Errorf("%d problems, want 3: %q", len(problems), problems)
	}

	problems, err = suiteProblems(dir, "p", []string{"TestListed", "TestForgotten"}, []string{"TestExcluded"})
	if err != nil || len(problems) != 1 || !strings.Contains(problems[0], "parallel") {
		t.Errorf("complete suite: problems %q, %v; want only the Parallel call", problems, err)
	}
}

func TestFuncName(t *testing.T) {
	if got := funcName(TestFuncName); got != "TestFuncName" {
		t.Errorf("funcName(TestFuncName) = %q", got)
	}
}
