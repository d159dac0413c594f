package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// A Mutant is one small change to one file: the bytes src[Start:End] are
// replaced by New. Key names it independently of line numbers (file,
// enclosing function, operator, old and new text, occurrence), so a list of
// mutants survives edits elsewhere in the file.
type Mutant struct {
	File  string // base name of the file
	Func  string // enclosing function or method ("Recv.Name"), or "-" at package level
	Line  int
	Col   int
	Op    string // operator class, see operators
	Old   string // text replaced
	New   string // replacement
	Start int    // byte offsets into the file
	End   int
	Seq   int // occurrence of (Func, Op, Old, New) in the file, from 0
}

// Key is the line-independent name of m: "file:func:op:old->new#seq".
func (m *Mutant) Key() string {
	return fmt.Sprintf("%s:%s:%s:%s->%s#%d", m.File, m.Func, m.Op, oneLine(m.Old), oneLine(m.New), m.Seq)
}

// String is m for people: "file:line:col op: old -> new".
func (m *Mutant) String() string {
	return fmt.Sprintf("%s:%d:%d %s: %s -> %s", m.File, m.Line, m.Col, m.Op, short(oneLine(m.Old)), short(oneLine(m.New)))
}

// Apply returns src with m applied.
func (m *Mutant) Apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(m.New))
	out = append(out, src[:m.Start]...)
	out = append(out, m.New...)
	return append(out, src[m.End:]...)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func short(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// The operator classes. Each is listed with what it does in doc.go.
const (
	opArith     = "arith"     // + <-> -, and the same for += -=
	opBoundary  = "boundary"  // < <-> <=, > <-> >=
	opNegate    = "negate"    // == <-> !=, < <-> >=, > <-> <=
	opBitwise   = "bitwise"   // & <-> |, ^ -> |, &^ -> &, and their op= forms
	opShift     = "shift"     // << <-> >>
	opLogical   = "logical"   // && <-> ||
	opUnary     = "unary"     // drop a unary -, ^ or !
	opConst     = "const"     // integer literal k -> k+1, k-1, 0 (1 for 0)
	opDelete    = "delete"    // drop an assignment (x = e -> _ = e), x++ or a call statement
	opCond      = "cond"      // if c -> if !(c)
	opLimbSwap  = "limbswap"  // swap adjacent x[i], x[j] in a list, or adjacent elements of a composite literal
	opIndexMove = "indexmove" // x[k] -> x[k+1], x[k-1] for a literal k
)

// binaryMutations maps an operator to its replacements, each with its class.
var binaryMutations = map[token.Token][]struct {
	to token.Token
	op string
}{
	token.ADD:     {{token.SUB, opArith}},
	token.SUB:     {{token.ADD, opArith}},
	token.LSS:     {{token.LEQ, opBoundary}, {token.GEQ, opNegate}},
	token.LEQ:     {{token.LSS, opBoundary}, {token.GTR, opNegate}},
	token.GTR:     {{token.GEQ, opBoundary}, {token.LEQ, opNegate}},
	token.GEQ:     {{token.GTR, opBoundary}, {token.LSS, opNegate}},
	token.EQL:     {{token.NEQ, opNegate}},
	token.NEQ:     {{token.EQL, opNegate}},
	token.AND:     {{token.OR, opBitwise}},
	token.OR:      {{token.AND, opBitwise}},
	token.XOR:     {{token.OR, opBitwise}},
	token.AND_NOT: {{token.AND, opBitwise}},
	token.SHL:     {{token.SHR, opShift}},
	token.SHR:     {{token.SHL, opShift}},
	token.LAND:    {{token.LOR, opLogical}},
	token.LOR:     {{token.LAND, opLogical}},
}

var assignMutations = map[token.Token][]struct {
	to token.Token
	op string
}{
	token.ADD_ASSIGN:     {{token.SUB_ASSIGN, opArith}},
	token.SUB_ASSIGN:     {{token.ADD_ASSIGN, opArith}},
	token.AND_ASSIGN:     {{token.OR_ASSIGN, opBitwise}},
	token.OR_ASSIGN:      {{token.AND_ASSIGN, opBitwise}},
	token.XOR_ASSIGN:     {{token.OR_ASSIGN, opBitwise}},
	token.AND_NOT_ASSIGN: {{token.AND_ASSIGN, opBitwise}},
	token.SHL_ASSIGN:     {{token.SHR_ASSIGN, opShift}},
	token.SHR_ASSIGN:     {{token.SHL_ASSIGN, opShift}},
}

// IsGenerated reports whether src is a generated file ("Code generated ...
// DO NOT EDIT." before the package clause), which is never mutated.
func IsGenerated(f *ast.File) bool { return ast.IsGenerated(f) }

// Generate returns every mutant of the Go file src (named name), in source
// order. Comments, doc and string literals are never changed; neither are
// array lengths, the declarations' types, or anything outside function
// bodies but the constant and variable initialisers.
func Generate(name string, src []byte) (*ast.File, []*Mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	g := &generator{fset: fset, tf: fset.File(f.Pos()), src: src, name: baseName(name),
		seen: map[string]int{}, skip: map[ast.Node]bool{}}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body == nil {
				continue
			}
			g.fn = funcName(d)
			g.walk(d.Body)
		case *ast.GenDecl:
			if d.Tok != token.CONST && d.Tok != token.VAR {
				continue
			}
			g.fn = "-"
			for _, s := range d.Specs {
				vs := s.(*ast.ValueSpec)
				for _, v := range vs.Values {
					g.walk(v)
				}
			}
		}
	}
	return f, g.out, nil
}

