//go:build gc && !purego

package field

import (
	"slices"
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

// TestDispatchLanes checks that the lane kernels are selected exactly when
// the CPU has AVX-512F and AVX-512 IFMA (GODEBUG included), and that
// useIFMA is the flag registered as field IFMA.
func TestDispatchLanes(t *testing.T) {
	if useIFMA != (cpu.X86.HasAVX512F && cpu.X86.HasAVX512IFMA) {
		t.Errorf("useIFMA = %v with AVX512F %v, IFMA %v", useIFMA, cpu.X86.HasAVX512F, cpu.X86.HasAVX512IFMA)
	}
	checkRegistered(t, lanesImplementation, &useIFMA)
	t.Logf("lane kernels: %v", LanesEnabled())
}

// checkRegistered checks that *flag is the flag registered by this package
// under name (amd64 registers ADX and IFMA, in that order), and that
// switching the registration switches it.
func checkRegistered(t *testing.T, name string, flag *bool) {
	t.Helper()
	all := impl.List("field")
	if len(all) != 2 || all[0].Name != "ADX" || all[1].Name != lanesImplementation {
		t.Fatalf("registered %+v, want field ADX and %s", all, lanesImplementation)
	}
	l := slices.DeleteFunc(all, func(i impl.Implementation) bool { return i.Name != name })
	if len(l) != 1 || l[0].Available != *flag || l[0].Enabled() != *flag {
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
