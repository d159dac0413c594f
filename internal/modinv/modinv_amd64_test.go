//go:build gc && !purego

package modinv

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault checks that the amd64 kernels are on by default (they
// need nothing beyond baseline amd64) and registered with internal/impl as
// modinv AMD64, which can turn them off.
func TestDispatchDefault(t *testing.T) {
	if !useAsm {
		t.Errorf("useAsm is false by default")
	}
	l := impl.List("modinv")
	if len(l) != 1 || l[0].Name != "AMD64" || !l[0].Available || l[0].Enabled() != useAsm {
		t.Fatalf("registered %+v, want modinv AMD64, available", l)
	}
	defer func(saved bool) { useAsm = saved }(useAsm)
	if !l[0].SetEnabled(false) || useAsm {
		t.Fatal("turning modinv AMD64 off left useAsm true")
	}
}
