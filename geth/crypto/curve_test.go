package crypto

import (
	"testing"

	secp "github.com/p256k1/secp256k1"
)

// TestS256IsTheLibraryCurve checks that S256's arithmetic is the library's
// secp256k1.S256(), whose ScalarMult and ScalarBaseMult are constant time
// in the scalar (the repository's valgrind harness checks them): ECIES's
// GenerateShared multiplies by the private D through it.
func TestS256IsTheLibraryCurve(t *testing.T) {
	c, ok := S256().(*s256)
	if !ok || c.Curve != secp.S256() || S256().Params() != secp.S256().Params() {
		t.Fatal("S256 does not embed secp256k1.S256()")
	}
}
