// Command gen writes internal/group's straight-line Go point operations
// (point_gen.go): the formulas of the whole-point assembly
// (internal/asm/group), in the same order, with every field operation
// written out inline instead of called. It is run by the //go:generate line
// in internal/group/generate.go:
//
//	go run ./gen -field ../field -out point_gen.go
//
// The field operations are not written twice: the generator reads the
// bodies of internal/field's generic kernels (feMulGeneric, feSquareGeneric
// in fe_generic.go; Add, Subtract, Halve, Select, MulInt and reduce512 in
// field.go) and pastes them, one block per operation, with the limbs of
// their operands (a.l[i], b.l[i]) and result (v.l[i]) renamed to local
// variables of the point function. Every value stays fully reduced, as in
// the Go methods, so each generated function computes exactly the field
// elements of the method it replaces; the tests compare them bit for bit.
//
// A generated function has no call and no loop, and the constant-time ones
// (jacobianDouble, jacobianAddAffine, projectiveAddAffine) no branch: their
// selections are masks, as in field.Element.Select. The variable-time ones
// return false, writing nothing, on the cases the Go methods handle
// themselves (an input at infinity, H = 0), as the assembly does.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// kernel is the body of one of internal/field's functions, as statements.
type kernel struct {
	params []string // the names its limbs are read or written through: v, a, b
	stmts  []string
}

var kernels = map[string]*kernel{}

// readKernels parses the field package's files and keeps the bodies of the
// functions the point formulas inline.
func readKernels(dir string) {
	want := map[string][]string{
		"feMulGeneric":    {"v", "a", "b"},
		"feSquareGeneric": {"v", "a"},
		"Add":             {"v", "a", "b"},
		"Subtract":        {"v", "a", "b"},
		"Halve":           {"v", "a"},
		"Select":          {"v", "a", "b"},
		"MulInt":          {"v", "a"},
		"reduce512":       {"v"},
	}
	fset := token.NewFileSet()
	for _, name := range []string{"fe_generic.go", "field.go"} {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			log.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || want[fd.Name.Name] == nil {
				continue
			}
			k := &kernel{params: want[fd.Name.Name]}
			for _, s := range fd.Body.List {
				if _, ok := s.(*ast.ReturnStmt); ok {
					continue // "return v"
				}
				var buf bytes.Buffer
				if err := printer.Fprint(&buf, fset, s); err != nil {
					log.Fatal(err)
				}
				k.stmts = append(k.stmts, buf.String())
			}
			kernels[fd.Name.Name] = k
		}
	}
	for name := range want {
		if kernels[name] == nil {
			log.Fatalf("gen: %s not found in %s", name, dir)
		}
	}
}

var (
	limbRef   = regexp.MustCompile(`\b([vab])\.l\[([0-3])\]`)
	wholeSet  = regexp.MustCompile(`^v\.l = \[4\]uint64\{(.*)\}$`)
	reduceCal = regexp.MustCompile(`^v\.reduce512\((.*)\)$`)
	constRef  = regexp.MustCompile(`\b(c|p[0-3])\b`)
)

// operand is a field element of the generated code: an array local or an
// input read through a *[4]uint64 (name[0] … name[3]), the scalars
// r_0 … r_3 of a result being computed, or the constant 0.
type operand struct {
	name string
	mem  bool
	zero bool // the constant 0
}

func (o operand) limb(i int) string {
	switch {
	case o.zero:
		return "0"
	case o.mem:
		return fmt.Sprintf("%s[%d]", o.name, i)
	}
	return fmt.Sprintf("%s_%d", o.name, i)
}

func (o operand) limbs() string {
	return fmt.Sprintf("%s, %s, %s, %s", o.limb(0), o.limb(1), o.limb(2), o.limb(3))
}

// fn writes one function.
type fn struct {
	b        *bytes.Buffer
	declared map[string]bool
	fresh    bool // the next memory result is the first of its name
}

func (f *fn) printf(format string, args ...any) { fmt.Fprintf(f.b, format, args...) }

