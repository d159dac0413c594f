package crypto

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestAPIParity compares the exported declarations of this package with
// go-ethereum's crypto package (its files for this GOOS/GOARCH, with cgo
// and without): every exported constant, variable, function, type and
// method of one must be in the other, of the same kind, with the same
// signature (parameter and result types; types from other packages by
// import path, types declared in the package by name), the same type
// definition (interfaces by their sorted method sets, alias or not) and
// the same constant values.
func TestAPIParity(t *testing.T) {
	dir := filepath.Join(gethDir(t), "crypto")
	ours := exportedAPI(t, ".", buildContext(true))
	if len(ours) == 0 {
		t.Fatal("no exported declarations found here")
	}
	for _, cgo := range []bool{true, false} {
		theirs := exportedAPI(t, dir, buildContext(cgo))
		if len(theirs) < 25 {
			t.Fatalf("cgo=%v: only %d exported declarations in go-ethereum's crypto", cgo, len(theirs))
		}
		for _, name := range sortedKeys(theirs) {
			o, ok := ours[name]
			switch {
			case !ok:
				t.Errorf("cgo=%v: missing %s %s", cgo, theirs[name].kind, name)
			case o != theirs[name]:
				t.Errorf("cgo=%v: %s differs:\n\tgo-ethereum: %s %s\n\there:        %s %s",
					cgo, name, theirs[name].kind, theirs[name].sig, o.kind, o.sig)
			}
		}
		for _, name := range sortedKeys(ours) {
			if _, ok := theirs[name]; !ok {
				t.Errorf("cgo=%v: %s %s is not in go-ethereum's crypto package", cgo, ours[name].kind, name)
			}
		}
	}
}

// TestAPIParityCatches checks the comparison itself on declarations that
// must differ.
func TestAPIParityCatches(t *testing.T) {
	parse := func(src string) map[string]decl {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte("package crypto\n"+src), 0o600); err != nil {
			t.Fatal(err)
		}
		return exportedAPI(t, dir, buildContext(true))
	}
	base := parse(`import ("crypto/ecdsa"; "hash")
const DigestLength = 32
type KeccakState interface { hash.Hash; Read([]byte) (int, error) }
func Sign(digestHash []byte, prv *ecdsa.PrivateKey) (sig []byte, err error)
`)
	for _, c := range []struct{ name, src string }{
		{"another value", `const DigestLength = 31 + 2`},
		{"a variable", `var DigestLength = 32`},
		{"another method", `import "hash"
type KeccakState interface { hash.Hash; Read([]byte) (int64, error) }`},
		{"an alias", `import "hash"
type KeccakState = interface { hash.Hash; Read([]byte) (int, error) }`},
		{"another parameter type", `import "crypto/ecdsa"
func Sign(digestHash string, prv *ecdsa.PrivateKey) (sig []byte, err error)`},
		{"a package of the same name", `import ecdsa "example.com/ecdsa"
func Sign(digestHash []byte, prv *ecdsa.PrivateKey) (sig []byte, err error)`},
		{"a variadic parameter", `import "crypto/ecdsa"
func Sign(digestHash []byte, prv ...*ecdsa.PrivateKey) (sig []byte, err error)`},
		{"one result fewer", `import "crypto/ecdsa"
func Sign(digestHash []byte, prv *ecdsa.PrivateKey) []byte`},
	} {
		other := parse(c.src)
		for name, d := range other {
			if base[name] == d {
				t.Errorf("%s: %s compares equal (%s)", c.name, name, d.sig)
			}
		}
	}
	// Parameter names and the grouping of parameters do not matter.
	same := parse(`import "crypto/ecdsa"
func Sign(hash []byte, k *ecdsa.PrivateKey) ([]byte, error)`)
	if same["Sign"] != base["Sign"] {
		t.Errorf("renamed parameters: %s vs %s", same["Sign"].sig, base["Sign"].sig)
	}
}

// decl is one exported declaration: its kind and a canonical signature.
type decl struct{ kind, sig string }

func buildContext(cgo bool) *build.Context {
	ctx := build.Default
	ctx.CgoEnabled = cgo
	ctx.BuildTags = nil
	return &ctx
}

// exportedAPI returns the exported declarations of the non-test Go files
// of dir that ctx selects, by name ("Type.Method" for methods).
func exportedAPI(t *testing.T, dir string, ctx *build.Context) map[string]decl {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := ctx.MatchFile(dir, name); err != nil {
			t.Fatal(err)
		} else if !ok {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	consts := map[string]ast.Expr{}
	for _, f := range files {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				for _, s := range g.Specs {
					vs := s.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							consts[n.Name] = vs.Values[i]
						}
					}
				}
			}
		}
	}
	api := map[string]decl{}
	add := func(name string, d decl) {
		if _, dup := api[name]; dup {
			t.Fatalf("%s: %s declared twice", dir, name)
		}
		api[name] = d
	}
	for _, f := range files {
		n := &normalizer{imports: importNames(f)}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				name := d.Name.Name
				if d.Recv != nil {
					recv := n.typ(d.Recv.List[0].Type)
					base := strings.TrimPrefix(strings.TrimPrefix(recv, "*"), "·")
					if !token.IsExported(base) {
						continue
					}
					name = base + "." + name
				}
				add(name, decl{"func", n.typ(d.Type)})
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if !s.Name.IsExported() {
							continue
						}
						kind := "type"
						if s.Assign.IsValid() {
							kind = "type alias"
						}
						add(s.Name.Name, decl{kind, n.typ(s.Type)})
					case *ast.ValueSpec:
						for _, id := range s.Names {
							if !id.IsExported() {
								continue
							}
							if d.Tok == token.CONST {
								add(id.Name, decl{"const", constValue(consts, id.Name, 0)})
								continue
							}
							sig := "(inferred)"
							if s.Type != nil {
								sig = n.typ(s.Type)
							}
							add(id.Name, decl{"var", sig})
						}
					}
				}
			}
		}
	}
	return api
}

