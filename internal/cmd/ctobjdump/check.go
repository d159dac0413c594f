package main

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// modulePath prefixes every symbol of this module.
const modulePath = "github.com/p256k1/secp256k1/"

// checkedPackages are the packages whose functions are checked: the field
// and scalar arithmetic, safegcd, the point formulas and the scalar
// multiplications with their table scans.
var checkedPackages = []string{"internal/field", "internal/scalar", "internal/modinv", "internal/group", "internal/ecmult"}

// checker runs the checks over one or more binaries and keeps the use
// counts of the rules across them.
type checker struct {
	out      io.Writer
	verbose  bool
	root     string   // the module's directory, for -trimpath file names
	packages []string // the checked packages (checkedPackages, or the canary's)
	src      sourceCache

	branchUse  []int
	callUse    []int
	publicUse  []int
	seen       map[string]bool // required functions found checked
	failures   int
	findings   map[string]map[string]int // function -> kind of finding -> count
	unreadable map[string]bool           // source files the allow-list could not read
	prefix     string                    // of a finding's line: "FAIL: ", or "reported: " for the canary
}

func newChecker(out io.Writer, root string, verbose bool) *checker {
	return &checker{out: out, root: root, verbose: verbose, packages: checkedPackages, src: sourceCache{},
		branchUse: make([]int, len(branchRules)), callUse: make([]int, len(callRules)),
		publicUse: make([]int, len(publicFuncs)), seen: map[string]bool{},
		findings: map[string]map[string]int{}, unreadable: map[string]bool{}, prefix: "FAIL: "}
}

// Kinds of findings.
const (
	findDiv    = "division"
	findBranch = "branch"
	findPanic  = "bounds check"
	findCall   = "call"
	findList   = "allow-list"
)

// fail reports a finding of the given kind in function fn ("" for one that
// is not about a function).
func (c *checker) fail(kind, fn, format string, args ...any) {
	c.failures++
	if c.findings[fn] == nil {
		c.findings[fn] = map[string]int{}
	}
	c.findings[fn][kind]++
	fmt.Fprintf(c.out, c.prefix+format+"\n", args...)
}

// variableTime matches the names that say the function runs in variable
// time: VarTime anywhere, or a name ending in Var (modinv's updateFGVar,
// divsteps62Var).
var variableTime = regexp.MustCompile(`VarTime|Var(\.abi0)?$`)

// classify says whether fn is checked, and if not, why.
func (c *checker) classify(fn *function) (checked bool, why string) {
	if !slices.Contains(c.packages, fn.pkg) {
		return false, ""
	}
	if variableTime.MatchString(fn.name) {
		return false, "variable time by name (VarTime, or a Var suffix)"
	}
	for i, p := range publicFuncs {
		if p.re.MatchString(fn.name) {
			c.publicUse[i]++
			return false, p.reason
		}
	}
	return true, ""
}

// check disassembles and checks the selected functions of b.
func (c *checker) check(b *binary, objdump string) error {
	var sel []*function
	byAddr := map[uint64]*function{}
	bySym := map[string]*function{}
	excluded := 0
	for _, fn := range b.funcs {
		ok, why := c.classify(fn)
		if ok {
			sel = append(sel, fn)
			byAddr[fn.start] = fn
			bySym[fn.sym] = fn
		} else if why != "" {
			excluded++
			if c.verbose {
				fmt.Fprintf(c.out, "  not checked: %s: %s\n", fn.name, why)
			}
		}
	}
	if len(sel) == 0 {
		c.fail(findList, "", "%s: no function of %s found: is this a binary of the module?", b.path, strings.Join(c.packages, ", "))
		return nil
	}
	if err := b.disassemble(objdump, sel); err != nil {
		return err
	}
	var ninst, nbranch, nstack, nrule int
	for _, fn := range sel {
		c.seen[fn.name] = true
		ninst += len(fn.insts)
		perRule := map[int]int{}
		for k, in := range fn.insts {
			where := func() string { return c.where(b, fn, in) }
			switch {
			case isDiv(in.op):
				c.fail(findDiv, fn.name, "%s: %s %s: division (variable latency)", where(), in.op, in.args)
			case isCondBranch(in.op):
				nbranch++
				if isStackCheck(fn, in) {
					nstack++
					continue
				}
				if k > 0 && strings.Contains(fn.insts[k-1].args, "runtime.writeBarrier") {
					nstack++ // the write barrier's "enabled" flag: public
					continue
				}
				r := c.matchBranch(b, fn, in)
				if r < 0 {
					c.fail(findBranch, fn.name, "%s: %s %s: conditional branch not on the allow-list", where(), in.op, in.args)
					continue
				}
				nrule++
				perRule[r]++
				if c.verbose {
					fmt.Fprintf(c.out, "  allowed: %s: %s: %s\n", where(), in.op, branchRules[r].reason)
				}
			case isCall(in.op) || in.op == "jmp":
				c.checkCall(b, fn, in, where, bySym)
			}
		}
		for r, n := range perRule {
			if max := max(branchRules[r].max, 1); n > max {
				c.fail(findList, fn.name, "%s: %d branches at %s:%q, the allow-list admits %d", fn.name, n, branchRules[r].file, branchRules[r].line, max)
			}
		}
	}
	fmt.Fprintf(c.out, "%s: %d functions checked (%d instructions), %d not checked (variable time or public data); "+
		"%d conditional branches: %d stack-growth and write-barrier checks, %d on the allow-list\n",
		b.path, len(sel), ninst, excluded, nbranch, nstack, nrule)
	return nil
}

