//go:build (!amd64 && !arm64) || !gc || purego

package field

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault: without assembly there is nothing to select, and
// nothing is registered.
func TestDispatchDefault(t *testing.T) {
	if l := impl.List("field"); len(l) != 0 {
		t.Errorf("registered %+v without assembly", l)
	}
	t.Logf("field arithmetic: %s", Implementation())
}
