package bip39

import "github.com/p256k1/secp256k1/internal/ctcheck"

// validUTF8 reports whether s is well-formed UTF-8 (Unicode Table 3-7: no
// overlong forms, surrogates or values above U+10FFFF), as
// unicode/utf8.ValidString does, but without branches or memory indices
// that depend on the bytes: a passphrase is a secret.
func validUTF8(s string) bool {
	// need: continuation bytes still expected; lo, hi: the range of the
	// next one (narrower after E0, ED, F0 and F4).
	var need, bad uint64
	lo, hi := uint64(0x80), uint64(0xbf)
	for i := 0; i < len(s); i++ {
		b := uint64(s[i])
		cont := ^eqMask(need, 0)
		bad |= cont &^ inMask(b, lo, hi)
		// A first byte: ASCII or the lead byte of 2, 3 or 4.
		l2 := inMask(b, 0xc2, 0xdf)
		l3 := inMask(b, 0xe0, 0xef)
		l4 := inMask(b, 0xf0, 0xf4)
		bad |= ^cont &^ (ltMask(b, 0x80) | l2 | l3 | l4)
		first := l2&1 | l3&2 | l4&3
		firstLo := 0x80 ^ eqMask(b, 0xe0)&(0x80^0xa0) ^ eqMask(b, 0xf0)&(0x80^0x90)
		firstHi := 0xbf ^ eqMask(b, 0xed)&(0xbf^0x9f) ^ eqMask(b, 0xf4)&(0xbf^0x8f)
		need = cont&(need-1) | ^cont&first
		lo = cont&0x80 | ^cont&firstLo
		hi = cont&0xbf | ^cont&firstHi
	}
	bad |= ^eqMask(need, 0)
	valid := eqMask(bad, 0)
	ctcheck.Public(&valid) // only the validity
	return valid != 0
}
