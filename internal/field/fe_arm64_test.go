//go:build gc && !purego

package field

import "testing"

var asmImplementations = []implementation{
	{name: "ARM64", flag: &useARM64, available: true},
}

// TestDispatchDefault checks that the assembly is selected by default.
func TestDispatchDefault(t *testing.T) {
	if !useARM64 {
		t.Error("useARM64 is false by default")
	}
	t.Logf("field arithmetic: %s", Implementation())
}
