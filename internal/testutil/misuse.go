package testutil

import (
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ExportedFuncs returns the exported functions and the exported methods of
// exported types declared in the non-test Go files of dir, named
// "pkg.Func" and "pkg.Type.Method" with pkg the package name. Misuse tests
// compare it with their table, so that a new exported function without a
// misuse case fails the test. Files built only with the valgrind tag (hooks
// for the constant-time harness, not API) are left out.
func ExportedFuncs(t testing.TB, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if valgrindOnly(f) {
			continue
		}
		pkg := f.Name.Name
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			if fd.Recv == nil {
				names = append(names, pkg+"."+fd.Name.Name)
				continue
			}
			typ := fd.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			id, ok := typ.(*ast.Ident)
			if !ok || !id.IsExported() {
				continue
			}
			names = append(names, pkg+"."+id.Name+"."+fd.Name.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// valgrindOnly reports whether f's build constraint requires the valgrind
// tag.
func valgrindOnly(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if expr, err := constraint.Parse(c.Text); err == nil {
				return !expr.Eval(func(tag string) bool { return tag != "valgrind" })
			}
		}
	}
	return false
}

// RunMisuse runs every case of a misuse table (keyed by the names
// ExportedFuncs gives) as a subtest, and fails a case that panics: misuse
// gets an error, false, 0 or nil, never a panic.
func RunMisuse(t *testing.T, table map[string]func(*testing.T)) {
	t.Helper()
	for name, run := range table {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			run(t)
		})
	}
}

// CheckMisuseTable fails for every exported function of the packages in
// dirs (see ExportedFuncs) that has no case in table, and for every case
// that names no exported function, so that a new function cannot go
// without a misuse case.
func CheckMisuseTable(t *testing.T, table map[string]func(*testing.T), dirs ...string) {
	t.Helper()
	var exported []string
	for _, dir := range dirs {
		exported = append(exported, ExportedFuncs(t, dir)...)
	}
	for _, name := range exported {
		if _, ok := table[name]; !ok {
			t.Errorf("no misuse case for %s", name)
		}
	}
	for name := range table {
		if !slices.Contains(exported, name) {
			t.Errorf("misuse case %s names no exported function", name)
		}
	}
}
