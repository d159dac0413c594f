//go:build !amd64 || !gc || purego

package modinv

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestDispatchDefault checks that builds without the kernels register none.
func TestDispatchDefault(t *testing.T) {
	if l := impl.List("modinv"); len(l) != 0 {
		t.Errorf("registered %+v without the amd64 kernels", l)
	}
}
