// Command vgreport reads the XML report of a memcheck run of
// internal/cmd/ctgrind and decides whether it passes.
//
// Usage:
//
//	vgreport [-canary] [-v] [-root DIR] report.xml
//
// Memcheck on a Go binary reports a few hundred errors inside the runtime
// even with the valgrind build tag (scheduler and allocator state it cannot
// model). None of them matter here, so no suppression file is kept (runtime
// function names change between toolchains). An error fails the run when
//
//   - its uninitialised value was created by our client request
//     (ctcheck.Secret), wherever it was reported: a secret reached a branch,
//     an address or a system call; or
//   - it has no origin information and was reported in this module's code
//     (the innermost frame is ours: an invalid read or write there).
//
// Other errors with a frame of this module in their stack (runtime state
// below an allocation made by library code) are printed as warnings. Frames of the canary (internal/cmd/ctgrind/canary.go) are
// never ours in normal mode.
//
// With -canary the report must instead contain both canary leaks, a
// conditional jump in canaryBranch and an address use in canaryIndex, each
// traced to the client request: otherwise the harness cannot see leaks and
// the run fails.
package main

import (
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

const modulePath = "github.com/p256k1/secp256k1"

type frame struct {
	IP   string `xml:"ip"`
	Obj  string `xml:"obj"`
	Fn   string `xml:"fn"`
	Dir  string `xml:"dir"`
	File string `xml:"file"`
	Line int    `xml:"line"`
}

func (f frame) String() string {
	fn := f.Fn
	if fn == "" {
		fn = f.IP
	}
	if f.File == "" {
		return fn
	}
	return fmt.Sprintf("%s (%s:%d)", fn, filepath.Join(f.Dir, f.File), f.Line)
}

type stack struct {
	Frames []frame `xml:"frame"`
}

type vgError struct {
	Unique  string   `xml:"unique"`
	Kind    string   `xml:"kind"`
	What    string   `xml:"what"`
	XWhat   string   `xml:"xwhat>text"`
	AuxWhat []string `xml:"auxwhat"`
	Stacks  []stack  `xml:"stack"`
}

type report struct {
	XMLName xml.Name  `xml:"valgrindoutput"`
	Tool    string    `xml:"protocoltool"`
	Errors  []vgError `xml:"error"`
	Counts  []struct {
		Count  int    `xml:"count"`
		Unique string `xml:"unique"`
	} `xml:"errorcounts>pair"`
}

func (e *vgError) what() string {
	if e.What != "" {
		return e.What
	}
	return e.XWhat
}

func (e *vgError) primary() []frame {
	if len(e.Stacks) == 0 {
		return nil
	}
	return e.Stacks[0].Frames
}

// origin returns the allocation stack memcheck gives with --track-origins,
// and whether it is a client request.
func (e *vgError) origin() (frames []frame, clientRequest, known bool) {
	for _, a := range e.AuxWhat {
		if strings.Contains(a, "Uninitialised value was created") {
			known = true
			clientRequest = strings.Contains(a, "client request")
		}
	}
	if known && len(e.Stacks) > 1 {
		frames = e.Stacks[1].Frames
	}
	return frames, clientRequest, known
}

type classifier struct {
	root string // repository root as it appears in DWARF dirs; may be empty
}

// isCanary reports whether f is (or is inlined into) the canary code.
func (c classifier) isCanary(f frame) bool {
	return f.File == "canary.go" && strings.HasSuffix(filepath.ToSlash(f.Dir), "internal/cmd/ctgrind")
}

// isHarness reports whether f is in the ctgrind program itself.
func (c classifier) isHarness(f frame) bool {
	return strings.HasSuffix(filepath.ToSlash(f.Dir), "internal/cmd/ctgrind") ||
		f.Dir == "" && strings.HasPrefix(f.Fn, "main.")
}

// isOurs reports whether f is library code of this module: its function is in
// the module, or its source file lies in the repository (an inlined function
// keeps its caller's name but its own file), the harness excluded.
func (c classifier) isOurs(f frame) bool {
	if c.isCanary(f) {
		return false
	}
	dir := filepath.ToSlash(f.Dir)
	if c.isHarness(f) {
		return false
	}
	if strings.HasPrefix(f.Fn, modulePath+"/") || strings.HasPrefix(f.Fn, modulePath+".") {
		// Our ctcheck stub itself is where client requests are issued,
		// not where secrets leak.
		return !strings.HasPrefix(f.Fn, modulePath+"/internal/ctcheck.")
	}
	if c.root != "" && (dir == c.root || strings.HasPrefix(dir, c.root+"/")) {
		return true
	}
	return strings.HasPrefix(dir, modulePath+"/") || dir == modulePath
}

// isSecretOrigin reports whether the origin stack starts at our ctcheck stub.
func isSecretOrigin(frames []frame) bool {
	return len(frames) > 0 && strings.HasPrefix(frames[0].Fn, modulePath+"/internal/ctcheck.")
}

// innermost returns the first frame of fs matching pred.
func innermost(fs []frame, pred func(frame) bool) (frame, bool) {
	for _, f := range fs {
		if pred(f) {
			return f, true
		}
	}
	return frame{}, false
}

func printError(w io.Writer, e *vgError, label string) {
	fmt.Fprintf(w, "%s: %s: %s\n", label, e.Kind, e.what())
	fs := e.primary()
	for i, f := range fs {
		if i == 12 {
			fmt.Fprintf(w, "\t... %d more frames\n", len(fs)-i)
			break
		}
		fmt.Fprintf(w, "\tat %s\n", f)
	}
	if of, _, known := e.origin(); known {
		fmt.Fprintf(w, "\t%s\n", strings.Join(e.AuxWhat, "; "))
		for i, f := range of {
			if i == 6 {
				break
			}
			fmt.Fprintf(w, "\t  by %s\n", f)
		}
	}
}

// check evaluates a report and returns the number of failures.
func check(w io.Writer, r *report, c classifier, canary, verbose bool) (failures int) {
	var warnings, noise, branch, index int
	for i := range r.Errors {
		e := &r.Errors[i]
		if strings.HasPrefix(e.Kind, "Leak_") {
			noise++
			continue
		}
		fs := e.primary()
		of, _, known := e.origin()
		secret := known && isSecretOrigin(of)
		if canary {
			if secret {
				if f, ok := innermost(fs, c.isCanary); ok {
					switch {
					case e.Kind == "UninitCondition" && strings.HasSuffix(f.Fn, ".canaryBranch"):
						branch++
					case e.Kind == "UninitValue" && strings.HasSuffix(f.Fn, ".canaryIndex"):
						index++
					}
					fmt.Fprintf(w, "canary (expected): %s: %s at %s\n", e.Kind, e.what(), f)
					continue
				}
			}
		}
		ourFrame, inOurs := innermost(fs, c.isOurs)
		switch {
		case secret:
			failures++
			where := "outside this module"
			if inOurs {
				where = fmt.Sprintf("%s:%d", filepath.Join(ourFrame.Dir, ourFrame.File), ourFrame.Line)
			} else if f, ok := innermost(fs, c.isHarness); ok {
				where = fmt.Sprintf("in the harness, %s:%d", filepath.Join(f.Dir, f.File), f.Line)
			}
			printError(w, e, "FAIL secret-dependent ("+where+")")
		case inOurs && !known && c.isOurs(fs[0]):
			failures++
			printError(w, e, fmt.Sprintf("FAIL in this module (%s:%d)", filepath.Join(ourFrame.Dir, ourFrame.File), ourFrame.Line))
		case inOurs:
			warnings++
			if verbose {
				printError(w, e, "warning (not from a secret)")
			} else {
				fmt.Fprintf(w, "warning (not from a secret): %s: %s in %s, below %s\n", e.Kind, e.what(), fs[0], ourFrame)
			}
		default:
			noise++
		}
	}
	fmt.Fprintf(w, "vgreport: %d error contexts: %d failing, %d warnings, %d runtime-internal ignored\n",
		len(r.Errors), failures, warnings, noise)
	if canary {
		fmt.Fprintf(w, "vgreport: canary: %d branch and %d index reports (want >= 1 each)\n", branch, index)
		if branch == 0 || index == 0 {
			fmt.Fprintln(w, "FAIL: memcheck did not report the canary leaks: the harness cannot detect leaks")
			failures++
		}
	}
	return failures
}

func main() {
	canary := flag.Bool("canary", false, "require the canary leaks to be reported")
	root := flag.String("root", "", "repository root (source directory of library frames)")
	verbose := flag.Bool("v", false, "print whole stacks for warnings too")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: vgreport [-canary] [-v] [-root DIR] report.xml")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "vgreport:", err)
		os.Exit(2)
	}
	var r report
	if err := xml.Unmarshal(data, &r); err != nil {
		fmt.Fprintln(os.Stderr, "vgreport: parsing", flag.Arg(0)+":", err)
		os.Exit(2)
	}
	if r.Tool != "memcheck" {
		fmt.Fprintf(os.Stderr, "vgreport: %s: tool is %q, want memcheck\n", flag.Arg(0), r.Tool)
		os.Exit(2)
	}
	c := classifier{root: strings.TrimSuffix(filepath.ToSlash(*root), "/")}
	if check(os.Stdout, &r, c, *canary, *verbose) > 0 {
		os.Exit(1)
	}
}
