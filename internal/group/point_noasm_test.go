//go:build (!amd64 && !arm64) || !gc || purego

package group

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault: builds whose field arithmetic is the generic Go
// register the generated straight-line point operations (point_gen.go) as
// group "inline", selected by default.
func TestDispatchDefault(t *testing.T) {
	t.Logf("point operations: %s", PointImplementation())
	l := impl.List("group")
	if len(l) != 1 || l[0].Name != "inline" || !l[0].Available || !l[0].Enabled() || !usePointAsm {
		t.Fatalf("registered %+v, want group inline, selected", l)
	}
	defer func(saved bool) { usePointAsm = saved }(usePointAsm)
	if !l[0].SetEnabled(false) || usePointAsm {
		t.Fatal("turning group inline off left usePointAsm true")
	}
}
