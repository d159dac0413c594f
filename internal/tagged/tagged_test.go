package tagged

import (
	"crypto/sha256"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

func TestSumMatchesDefinition(t *testing.T) {
	for _, tag := range []string{"BIP0340/challenge", "TapTweak", ""} {
		h := New(tag)
		for _, n := range []int{0, 1, 31, 32, 55, 64, 65, 200} {
			x := make([]byte, n)
			for i := range x {
				x[i] = byte(i*7 + n)
			}
			th := sha256.Sum256([]byte(tag))
			want := sha256.Sum256(append(append(th[:], th[:]...), x...))
			var got [32]byte
			h.Sum(&got, x[:n/3], x[n/3:n/2], x[n/2:])
			if got != want {
				t.Fatalf("tag %q, %d bytes: got %x, want %x", tag, n, got, want)
			}
		}
	}
}

func TestSumAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	h := New("BIP0340/nonce")
	var out [32]byte
	x := make([]byte, 96)
	if n := testing.AllocsPerRun(100, func() { h.Sum(&out, x, x, x) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}
