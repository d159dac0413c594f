package ripemd160

import (
	"encoding/binary"
	"math/bits"
)

// The message word selection (r, r' in the specification) and the
// rotation amounts (s, s') of the left and right lines, 16 steps per round.
var (
	rl = [80]uint8{
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
		7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8,
		3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12,
		1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2,
		4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
	}
	rr = [80]uint8{
		5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12,
		6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2,
		15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13,
		8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14,
		12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
	}
	sl = [80]uint8{
		11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
		7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
		11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
		11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
		9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
	}
	sr = [80]uint8{
		8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6,
		9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11,
		9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5,
		15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8,
		8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
	}
)

// The additive constants of the five rounds, left and right line.
const (
	kl0, kl1, kl2, kl3, kl4 = 0x00000000, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e
	kr0, kr1, kr2, kr3, kr4 = 0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0x00000000
)

// The five boolean functions; the left line uses them in the order
// f1..f5, the right line in the order f5..f1.
func f1(x, y, z uint32) uint32 { return x ^ y ^ z }
func f2(x, y, z uint32) uint32 { return (x & y) | (^x & z) }
func f3(x, y, z uint32) uint32 { return (x | ^y) ^ z }
func f4(x, y, z uint32) uint32 { return (x & z) | (y &^ z) }
func f5(x, y, z uint32) uint32 { return x ^ (y | ^z) }

// block runs the compression function over every 64-byte block of p
// (len(p) is a multiple of BlockSize).
func block(s *[5]uint32, p []byte) {
	var x [16]uint32
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		for i := range x {
			x[i] = binary.LittleEndian.Uint32(p[4*i:])
		}
		al, bl, cl, dl, el := s[0], s[1], s[2], s[3], s[4]
		ar, br, cr, dr, er := al, bl, cl, dl, el
		var t uint32
		// Each step: T = rol_s(A + f(B, C, D) + X[r] + K) + E;
		// (A, B, C, D, E) = (E, T, B, rol_10(C), D).
		for j := 0; j < 16; j++ {
			t = bits.RotateLeft32(al+f1(bl, cl, dl)+x[rl[j]]+kl0, int(sl[j])) + el
			al, el, dl, cl, bl = el, dl, bits.RotateLeft32(cl, 10), bl, t
			t = bits.RotateLeft32(ar+f5(br, cr, dr)+x[rr[j]]+kr0, int(sr[j])) + er
			ar, er, dr, cr, br = er, dr, bits.RotateLeft32(cr, 10), br, t
		}
		for j := 16; j < 32; j++ {
			t = bits.RotateLeft32(al+f2(bl, cl, dl)+x[rl[j]]+kl1, int(sl[j])) + el
			al, el, dl, cl, bl = el, dl, bits.RotateLeft32(cl, 10), bl, t
			t = bits.RotateLeft32(ar+f4(br, cr, dr)+x[rr[j]]+kr1, int(sr[j])) + er
			ar, er, dr, cr, br = er, dr, bits.RotateLeft32(cr, 10), br, t
		}
		for j := 32; j < 48; j++ {
			t = bits.RotateLeft32(al+f3(bl, cl, dl)+x[rl[j]]+kl2, int(sl[j])) + el
			al, el, dl, cl, bl = el, dl, bits.RotateLeft32(cl, 10), bl, t
			t = bits.RotateLeft32(ar+f3(br, cr, dr)+x[rr[j]]+kr2, int(sr[j])) + er
			ar, er, dr, cr, br = er, dr, bits.RotateLeft32(cr, 10), br, t
		}
		for j := 48; j < 64; j++ {
			t = bits.RotateLeft32(al+f4(bl, cl, dl)+x[rl[j]]+kl3, int(sl[j])) + el
			al, el, dl, cl, bl = el, dl, bits.RotateLeft32(cl, 10), bl, t
			t = bits.RotateLeft32(ar+f2(br, cr, dr)+x[rr[j]]+kr3, int(sr[j])) + er
			ar, er, dr, cr, br = er, dr, bits.RotateLeft32(cr, 10), br, t
		}
		for j := 64; j < 80; j++ {
			t = bits.RotateLeft32(al+f5(bl, cl, dl)+x[rl[j]]+kl4, int(sl[j])) + el
			al, el, dl, cl, bl = el, dl, bits.RotateLeft32(cl, 10), bl, t
			t = bits.RotateLeft32(ar+f1(br, cr, dr)+x[rr[j]]+kr4, int(sr[j])) + er
			ar, er, dr, cr, br = er, dr, bits.RotateLeft32(cr, 10), br, t
		}
		// Combine the two lines with the chaining values.
		t = s[1] + cl + dr
		s[1] = s[2] + dl + er
		s[2] = s[3] + el + ar
		s[3] = s[4] + al + br
		s[4] = s[0] + bl + cr
		s[0] = t
	}
	clear(x[:])
}