// inline writes kernel k as a block with its operands bound; extra
// rewrites identifiers (k of MulInt, cond of Select).
func (f *fn) inline(name string, ops map[string]operand, extra map[string]string) {
	k := kernels[name]
	f.printf("{\n")
	// The result is computed into r_0 … r_3 and stored as a whole (declared
	// with its first value, the array needs no zeroing).
	dst := ops["v"]
	ops["v"] = operand{name: "r"}
	for _, s := range k.stmts {
		for _, line := range strings.Split(s, "\n") {
			f.printf("%s\n", f.rewrite(line, ops, extra))
		}
	}
	f.printf("}\n")
	op := "="
	if f.fresh {
		op = ":="
		f.fresh = false
	}
	f.printf("%s %s [4]uint64{r_0, r_1, r_2, r_3}\n", dst.name, op)
}

func (f *fn) rewrite(line string, ops map[string]operand, extra map[string]string) string {
	t := strings.TrimSpace(line)
	if m := wholeSet.FindStringSubmatch(t); m != nil {
		return fmt.Sprintf("%s = %s", ops["v"].limbs(), m[1])
	}
	if m := reduceCal.FindStringSubmatch(t); m != nil {
		var b bytes.Buffer
		fmt.Fprintf(&b, "{\nvar t0, t1, t2, t3, t4, t5, t6, t7 uint64 = %s\n", m[1])
		for _, s := range kernels["reduce512"].stmts {
			for _, l := range strings.Split(s, "\n") {
				b.WriteString(f.rewrite(l, ops, nil) + "\n")
			}
		}
		b.WriteString("}")
		return b.String()
	}
	line = limbRef.ReplaceAllStringFunc(line, func(s string) string {
		m := limbRef.FindStringSubmatch(s)
		o, ok := ops[m[1]]
		if !ok {
			log.Fatalf("gen: operand %s unbound in %q", m[1], line)
		}
		return o.limb(int(m[2][0] - '0'))
	})
	line = constRef.ReplaceAllString(line, "field_$1")
	for id, repl := range extra {
		line = regexp.MustCompile(`\b`+id+`\b`).ReplaceAllString(line, repl)
	}
	if strings.Contains(line, ".l") {
		log.Fatalf("gen: unrewritten limb access in %q", line)
	}
	return line
}

// checkName stops the generator if name, a local of the point code, is
// also an identifier of a kernel body, which would shadow it.
func checkName(name string) {
	id := regexp.MustCompile(`\b` + name + `\b`)
	for kname, k := range kernels {
		for _, st := range k.stmts {
			if id.MatchString(st) {
				log.Fatalf("gen: the local %s is also a name in %s", name, kname)
			}
		}
	}
}

// def declares the local name (at its first store, in inline) and returns
// it as an operand.
//
// Locals are arrays in the stack frame, not four scalars: every operation
// then reads its operands from memory after the previous operation's
// stores, so the compiler keeps the operations in the order written, one
// after the other, as the assembly does. With scalars, its scheduler
// started the multiplications of every operation whose inputs were ready
// before the additions that follow them (flag-setting instructions go last
// in a block), keeping dozens of products alive at once: spilled, they made
// RCB's addition 60% slower than the Go method that calls the kernels.
func (f *fn) def(name string) operand {
	checkName(name)
	if !f.declared[name] {
		f.declared[name] = true
		f.fresh = true
	}
	return operand{name: name, mem: true}
}

// The field operations: each sets the local dst and returns it.

func (f *fn) mul(dst string, a, b operand) operand {
	v := f.def(dst)
	f.printf("// %s = %s·%s\n", dst, a.name, b.name)
	f.inline("feMulGeneric", map[string]operand{"v": v, "a": a, "b": b}, nil)
	return v
}

func (f *fn) sqr(dst string, a operand) operand {
	v := f.def(dst)
	f.printf("// %s = %s²\n", dst, a.name)
	f.inline("feSquareGeneric", map[string]operand{"v": v, "a": a}, nil)
	return v
}

func (f *fn) add(dst string, a, b operand) operand {
	v := f.def(dst)
	f.printf("// %s = %s + %s\n", dst, a.name, b.name)
	f.inline("Add", map[string]operand{"v": v, "a": a, "b": b}, nil)
	return v
}

// dbl is field.Element.Double, which is Add(a, a).
func (f *fn) dbl(dst string, a operand) operand {
	v := f.def(dst)
	f.printf("// %s = 2·%s\n", dst, a.name)
	f.inline("Add", map[string]operand{"v": v, "a": a, "b": a}, nil)
	return v
}

func (f *fn) sub(dst string, a, b operand) operand {
	v := f.def(dst)
	f.printf("// %s = %s - %s\n", dst, a.name, b.name)
	f.inline("Subtract", map[string]operand{"v": v, "a": a, "b": b}, nil)
	return v
}

