//go:build gc && !purego

package group

import (
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault checks that the point assembly is selected exactly
// when the CPU (as golang.org/x/sys/cpu reports it, GODEBUG included) has
// BMI2 and ADX, and that usePointAsm is the flag registered as group ADX.
func TestDispatchDefault(t *testing.T) {
	t.Logf("point operations: %s", PointImplementation())
	want := cpu.X86.HasADX && cpu.X86.HasBMI2
	if usePointAsm != want {
		t.Errorf("usePointAsm = %v with ADX %v, BMI2 %v", usePointAsm, cpu.X86.HasADX, cpu.X86.HasBMI2)
	}
	l := impl.List("group")
	if len(l) != 1 || l[0].Name != "ADX" || l[0].Available != want || l[0].Enabled() != usePointAsm {
		t.Fatalf("registered %+v, want group ADX available %v", l, want)
	}
	defer func(saved bool) { usePointAsm = saved }(usePointAsm)
	if !l[0].SetEnabled(false) || usePointAsm {
		t.Fatal("turning group ADX off left usePointAsm true")
	}
}
