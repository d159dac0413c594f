// Package bech32 implements the Bech32 (BIP-173) and Bech32m (BIP-350)
// encodings and the segwit addresses built on them: version 0 programs in
// Bech32, versions 1 to 16 (taproot is version 1) in Bech32m.
//
// Decoding is strict as the BIPs say: at most 90 characters, printable
// US-ASCII human-readable part of 1 to 83 characters, no mixed case, a
// valid checksum of the variant the address version requires, padding of
// at most 4 zero bits, and programs of 2 to 40 bytes (20 or 32 for version
// 0). EncodeLimit and DecodeLimit take another length limit for formats
// that lift BIP-173's 90 characters (BIP-352 silent-payment addresses
// allow 1023). Addresses are public data: everything runs in variable time.
package bech32

import (
	"errors"
	"fmt"
	"strings"
)

// Variant is the checksum constant: Bech32 or Bech32m.
type Variant uint32

const (
	Bech32  Variant = 1          // BIP-173
	Bech32m Variant = 0x2bc830a3 // BIP-350
)

const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// maxLength is the longest string BIP-173 allows.
const maxLength = 90

// ErrInvalid wraps every decoding and encoding error.
var ErrInvalid = errors.New("bech32: invalid")

var charValue = func() (t [128]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(charset); i++ {
		t[charset[i]] = int8(i)
	}
	return t
}()

