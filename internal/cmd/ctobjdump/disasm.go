package main

import (
	"bufio"
	"bytes"
	"debug/dwarf"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A function is one text symbol of the binary and its instructions.
type function struct {
	sym   string // full symbol name
	name  string // short name: package base and symbol, e.g. "field.feMulAsm.abi0"
	pkg   string // import path below the module, e.g. "internal/field"
	start uint64
	end   uint64
	insts []inst
}

// An inst is one decoded instruction.
type inst struct {
	addr   uint64
	op     string // mnemonic, prefixes removed
	args   string // operands as objdump prints them
	target uint64 // direct branch or call target, 0 if none
	tsym   string // the symbol objdump names for the target (without +offset)
}

// binary is an executable opened for the check.
type binary struct {
	path  string
	elf   *elf.File
	funcs []*function // every text symbol, sorted by address
	lines *lineTable
}

func openBinary(path string) (*binary, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	if f.Machine != elf.EM_X86_64 {
		return nil, fmt.Errorf("%s: machine %v: only x86-64 is checked", path, f.Machine)
	}
	syms, err := f.Symbols()
	if err != nil {
		return nil, fmt.Errorf("%s: symbols: %w", path, err)
	}
	b := &binary{path: path, elf: f}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) != elf.STT_FUNC || s.Size == 0 {
			continue
		}
		fn := &function{sym: s.Name, start: s.Value, end: s.Value + s.Size}
		fn.pkg, fn.name = splitSymbol(s.Name)
		b.funcs = append(b.funcs, fn)
	}
	slices.SortFunc(b.funcs, func(x, y *function) int { return cmpUint(x.start, y.start) })
	d, err := f.DWARF()
	if err != nil {
		return nil, fmt.Errorf("%s: DWARF: %w (build without -ldflags=-w)", path, err)
	}
	b.lines, err = readLines(d, modulePath)
	if err != nil {
		return nil, fmt.Errorf("%s: DWARF lines: %w", path, err)
	}
	return b, nil
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// splitSymbol returns the import path below the module and the short name
// of a symbol of this module ("", "" for any other symbol).
func splitSymbol(sym string) (pkg, name string) {
	rest, ok := strings.CutPrefix(sym, modulePath)
	if !ok {
		return "", ""
	}
	slash := strings.LastIndexByte(rest, '/')
	dot := strings.IndexByte(rest[slash+1:], '.')
	if dot < 0 {
		return "", ""
	}
	pkg = rest[:slash+1+dot]
	return pkg, pkg[slash+1:] + rest[slash+1+dot:]
}

