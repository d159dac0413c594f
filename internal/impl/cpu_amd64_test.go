//go:build gc && !purego

package impl

import (
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// TestCPUFeatures checks the predicates against golang.org/x/sys/cpu (which
// applies GODEBUG): ADX is BMI2 and ADX, AVX2 is AVX2, IFMA is AVX-512F and
// AVX-512 IFMA, except that under
// valgrind (with -tags valgrind) ADX follows BMI2 alone.
func TestCPUFeatures(t *testing.T) {
	wantADX := cpu.X86.HasADX && cpu.X86.HasBMI2
	if ctcheck.RunningOnValgrind() {
		wantADX = cpu.X86.HasBMI2
	}
	if ADX != wantADX {
		t.Errorf("ADX = %v with ADX %v, BMI2 %v (valgrind %v)", ADX, cpu.X86.HasADX, cpu.X86.HasBMI2, ctcheck.RunningOnValgrind())
	}
	if AVX2 != cpu.X86.HasAVX2 {
		t.Errorf("AVX2 = %v with AVX2 %v", AVX2, cpu.X86.HasAVX2)
	}
	if IFMA != (cpu.X86.HasAVX512F && cpu.X86.HasAVX512IFMA) {
		t.Errorf("IFMA = %v with AVX512F %v, IFMA %v", IFMA, cpu.X86.HasAVX512F, cpu.X86.HasAVX512IFMA)
	}
	t.Logf("ADX %v, AVX2 %v, IFMA %v", ADX, AVX2, IFMA)
}
