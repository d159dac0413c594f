// Command vgreport reads the XML report of a memcheck run of
// internal/cmd/ctgrind and decides whether it passes.
//
// Usage:
//
//	vgreport [-canary] [-v] [-root DIR] report.xml
//
// An error fails the run when
//
//  1. its uninitialised value was created by our client request
//     (ctcheck.Secret), wherever it was reported: a secret reached a branch,
//     an address or a system call;
//  2. its innermost frame is code of this module, library or harness,
//     whatever its kind and origin: an invalid read or write, or a branch or
//     address on memory that was never written (the harness's own checks
//     would be unsound on it);
//  3. its uninitialised value was created in this module's code (a stack or
//     heap allocation of ours that reached the runtime or the standard
//     library before it was written); or
//  4. it was raised in the standard library outside the Go runtime (bytes,
//     crypto/sha256, fmt, ...) below a frame of the library.
//
// Everything else is ignored and counted, for these reasons:
//
//   - Errors raised inside the Go runtime (innermost frame in runtime or
//     internal/runtime) that neither a secret nor our code caused. Memcheck
//     reports a few hundred of them per run even with the runtime's own
//     valgrind annotations (-tags valgrind): the scheduler's and the
//     allocator's state (the m struct, heap bitmaps at the end of a span, a
//     span that held a stack and now holds objects, the system stack
//     switch). They occur wherever the runtime is entered, for instance in
//     mallocgc below an allocation made by library code, so the frames
//     below them say nothing about this module: before, such an error was
//     only a warning when a library frame happened to be below it.
//   - Errors in the standard library below harness frames only: the
//     harness's printing, where the runtime's heap annotations sometimes
//     misplace os.Stdout's file object (an "invalid read" of it).
//   - Leak reports: the runtime describes its garbage-collected heap as
//     memory pools, and the script runs with --leak-check=no anyway.
//
// Neither a secret nor a value of ours is ever ignored: rules 1 and 3 look
// at the origin, not at where the error was raised. No suppression file is
// kept: runtime function names change between toolchains.
//
// Exit status: 0 when nothing fails; 1 when something fails; 3 when every
// failure is an invalid read or write (kinds Invalid*, addressability, not
// a secret's origin): the runtime's heap annotations misplace an object now
// and then, in any frame, so such a report is inconclusive, and
// .ci/ctgrind.sh runs memcheck again (a few times at most, each run judged
// whole). A secret-dependent report, or an uninitialised value of ours, is
// never inconclusive. 2 is a usage or parse error.
//
// With -canary the report must instead contain both canary leaks, a
// conditional jump in canaryBranch and an address use in canaryIndex, each
// traced to the client request: otherwise the harness cannot see leaks and
// the run fails. Every other error is judged as in normal mode.
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

// isHarnessFile reports whether f's source file is in the ctgrind program
// (the canary included).
func (c classifier) isHarnessFile(f frame) bool {
	return strings.HasSuffix(filepath.ToSlash(f.Dir), "internal/cmd/ctgrind")
}

// isOurs reports whether f is library code of this module: its function is in
// the module, or its source file lies in the repository (an inlined function
// keeps its caller's name but its own file), the harness excluded.
func (c classifier) isOurs(f frame) bool {
	if c.isHarnessFile(f) {
		return false
	}
	if strings.HasPrefix(f.Fn, modulePath+"/") || strings.HasPrefix(f.Fn, modulePath+".") {
		return true
	}
	dir := filepath.ToSlash(f.Dir)
	if c.root != "" && (dir == c.root || strings.HasPrefix(dir, c.root+"/")) {
		return true
	}
	return strings.HasPrefix(dir, modulePath+"/") || dir == modulePath
}

// isHarness reports whether f is in the ctgrind program itself: its file is
// (the canary included), or it is a function of package main (the only one
// in the binary) with code from outside the module inlined.
func (c classifier) isHarness(f frame) bool {
	return c.isHarnessFile(f) || strings.HasPrefix(f.Fn, "main.") && !c.isOurs(f)
}

// inModule reports whether f is code of this module: library or harness.
func (c classifier) inModule(f frame) bool { return c.isOurs(f) || c.isHarness(f) }