// where describes the location of in for a report: function, offset,
// source line and its text.
func (c *checker) where(b *binary, fn *function, in inst) string {
	file, line := b.lines.lookup(in.addr)
	s := fmt.Sprintf("%s+0x%x", fn.name, in.addr-fn.start)
	if file != "" {
		s += fmt.Sprintf(" (%s:%d: %s)", filepath.Base(file), line, c.src.line(c.localPath(file), line))
	}
	return s
}

// localPath maps a -trimpath file name to the checkout.
func (c *checker) localPath(file string) string {
	if rest, ok := strings.CutPrefix(file, modulePath); ok && c.root != "" {
		return filepath.Join(c.root, rest)
	}
	return file
}

// matchBranch returns the index of the branch rule that admits in, or -1.
func (c *checker) matchBranch(b *binary, fn *function, in inst) int {
	file, line := b.lines.lookup(in.addr)
	if file == "" {
		return -1
	}
	text, ok := c.src.lineOK(c.localPath(file), line)
	if !ok {
		c.unreadable[file] = true
		return -1
	}
	for i, r := range branchRules {
		if r.file == filepath.Base(file) && r.line == text && r.fnRe.MatchString(fn.name) {
			c.branchUse[i]++
			return i
		}
	}
	return -1
}

// checkCall checks a call, or a jump that leaves the function (a tail
// call).
func (c *checker) checkCall(b *binary, fn *function, in inst, where func() string, bySym map[string]*function) {
	if in.op == "jmp" && in.target != 0 && in.target >= fn.start && in.target < fn.end {
		return // a jump inside the function
	}
	callee := in.tsym
	if in.target == 0 {
		callee = "indirect"
	}
	if in.target != 0 {
		if _, ok := bySym[callee]; ok {
			return
		}
	}
	if isPanicCheck(callee) {
		c.fail(findPanic, fn.name, "%s: %s %s: a bounds, shift or division check (its branch depends on an index or a shift count)", where(), in.op, callee)
		return
	}
	if runtimeHelper(callee) {
		return
	}
	for i, r := range callRules {
		if r.fnRe.MatchString(fn.name) && r.calleeRe.MatchString(callee) {
			c.callUse[i]++
			if c.verbose {
				fmt.Fprintf(c.out, "  allowed call: %s: %s: %s\n", where(), callee, r.reason)
			}
			return
		}
	}
	c.fail(findCall, fn.name, "%s: %s %s: calls a function that is not checked (variable time, public data, or outside the checked packages)", where(), in.op, callee)
}

// The canary (testdata/canary): package leaky's planted leaks, one kind
// each, which the check must report, and a constant-time function it must
// pass.
const canaryPackage = "internal/cmd/ctobjdump/testdata/canary/leaky"

var canaryExpect = map[string]string{
	"leaky.LoopOnSecret": findBranch,
	"leaky.Divide":       findDiv,
	"leaky.Index":        findPanic,
	"leaky.CallsHelper":  findCall,
	"leaky.Select":       "",
}

