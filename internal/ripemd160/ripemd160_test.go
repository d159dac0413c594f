package ripemd160

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// The test vectors published with RIPEMD-160 by its authors (Bosselaers'
// RIPEMD-160 page at homes.esat.kuleuven.be/~bosselae/ripemd160.html, also
// Appendix B of the 1996 paper "RIPEMD-160: A Strengthened Version of
// RIPEMD").
var vectors = []struct {
	in, want string
}{
	{"", "9c1185a5c5e9fc54612808977ee8f548b2258d31"},
	{"a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"},
	{"abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"},
	{"message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"},
	{"abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"},
	{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "12a053384a9c0c88e405a06c27dcf49ada62eb2b"},
	{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "b0e20b6e3116640286ed3a87a5713079b21f5189"},
	{strings.Repeat("1234567890", 8), "9b752e45573d4b39f4dbd3323cab82bf63326bfb"},
	{strings.Repeat("a", 1000000), "52783243c1697bdbe16d37f97f68f08325dc1528"},
}

func TestVectors(t *testing.T) {
	for _, v := range vectors {
		name := v.in
		if len(name) > 20 {
			name = name[:20] + "..."
		}
		if got := Sum([]byte(v.in)); hex.EncodeToString(got[:]) != v.want {
			t.Errorf("Sum(%q) = %x, want %s", name, got, v.want)
		}
		h := New()
		h.Write([]byte(v.in))
		if got := h.Sum(nil); hex.EncodeToString(got) != v.want {
			t.Errorf("New().Sum for %q = %x, want %s", name, got, v.want)
		}
		// Byte by byte for the short ones.
		if len(v.in) <= 100 {
			h.Reset()
			for i := range len(v.in) {
				h.Write([]byte{v.in[i]})
			}
			if got := h.Sum([]byte{0xaa}); got[0] != 0xaa || hex.EncodeToString(got[1:]) != v.want {
				t.Errorf("byte-wise Sum for %q = %x, want aa%s", name, got, v.want)
			}
		}
	}
}

// TestStreaming writes random messages in random chunks, taking Sum in
// between, and compares with the one-shot Sum; every length up to a few
// blocks crosses the padding boundaries (55, 56, 63, 64 mod 64).
func TestStreaming(t *testing.T) {
	rng := testutil.Rand(t)
	h := New()
	for n := 0; n < 300; n++ {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(rng.Uint32())
		}
		want := Sum(msg)
		h.Reset()
		var prefix []byte
		for rest := msg; len(rest) > 0; {
			k := min(len(rest), rng.IntN(150))
			h.Write(rest[:k])
			prefix = append(prefix, rest[:k]...)
			rest = rest[k:]
			// Sum must not change the state.
			if mid, w := h.Sum(nil), Sum(prefix); !bytes.Equal(mid, w[:]) {
				t.Fatalf("length %d: Sum after %d bytes = %x, want %x", n, len(prefix), mid, w)
			}
		}
		if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Fatalf("length %d: streamed %x, one shot %x", n, got, want)
		}
	}
}

func TestSizes(t *testing.T) {
	h := New()
	if h.Size() != 20 || h.BlockSize() != 64 || Size != 20 || BlockSize != 64 {
		t.Fatalf("Size %d, BlockSize %d", h.Size(), h.BlockSize())
	}
}

// TestHash160 checks HASH160 against two published values: the key of the
// genesis block's coinbase output, whose P2PKH address
// 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa encodes this hash (Bitcoin block 0),
// and the identifier of BIP-32 test vector 1's master key, whose first four
// bytes are the parent fingerprint 3442193e of chain m/0H (bip-0032.mediawiki,
// "Test Vectors").
func TestHash160(t *testing.T) {
	for _, c := range []struct{ pub, want string }{
		{"04678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5f",
			"62e907b15cbf27d5425399ebf6f0fb50ebb88f18"},
		{"0339a36013301597daef41fbe593a02cc513d0b55527ec2df1050e2e8ff49c85c2",
			"3442193e1bb70916e914552172cd4e2dbc9df811"},
	} {
		got := Hash160(testutil.MustHex(t, c.pub))
		if hex.EncodeToString(got[:]) != c.want {
			t.Errorf("Hash160(%s) = %x, want %s", c.pub, got, c.want)
		}
	}
}

func TestAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	msg := make([]byte, 200)
	var out [Size]byte
	if n := testing.AllocsPerRun(100, func() { out = Sum(msg) }); n != 0 {
		t.Errorf("Sum: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { out = Hash160(msg[:33]) }); n != 0 {
		t.Errorf("Hash160: %v allocations", n)
	}
	_ = out
}

func BenchmarkSum64(b *testing.B) {
	msg := make([]byte, 64)
	b.SetBytes(64)
	for b.Loop() {
		Sum(msg)
	}
}

func BenchmarkHash160(b *testing.B) {
	msg := make([]byte, 33)
	for b.Loop() {
		Hash160(msg)
	}
}