// importNames maps the names a file uses for its imports to their paths.
func importNames(f *ast.File) map[string]string {
	m := map[string]string{}
	version := regexp.MustCompile(`^v[0-9]+$`)
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := ""
		if imp.Name != nil {
			name = imp.Name.Name
		} else {
			parts := strings.Split(path, "/")
			name = parts[len(parts)-1]
			if version.MatchString(name) && len(parts) > 1 {
				name = parts[len(parts)-2]
			}
		}
		m[name] = path
	}
	return m
}

// constValue evaluates the constant expression of name (literals,
// operators and other constants of the package), or returns its source
// text where it cannot.
func constValue(consts map[string]ast.Expr, name string, depth int) string {
	e, ok := consts[name]
	if !ok || depth > 10 {
		return "?" + name
	}
	var eval func(ast.Expr) (constant.Value, bool)
	eval = func(e ast.Expr) (constant.Value, bool) {
		switch e := e.(type) {
		case *ast.BasicLit:
			return constant.MakeFromLiteral(e.Value, e.Kind, 0), true
		case *ast.ParenExpr:
			return eval(e.X)
		case *ast.UnaryExpr:
			x, ok := eval(e.X)
			return constant.UnaryOp(e.Op, x, 0), ok
		case *ast.BinaryExpr:
			x, ok1 := eval(e.X)
			y, ok2 := eval(e.Y)
			if !ok1 || !ok2 {
				return nil, false
			}
			if e.Op == token.SHL || e.Op == token.SHR {
				s, _ := constant.Uint64Val(y)
				return constant.Shift(x, e.Op, uint(s)), true
			}
			return constant.BinaryOp(x, e.Op, y), true
		case *ast.Ident:
			if v, ok := consts[e.Name]; ok && depth < 10 {
				return eval(v)
			}
		}
		return nil, false
	}
	if v, ok := eval(e); ok {
		return v.ExactString()
	}
	return types.ExprString(e)
}

// normalizer writes type expressions canonically: types of other packages
// as "import/path.Name", types of the package as "·Name", function types
// by their parameter and result types only.
type normalizer struct{ imports map[string]string }

func (n *normalizer) typ(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		if types.Universe.Lookup(e.Name) != nil {
			return e.Name
		}
		return "·" + e.Name
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok {
			if path, ok := n.imports[x.Name]; ok {
				return path + "." + e.Sel.Name
			}
		}
	case *ast.StarExpr:
		return "*" + n.typ(e.X)
	case *ast.ParenExpr:
		return n.typ(e.X)
	case *ast.Ellipsis:
		return "..." + n.typ(e.Elt)
	case *ast.ArrayType:
		if e.Len == nil {
			return "[]" + n.typ(e.Elt)
		}
		return "[" + types.ExprString(e.Len) + "]" + n.typ(e.Elt)
	case *ast.MapType:
		return "map[" + n.typ(e.Key) + "]" + n.typ(e.Value)
	case *ast.ChanType:
		return fmt.Sprintf("chan(%d) %s", e.Dir, n.typ(e.Value))
	case *ast.FuncType:
		return "func(" + strings.Join(n.fields(e.Params), ", ") + ") (" + strings.Join(n.fields(e.Results), ", ") + ")"
	case *ast.InterfaceType:
		var elems []string
		for _, f := range e.Methods.List {
			if len(f.Names) == 0 {
				elems = append(elems, n.typ(f.Type))
				continue
			}
			for _, id := range f.Names {
				elems = append(elems, id.Name+" "+n.typ(f.Type))
			}
		}
		slices.Sort(elems)
		return "interface{" + strings.Join(elems, "; ") + "}"
	case *ast.StructType:
		var fields []string
		for _, f := range e.Fields.List {
			tag := ""
			if f.Tag != nil {
				tag = " " + f.Tag.Value
			}
			if len(f.Names) == 0 {
				fields = append(fields, "embedded "+n.typ(f.Type)+tag)
				continue
			}
			for _, id := range f.Names {
				fields = append(fields, id.Name+" "+n.typ(f.Type)+tag)
			}
		}
		return "struct{" + strings.Join(fields, "; ") + "}"
	}
	return "?" + types.ExprString(e)
}

// fields lists the types of a parameter or result list, one per name.
func (n *normalizer) fields(l *ast.FieldList) []string {
	if l == nil {
		return nil
	}
	var out []string
	for _, f := range l.List {
		ty := n.typ(f.Type)
		for range max(1, len(f.Names)) {
			out = append(out, ty)
		}
	}
	return out
}

func sortedKeys(m map[string]decl) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
