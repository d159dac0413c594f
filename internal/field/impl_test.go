package field

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl/impltest"
)

// implementations returns this package's generic Go code followed by the
// assembly backends of this build (registered with internal/impl; none
// without assembly), whether this CPU runs them or not.
func implementations() []impltest.Implementation { return impltest.Implementations("field") }

// asmImplementations returns the assembly backends of this build.
func asmImplementations() []impltest.Implementation { return implementations()[1:] }

// fieldSuite is every test of this package that runs the arithmetic through
// the dispatching functions. TestAllImplementations reruns all of them with
// each implementation the default build does not select, so that turning a
// CPU feature off (or running on a CPU without it) is tested as well.
var fieldSuite = []func(*testing.T){
	TestAliasing,
	TestSetBytesCanonical,
	TestSetScalarPlusOrder,
	TestArithmeticVsBig,
	TestSelectCondNegate,
	TestBatchInvert,
	TestLimbsRoundTrip,
	TestZeroAllocs,
	TestInvertVsFermat,
	TestInvertAllocs,
	TestKernelsVsBig,
	TestIsSquareVarTime,
	TestIsSquareVarTimeAllocs,
}

// notInSuite are the tests that choose implementations themselves (or test
// the machinery), so rerunning them under each one would add nothing.
var notInSuite = []string{
	"TestAllImplementations",
	"TestSuiteComplete",
	"TestKernelsVsGeneric",
	"TestReductionPaths",
	"TestDispatchDefault",
	"TestElementLayout",
}

// TestAllImplementations reruns the whole suite with each implementation
// other than the one this CPU selects by default: on amd64 with ADX and on
// arm64 that is the generic Go path, and on an amd64 CPU without ADX
// nothing (the default already is generic). See
// impltest.TestAllImplementations.
func TestAllImplementations(t *testing.T) {
	impltest.TestAllImplementations(t, fieldSuite)
}

// TestSuiteComplete checks that every Test function of this package is in
// fieldSuite or notInSuite, and that none runs in parallel.
func TestSuiteComplete(t *testing.T) {
	impltest.CheckSuite(t, "field", fieldSuite, notInSuite...)
}