func polymod(values []byte, chk uint32) uint32 {
	gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	for _, v := range values {
		b := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ uint32(v)
		for i := range 5 {
			if (b>>i)&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	return chk
}

// hrpChecksum runs the checksum over the expanded human-readable part.
func hrpChecksum(hrp string) uint32 {
	chk := uint32(1)
	for i := 0; i < len(hrp); i++ {
		chk = polymod([]byte{hrp[i] >> 5}, chk)
	}
	chk = polymod([]byte{0}, chk)
	for i := 0; i < len(hrp); i++ {
		chk = polymod([]byte{hrp[i] & 31}, chk)
	}
	return chk
}

// Encode returns the string of hrp (lowercase is used) and the 5-bit
// values data with the checksum of variant v, at most 90 characters.
func Encode(hrp string, data []byte, v Variant) (string, error) {
	return EncodeLimit(hrp, data, v, maxLength)
}

// EncodeLimit is Encode with a limit of limit characters instead of 90.
func EncodeLimit(hrp string, data []byte, v Variant, limit int) (string, error) {
	if v != Bech32 && v != Bech32m {
		return "", fmt.Errorf("%w: unknown variant %#x", ErrInvalid, uint32(v))
	}
	if err := checkHRP(hrp); err != nil {
		return "", err
	}
	if len(hrp)+1+len(data)+6 > limit {
		return "", fmt.Errorf("%w: longer than %d characters", ErrInvalid, limit)
	}
	for _, d := range data {
		if d > 31 {
			return "", fmt.Errorf("%w: data value %d is not 5 bits", ErrInvalid, d)
		}
	}
	hrp = strings.ToLower(hrp)
	chk := polymod(data, hrpChecksum(hrp))
	chk = polymod(make([]byte, 6), chk) ^ uint32(v)
	var b strings.Builder
	b.WriteString(hrp)
	b.WriteByte('1')
	for _, d := range data {
		b.WriteByte(charset[d])
	}
	for i := range 6 {
		b.WriteByte(charset[(chk>>(5*(5-i)))&31])
	}
	return b.String(), nil
}

func checkHRP(hrp string) error {
	if len(hrp) < 1 || len(hrp) > 83 {
		return fmt.Errorf("%w: human-readable part of %d characters", ErrInvalid, len(hrp))
	}
	for i := 0; i < len(hrp); i++ {
		if c := hrp[i]; c < 33 || c > 126 {
			return fmt.Errorf("%w: character %q in the human-readable part", ErrInvalid, c)
		}
	}
	return nil
}

// Decode parses a Bech32 or Bech32m string and returns its (lowercase)
// human-readable part, its 5-bit data values without the checksum, and the
// variant whose checksum it carries. s must be at most 90 characters.
func Decode(s string) (hrp string, data []byte, v Variant, err error) {
	return DecodeLimit(s, maxLength)
}

// DecodeLimit is Decode with a limit of limit characters instead of 90.
func DecodeLimit(s string, limit int) (hrp string, data []byte, v Variant, err error) {
	if len(s) > limit {
		return "", nil, 0, fmt.Errorf("%w: %d characters, more than %d", ErrInvalid, len(s), limit)
	}
	lower, upper := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 33 || c > 126 {
			return "", nil, 0, fmt.Errorf("%w: character %q at %d", ErrInvalid, c, i)
		}
		lower = lower || 'a' <= c && c <= 'z'
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if lower && upper {
		return "", nil, 0, fmt.Errorf("%w: mixed case", ErrInvalid)
	}
	s = strings.ToLower(s)
	pos := strings.LastIndexByte(s, '1')
	if pos < 1 || pos+7 > len(s) {
		return "", nil, 0, fmt.Errorf("%w: no separator, empty human-readable part or checksum too short", ErrInvalid)
	}
	hrp = s[:pos]
	values := make([]byte, len(s)-pos-1)
	for i := range values {
		c := s[pos+1+i]
		d := charValue[c]
		if d < 0 {
			return "", nil, 0, fmt.Errorf("%w: character %q at %d is not in the data alphabet", ErrInvalid, c, pos+1+i)
		}
		values[i] = byte(d)
	}
	switch Variant(polymod(values, hrpChecksum(hrp))) {
	case Bech32:
		v = Bech32
	case Bech32m:
		v = Bech32m
	default:
		return "", nil, 0, fmt.Errorf("%w: checksum", ErrInvalid)
	}
	return hrp, values[:len(values)-6], v, nil
}

// ConvertBits regroups from-bit values into to-bit values (8 to 5 for
// encoding, 5 to 8 for decoding, as segwit and silent-payment addresses
// do). With pad the last group is padded with zeros; without, leftover
// bits must be fewer than from and zero.
func ConvertBits(data []byte, from, to uint, pad bool) ([]byte, error) {
	var acc, bits uint
	var out []byte
	maxv := uint(1)<<to - 1
	for _, d := range data {
		if uint(d)>>from != 0 {
			return nil, fmt.Errorf("%w: value %d is not %d bits", ErrInvalid, d, from)
		}
		acc = acc<<from | uint(d)
		bits += from
		for bits >= to {
			bits -= to
			out = append(out, byte(acc>>bits&maxv))
		}
	}
	if pad {
		if bits > 0 {
			out = append(out, byte(acc<<(to-bits)&maxv))
		}
	} else if bits >= from {
		return nil, fmt.Errorf("%w: more than %d padding bits", ErrInvalid, from-1)
	} else if acc<<(to-bits)&maxv != 0 {
		return nil, fmt.Errorf("%w: non-zero padding", ErrInvalid)
	}
	return out, nil
}

// checkProgram applies BIP-141's rules to a witness program.
func checkProgram(version byte, program []byte) error {
	switch {
	case version > 16:
		return fmt.Errorf("%w: witness version %d", ErrInvalid, version)
	case len(program) < 2 || len(program) > 40:
		return fmt.Errorf("%w: witness program of %d bytes", ErrInvalid, len(program))
	case version == 0 && len(program) != 20 && len(program) != 32:
		return fmt.Errorf("%w: version 0 program of %d bytes, want 20 or 32", ErrInvalid, len(program))
	}
	return nil
}

// SegwitAddress returns the address of a witness program: hrp "bc" for
// mainnet, "tb" for testnet and signet, "bcrt" for regtest; Bech32 for
// version 0, Bech32m for versions 1 to 16.
func SegwitAddress(hrp string, version byte, program []byte) (string, error) {
	if err := checkProgram(version, program); err != nil {
		return "", err
	}
	v := Bech32m
	if version == 0 {
		v = Bech32
	}
	if hrp != strings.ToLower(hrp) {
		return "", fmt.Errorf("%w: human-readable part not lowercase", ErrInvalid)
	}
	data, _ := ConvertBits(program, 8, 5, true)
	return Encode(hrp, append([]byte{version}, data...), v)
}

// DecodeSegwit parses a segwit address for the human-readable part hrp and
// returns its witness version and program.
func DecodeSegwit(hrp, addr string) (version byte, program []byte, err error) {
	got, data, v, err := Decode(addr)
	if err != nil {
		return 0, nil, err
	}
	if got != hrp {
		return 0, nil, fmt.Errorf("%w: human-readable part %q, want %q", ErrInvalid, got, hrp)
	}
	if len(data) < 1 {
		return 0, nil, fmt.Errorf("%w: empty data", ErrInvalid)
	}
	version = data[0]
	if program, err = ConvertBits(data[1:], 5, 8, false); err != nil {
		return 0, nil, err
	}
	if err := checkProgram(version, program); err != nil {
		return 0, nil, err
	}
	if (version == 0) != (v == Bech32) {
		return 0, nil, fmt.Errorf("%w: version %d with a %s checksum", ErrInvalid, version, v)
	}
	return version, program, nil
}

// String returns "bech32" or "bech32m".
func (v Variant) String() string {
	switch v {
	case Bech32:
		return "bech32"
	case Bech32m:
		return "bech32m"
	}
	return fmt.Sprintf("Variant(%#x)", uint32(v))
}
