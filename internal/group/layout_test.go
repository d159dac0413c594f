package group

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// This package owns the point layout: outside it, no code writes the
// Infinity flag of a point. Other packages use SetInfinity, SetXY,
// SetLimbs, FiniteLimbs, Select, SetXO and the conversions, which keep the
// flag in step with the coordinates. Tests may still plant inconsistent
// states.

// infinityWrites returns the positions in the Go source src at which a field
// named Infinity is written: the left side of an assignment (or of a range
// clause with =), a key of a composite literal, or an operand of & (a
// pointer through which it could be written). It reads the syntax only, so
// it flags a field of that name of any type; in this module only the point
// types of this package have one.
func infinityWrites(fset *token.FileSet, name string, src any) ([]string, error) {
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var found []string
	isInfinity := func(e ast.Expr) bool {
		for {
			switch x := e.(type) {
			case *ast.ParenExpr:
				e = x.X
			case *ast.SelectorExpr:
				return x.Sel.Name == "Infinity"
			default:
				return false
			}
		}
	}
	report := func(n ast.Node, what string) {
		found = append(found, fset.Position(n.Pos()).String()+": "+what)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if isInfinity(l) {
					report(l, "assignment to .Infinity")
				}
			}
		case *ast.RangeStmt:
			if x.Tok == token.ASSIGN && (x.Key != nil && isInfinity(x.Key) || x.Value != nil && isInfinity(x.Value)) {
				report(x, "range assigns .Infinity")
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && isInfinity(x.X) {
				report(x, "address of .Infinity")
			}
		case *ast.KeyValueExpr:
			if id, ok := x.Key.(*ast.Ident); ok && id.Name == "Infinity" {
				report(x, "composite literal sets Infinity")
			}
		}
		return true
	})
	return found, nil
}

// TestInfinityWritesDetector checks that infinityWrites finds every form of
// write it looks for, and nothing in reads.
func TestInfinityWritesDetector(t *testing.T) {
	const src = `package p
func f(a, b *group.Affine, c []group.Jacobian) {
	a.Infinity = true                      // 1
	c[0].Infinity, _ = b.Infinity, 0       // 2
	(a.Infinity) = false                   // 3
	_ = group.Affine{Infinity: true}       // 4
	_ = []group.Affine{{Infinity: true}}   // 5
	setTrue(&b.Infinity)                   // 6
	for _, a.Infinity = range []bool{} {}  // 7
	if a.Infinity || b.Infinity { _ = !c[0].Infinity }
	x := a.Infinity
	_ = x
}`
	got, err := infinityWrites(token.NewFileSet(), "p.go", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 7 {
		t.Errorf("found %d writes, want 7:\n%s", len(got), strings.Join(got, "\n"))
	}
}

// TestInfinityWrites fails for a write of a field named Infinity in any
// non-test Go file of the module outside this package (nested modules, such
// as bench/ and the assembly generators, are not part of the module).
func TestInfinityWrites(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found at %s: %v", root, err)
	}
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path == here || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		writes, err := infinityWrites(fset, path, nil)
		if err != nil {
			return err
		}
		for _, w := range writes {
			rel, _ := filepath.Rel(root, w)
			t.Errorf("%s: only internal/group writes the infinity flag of a point", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Errorf("read only %d files of the module", files)
	}
}