// disassemble runs GNU objdump over the address ranges of fns and stores
// each function's instructions. Functions close together share one run.
func (b *binary) disassemble(objdump string, fns []*function) error {
	fns = slices.Clone(fns)
	slices.SortFunc(fns, func(x, y *function) int { return cmpUint(x.start, y.start) })
	for i := 0; i < len(fns); {
		j := i + 1
		for j < len(fns) && fns[j].start-fns[j-1].end < 1<<16 {
			j++
		}
		if err := b.disassembleRange(objdump, fns[i:j]); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// instLine matches an instruction line of objdump -d --no-show-raw-insn -w:
// "  4cd8a9:\tjbe    4cda32 <sym+0x192>".
var instLine = regexp.MustCompile(`^\s*([0-9a-f]+):\t(.*)$`)

// targetRe matches a direct target: "4cda32 <sym+0x192>".
var targetRe = regexp.MustCompile(`^([0-9a-f]+) <([^>]*?)(\+0x[0-9a-f]+)?>$`)

// prefixes are instruction prefixes objdump prints as separate words.
var prefixes = map[string]bool{"rep": true, "repz": true, "repnz": true, "repe": true, "repne": true,
	"lock": true, "notrack": true, "bnd": true, "data16": true, "addr32": true, "cs": true, "ds": true, "rex.W": true}

func (b *binary) disassembleRange(objdump string, fns []*function) error {
	lo, hi := fns[0].start, fns[len(fns)-1].end
	cmd := exec.Command(objdump, "-d", "-w", "--no-show-raw-insn",
		fmt.Sprintf("--start-address=0x%x", lo), fmt.Sprintf("--stop-address=0x%x", hi), b.path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	k := 0 // index in fns
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		m := instLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		addr, _ := strconv.ParseUint(m[1], 16, 64)
		for k < len(fns) && addr >= fns[k].end {
			k++
		}
		if k == len(fns) {
			break
		}
		if addr < fns[k].start {
			continue
		}
		fns[k].insts = append(fns[k].insts, parseInst(addr, m[2]))
	}
	for _, fn := range fns {
		if len(fn.insts) == 0 {
			return fmt.Errorf("objdump decoded no instruction of %s", fn.sym)
		}
	}
	return sc.Err()
}

// parseInst splits an instruction into its mnemonic and operands, and
// reads a direct target.
func parseInst(addr uint64, text string) inst {
	if i := strings.Index(text, " #"); i >= 0 {
		// objdump's comment: the address of a RIP-relative operand.
		// Keep the symbol in args for the write-barrier test.
		text = text[:i] + " " + strings.TrimSpace(text[i+2:])
	}
	fields := strings.Fields(text)
	for len(fields) > 1 && prefixes[fields[0]] {
		fields = fields[1:]
	}
	in := inst{addr: addr}
	if len(fields) == 0 {
		return in
	}
	in.op = fields[0]
	in.args = strings.Join(fields[1:], " ")
	if m := targetRe.FindStringSubmatch(in.args); m != nil {
		in.target, _ = strconv.ParseUint(m[1], 16, 64)
		in.tsym = m[2]
	}
	return in
}

// lineTable maps program counters to source lines, from DWARF.
type lineTable struct {
	rows []lineRow
}

type lineRow struct {
	addr uint64
	file string
	line int
	end  bool // end of a sequence: no line from here
}

// readLines reads the line tables of the compilation units whose name starts
// with prefix (the packages of this module).
func readLines(d *dwarf.Data, prefix string) (*lineTable, error) {
	t := &lineTable{}
	r := d.Reader()
	for {
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		if e == nil {
			break
		}
		if e.Tag != dwarf.TagCompileUnit {
			r.SkipChildren()
			continue
		}
		name, _ := e.Val(dwarf.AttrName).(string)
		r.SkipChildren()
		if !strings.HasPrefix(name, strings.TrimSuffix(prefix, "/")) {
			continue
		}
		lr, err := d.LineReader(e)
		if err != nil || lr == nil {
			continue
		}
		var le dwarf.LineEntry
		for lr.Next(&le) == nil {
			row := lineRow{addr: le.Address, line: le.Line, end: le.EndSequence}
			if le.File != nil {
				row.file = le.File.Name
			}
			t.rows = append(t.rows, row)
		}
	}
	slices.SortStableFunc(t.rows, func(x, y lineRow) int { return cmpUint(x.addr, y.addr) })
	return t, nil
}

// lookup returns the source file and line of pc ("", 0 if unknown).
func (t *lineTable) lookup(pc uint64) (string, int) {
	i, found := slices.BinarySearchFunc(t.rows, pc, func(r lineRow, pc uint64) int { return cmpUint(r.addr, pc) })
	if found {
		// Several rows may start at pc: take the last non-end one.
		for i+1 < len(t.rows) && t.rows[i+1].addr == pc {
			i++
		}
		for i > 0 && t.rows[i].end && t.rows[i-1].addr == pc {
			i--
		}
	} else {
		i--
	}
	if i < 0 || t.rows[i].end {
		return "", 0
	}
	return t.rows[i].file, t.rows[i].line
}

// sourceCache reads source lines for the report and the allow-list.
type sourceCache map[string][]string

// line returns line n of file, with runs of white space made one space,
// or "" if the file cannot be read.
func (c sourceCache) line(file string, n int) string {
	text, _ := c.lineOK(file, n)
	return text
}

// lineOK is line, and reports whether the file could be read.
func (c sourceCache) lineOK(file string, n int) (string, bool) {
	lines, ok := c[file]
	if !ok {
		data, err := os.ReadFile(file)
		if err == nil {
			lines = strings.Split(string(data), "\n")
		}
		c[file] = lines
	}
	if lines == nil {
		return "", false
	}
	if n < 1 || n > len(lines) {
		return "", true
	}
	return strings.Join(strings.Fields(lines[n-1]), " "), true
}
