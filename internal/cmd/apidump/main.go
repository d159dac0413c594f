// Command apidump writes the exported API of the library module, every
// package outside internal/ and cmd/, to standard output (or to the file
// named by -o): for each package its import path and, sorted, the
// declarations of its exported constants, variables, functions, types
// (exported fields and methods included) without bodies or comments. The
// build context is fixed (linux/amd64, no build tags) so that the listing
// does not depend on the machine.
//
// The committed listing is api.txt at the repository root; TestAPIListing
// fails when it is out of date, and .ci/run fails when api.txt changed in a
// commit range without CHANGELOG.md changing too (see CHANGELOG.md). After
// changing the exported API:
//
//	go run ./internal/cmd/apidump -o api.txt
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

const module = "github.com/p256k1/secp256k1"

func main() {
	out := flag.String("o", "", "write the listing to this file instead of standard output")
	root := flag.String("root", ".", "the module's root directory")
	flag.Parse()
	listing, err := dump(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apidump:", err)
		os.Exit(1)
	}
	if *out == "" {
		os.Stdout.Write(listing)
		return
	}
	if err := os.WriteFile(*out, listing, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "apidump:", err)
		os.Exit(1)
	}
}

// dump returns the listing of the module rooted at root.
func dump(root string) ([]byte, error) {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.BuildTags, ctx.CgoEnabled = "linux", "amd64", nil, false
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		name := d.Name()
		if rel != "." {
			if name == "internal" || name == "testdata" || name == "cmd" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
		}
		dirs = append(dirs, rel)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	var buf bytes.Buffer
	buf.WriteString("# The exported API of " + module + " (go run ./internal/cmd/apidump -o api.txt).\n")
	for _, rel := range dirs {
		pkg, err := ctx.ImportDir(filepath.Join(root, rel), 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				continue
			}
			return nil, err
		}
		if pkg.Name == "main" {
			continue
		}
		path := module
		if rel != "." {
			path += "/" + filepath.ToSlash(rel)
		}
		lines, err := pkgAPI(filepath.Join(root, rel), pkg, path)
		if err != nil {
			return nil, err
		}
		buf.WriteString("\npackage " + path + "\n")
		for _, l := range lines {
			buf.WriteString(l + "\n")
		}
	}
	return buf.Bytes(), nil
}

// pkgAPI returns the sorted declarations of the exported API of pkg.
func pkgAPI(dir string, pkg *build.Package, path string) ([]string, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, path)
	if err != nil {
		return nil, err
	}
	var lines []string
	add := func(prefix string, node any) {
		var b bytes.Buffer
		printer.Fprint(&b, fset, node)
		// One line per declaration: collapse the printed text.
		text := strings.Join(strings.Fields(b.String()), " ")
		lines = append(lines, prefix+text)
	}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, spec := range v.Decl.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if !n.IsExported() {
						continue
					}
					one := &ast.ValueSpec{Names: []*ast.Ident{n}, Type: vs.Type}
					if i < len(vs.Values) {
						one.Values = []ast.Expr{vs.Values[i]}
					}
					add(v.Decl.Tok.String()+" ", one)
				}
			}
		}
	}
	funcs := func(fs []*doc.Func) {
		for _, f := range fs {
			f.Decl.Body = nil
			f.Decl.Doc = nil
			add("", f.Decl)
		}
	}
	values(p.Consts)
	values(p.Vars)
	funcs(p.Funcs)
	for _, t := range p.Types {
		for _, spec := range t.Decl.Specs {
			ts := spec.(*ast.TypeSpec)
			ts.Doc, ts.Comment = nil, nil
			stripFieldComments(ts.Type)
			add("type ", ts)
		}
		values(t.Consts)
		values(t.Vars)
		funcs(t.Funcs)
		funcs(t.Methods)
	}
	sort.Strings(lines)
	return lines, nil
}

// stripFieldComments removes the comments of struct fields and interface
// methods, which the printer would otherwise place on their own lines.
func stripFieldComments(e ast.Expr) {
	var fl *ast.FieldList
	switch t := e.(type) {
	case *ast.StructType:
		fl = t.Fields
	case *ast.InterfaceType:
		fl = t.Methods
	}
	if fl == nil {
		return
	}
	for _, f := range fl.List {
		f.Doc, f.Comment = nil, nil
	}
}
