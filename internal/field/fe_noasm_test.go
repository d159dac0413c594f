//go:build (!amd64 && !arm64) || !gc || purego

package field

import "testing"

var asmImplementations []implementation

// TestDispatchDefault: without assembly there is nothing to select.
func TestDispatchDefault(t *testing.T) {
	t.Logf("field arithmetic: %s", Implementation())
}
