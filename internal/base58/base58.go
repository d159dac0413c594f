// Package base58 implements Bitcoin's Base58 encoding and Base58Check, the
// encoding of BIP-32 extended keys, WIF private keys and legacy addresses.
//
// The alphabet is Bitcoin's: the digits and letters without 0, O, I and l.
// A leading zero byte encodes as a leading '1' and back. Base58Check appends
// the first four bytes of SHA-256(SHA-256(payload)) before encoding and
// checks them when decoding.
//
// Decoding is strict: any character outside the alphabet (including spaces
// and other whitespace) is an error, as is a Base58Check string whose
// checksum does not match or that is too short to hold one.
//
// # Constant time
//
// Extended private keys are secrets, so the conversions take no branch and
// read no memory address that depends on the encoded value: digits are
// mapped to characters and back arithmetically, the base conversion runs a
// fixed number of steps for the input length, and leading zeros and
// significant digits are counted with masks. What the running time does
// depend on is the length of the input and the length of the result (which
// follows from the number of leading zeros and the magnitude of the value,
// fixed by the version bytes in every Bitcoin format). Decoding stops with
// an error at the first invalid character; the error reveals it anyway.
// Under the valgrind check (internal/ctcheck) these lengths, the validity
// of each character and the result of the checksum comparison are
// declassified, and nothing else.
// The time is quadratic in the length: callers bound it first.
package base58

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// Alphabet is Bitcoin's Base58 alphabet, digit values 0 to 57 in order.
const Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

var (
	// ErrInvalidCharacter is returned (wrapped, with the position) for a
	// character outside the alphabet.
	ErrInvalidCharacter = errors.New("base58: invalid character")
	// ErrChecksum is returned when the checksum of a Base58Check string
	// does not match its payload.
	ErrChecksum = errors.New("base58: checksum mismatch")
	// ErrTooShort is returned for a Base58Check string that decodes to
	// fewer than the four bytes of its checksum.
	ErrTooShort = errors.New("base58: too short for a checksum")
)

// decLimbDigits digits are taken at a time when decoding: 58^5 < 2^32.
const decLimbDigits = 5

// Encode returns the Base58 encoding of src.
func Encode(src []byte) string {
	return string(AppendEncode(nil, src))
}

// AppendEncode appends the Base58 encoding of src to dst and returns the
// extended slice. dst and src must not overlap.
func AppendEncode(dst, src []byte) []byte {
	n := len(src)
	// log(256)/log(58) < 1.38: digits of an n-byte value, in limbs of 5.
	size := n*138/100 + 1
	nl := (size + 4) / 5

	var limbsBuf [40]uint64 // up to 144 bytes
	var limbs []uint64
	if nl <= len(limbsBuf) {
		limbs = limbsBuf[:nl]
	} else {
		limbs = make([]uint64, nl)
	}
	// Leading zero bytes, counted without branches.
	var zeros, still uint32 = 0, 1
	for _, b := range src {
		still &= isZero(uint32(b))
		zeros += still
	}
	// value = value·2^(8g) + (the next g bytes), in little-endian limbs of
	// base 58^5; g = 4 but for the first group, which takes n mod 4.
	g := n % 4
	if g == 0 {
		g = 4
	}
	for i := 0; i < n; {
		var v uint64
		for _, b := range src[i : i+g] {
			v = v<<8 | uint64(b)
		}
		i += g
		shift := uint(8 * g)
		g = 4
		// After i bytes the value is below 2^(8i) and fits in
		// 8i/29 + 1 limbs (58^5 > 2^29): the bound depends only on i.
		carry := v
		hi := min(nl, 8*i/29+1)
		for j := range limbs[:hi] {
			carry, limbs[j] = divEncLimb(limbs[j]<<shift + carry)
		}
	}

	// Digits, least significant first, and the number of significant ones.
	var digitsBuf [5 * 40]byte
	var digits []byte
	if 5*nl <= len(digitsBuf) {
		digits = digitsBuf[:5*nl]
	} else {
		digits = make([]byte, 5*nl)
	}
	var sig uint32
	for j, l64 := range limbs {
		l := uint32(l64)
		for k := range 5 {
			q := l / 58
			d := l - 58*q
			l = q
			i := uint32(5*j + k)
			digits[i] = byte(d)
			sig = ctSelect(isZero(d)^1, i+1, sig)
		}
	}

	// The length of the result is public.
	ctcheck.Public(&zeros)
	ctcheck.Public(&sig)
	total := int(zeros) + int(sig)
	dst = grow(dst, total)
	out := dst[len(dst) : len(dst)+total]
	for i := range out[:zeros] {
		out[i] = '1'
	}
	for i := range out[zeros:] {
		out[int(zeros)+i] = digitChar(uint32(digits[int(sig)-1-i]))
	}
	clear(limbs)
	clear(digits)
	return dst[:len(dst)+total]
}

