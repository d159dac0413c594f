// Package chacha20 is the ChaCha20 stream cipher of RFC 8439 (20 rounds, a
// 256-bit key, a 96-bit nonce and a 32-bit block counter), for NIP-44. The
// standard library has ChaCha20 only inside crypto/internal, and the
// library module takes no dependency beyond golang.org/x/sys, so it is
// written out here: the block function and the XOR with the key stream,
// nothing else (no Poly1305, no XChaCha20).
//
// ChaCha20 is constant time by construction: only 32-bit additions,
// rotations by constant amounts and XORs, with no branch and no memory
// index that depends on the key, the nonce or the data. Nothing is kept
// between calls; the state words that hold key material live on the stack
// and are cleared before returning.
package chacha20

import (
	"crypto/subtle"
	"encoding/binary"
	"math/bits"
)

// KeySize, NonceSize and BlockSize are RFC 8439's sizes in bytes.
const (
	KeySize   = 32
	NonceSize = 12
	BlockSize = 64
)

// The constant words "expand 32-byte k".
const (
	c0 = 0x61707865
	c1 = 0x3320646e
	c2 = 0x79622d32
	c3 = 0x6b206574
)

// quarterRound is RFC 8439's QUARTERROUND on four words (section 2.1).
func quarterRound(a, b, c, d uint32) (uint32, uint32, uint32, uint32) {
	a += b
	d ^= a
	d = bits.RotateLeft32(d, 16)
	c += d
	b ^= c
	b = bits.RotateLeft32(b, 12)
	a += b
	d ^= a
	d = bits.RotateLeft32(d, 8)
	c += d
	b ^= c
	b = bits.RotateLeft32(b, 7)
	return a, b, c, d
}

// setup returns the initial state for key, nonce and counter 0 (word 12
// is the counter, set per block).
func setup(key *[KeySize]byte, nonce *[NonceSize]byte) [16]uint32 {
	var s [16]uint32
	s[0], s[1], s[2], s[3] = c0, c1, c2, c3
	for i := range 8 {
		s[4+i] = binary.LittleEndian.Uint32(key[4*i:])
	}
	s[13] = binary.LittleEndian.Uint32(nonce[0:])
	s[14] = binary.LittleEndian.Uint32(nonce[4:])
	s[15] = binary.LittleEndian.Uint32(nonce[8:])
	return s
}

// block sets out to the serialized block function of state in (20 rounds,
// then the input words added), RFC 8439 section 2.3.
func block(out *[BlockSize]byte, in *[16]uint32) {
	x0, x1, x2, x3 := in[0], in[1], in[2], in[3]
	x4, x5, x6, x7 := in[4], in[5], in[6], in[7]
	x8, x9, x10, x11 := in[8], in[9], in[10], in[11]
	x12, x13, x14, x15 := in[12], in[13], in[14], in[15]
	for range 10 {
		// Column round.
		x0, x4, x8, x12 = quarterRound(x0, x4, x8, x12)
		x1, x5, x9, x13 = quarterRound(x1, x5, x9, x13)
		x2, x6, x10, x14 = quarterRound(x2, x6, x10, x14)
		x3, x7, x11, x15 = quarterRound(x3, x7, x11, x15)
		// Diagonal round.
		x0, x5, x10, x15 = quarterRound(x0, x5, x10, x15)
		x1, x6, x11, x12 = quarterRound(x1, x6, x11, x12)
		x2, x7, x8, x13 = quarterRound(x2, x7, x8, x13)
		x3, x4, x9, x14 = quarterRound(x3, x4, x9, x14)
	}
	le := binary.LittleEndian
	le.PutUint32(out[0:], x0+in[0])
	le.PutUint32(out[4:], x1+in[1])
	le.PutUint32(out[8:], x2+in[2])
	le.PutUint32(out[12:], x3+in[3])
	le.PutUint32(out[16:], x4+in[4])
	le.PutUint32(out[20:], x5+in[5])
	le.PutUint32(out[24:], x6+in[6])
	le.PutUint32(out[28:], x7+in[7])
	le.PutUint32(out[32:], x8+in[8])
	le.PutUint32(out[36:], x9+in[9])
	le.PutUint32(out[40:], x10+in[10])
	le.PutUint32(out[44:], x11+in[11])
	le.PutUint32(out[48:], x12+in[12])
	le.PutUint32(out[52:], x13+in[13])
	le.PutUint32(out[56:], x14+in[14])
	le.PutUint32(out[60:], x15+in[15])
}

// Block sets out to the ChaCha20 block function of key, counter and nonce
// (RFC 8439 section 2.3): one 64-byte block of key stream.
func Block(out *[BlockSize]byte, key *[KeySize]byte, nonce *[NonceSize]byte, counter uint32) {
	s := setup(key, nonce)
	s[12] = counter
	block(out, &s)
	clear(s[:])
}

// MaxLen returns the number of bytes that XORKeyStream can process from
// block counter counter on before the 32-bit counter would wrap:
// (2^32 - counter)·64.
func MaxLen(counter uint32) uint64 {
	return (1<<32 - uint64(counter)) * BlockSize
}

// XORKeyStream sets dst[:len(src)] to src XOR the ChaCha20 key stream of
// key and nonce starting at block counter counter (RFC 8439 section 2.4).
// dst and src may be the same slice (in-place encryption) but must not
// otherwise overlap. It panics if dst is shorter than src or if src is
// longer than MaxLen(counter) (the counter would wrap and repeat key
// stream); callers check both, so neither is reachable from the library's
// API. It does not allocate.
func XORKeyStream(dst, src []byte, key *[KeySize]byte, nonce *[NonceSize]byte, counter uint32) {
	if len(dst) < len(src) {
		panic("chacha20: output shorter than input")
	}
	if uint64(len(src)) > MaxLen(counter) {
		panic("chacha20: counter would wrap")
	}
	s := setup(key, nonce)
	var ks [BlockSize]byte
	for len(src) > 0 {
		s[12] = counter
		block(&ks, &s)
		counter++
		n := subtle.XORBytes(dst, src, ks[:])
		src, dst = src[n:], dst[n:]
	}
	clear(s[:])
	clear(ks[:])
}
