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

// TestSumAnyTag checks the package function Sum against the definition and
// against Hash.Sum, for every split of the message into parts.
func TestSumAnyTag(t *testing.T) {
	for _, tag := range []string{"BIP0340/challenge", "KeyAgg coefficient", "", "\x00tag with a NUL"} {
		h := New(tag)
		th := sha256.Sum256([]byte(tag))
		for _, n := range []int{0, 1, 32, 64, 65, 200} {
			x := make([]byte, n)
			for i := range x {
				x[i] = byte(i*5 + n)
			}
			want := sha256.Sum256(append(append(th[:], th[:]...), x...))
			var viaHash [32]byte
			h.Sum(&viaHash, x[:n/2], nil, x[n/2:])
			for _, parts := range [][][]byte{{x}, {x[:n/3], x[n/3:]}, {nil, x[:n/2], {}, x[n/2:]}} {
				if got := Sum(tag, parts...); got != want || got != viaHash {
					t.Fatalf("tag %q, %d bytes in %d parts: got %x, want %x", tag, n, len(parts), got, want)
				}
			}
			if n == 0 && Sum(tag) != want {
				t.Fatalf("tag %q: Sum of no parts", tag)
			}
		}
	}
}