// isRuntime reports whether f is in the Go runtime: package runtime (the
// functions it provides to other packages by linkname included) or
// internal/runtime/....
func isRuntime(f frame) bool {
	dir := filepath.ToSlash(f.Dir)
	if dir != "" {
		return strings.HasSuffix(dir, "/src/runtime") || strings.Contains(dir+"/", "/src/internal/runtime/")
	}
	return strings.HasPrefix(f.Fn, "runtime.") || strings.HasPrefix(f.Fn, "internal/runtime/")
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

// at formats f's source position.
func at(f frame) string {
	return fmt.Sprintf("%s:%d", filepath.Join(f.Dir, f.File), f.Line)
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
	if len(e.AuxWhat) > 0 {
		fmt.Fprintf(w, "\t%s\n", strings.Join(e.AuxWhat, "; "))
	}
	if of, _, known := e.origin(); known {
		for i, f := range of {
			if i == 6 {
				break
			}
			fmt.Fprintf(w, "\t  by %s\n", f)
		}
	}
}

// failure returns why e fails the run (rules 1 to 4 of the package
// documentation), or "" if it is ignored.
func (c classifier) failure(e *vgError) string {
	fs := e.primary()
	of, _, known := e.origin()
	if known && isSecretOrigin(of) {
		where := "outside this module"
		if f, ok := innermost(fs, c.isOurs); ok {
			where = at(f)
		} else if f, ok := innermost(fs, c.isHarness); ok {
			where = "in the harness, " + at(f)
		}
		return "secret-dependent (" + where + ")"
	}
	if len(fs) == 0 {
		return ""
	}
	switch {
	case c.isOurs(fs[0]):
		return "in this module (" + at(fs[0]) + ")"
	case c.isHarness(fs[0]):
		return "in the harness (" + at(fs[0]) + ")"
	}
	if known {
		if f, ok := innermost(of, c.inModule); ok {
			return "uninitialised memory from this module (created at " + at(f) + ")"
		}
	}
	if !isRuntime(fs[0]) {
		if f, ok := innermost(fs, c.isOurs); ok {
			return fmt.Sprintf("in %s, called from this module (%s)", fs[0].Fn, at(f))
		}
	}
	return ""
}

// inconclusive reports whether e is an invalid read or write (an
// addressability error) whose value is not a secret's: the kind of error the
// runtime's heap annotations produce spuriously.
func inconclusive(e *vgError) bool {
	of, _, known := e.origin()
	return strings.HasPrefix(e.Kind, "Invalid") && !(known && isSecretOrigin(of))
}

// check evaluates a report and returns the number of failures, and how
// many of them are inconclusive (see inconclusive).
func check(w io.Writer, r *report, c classifier, canary, verbose bool) (failures, addressing int) {
	var leaks, noise, branch, index int
	for i := range r.Errors {
		e := &r.Errors[i]
		if strings.HasPrefix(e.Kind, "Leak_") {
			leaks++
			continue
		}
		fs := e.primary()
		of, _, known := e.origin()
		if canary && known && isSecretOrigin(of) {
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
		if why := c.failure(e); why != "" {
			failures++
			if inconclusive(e) {
				addressing++
			}
			printError(w, e, "FAIL "+why)
			continue
		}
		noise++
		if verbose {
			printError(w, e, "ignored (runtime-internal)")
		}
	}
	fmt.Fprintf(w, "vgreport: %d error contexts: %d failing (%d of them invalid reads or writes), %d runtime-internal and %d leak reports ignored\n",
		len(r.Errors), failures, addressing, noise, leaks)
	if canary {
		fmt.Fprintf(w, "vgreport: canary: %d branch and %d index reports (want >= 1 each)\n", branch, index)
		if branch == 0 || index == 0 {
			fmt.Fprintln(w, "FAIL: memcheck did not report the canary leaks: the harness cannot detect leaks")
			failures++
		}
	}
	return failures, addressing
}

func main() {
	canary := flag.Bool("canary", false, "require the canary leaks to be reported")
	root := flag.String("root", "", "repository root (source directory of library frames)")
	verbose := flag.Bool("v", false, "print the ignored runtime-internal errors too")
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
	failures, addressing := check(os.Stdout, &r, c, *canary, *verbose)
	switch {
	case failures == 0:
	case failures == addressing:
		fmt.Println("vgreport: inconclusive: only invalid reads or writes fail, which the runtime's heap annotations produce now and then")
		os.Exit(3)
	default:
		os.Exit(1)
	}
}
