package modinv

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl/impltest"
)

// modinvSuite is every test of this package that runs the inversions
// through divsteps59, which dispatches to the assembly divsteps where the
// build has them. TestAllImplementations reruns all of them with the Go
// divsteps (and with the other packages' implementations turned off, which
// this package does not use).
var modinvSuite = []func(*testing.T){
	TestDivsteps59,
	TestInvertVsBig,
	TestInvertOtherModuli,
	TestZeroAllocs,
}

// notInSuite are the tests that choose the code themselves, or do not run
// divsteps59.
var notInSuite = []string{
	"TestAllImplementations",
	"TestSuiteComplete",
	"TestDispatchDefault",
	"TestDivsteps59AsmVsGeneric",
	"TestUpdateFGAsmVsGeneric",
	"TestUpdateDEAsmVsGeneric",
	"TestDivsteps62Var",
	"TestNewPanics",
	"TestInv62",
}

// TestAllImplementations reruns the suite with the Go divsteps (see
// impltest.TestAllImplementations).
func TestAllImplementations(t *testing.T) {
	impltest.TestAllImplementations(t, modinvSuite)
}

// TestSuiteComplete checks that every Test function of this package is in
// modinvSuite or notInSuite.
func TestSuiteComplete(t *testing.T) {
	impltest.CheckSuite(t, "modinv", modinvSuite, notInSuite...)
}
