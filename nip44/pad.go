package nip44

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// Length prefixes: a big-endian uint16 below extendedFrom bytes, two zero
// bytes and a big-endian uint32 from there on.
const (
	shortPrefix  = 2
	longPrefix   = 6
	extendedFrom = 1 << 16
)

// PaddedLen returns the length NIP-44 pads a plaintext of n bytes to
// (calc_padded_len; the length prefix is not included): 32 for n <= 32,
// else n rounded up to a multiple of a chunk, which is 32 up to 256 bytes
// and an eighth of the next power of two above n-1 beyond. It returns 0
// for n < 1 or n > MaxPlaintextSize, which NIP-44 does not encrypt.
func PaddedLen(n int) int {
	p := paddedLen(uint64(max(n, 0)))
	if n < MinPlaintextSize || uint64(n) > MaxPlaintextSize || p > math.MaxInt {
		return 0
	}
	return int(p)
}

// paddedLen is calc_padded_len for 1 <= n <= MaxPlaintextSize, in uint64
// (the padded length of the longest plaintext, 2^32, does not fit in a
// 32-bit int).
func paddedLen(n uint64) uint64 {
	if n <= 32 {
		return 32
	}
	nextPower := uint64(1) << bits.Len64(n-1) // 1 << (floor(log2(n-1)) + 1)
	chunk := uint64(32)
	if nextPower > 256 {
		chunk = nextPower / 8
	}
	return chunk * ((n-1)/chunk + 1)
}

// prefixLen returns the length of the prefix of a plaintext of n bytes.
func prefixLen(n uint64) uint64 {
	if n >= extendedFrom {
		return longPrefix
	}
	return shortPrefix
}

// putPrefix writes the length prefix of a plaintext of n bytes to b, which
// has room for it.
func putPrefix(b []byte, n uint64) {
	if n >= extendedFrom {
		b[0], b[1] = 0, 0
		binary.BigEndian.PutUint32(b[2:], uint32(n))
		return
	}
	binary.BigEndian.PutUint16(b, uint16(n))
}

// readPrefix returns the plaintext length and the prefix length that the
// decrypted buffer padded announces, and whether its length prefix is
// well formed and matches the padded length: a non-zero uint16, or two
// zero bytes and a uint32 of at least 65536 (one encoding per length), and
// len(padded) = prefix + PaddedLen(length). The prefix is public (the
// result reveals the length): it is declassified, byte by byte as it is
// read, and branched on.
func readPrefix(padded []byte) (n, prefix uint64, ok bool) {
	if len(padded) < shortPrefix {
		return 0, 0, false
	}
	ctcheck.PublicSlice(padded[:shortPrefix])
	n, prefix = uint64(binary.BigEndian.Uint16(padded)), shortPrefix
	if n == 0 {
		if len(padded) < longPrefix {
			return 0, 0, false
		}
		ctcheck.PublicSlice(padded[shortPrefix:longPrefix])
		n, prefix = uint64(binary.BigEndian.Uint32(padded[2:])), longPrefix
		if n < extendedFrom {
			return 0, 0, false
		}
	}
	return n, prefix, uint64(len(padded)) == prefix+paddedLen(n)
}