func baseName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		return name[i+1:]
	}
	return name
}

func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.ParenExpr:
			t = x.X
			continue
		}
		break
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + d.Name.Name
	}
	return d.Name.Name
}

type generator struct {
	fset *token.FileSet
	tf   *token.File
	src  []byte
	skip map[ast.Node]bool // nodes whose mutants another operator already makes
	name string
	fn   string
	seen map[string]int
	out  []*Mutant
}

func (g *generator) off(p token.Pos) int { return g.fset.Position(p).Offset }

func (g *generator) text(n ast.Node) string {
	return string(g.src[g.off(n.Pos()):g.off(n.End())])
}

// add records the mutant replacing src[start:end] with repl.
func (g *generator) add(op string, start, end int, repl string) {
	old := string(g.src[start:end])
	if old == repl {
		return
	}
	k := g.fn + "\x00" + op + "\x00" + old + "\x00" + repl
	seq := g.seen[k]
	g.seen[k]++
	pos := g.tf.Position(g.tf.Pos(start))
	g.out = append(g.out, &Mutant{
		File: g.name, Func: g.fn, Line: pos.Line, Col: pos.Column,
		Op: op, Old: old, New: repl, Start: start, End: end, Seq: seq,
	})
}

func (g *generator) walk(root ast.Node) {
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			// Closures keep the enclosing function's name.
			return true
		case *ast.ArrayType:
			// [4]uint64: the length is part of a type, not a value.
			return false
		case *ast.CallExpr:
			// Conversions such as uint64(x) and make([]T, n) are calls too;
			// their arguments are visited, and limbs swapped below.
			g.swapLimbs(n.Args)
		case *ast.CompositeLit:
			g.swapElements(n.Elts)
		case *ast.BinaryExpr:
			for _, m := range binaryMutations[n.Op] {
				s := g.off(n.OpPos)
				g.add(m.op, s, s+len(n.Op.String()), m.to.String())
			}
		case *ast.UnaryExpr:
			if g.skip[n] {
				return true
			}
			switch n.Op {
			case token.SUB, token.XOR, token.NOT:
				s := g.off(n.OpPos)
				g.add(opUnary, s, s+len(n.Op.String()), "")
			}
		case *ast.BasicLit:
			g.constant(n)
		case *ast.IndexExpr:
			if lit, ok := n.Index.(*ast.BasicLit); ok && lit.Kind == token.INT {
				if v, err := strconv.ParseUint(strings.ReplaceAll(lit.Value, "_", ""), 0, 64); err == nil {
					s, e := g.off(lit.Pos()), g.off(lit.End())
					g.add(opIndexMove, s, e, strconv.FormatUint(v+1, 10))
					if v > 0 {
						g.add(opIndexMove, s, e, strconv.FormatUint(v-1, 10))
					}
				}
				// The literal index is moved, not also changed as a constant.
				g.walk(n.X)
				return false
			}
		case *ast.AssignStmt:
			g.assign(n)
		case *ast.IncDecStmt:
			g.add(opDelete, g.off(n.Pos()), g.off(n.End()), "_ = "+g.text(n.X))
		case *ast.ExprStmt:
			if _, ok := n.X.(*ast.CallExpr); ok {
				g.add(opDelete, g.off(n.Pos()), g.off(n.End()), "")
			}
		case *ast.IfStmt:
			// if !c negates to if c (and the unary operator is not also
			// dropped: the same mutant).
			repl := "!(" + g.text(n.Cond) + ")"
			if u, ok := n.Cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
				repl = g.text(u.X)
				g.skip[u] = true
			}
			g.add(opCond, g.off(n.Cond.Pos()), g.off(n.Cond.End()), repl)
		}
		return true
	})
}

