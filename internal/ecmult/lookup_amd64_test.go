//go:build gc && !purego

package ecmult

import (
	"slices"
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault checks that the AVX2 scan is selected exactly when
// the CPU (as golang.org/x/sys/cpu reports it, GODEBUG included) has AVX2,
// and that useAVX2 is the flag registered as ecmult AVX2.
func TestDispatchDefault(t *testing.T) {
	t.Logf("table scan: %s", LookupImplementation())
	if useAVX2 != cpu.X86.HasAVX2 {
		t.Errorf("useAVX2 = %v with AVX2 %v", useAVX2, cpu.X86.HasAVX2)
	}
	l := impl.List("ecmult")
	i := slices.IndexFunc(l, func(r impl.Implementation) bool { return r.Name == "AVX2" })
	if i < 0 || l[i].Available != cpu.X86.HasAVX2 || l[i].Enabled() != useAVX2 {
		t.Fatalf("registered %+v, want ecmult AVX2 available %v", l, cpu.X86.HasAVX2)
	}
	defer func(saved bool) { useAVX2 = saved }(useAVX2)
	if !l[i].SetEnabled(false) || useAVX2 {
		t.Fatal("turning ecmult AVX2 off left useAVX2 true")
	}
}
