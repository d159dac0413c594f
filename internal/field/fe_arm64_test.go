//go:build gc && !purego

package field

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault checks that the assembly is selected by default, and
// that useARM64 is the flag registered as field ARM64.
func TestDispatchDefault(t *testing.T) {
	t.Logf("field arithmetic: %s", Implementation())
	if !useARM64 {
		t.Error("useARM64 is false by default")
	}
	l := impl.List("field")
	if len(l) != 1 || l[0].Name != "ARM64" || !l[0].Available || !l[0].Enabled() {
		t.Fatalf("registered %+v, want field ARM64, available", l)
	}
	defer func() { useARM64 = true }()
	if !l[0].SetEnabled(false) || useARM64 {
		t.Fatal("turning field ARM64 off left useARM64 true")
	}
}
