//go:build gc && !purego

package group

import (
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// pointAsmAvailable reports whether this CPU can run the point assembly.
var pointAsmAvailable = cpu.X86.HasADX && cpu.X86.HasBMI2

// setPointAsm selects the assembly (on) or the Go formulas, and returns a
// function that restores the previous choice. Tests that use it must not
// run in parallel.
func setPointAsm(on bool) (restore func()) {
	saved := usePointAsm
	usePointAsm = on
	return func() { usePointAsm = saved }
}

// TestDispatchDefault checks that the point assembly is selected exactly
// when the CPU (as golang.org/x/sys/cpu reports it, GODEBUG included) has
// BMI2 and ADX.
func TestDispatchDefault(t *testing.T) {
	if usePointAsm != pointAsmAvailable {
		t.Errorf("usePointAsm = %v with ADX %v, BMI2 %v", usePointAsm, cpu.X86.HasADX, cpu.X86.HasBMI2)
	}
	t.Logf("point operations: %s", PointImplementation())
}

// TestAllImplementations reruns this package's tests with the CPU features
// the point assembly needs turned off (GODEBUG=cpu.adx=off and
// cpu.bmi2=off, which golang.org/x/sys/cpu honours), so that every test
// also runs on the Go formulas (and, below them, the field's Go code).
func TestAllImplementations(t *testing.T) {
	testutil.RerunWithGODEBUG(t, "cpu.adx=off", "cpu.bmi2=off")
}
