package group

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl/impltest"
)

// pointAsm returns the point assembly registered with internal/impl, and
// whether this build has it and this CPU runs it. (A function, not a
// variable: the registration happens in an init function, after the
// package's variables are initialized.)
func pointAsm() (impltest.Implementation, bool) {
	l := impltest.Implementations("group")
	if len(l) < 2 {
		return impltest.Implementation{}, false
	}
	return l[1], l[1].Available
}

// pointAsmAvailable reports whether this build and CPU run the point
// assembly.
func pointAsmAvailable() bool {
	_, ok := pointAsm()
	return ok
}

// setPointAsm selects the point assembly (on; it must be available) or the
// Go formulas, and returns a function that restores the previous choice.
// Tests that use it must not run in parallel.
func setPointAsm(on bool) (restore func()) {
	if on {
		a, ok := pointAsm()
		if !ok {
			panic("setPointAsm(true) without the point assembly")
		}
		return a.Select()
	}
	return impltest.Implementations("group")[0].Select()
}

// groupSuite is every test of this package that runs the point operations
// through the dispatching methods; TestAllImplementations reruns them with
// the Go formulas (group ADX off), with the field's generic code (field
// ADX off) and with both.
var groupSuite = []func(*testing.T){
	TestGeneratorAndConstants,
	TestJacobianVsBig,
	TestProjectiveVsBig,
	TestSetXO,
	TestSetXOFailure,
	TestAffineSetters,
	TestAffineSelectEqual,
	TestBatchToAffine,
	TestSelect,
	TestZeroAllocs,
	TestJacobianConstantTimeVsVarTime,
	TestDegenerateZIsInfinity,
	TestSetInfinityOverwrites,
	TestAddVarTimeInfinityFlag,
	TestAffineEqualCoordinates,
	TestConversionsOnDirtyReceivers,
	TestBatchToAffinePanics,
	TestJacobianSelectFlag,
	TestProjectiveIdentityForms,
	TestAddMixedZRatioAndZInv,
	TestProjectiveCompleteVsBig,
}

// notInSuite are the tests that compare the implementations themselves, or
// test the machinery or the layout.
var notInSuite = []string{
	"TestAllImplementations",
	"TestSuiteComplete",
	"TestDispatchDefault",
	"TestPointLayout",
	"TestAffineLayout",
	"TestInfinityWrites",
	"TestInfinityWritesDetector",
	"TestPointAsmVsGo",
	"TestProjectiveAsmVsGo",
	"TestPointOpsZeroAllocs",
}

// TestAllImplementations reruns groupSuite under each selection of the
// registered implementations other than the default (see
// impltest.TestAllImplementations), so that every test also runs on the Go
// formulas and, below them, on the field's generic code.
func TestAllImplementations(t *testing.T) {
	impltest.TestAllImplementations(t, groupSuite)
}

// TestSuiteComplete checks that every Test function of this package is in
// groupSuite or notInSuite, and that none runs in parallel.
func TestSuiteComplete(t *testing.T) {
	impltest.CheckSuite(t, "group", groupSuite, notInSuite...)
}
