package bip39

import (
	"testing"
	"unicode/utf8"
)

// TestValidUTF8 compares validUTF8 with unicode/utf8.ValidString on every
// string of one and two bytes, and on every string of up to four bytes
// drawn from the bytes at the edges of UTF-8's ranges.
func TestValidUTF8(t *testing.T) {
	check := func(b []byte) {
		if got, want := validUTF8(string(b)), utf8.Valid(b); got != want {
			t.Fatalf("validUTF8(%x) = %v, want %v", b, got, want)
		}
	}
	check(nil)
	for x := range 1 << 16 {
		check([]byte{byte(x)})
		check([]byte{byte(x >> 8), byte(x)})
	}
	edges := []byte{0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1,
		0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff}
	var b [4]byte
	for _, b0 := range edges {
		b[0] = b0
		for _, b1 := range edges {
			b[1] = b1
			for _, b2 := range edges {
				b[2] = b2
				check(b[:3])
				for _, b3 := range edges {
					b[3] = b3
					check(b[:4])
				}
			}
		}
	}
	for _, s := range []string{"TREZOR", "é", "e\u0301", "㍍ガバヴァぱばぐゞちぢ十人十色", "\U0010ffff", "🔑 key"} {
		if !validUTF8(s) {
			t.Errorf("validUTF8(%q) = false", s)
		}
	}
}
