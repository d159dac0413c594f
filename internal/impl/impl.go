// Package impl decides which implementations of the library's arithmetic run,
// and keeps the list of them, in the manner of Go's crypto/internal/impl.
//
// Four packages have assembly besides their generic Go code, each selected
// by a package-level bool that the code reads directly (a branch at the top
// of the assembly or of the Go method, never a call):
//
//	package  name   flag         needs                    where
//	field    ADX    useADX       BMI2 and ADX (amd64)     fe_amd64.s
//	field    IFMA   useIFMA      AVX-512F and IFMA        fe8_amd64.s
//	field    ARM64  useARM64     nothing (every arm64)    fe_arm64.s
//	group    ADX    usePointAsm  BMI2 and ADX (amd64)     point_amd64.s
//	group    inline usePointAsm  builds without assembly  point_gen.go (Go)
//	ecmult   ADX    usePairAsm   BMI2 and ADX (amd64)     batchadd_amd64.s
//	ecmult   AVX2   useAVX2      AVX2 (amd64)             lookup_amd64.s
//	modinv   AMD64  useAsm       nothing (every amd64)    modinv_amd64.s
//
// field IFMA is no alternative to the Element code but an addition: the
// eight-lane kernels of field.Lanes, which batch verification and
// multi-scalar multiplication use where field.LanesEnabled reports them,
// keeping their scalar code for the other CPUs.
//
// This package decides: each flag is initialized from one of the CPU
// predicates here, ADX, AVX2 and IFMA (set from golang.org/x/sys/cpu, so
// GODEBUG=cpu.adx=off and the like turn the assembly off, and adjusted by
// the one valgrind override, valgrind_amd64.go) or ARM64 (always true);
// modinv's divsteps need nothing beyond baseline amd64, so its flag starts
// true.
// Each package registers its flag with Register at init, so that tests can
// list the implementations and switch them
// (internal/impl/impltest.TestAllImplementations runs a package's tests
// under every selection that matters). Builds without the assembly (-tags
// purego, gccgo, architectures other than amd64 and arm64) register only
// group's generated straight-line Go point operations (group inline, whose
// flag starts true): there the scan flag is a constant false, and the
// field calls its generic code directly, so the compiler removes the dead
// branches. On arm64 the point flag is a constant false.
//
// The flags are read without synchronization: they are written only at
// init, and by tests that run nothing else at the same time.
package impl

import "strings"

// Implementation is an alternative implementation registered with Register.
type Implementation struct {
	Package   string // the package that has it ("field"), not its path
	Name      string // its name within the package ("ADX")
	Available bool   // whether this CPU runs it: its flag's value at registration
	flag      *bool
}

// Enabled reports whether the implementation is selected now (false for
// the zero Implementation, which is none).
func (i Implementation) Enabled() bool { return i.flag != nil && *i.flag }

// SetEnabled selects the implementation (on) or its package's generic code
// (off), and reports whether it could: an implementation this CPU cannot
// run is never turned on, and the zero Implementation is none. Only for
// tests: the flag is read without synchronization, so nothing may run the
// package's code meanwhile.
func (i Implementation) SetEnabled(on bool) bool {
	if i.flag == nil || on && !i.Available {
		return false
	}
	*i.flag = on
	return true
}

// registry holds the registrations in registry[:registered]. It is an
// array, so that Register, which runs at init, does not allocate: under
// valgrind the allocator's reports would be attributed to the caller, and
// .ci/ctgrind.sh reports every error raised below this module's code.
var (
	registry   [8]Implementation
	registered int
)

// Register records that package pkg (its name, not its path) has an
// implementation called name, selected when *flag is true. *flag must hold
// the default choice, which is taken as whether the CPU can run it. Call it
// from an init function: it is not safe for concurrent use. It panics if
// pkg contains a slash, if flag is nil, or if pkg already has name.
func Register(pkg, name string, flag *bool) {
	if strings.Contains(pkg, "/") || pkg == "" || name == "" || flag == nil {
		panic("impl: Register(" + pkg + ", " + name + "): need a package name, a name and a flag")
	}
	for _, i := range registry[:registered] {
		if i.Package == pkg && i.Name == name {
			panic("impl: " + pkg + " " + name + " registered twice")
		}
	}
	if registered == len(registry) {
		panic("impl: the registry is full; enlarge it")
	}
	registry[registered] = Implementation{Package: pkg, Name: name, Available: *flag, flag: flag}
	registered++
}

// All returns every registered implementation, in the order of
// registration (package initialization order: field, group, ecmult).
func All() []Implementation {
	return append([]Implementation(nil), registry[:registered]...)
}

// List returns the implementations registered by package pkg.
func List(pkg string) []Implementation {
	var l []Implementation
	for _, i := range registry[:registered] {
		if i.Package == pkg {
			l = append(l, i)
		}
	}
	return l
}