// neg is field.Element.Negate, which is Subtract(0, a).
func (f *fn) neg(dst string, a operand) operand {
	v := f.def(dst)
	f.printf("// %s = -%s\n", dst, a.name)
	f.inline("Subtract", map[string]operand{"v": v, "a": {zero: true}, "b": a}, nil)
	return v
}

func (f *fn) half(dst string, a operand) operand {
	v := f.def(dst)
	f.printf("// %s = %s/2\n", dst, a.name)
	f.inline("Halve", map[string]operand{"v": v, "a": a}, nil)
	return v
}

// sel is field.Element.Select: dst = cond ? a : b for an int cond of 0 or 1.
func (f *fn) sel(dst string, a, b operand, cond string) operand {
	v := f.def(dst)
	f.printf("// %s = %s ? %s : %s\n", dst, cond, a.name, b.name)
	f.inline("Select", map[string]operand{"v": v, "a": a, "b": b}, map[string]string{"cond": cond})
	return v
}

// isZero returns an int expression, 1 if a is zero and 0 otherwise, in
// constant time (field.Element.IsZero).
func isZero(a operand) string {
	return fmt.Sprintf("isZeroLimbs(%s|%s|%s|%s)", a.limb(0), a.limb(1), a.limb(2), a.limb(3))
}

// failIfZero returns false if a is zero (variable time).
func (f *fn) failIfZero(a operand) {
	f.printf("if %s|%s|%s|%s == 0 {\nreturn false\n}\n", a.limb(0), a.limb(1), a.limb(2), a.limb(3))
}

// store writes the local a to the element at dst (a Go expression of type
// field.Element, addressable).
func (f *fn) store(dst string, a operand) {
	f.printf("*limbs(%s) = [4]uint64{%s}\n", addr(dst), a.limbs())
}

// in binds an input element (an addressable field.Element expression) to a
// name read through a *[4]uint64.
func (f *fn) in(name, expr string) operand {
	checkName(name)
	f.printf("%s := limbs(%s)\n", name, addr(expr))
	return operand{name: name, mem: true}
}

func (f *fn) begin(doc, sig string) {
	f.declared = map[string]bool{}
	f.printf("\n%s\nfunc %s {\n", doc, sig)
	f.printf("var r_0, r_1, r_2, r_3 uint64 // each operation's result, before it is stored\n")
}

func (f *fn) end() { f.printf("}\n") }

