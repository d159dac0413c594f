//go:build gc && !purego

package ecmult

import (
	"testing"

	"golang.org/x/sys/cpu"
)

// lookupImplementations are the table scans this build has: the Go loop and
// the AVX2 assembly.
var lookupImplementations = []lookupImpl{
	{name: "go", avx2: false, available: true},
	{name: "avx2", avx2: true, available: cpu.X86.HasAVX2},
}

func setLookupImpl(impl lookupImpl) (restore func()) {
	saved := useAVX2
	useAVX2 = impl.avx2
	return func() { useAVX2 = saved }
}

// cpuFeatureSettings are the GODEBUG settings under which
// TestAllImplementations reruns the package: each turns off a CPU feature
// that one of the assembly paths below k·G, k·P and a·P + b·G needs.
var cpuFeatureSettings = []string{"cpu.avx2=off", "cpu.adx=off", "cpu.avx2=off,cpu.adx=off,cpu.bmi2=off"}

// TestDispatchDefault checks that the AVX2 scan is selected exactly when
// the CPU (as golang.org/x/sys/cpu reports it, GODEBUG included) has AVX2.
func TestDispatchDefault(t *testing.T) {
	if useAVX2 != cpu.X86.HasAVX2 {
		t.Errorf("useAVX2 = %v with AVX2 %v", useAVX2, cpu.X86.HasAVX2)
	}
	t.Logf("table scan: %s", LookupImplementation())
}
