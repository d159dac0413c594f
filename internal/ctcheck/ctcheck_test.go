package ctcheck

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// Outside valgrind the client request must leave memory and control flow
// alone (with the valgrind tag, XCHGQ BX, BX and the rotations are no-ops on
// a real CPU and the result stays 0).
func TestOutsideValgrind(t *testing.T) {
	if RunningOnValgrind() {
		t.Skip("running under valgrind")
	}
	b := []byte{1, 2, 3, 4}
	SecretSlice(b)
	PublicSlice(b)
	var a [4]byte
	Secret(&a)
	Public(&a)
	if b[0] != 1 || b[3] != 4 {
		t.Fatalf("memory changed: %v", b)
	}
	if n := SecretSliceCount(b) + SecretCount(&a); n != 0 {
		t.Fatalf("secret count = %d outside valgrind", n)
	}
}

func TestZeroAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	var k [32]byte
	n := testing.AllocsPerRun(100, func() {
		Secret(&k)
		Public(&k)
		SecretSlice(k[:])
		PublicSlice(k[:])
	})
	if n != 0 {
		t.Fatalf("%v allocations per run, want 0", n)
	}
}