func (g *generator) constant(lit *ast.BasicLit) {
	if lit.Kind != token.INT {
		return
	}
	raw := strings.ReplaceAll(lit.Value, "_", "")
	v, err := strconv.ParseUint(raw, 0, 64)
	if err != nil {
		return // beyond 64 bits, or octal 0o forms: left alone
	}
	hex := strings.HasPrefix(raw, "0x") || strings.HasPrefix(raw, "0X")
	upper := strings.ToLower(raw[min(2, len(raw)):]) != raw[min(2, len(raw)):]
	format := func(x uint64) string {
		switch {
		case hex && upper:
			return fmt.Sprintf("%s%X", raw[:2], x)
		case hex:
			return fmt.Sprintf("%s%x", raw[:2], x)
		}
		return strconv.FormatUint(x, 10)
	}
	s, e := g.off(lit.Pos()), g.off(lit.End())
	cands := []uint64{}
	if v < ^uint64(0) {
		cands = append(cands, v+1)
	}
	if v > 0 {
		cands = append(cands, v-1)
	}
	if v > 1 {
		cands = append(cands, 0)
	}
	for _, c := range cands {
		g.add(opConst, s, e, format(c))
	}
}

func (g *generator) assign(n *ast.AssignStmt) {
	if ms, ok := assignMutations[n.Tok]; ok {
		s := g.off(n.TokPos)
		for _, m := range ms {
			g.add(m.op, s, s+len(n.Tok.String()), m.to.String())
		}
	}
	switch n.Tok {
	case token.DEFINE:
		// x := e cannot be dropped: x would be undefined.
	case token.ASSIGN:
		if allBlank(n.Lhs) {
			return
		}
		blanks := strings.Repeat("_, ", len(n.Lhs))
		blanks = blanks[:len(blanks)-2]
		g.add(opDelete, g.off(n.Pos()), g.off(n.Rhs[0].Pos()), blanks+" = ")
	default:
		// x op= e -> _ = e
		g.add(opDelete, g.off(n.Pos()), g.off(n.Rhs[0].Pos()), "_ = ")
	}
	g.swapLimbs(n.Rhs)
}

func allBlank(xs []ast.Expr) bool {
	for _, x := range xs {
		if id, ok := x.(*ast.Ident); !ok || id.Name != "_" {
			return false
		}
	}
	return true
}

// swapLimbs swaps adjacent list entries x[i], x[j] with the same x: the
// limbs a.l[0], a.l[1] of a multi-limb value passed or assigned in order.
func (g *generator) swapLimbs(list []ast.Expr) {
	for i := 0; i+1 < len(list); i++ {
		a, ok1 := list[i].(*ast.IndexExpr)
		b, ok2 := list[i+1].(*ast.IndexExpr)
		if !ok1 || !ok2 || g.text(a.X) != g.text(b.X) || g.text(a.Index) == g.text(b.Index) {
			continue
		}
		g.swap(list[i], list[i+1])
	}
}

// swapElements swaps adjacent positional elements of a composite literal
// ([4]uint64{t0, t1, t2, t3}): limbs written in the wrong order.
func (g *generator) swapElements(elts []ast.Expr) {
	for i := 0; i+1 < len(elts); i++ {
		_, kv1 := elts[i].(*ast.KeyValueExpr)
		_, kv2 := elts[i+1].(*ast.KeyValueExpr)
		if kv1 || kv2 || g.text(elts[i]) == g.text(elts[i+1]) {
			continue
		}
		g.swap(elts[i], elts[i+1])
	}
}

// swap exchanges the texts of a and b, which are adjacent in a list.
func (g *generator) swap(a, b ast.Expr) {
	s, e := g.off(a.Pos()), g.off(b.End())
	mid := string(g.src[g.off(a.End()):g.off(b.Pos())])
	var buf bytes.Buffer
	buf.WriteString(g.text(b))
	buf.WriteString(mid)
	buf.WriteString(g.text(a))
	g.add(opLimbSwap, s, e, buf.String())
}