func main() {
	fieldDir := flag.String("field", "../field", "directory of internal/field")
	out := flag.String("out", "point_gen.go", "output file")
	flag.Parse()
	readKernels(*fieldDir)

	var b bytes.Buffer
	f := &fn{b: &b}
	f.printf(`// Code generated by "go run ./gen"; DO NOT EDIT.

//go:build (!amd64 && !arm64) || !gc || purego

package group

import (
	"math/bits"
	"unsafe"

	"github.com/p256k1/secp256k1/internal/field"
)

// The constants of internal/field's kernels: c = 2^256 - p, and p's limbs.
const (
	field_c  = 0x1000003D1
	field_p0 = 0xFFFFFFFEFFFFFC2F
	field_p1 = 0xFFFFFFFFFFFFFFFF
	field_p2 = 0xFFFFFFFFFFFFFFFF
	field_p3 = 0xFFFFFFFFFFFFFFFF
)

// limbs returns the four little-endian limbs of v (TestPointLayout checks
// the layout of field.Element).
func limbs(v *field.Element) *[4]uint64 { return (*[4]uint64)(unsafe.Pointer(v)) }

// isZeroLimbs returns 1 if x == 0 and 0 otherwise, in constant time.
func isZeroLimbs(x uint64) int { return int(1 ^ ((x | -x) >> 63)) }
`)
	double(f)
	addMixed(f)
	addFull(f)
	addZInv(f)
	addMixedZRatio(f)
	addAffine(f)
	// RCB's projective addition is not generated (doc/performance.md): its
	// generated code ran at 150-166 ns or at 245-260 ns depending on where
	// the linker placed it (the function's address mod 64, in six test
	// binaries), against a steady 172 ns for the Go method; k·G keeps the
	// Go method (pointAsmCurve is false in these builds).

	src, err := format.Source(b.Bytes())
	if err != nil {
		os.WriteFile(*out+".broken", b.Bytes(), 0o644)
		log.Fatalf("gen: %v (unformatted output in %s.broken)", err, *out)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// finishJacobian writes X3, Y3, Z3 to p and sets its Infinity flag from Z3.
func finishJacobian(f *fn, x3, y3, z3 operand) {
	f.store("p.X", x3)
	f.store("p.Y", y3)
	f.store("p.Z", z3)
	f.printf("p.Infinity = %s|%s|%s|%s == 0\n", z3.limb(0), z3.limb(1), z3.limb(2), z3.limb(3))
}

// double: Jacobian.Double and DoubleVarTime for a finite q, dbl-2009-l.
func double(f *fn) {
	f.begin(`// jacobianDouble sets p = 2·q (Jacobian.Double: dbl-2009-l, Infinity =
// Z3 == 0), in constant time.`, "jacobianDouble(p, q *Jacobian)")
	qx, qy, qz := f.in("qX", "q.X"), f.in("qY", "q.Y"), f.in("qZ", "q.Z")
	B := f.sqr("B", qy)
	A := f.sqr("A", qx)
	z3 := f.mul("Z3", qy, qz)
	z3 = f.dbl("Z3", z3)
	C := f.sqr("C", B)
	D := f.add("D", qx, B)
	D = f.sqr("D", D)
	E := f.dbl("E", A)
	E = f.add("E", E, A)
	D = f.sub("D", D, A)
	D = f.sub("D", D, C)
	D = f.dbl("D", D)
	x3 := f.sqr("X3", E)
	x3 = f.sub("X3", x3, D)
	x3 = f.sub("X3", x3, D)
	t := f.sub("t", D, x3)
	C = f.dbl("C", C)
	C = f.dbl("C", C)
	C = f.dbl("C", C)
	y3 := f.mul("Y3", E, t)
	y3 = f.sub("Y3", y3, C)
	finishJacobian(f, x3, y3, z3)
	f.end()
}

// failIfInfinite returns false if one of the flags is set.
func failIfInfinite(f *fn, flags ...string) {
	f.printf("if %s {\nreturn false\n}\n", strings.Join(flags, " || "))
}

// addMixed: Jacobian.AddMixedVarTime for finite q and a with H ≠ 0,
// madd-2007-bl.
func addMixed(f *fn) {
	f.begin(`// jacobianAddMixedVarTime sets p = q + a (Jacobian.AddMixedVarTime:
// madd-2007-bl, Infinity = Z3 == 0) and returns true, or returns false
// without writing p if q or a is the point at infinity or H = U2 - X1 is
// zero (q = ±a). Execution time depends on the inputs.`, "jacobianAddMixedVarTime(p, q *Jacobian, a *Affine) bool")
	failIfInfinite(f, "a.Infinity", "q.Infinity")
	qx, qy, qz := f.in("qX", "q.X"), f.in("qY", "q.Y"), f.in("qZ", "q.Z")
	ax, ay := f.in("aX", "a.X"), f.in("aY", "a.Y")
	z1z1 := f.sqr("Z1Z1", qz)
	t := f.mul("t", ay, qz)
	h := f.mul("H", ax, z1z1)
	h = f.sub("H", h, qx)
	f.failIfZero(h)
	r := f.mul("R", t, z1z1)
	r = f.sub("R", r, qy)
	r = f.dbl("R", r)
	hh := f.sqr("HH", h)
	t = f.add("t", qz, h)
	z3 := f.sqr("Z3", t)
	r2 := f.sqr("R2", r)
	i := f.dbl("I", hh)
	i = f.dbl("I", i)
	j := f.mul("J", h, i)
	v := f.mul("V", qx, i)
	z3 = f.sub("Z3", z3, z1z1)
	z3 = f.sub("Z3", z3, hh)
	y1j := f.mul("Y1J", qy, j)
	y1j = f.dbl("Y1J", y1j)
	x3 := f.sub("X3", r2, j)
	x3 = f.sub("X3", x3, v)
	x3 = f.sub("X3", x3, v)
	t = f.sub("t", v, x3)
	y3 := f.mul("Y3", r, t)
	y3 = f.sub("Y3", y3, y1j)
	finishJacobian(f, x3, y3, z3)
	f.printf("return true\n")
	f.end()
}

// addFull: Jacobian.AddVarTime for finite q and r with H ≠ 0,
// add-2007-bl (no assembly has it; the Pippenger bucket sums use it).
func addFull(f *fn) {
	f.begin(`// jacobianAddVarTime sets p = q + r (Jacobian.AddVarTime: add-2007-bl,
// Infinity = Z3 == 0) and returns true, or returns false without writing p
// if q or r is the point at infinity or H = U2 - U1 is zero (q = ±r).
// Execution time depends on the inputs.`, "jacobianAddVarTime(p, q, r *Jacobian) bool")
	failIfInfinite(f, "q.Infinity", "r.Infinity")
	qx, qy, qz := f.in("qX", "q.X"), f.in("qY", "q.Y"), f.in("qZ", "q.Z")
	rx, ry, rz := f.in("rX", "r.X"), f.in("rY", "r.Y"), f.in("rZ", "r.Z")
	z1z1 := f.sqr("Z1Z1", qz)
	z2z2 := f.sqr("Z2Z2", rz)
	u1 := f.mul("U1", qx, z2z2)
	u2 := f.mul("U2", rx, z1z1)
	h := f.sub("H", u2, u1)
	f.failIfZero(h)
	s1 := f.mul("S1", qy, rz)
	s1 = f.mul("S1", s1, z2z2)
	s2 := f.mul("S2", ry, qz)
	s2 = f.mul("S2", s2, z1z1)
	rr := f.sub("RR", s2, s1)
	rr = f.dbl("RR", rr)
	i := f.dbl("I", h)
	i = f.sqr("I", i)
	j := f.mul("J", h, i)
	v := f.mul("V", u1, i)
	t := f.add("t", qz, rz)
	t = f.sqr("t", t)
	t = f.sub("t", t, z1z1)
	t = f.sub("t", t, z2z2)
	z3 := f.mul("Z3", t, h)
	x3 := f.sqr("X3", rr)
	x3 = f.sub("X3", x3, j)
	t = f.dbl("t", v)
	x3 = f.sub("X3", x3, t)
	t = f.sub("t", v, x3)
	t = f.mul("t", rr, t)
	s1 = f.mul("S1", s1, j)
	s1 = f.dbl("S1", s1)
	y3 := f.sub("Y3", t, s1)
	finishJacobian(f, x3, y3, z3)
	f.printf("return true\n")
	f.end()
}

// hFormulas is the common end of addZInv and addMixedZRatio: from H and r,
// Z3 = Z1·H, X3 = r² - H³ - 2·X1·H², Y3 = r·(X1·H² - X3) - Y1·H³.
func hFormulas(f *fn, qx, qy, qz, h, r operand) (x3, y3, z3 operand) {
	hh := f.sqr("HH", h)
	r2 := f.sqr("R2", r)
	z3 = f.mul("Z3", qz, h)
	hhh := f.mul("HHH", h, hh)
	v := f.mul("V", qx, hh)
	ty := f.mul("TY", qy, hhh)
	x3 = f.sub("X3", r2, hhh)
	x3 = f.sub("X3", x3, v)
	x3 = f.sub("X3", x3, v)
	t := f.sub("t", v, x3)
	y3 = f.mul("Y3", r, t)
	y3 = f.sub("Y3", y3, ty)
	return x3, y3, z3
}

// addZInv: Jacobian.AddZInvVarTime for finite q and b with H ≠ 0.
func addZInv(f *fn) {
	f.begin(`// jacobianAddZInvVarTime sets p = q + b with b's Z = 1/bzinv in q's
// coordinates (Jacobian.AddZInvVarTime, Infinity = Z3 == 0) and returns
// true, or returns false without writing p if q or b is the point at
// infinity or H is zero. Execution time depends on the inputs.`, "jacobianAddZInvVarTime(p, q *Jacobian, b *Affine, bzinv *field.Element) bool")
	failIfInfinite(f, "b.Infinity", "q.Infinity")
	qx, qy, qz := f.in("qX", "q.X"), f.in("qY", "q.Y"), f.in("qZ", "q.Z")
	bx, by := f.in("bX", "b.X"), f.in("bY", "b.Y")
	zi := f.in("zi", "*bzinv")
	az := f.mul("AZ", qz, zi)
	z12 := f.sqr("Z12", az)
	h := f.mul("H", bx, z12)
	h = f.sub("H", h, qx)
	f.failIfZero(h)
	t := f.mul("t", by, z12)
	r := f.mul("R", t, az)
	r = f.sub("R", r, qy)
	x3, y3, z3 := hFormulas(f, qx, qy, qz, h, r)
	finishJacobian(f, x3, y3, z3)
	f.printf("return true\n")
	f.end()
}

// addMixedZRatio: Jacobian.AddMixedZRatioVarTime, add-1998-cmo-2.
func addMixedZRatio(f *fn) {
	f.begin(`// jacobianAddMixedZRatioVarTime is Jacobian.AddMixedZRatioVarTime: it sets
// p = q + a and zr = Z3/Z1 = H and returns true, or returns false without
// writing p or zr if q or a is the point at infinity or H is zero.
// Execution time depends on the inputs.`, "jacobianAddMixedZRatioVarTime(p, q *Jacobian, a *Affine, zr *field.Element) bool")
	failIfInfinite(f, "q.Infinity", "a.Infinity")
	qx, qy, qz := f.in("qX", "q.X"), f.in("qY", "q.Y"), f.in("qZ", "q.Z")
	ax, ay := f.in("aX", "a.X"), f.in("aY", "a.Y")
	z1z1 := f.sqr("Z1Z1", qz)
	t := f.mul("t", ay, qz)
	h := f.mul("H", ax, z1z1)
	h = f.sub("H", h, qx)
	f.failIfZero(h)
	r := f.mul("R", t, z1z1)
	r = f.sub("R", r, qy)
	x3, y3, z3 := hFormulas(f, qx, qy, qz, h, r)
	f.store("p.X", x3)
	f.store("p.Y", y3)
	f.store("p.Z", z3)
	f.printf("p.Infinity = false\n")
	f.printf("// zr = H, after p (as in the Go method)\n")
	f.store("*zr", h)
	f.printf("return true\n")
	f.end()
}

// addAffine: the constant-time unified Jacobian.AddAffine (libsecp256k1's
// gej_add_ge).
func addAffine(f *fn) {
	f.begin(`// jacobianAddAffine sets p = q + a (Jacobian.AddAffine, libsecp256k1's
// unified gej_add_ge; a.Infinity is ignored), in constant time.`, "jacobianAddAffine(p, q *Jacobian, a *Affine)")
	qx, qy, qz := f.in("qX", "q.X"), f.in("qY", "q.Y"), f.in("qZ", "q.Z")
	ax, ay := f.in("aX", "a.X"), f.in("aY", "a.Y")
	f.printf("qInf := %s\n", isZero(qz))
	zz := f.sqr("ZZ", qz)
	u2 := f.mul("U2", ax, zz)
	s2 := f.mul("S2", ay, zz)
	tt := f.add("TT", qx, u2)
	malt := f.neg("MALT", u2)
	n := f.mul("N", qx, malt)
	s2 = f.mul("S2", s2, qz)
	m := f.add("M", s2, qy)
	rr := f.sqr("RR", tt)
	rr = f.add("RR", rr, n)
	f.printf("degenerate := %s & %s\n", isZero(m), isZero(rr))
	rralt := f.dbl("RRALT", qy)
	rralt = f.sel("RRALT", rralt, rr, "degenerate")
	malt = f.add("MALT", malt, qx)
	malt = f.sel("MALT", malt, m, "degenerate")
	n = f.sqr("N", malt)
	x3 := f.sqr("X3", rralt)
	z3 := f.mul("Z3", malt, qz)
	qq := f.mul("QQ", tt, n)
	qq = f.neg("QQ", qq)
	n = f.sqr("N", n)
	n = f.sel("N", m, n, "degenerate")
	x3 = f.add("X3", x3, qq)
	y3 := f.dbl("Y3", x3)
	y3 = f.add("Y3", y3, qq)
	y3 = f.mul("Y3", y3, rralt)
	y3 = f.add("Y3", y3, n)
	y3 = f.neg("Y3", y3)
	y3 = f.half("Y3", y3)
	f.printf("// q at infinity: the sum is a, with Z = 1\n")
	f.declared["one"] = true
	one := operand{name: "one", mem: true}
	f.printf("one := [4]uint64{1, 0, 0, 0}\n")
	px := f.sel("PX", ax, x3, "qInf")
	py := f.sel("PY", ay, y3, "qInf")
	pz := f.sel("PZ", one, z3, "qInf")
	finishJacobian(f, px, py, pz)
	f.end()
}

// addr returns Go code for the address of expr: &expr, or the pointer
// itself where expr dereferences one (*p).
func addr(expr string) string {
	if strings.HasPrefix(expr, "*") {
		return expr[1:]
	}
	return "&" + expr
}
