package main

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const curvePkg = "github.com/p256k1/secp256k1/curve"

// exempt lists exported functions of package curve that the harness need
// not call, each with the reason. Functions whose name starts with VarTime
// are exempt without an entry: they are documented as variable-time and for
// public data only, so there is nothing to check on secrets.
var exempt = map[string]string{}

// TestCurveCoverage builds the harness with coverage of package curve, runs
// it (without valgrind: the workload and its result checks are the same),
// and fails for every exported function of curve that the run never
// entered and that is not exempt. A new exported function in curve fails
// this test until runCurve calls it with secret inputs or it is exempt.
func TestCurveCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the harness with coverage")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	api := curveAPI(t)
	for name := range exempt {
		if _, ok := api[name]; !ok {
			t.Errorf("exempt lists %s, which curve does not export", name)
		}
	}

	dir := t.TempDir()
	bin, cov := filepath.Join(dir, "ctgrind"), filepath.Join(dir, "cov")
	if err := os.Mkdir(cov, 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(cmd *exec.Cmd) []byte {
		t.Helper()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out)
		}
		return out
	}
	// Built for the machine that runs the go command (GOARCH may name an
	// emulated target): which functions the harness calls does not depend
	// on the architecture.
	build := exec.Command(gocmd, "build", "-cover", "-coverpkg="+curvePkg+",.", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOOS=", "GOARCH=")
	run(build)
	harness := exec.Command(bin)
	harness.Env = append(os.Environ(), "GOCOVERDIR="+cov)
	run(harness)
	covered := funcCoverage(t, run(exec.Command(gocmd, "tool", "covdata", "func", "-i", cov)))

	var missing []string
	for name, pos := range api {
		pct, ok := covered[name]
		switch {
		case !ok:
			t.Errorf("%s (%s): not in the coverage report", name, pos)
		case strings.HasPrefix(name[strings.LastIndex(name, ".")+1:], "VarTime"), exempt[name] != "":
		case pct == "0.0%":
			missing = append(missing, name+" ("+pos+")")
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("runCurve never calls curve.%s: call it with secret inputs or exempt it", m)
	}
	if len(api) < 30 {
		t.Errorf("found only %d exported functions in curve", len(api))
	}
}

// curveAPI returns the exported functions and methods of package curve,
// named as `go tool covdata func` names them ("NewScalar", "*Point.Add"),
// with their positions.
func curveAPI(t *testing.T) map[string]string {
	t.Helper()
	pkg, err := build.Import(curvePkg, ".", 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	api := make(map[string]string)
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(pkg.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			key := fd.Name.Name
			if fd.Recv != nil {
				recv := fd.Recv.List[0].Type
				star := ""
				if s, ok := recv.(*ast.StarExpr); ok {
					recv, star = s.X, "*"
				}
				id, ok := recv.(*ast.Ident)
				if !ok || !id.IsExported() {
					continue
				}
				key = star + id.Name + "." + key
			}
			p := fset.Position(fd.Pos())
			api[key] = filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
		}
	}
	return api
}

// funcCoverage parses the output of `go tool covdata func` into the
// coverage of each function of package curve.
func funcCoverage(t *testing.T, out []byte) map[string]string {
	t.Helper()
	cov := make(map[string]string)
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || !strings.HasPrefix(f[0], curvePkg+"/") || strings.Contains(f[0][len(curvePkg)+1:], "/") {
			continue
		}
		cov[f[1]] = f[2]
	}
	if len(cov) == 0 {
		t.Fatalf("no function of %s in the coverage report:\n%s", curvePkg, out)
	}
	return cov
}
