package ecmult

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl/impltest"
)

// ecmultSuite is every test of this package that runs k·G, k·P, a·P + b·G
// or the multi-scalar multiplication through the dispatching code.
// TestAllImplementations reruns them with each registered implementation
// turned off in turn (the Go table scan, the Go point formulas, the field's
// generic code) and with all of them off.
var ecmultSuite = []func(*testing.T){
	TestBaseMult,
	TestScalarMult,
	TestDoubleMultVarTime,
	TestBaseTableRegenerates,
	TestBooth,
	TestZeroAllocs,
	TestMultiScalarMult,
	TestMultiScalarMultShort,
	TestRecodeSigned,
	TestMultiScalarMultAllocs,
	TestPippWindow,
	TestPippengerWorkers,
	TestScalarMultSecretPoint,
	TestScalarMultXOnly,
	TestScratchSequence,
	TestScratchWorkersSequence,
	TestScratchDirty,
	TestBaseMultBlindedDigits,
	TestBaseMultBlindingEpoch,
	TestBaseMultRefreshes,
	TestBlindingPairConcurrent,
	TestScalarMultBlinded,
	TestBlindingSequence,
	TestBlindingZeroAllocs,
}

// notInSuite are the tests that compare the implementations themselves, or
// test the machinery or the layout.
var notInSuite = []string{
	"TestAllImplementations",
	"TestSuiteComplete",
	"TestDispatchDefault",
	"TestLookupAffine",
	"TestNonZeroFromBytes",
	"TestBlindSlotsTorn",
}

// TestAllImplementations reruns ecmultSuite under each selection of the
// registered implementations other than the default (see
// impltest.TestAllImplementations).
func TestAllImplementations(t *testing.T) {
	impltest.TestAllImplementations(t, ecmultSuite)
}

// TestSuiteComplete checks that every Test function of this package is in
// ecmultSuite or notInSuite, and that none runs in parallel.
func TestSuiteComplete(t *testing.T) {
	impltest.CheckSuite(t, "ecmult", ecmultSuite, notInSuite...)
}
