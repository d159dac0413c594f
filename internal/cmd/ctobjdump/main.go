// Command ctobjdump checks the machine code of the constant-time functions
// of the library: it disassembles them with GNU objdump (Go's own objdump
// does not decode MULX, ADCX and ADOX correctly) and fails on
//
//   - a division (DIV, IDIV: their latency depends on the operands),
//   - a call to a bounds, shift or division check (runtime.panicBounds,
//     panicIndex, panicshift, ...: the branch to it depends on an index),
//   - a conditional branch that is not on the allow-list (rules.go): loop
//     back-edges over public counts, CPU-feature dispatch and documented
//     public checks, each named by function, file and source line (from
//     DWARF), and the stack-growth and write-barrier checks the compiler
//     adds, which it recognises itself,
//   - a call to a function that is not checked (a variable-time or
//     public-data function, or code outside the checked packages) unless a
//     call rule admits it.
//
// Checked are all functions of internal/field, internal/scalar,
// internal/modinv, internal/group and internal/ecmult in the given
// binaries, except those whose name says VarTime and the public-data
// functions listed in rules.go. Rules that admit nothing in any of the
// binaries fail the check too, so the lists stay exact.
//
// With -canary it checks package testdata/canary/leaky instead, whose
// planted leaks (a loop on a secret, a division, a bounds check, a call to
// a variable-time function) must each be reported, and whose constant-time
// function must pass; it exits 0 only then.
//
// Usage (see .ci/objdump.sh):
//
//	go build -o ctgrind ./internal/cmd/ctgrind
//	go run ./internal/cmd/ctobjdump ctgrind [more binaries...]
//	go build -o canary ./internal/cmd/ctobjdump/testdata/canary
//	go run ./internal/cmd/ctobjdump -canary canary
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ctobjdump", flag.ContinueOnError)
	fs.SetOutput(stderr)
	objdump := fs.String("objdump", "objdump", "GNU objdump (binutils)")
	root := fs.String("root", ".", "the module's directory (for file names of binaries built with -trimpath)")
	verbose := fs.Bool("v", false, "list every admitted branch and call and every function not checked")
	canary := fs.Bool("canary", false, "check the planted leaks of testdata/canary instead: each must be reported")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: ctobjdump [-objdump path] [-v] binary...")
		return 2
	}
	c := newChecker(stdout, *root, *verbose)
	if *canary {
		c.packages = []string{canaryPackage}
		c.prefix = "reported: "
	}
	for _, path := range fs.Args() {
		b, err := openBinary(path)
		if err != nil {
			fmt.Fprintln(stderr, "ctobjdump:", err)
			return 2
		}
		if err := c.check(b, *objdump); err != nil {
			fmt.Fprintln(stderr, "ctobjdump:", err)
			return 2
		}
	}
	if *canary {
		if c.canaryVerdict() > 0 {
			fmt.Fprintln(stdout, "ctobjdump: FAIL: the check missed a planted leak")
			return 1
		}
		fmt.Fprintln(stdout, "ctobjdump: canary ok: every planted leak was reported")
		return 0
	}
	c.finish()
	if c.failures > 0 {
		fmt.Fprintf(stdout, "ctobjdump: FAIL: %d findings\n", c.failures)
		return 1
	}
	fmt.Fprintln(stdout, "ctobjdump: ok")
	return 0
}
