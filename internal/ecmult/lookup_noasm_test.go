//go:build !amd64 || !gc || purego

package ecmult

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault: without the AVX2 scan nothing is registered.
func TestDispatchDefault(t *testing.T) {
	if l := impl.List("ecmult"); len(l) != 0 {
		t.Errorf("registered %+v without the AVX2 scan", l)
	}
	t.Logf("table scan: %s", LookupImplementation())
}
