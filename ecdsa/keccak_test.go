package ecdsa_test

import (
	"encoding/binary"
	"encoding/hex"
	"math/bits"
	"testing"
)

// keccak256 is the original Keccak-256 (pad byte 0x01, not SHA-3's 0x06)
// that Ethereum uses for addresses and for the hashes it signs, written
// here from the Keccak reference (FIPS 202 section 3 with Keccak's
// padding) so that the Ethereum vectors can be checked end to end. The
// library has no Keccak; TestKeccak256 pins it to published digests.
func keccak256(data []byte) [32]byte {
	const rate = 136
	var a [25]uint64
	absorb := func(block []byte) {
		for i := range rate / 8 {
			a[i] ^= binary.LittleEndian.Uint64(block[8*i:])
		}
		keccakF1600(&a)
	}
	for len(data) >= rate {
		absorb(data[:rate])
		data = data[rate:]
	}
	var last [rate]byte
	copy(last[:], data)
	last[len(data)] ^= 0x01
	last[rate-1] ^= 0x80
	absorb(last[:])
	var out [32]byte
	for i := range 4 {
		binary.LittleEndian.PutUint64(out[8*i:], a[i])
	}
	return out
}

var keccakRC = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
	0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
	0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// keccakRho holds the rotation offsets r[x][y], indexed x + 5y.
var keccakRho = [25]int{
	0, 1, 62, 28, 27,
	36, 44, 6, 55, 20,
	3, 10, 43, 25, 39,
	41, 45, 15, 21, 8,
	18, 2, 61, 56, 14,
}

// keccakF1600 is the permutation, step by step as specified (θ, ρ, π, χ, ι)
// on lanes a[x + 5y].
func keccakF1600(a *[25]uint64) {
	for round := range 24 {
		var c, d [5]uint64
		for x := range 5 {
			c[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]
		}
		for x := range 5 {
			d[x] = c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
		}
		for i := range 25 {
			a[i] ^= d[i%5]
		}
		var b [25]uint64
		for x := range 5 {
			for y := range 5 {
				// π: B[y, 2x + 3y] = ROT(A[x, y], r[x, y])
				b[y+5*((2*x+3*y)%5)] = bits.RotateLeft64(a[x+5*y], keccakRho[x+5*y])
			}
		}
		for x := range 5 {
			for y := range 5 {
				a[x+5*y] = b[x+5*y] ^ (^b[(x+1)%5+5*y] & b[(x+2)%5+5*y])
			}
		}
		a[0] ^= keccakRC[round]
	}
}

func TestKeccak256(t *testing.T) {
	long := make([]byte, 200) // crosses a block boundary
	for i := range long {
		long[i] = byte(i)
	}
	for _, c := range []struct{ in, want string }{
		{"", "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"},
		{"abc", "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"},
		// keccak256("cow") is the EIP-712 example's private key.
		{"cow", "c85ef7d79691fe79573b1a7064c19c1a9819ebdbd1faaab1a8ec92344438aaf4"},
		{"The quick brown fox jumps over the lazy dog", "4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15"},
	} {
		got := keccak256([]byte(c.in))
		if hex.EncodeToString(got[:]) != c.want {
			t.Errorf("keccak256(%q) = %x, want %s", c.in, got, c.want)
		}
	}
	// 135, 136, 137 and 200 bytes: the padding fits, fills or spills the
	// 136-byte block (digests from go-ethereum's crypto.Keccak256).
	for _, c := range []struct {
		n    int
		want string
	}{
		{135, "cbdfd9dee5faad3818d6b06f95a219fd290b0e1706f6a82e5a595b9ce9faca62"},
		{136, "7ce759f1ab7f9ce437719970c26b0a66ff11fe3e38e17df89cf5d29c7d7f807e"},
		{137, "ac73d4fae68b8453f764007c1a20ce95994187861f0c3227a3a8e99a73a3b1db"},
		{200, "bfb0aa97863e797943cf7c33bb7e880bb4543f3d2703c0923c6901c2af57b890"},
	} {
		got := keccak256(long[:c.n])
		if hex.EncodeToString(got[:]) != c.want {
			t.Errorf("keccak256(0, 1, …, %d) = %x, want %s", c.n-1, got, c.want)
		}
	}
}
