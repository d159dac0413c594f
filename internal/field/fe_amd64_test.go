//go:build gc && !purego

package field

import (
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault checks that the assembly is selected exactly when the
// CPU (as golang.org/x/sys/cpu reports it, GODEBUG included) has BMI2 and
// ADX, and that useADX is the flag registered as field ADX.
func TestDispatchDefault(t *testing.T) {
	if useADX != (cpu.X86.HasADX && cpu.X86.HasBMI2) {
		t.Errorf("useADX = %v with ADX %v, BMI2 %v", useADX, cpu.X86.HasADX, cpu.X86.HasBMI2)
	}
	checkRegistered(t, "ADX", &useADX)
	t.Logf("field arithmetic: %s", Implementation())
}

// checkRegistered checks that *flag is the one flag registered by this
// package, under name, and that switching the registration switches it.
func checkRegistered(t *testing.T, name string, flag *bool) {
	t.Helper()
	l := impl.List("field")
	if len(l) != 1 || l[0].Name != name || l[0].Available != *flag || l[0].Enabled() != *flag {
		t.Fatalf("registered %+v, want field %s available %v", l, name, *flag)
	}
	saved := *flag
	defer func() { *flag = saved }()
	if !l[0].SetEnabled(false) || *flag {
		t.Fatalf("turning field %s off left the flag %v", name, *flag)
	}
	if l[0].SetEnabled(true) != saved || *flag != saved {
		t.Fatalf("turning field %s on: flag %v, available %v", name, *flag, saved)
	}
}