// canaryVerdict checks the findings of a canary run: every planted leak
// reported with its kind, nothing in the clean function. It returns the
// number of misses.
func (c *checker) canaryVerdict() int {
	misses := 0
	names := make([]string, 0, len(canaryExpect))
	for name := range canaryExpect {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		kind := canaryExpect[name]
		got := c.findings[name]
		switch {
		case kind == "" && len(got) > 0:
			fmt.Fprintf(c.out, "canary: MISS: %s is constant time but was reported (%v)\n", name, got)
			misses++
		case kind == "":
			fmt.Fprintf(c.out, "canary: %s: clean, as it should be\n", name)
		case got[kind] == 0:
			fmt.Fprintf(c.out, "canary: MISS: %s: its %s was not reported\n", name, kind)
			misses++
		default:
			fmt.Fprintf(c.out, "canary: %s: %s reported\n", name, kind)
		}
	}
	if c.findings[""] != nil {
		fmt.Fprintf(c.out, "canary: MISS: findings outside the canary's functions: %v\n", c.findings[""])
		misses++
	}
	return misses
}

// finish reports what no binary exercised: stale rules and required
// functions that were not checked.
func (c *checker) finish() {
	if len(c.unreadable) > 0 {
		files := slices.Sorted(maps.Keys(c.unreadable))
		c.fail(findList, "", "cannot read the source files %s: the allow-list matches source lines (run from the module's directory, or pass -root)", strings.Join(files, ", "))
	}
	for i, r := range branchRules {
		if c.branchUse[i] == 0 {
			c.fail(findList, "", "branch rule %s %s:%q admitted no branch in any binary: remove or update it", r.fn, r.file, r.line)
		}
	}
	for i, r := range callRules {
		if c.callUse[i] == 0 {
			c.fail(findList, "", "call rule %s -> %s admitted no call in any binary: remove or update it", r.fn, r.callee)
		}
	}
	for i, p := range publicFuncs {
		if c.publicUse[i] == 0 {
			c.fail(findList, "", "public-data rule %s matched no function in any binary: remove or update it", p.pattern)
		}
	}
	for _, name := range required {
		if !c.seen[name] {
			c.fail(findList, "", "%s was not checked in any binary (renamed, or no longer linked?)", name)
		}
	}
}

// isDiv reports a division: DIV or IDIV of any width.
func isDiv(op string) bool {
	op = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(op, "q"), "l"), "w"), "b")
	return op == "div" || op == "idiv"
}

// isCondBranch reports a conditional branch: Jcc, JRCXZ and LOOP forms.
func isCondBranch(op string) bool {
	if strings.HasPrefix(op, "loop") || op == "jrcxz" || op == "jecxz" {
		return true
	}
	return strings.HasPrefix(op, "j") && op != "jmp" && op != "jmpq"
}

func isCall(op string) bool { return op == "call" || op == "callq" }

// isStackCheck reports the branch of the function prologue to the stack
// growth call: its target block calls runtime.morestack*. The stack
// pointer and the stack bound are public.
func isStackCheck(fn *function, br inst) bool {
	if br.target < fn.start || br.target >= fn.end {
		return false
	}
	for _, in := range fn.insts {
		if in.addr < br.target {
			continue
		}
		if isCall(in.op) {
			return strings.HasPrefix(in.tsym, "runtime.morestack")
		}
		if in.op == "ret" || in.op == "jmp" || isCondBranch(in.op) {
			return false
		}
	}
	return false
}

// isPanicCheck reports the runtime functions that the compiler calls when
// a bounds, shift or division check fails.
func isPanicCheck(sym string) bool {
	for _, p := range []string{"runtime.panicBounds", "runtime.panicIndex", "runtime.panicSlice", "runtime.goPanic",
		"runtime.panicshift", "runtime.panicdivide", "runtime.panicunsafe", "runtime.panicExtend", "runtime.panicoverflow"} {
		if strings.HasPrefix(sym, p) {
			return true
		}
	}
	return false
}

// runtimeHelper reports the runtime functions a checked function may call
// without a rule: stack growth (reached only from the prologue's check),
// the write barrier (its flag is the collector's phase), and the
// fixed-size clear and copy routines.
func runtimeHelper(sym string) bool {
	for _, p := range []string{"runtime.morestack", "runtime.gcWriteBarrier", "runtime.duffzero", "runtime.duffcopy"} {
		if strings.HasPrefix(sym, p) {
			return true
		}
	}
	return false
}
