//go:build !amd64 || !gc || purego

package group

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault: without the point assembly nothing is registered.
func TestDispatchDefault(t *testing.T) {
	if l := impl.List("group"); len(l) != 0 {
		t.Errorf("registered %+v without the point assembly", l)
	}
	t.Logf("point operations: %s", PointImplementation())
}
