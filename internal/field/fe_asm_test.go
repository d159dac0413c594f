//go:build (amd64 || arm64) && gc && !purego

package field

import (
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/impl"
)

// TestImplementationName checks that Implementation names the assembly
// exactly when it is selected, with the flag on and turned off. The lane
// kernels (lanesImplementation) are an addition beside the Element code,
// which Implementation does not describe.
func TestImplementationName(t *testing.T) {
	var l []impl.Implementation
	for _, i := range impl.List("field") {
		if i.Name != lanesImplementation {
			l = append(l, i)
		}
	}
	if len(l) != 1 {
		t.Fatalf("registered %+v, want one field implementation besides the lanes", l)
	}
	on := l[0].Enabled()
	if got := strings.Contains(Implementation(), "assembly"); got != on {
		t.Errorf("flag %v: Implementation() = %q", on, Implementation())
	}
	defer l[0].SetEnabled(on)
	l[0].SetEnabled(false)
	if got := Implementation(); strings.Contains(got, "assembly") || !strings.Contains(got, "generic") {
		t.Errorf("flag off: Implementation() = %q", got)
	}
}

// TestSquareNRejectsZero checks that feSquareN refuses n < 1, as its
// contract says.
func TestSquareNRejectsZero(t *testing.T) {
	for _, n := range []int{0, -1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("feSquareN with n = %d did not panic", n)
				}
			}()
			var v, a Element
			a.One()
			feSquareN(&v, &a, n)
		}()
	}
}
