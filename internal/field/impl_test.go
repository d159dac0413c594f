package field

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl/impltest"
)

// implementations returns this package's generic Go code followed by the
// assembly backends of the Element arithmetic in this build (registered
// with internal/impl; none without assembly), whether this CPU runs them or
// not. The eight-lane kernels (IFMA) are registered too but are no
// alternative to these: they serve Lanes, which lanes_test.go tests, and
// selecting one of these turns them off, which the Element code ignores.
func implementations() []impltest.Implementation {
	var l []impltest.Implementation
	for _, i := range impltest.Implementations("field") {
		if i.Name != lanesImplementation {
			l = append(l, i)
		}
	}
	return l
}

// lanesImplementation is the name the lane kernels register under.
const lanesImplementation = "IFMA"

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
	TestSettersOverwrite,
	TestSetBytesAboveP,
	TestEqualIsZeroByLimb,
	TestLessThanP,
	TestMulIntCarry,
	TestReduce512VsBig,
	TestBatchInvertShapes,
	TestIsSquareVarTime,
	TestIsSquareVarTimeAllocs,
	TestSqrtBatchVarTime,
	TestJacobiLoopWithoutFallback,
	TestJMulSS,
}

// notInSuite are the tests that choose implementations themselves (or test
// the machinery), so rerunning them under each one would add nothing.
var notInSuite = []string{
	"TestAllImplementations",
	"TestSuiteComplete",
	"TestKernelsVsGeneric",
	"TestReductionPaths",
	"TestDispatchDefault",
	"TestDispatchLanes",
	"TestElementLayout",
	"TestLazyKernels",
	// The lane kernels run only where the CPU selects them (they skip
	// otherwise); the scalar code they are compared with is in the suite.
	"TestLanesVsScalar",
	"TestLanesAliasing",
	"TestLanesConversion",
	"TestLanesSqrt",
	"TestLanesSquareNInterleaved",
	"TestImplementationName",
	"TestSquareNRejectsZero",
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
