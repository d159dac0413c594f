//go:build gc && !purego

package field

import (
	"testing"

	"golang.org/x/sys/cpu"
)

var asmImplementations = []implementation{
	{name: "ADX", flag: &useADX, available: cpu.X86.HasADX && cpu.X86.HasBMI2},
}

// TestDispatchDefault checks that the assembly is selected exactly when the
// CPU has BMI2 and ADX.
func TestDispatchDefault(t *testing.T) {
	if useADX != (cpu.X86.HasADX && cpu.X86.HasBMI2) {
		t.Errorf("useADX = %v with ADX %v, BMI2 %v", useADX, cpu.X86.HasADX, cpu.X86.HasBMI2)
	}
	t.Logf("field arithmetic: %s", Implementation())
}
