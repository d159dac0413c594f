//go:build gc && !purego

package group

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault: on arm64 the point operations are the Go formulas on
// the field's assembly; nothing is registered.
func TestDispatchDefault(t *testing.T) {
	t.Logf("point operations: %s", PointImplementation())
	if l := impl.List("group"); len(l) != 0 {
		t.Errorf("registered %+v on arm64", l)
	}
}
