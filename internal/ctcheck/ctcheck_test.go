package ctcheck

import (
	"testing"
	"unsafe"
)

// Outside valgrind the client request must leave memory and control flow
// alone (with the valgrind tag, XCHGQ BX, BX and the rotations are no-ops on
// a real CPU and the result stays 0).
func TestOutsideValgrind(t *testing.T) {
	if RunningOnValgrind() {
		t.Skip("running under valgrind")
	}
	b := []byte{1, 2, 3, 4}
	Secret(unsafe.Pointer(&b[0]), uintptr(len(b)))
	Public(unsafe.Pointer(&b[0]), uintptr(len(b)))
	if b[0] != 1 || b[3] != 4 {
		t.Fatalf("memory changed: %v", b)
	}
	if n := SecretBytes(unsafe.Pointer(&b[0]), uintptr(len(b))); n != 0 {
		t.Fatalf("SecretBytes = %d outside valgrind", n)
	}
}

func TestZeroAllocs(t *testing.T) {
	var k [32]byte
	n := testing.AllocsPerRun(100, func() {
		Secret(unsafe.Pointer(&k), unsafe.Sizeof(k))
		Public(unsafe.Pointer(&k), unsafe.Sizeof(k))
	})
	if n != 0 {
		t.Fatalf("%v allocations per run, want 0", n)
	}
}