// Decode returns the bytes that s encodes. It rejects any character outside
// the alphabet with an error wrapping ErrInvalidCharacter. The empty string
// decodes to an empty slice.
func Decode(s string) ([]byte, error) {
	return AppendDecode(nil, s)
}

// AppendDecode appends the bytes that s encodes to dst and returns the
// extended slice, or dst unchanged and an error (see Decode).
func AppendDecode(dst []byte, s string) ([]byte, error) {
	m := len(s)
	// log(58)/log(256) < 0.733: bytes of an m-digit value.
	size := m*733/1000 + 1
	nl := (size + 3) / 4

	var limbsBuf [24]uint32 // up to 130 characters
	var limbs []uint32
	if nl <= len(limbsBuf) {
		limbs = limbsBuf[:nl]
	} else {
		limbs = make([]uint32, nl)
	}
	defer clear(limbs)

	var zeros, still uint32 = 0, 1
	// Groups of decLimbDigits digits from the most significant end; the
	// first group holds the remainder.
	g := m % decLimbDigits
	if g == 0 {
		g = decLimbDigits
	}
	for i := 0; i < m; {
		var v, mult uint32 = 0, 1
		for k := i; k < i+g; k++ {
			d, ok := charDigit(uint32(s[k]))
			ctcheck.Public(&ok) // an invalid character ends decoding
			if ok == 0 {
				return dst, fmt.Errorf("%w %q at position %d", ErrInvalidCharacter, s[k], k)
			}
			still &= isZero(d)
			zeros += still
			v = v*58 + d
			mult *= 58
		}
		i += g
		g = decLimbDigits
		// value = value·58^g + v, little-endian limbs of base 2^32. After
		// i digits the value is below 58^i < 2^(6i).
		carry := uint64(v)
		hi := min(nl, 6*i/32+1)
		for j := range limbs[:hi] {
			t := uint64(limbs[j])*uint64(mult) + carry
			limbs[j] = uint32(t)
			carry = t >> 32
		}
	}

	// Significant bytes: the position of the highest non-zero byte.
	var sig uint32
	for j, l := range limbs {
		for k := range 4 {
			b := (l >> (8 * k)) & 0xff
			sig = ctSelect(isZero(b)^1, uint32(4*j+k+1), sig)
		}
	}
	ctcheck.Public(&zeros)
	ctcheck.Public(&sig)
	total := int(zeros) + int(sig)
	dst = grow(dst, total)
	out := dst[len(dst) : len(dst)+total]
	clear(out[:zeros])
	for i := range out[zeros:] {
		k := int(sig) - 1 - i
		out[int(zeros)+i] = byte(limbs[k/4] >> (8 * (k % 4)))
	}
	return dst[:len(dst)+total], nil
}

// CheckEncode returns the Base58Check encoding of payload: Base58 of
// payload ‖ SHA-256(SHA-256(payload))[:4].
func CheckEncode(payload []byte) string {
	var buf [128]byte
	var b []byte
	if len(payload)+4 <= len(buf) {
		b = buf[:0]
	} else {
		b = make([]byte, 0, len(payload)+4)
	}
	b = append(b, payload...)
	sum := checksum(payload)
	b = append(b, sum[:]...)
	s := Encode(b)
	clear(b)
	return s
}

// CheckDecode decodes a Base58Check string and returns its payload, without
// the checksum. It returns an error wrapping ErrInvalidCharacter,
// ErrTooShort (fewer than four bytes) or ErrChecksum; on error the decoded
// bytes are wiped and no payload is returned. The checksum is compared in
// constant time.
func CheckDecode(s string) ([]byte, error) {
	b, err := Decode(s)
	if err != nil {
		return nil, err
	}
	if len(b) < 4 {
		clear(b)
		return nil, ErrTooShort
	}
	n := len(b) - 4
	sum := checksum(b[:n])
	ok := subtle.ConstantTimeCompare(sum[:], b[n:])
	ctcheck.Public(&ok)
	if ok != 1 {
		clear(b)
		return nil, ErrChecksum
	}
	clear(b[n:])
	return b[:n:n], nil
}

// checksum returns the first four bytes of SHA-256(SHA-256(b)).
func checksum(b []byte) [4]byte {
	h := sha256.Sum256(b)
	h = sha256.Sum256(h[:])
	return [4]byte(h[:4])
}

// grow returns b with room for n more bytes.
func grow(b []byte, n int) []byte {
	if cap(b)-len(b) < n {
		nb := make([]byte, len(b), len(b)+n)
		copy(nb, b)
		return nb
	}
	return b
}
