package hmacsha256

import (
	"crypto/hmac"
	"crypto/sha256"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

func TestSumVsCryptoHMAC(t *testing.T) {
	r := testutil.Rand(t)
	fill := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	for i := range 3000 {
		key := fill(i % (BlockSize + 1))
		a, b := fill(r.IntN(130)), fill(r.IntN(130))
		m := hmac.New(sha256.New, key)
		m.Write(a)
		m.Write(b)
		want := [32]byte(m.Sum(nil))
		var got [32]byte
		Sum(&got, key, a, b)
		if got != want {
			t.Fatalf("HMAC(%x, %x‖%x) = %x, want %x", key, a, b, got, want)
		}
		if len(key) == 32 && len(a) >= 32 {
			// Output aliasing the key or the data, as RFC 6979 uses it.
			k2 := [32]byte(key)
			a2 := [32]byte(a[:32])
			Sum(&k2, k2[:], a[:32], b)
			Sum(&a2, key, a2[:], b)
			m := hmac.New(sha256.New, key)
			m.Write(a[:32])
			m.Write(b)
			w := [32]byte(m.Sum(nil))
			if k2 != w || a2 != w {
				t.Fatal("aliased HMAC differs")
			}
		}
	}
}

func TestSumAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	var out [32]byte
	key, a := make([]byte, 32), make([]byte, 97)
	if n := testing.AllocsPerRun(100, func() { Sum(&out, key, a, nil) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func TestLongKeyPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for a 65-byte key")
		}
	}()
	var out [32]byte
	Sum(&out, make([]byte, BlockSize+1), nil, nil)
}
