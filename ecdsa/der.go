package ecdsa

import (
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1/internal/ecdsasign"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// DER encoding of ECDSA signatures: the ASN.1 structure
//
//	0x30 <seqlen> 0x02 <rlen> <r> 0x02 <slen> <s>
//
// Two decoders are provided. parseDERStrict implements BIP-66 (the encoding
// rule of Bitcoin consensus since 2015, also enforced by libsecp256k1's
// secp256k1_ecdsa_signature_parse_der). parseDERLax reproduces
// libsecp256k1's contrib/lax_der_parsing.c, which is what Bitcoin Core uses
// for signatures that predate BIP-66.
//
// Signatures are public, so none of this code needs to run in constant time.

// errDER is wrapped by every error returned by the DER decoders. The exported
// error of the package wraps it in turn.
var errDER = errors.New("malformed DER")

// Detail errors. They are package variables rather than fmt.Errorf calls at
// the failure site so that rejecting an encoding never allocates.
var (
	errDERTooShort       = fmt.Errorf("%w: shorter than 8 bytes", errDER)
	errDERTooLong        = fmt.Errorf("%w: longer than 72 bytes", errDER)
	errDERNotSequence    = fmt.Errorf("%w: not a SEQUENCE", errDER)
	errDERSequenceLength = fmt.Errorf("%w: SEQUENCE length does not match the input", errDER)
	errDERTruncated      = fmt.Errorf("%w: length exceeds the input", errDER)
	errDERLengthMismatch = fmt.Errorf("%w: integer lengths do not match the SEQUENCE length", errDER)
	errDERRNotInteger    = fmt.Errorf("%w: R is not an INTEGER", errDER)
	errDERSNotInteger    = fmt.Errorf("%w: S is not an INTEGER", errDER)
	errDERREmpty         = fmt.Errorf("%w: R has length zero", errDER)
	errDERSEmpty         = fmt.Errorf("%w: S has length zero", errDER)
	errDERRNegative      = fmt.Errorf("%w: R is negative", errDER)
	errDERSNegative      = fmt.Errorf("%w: S is negative", errDER)
	errDERRPadded        = fmt.Errorf("%w: R has an unnecessary leading zero byte", errDER)
	errDERSPadded        = fmt.Errorf("%w: S has an unnecessary leading zero byte", errDER)
	errDERRTooLarge      = fmt.Errorf("%w: R does not fit in 32 bytes", errDER)
	errDERSTooLarge      = fmt.Errorf("%w: S does not fit in 32 bytes", errDER)
)

// parseDERStrict decodes a strict DER signature (BIP-66, without the trailing
// sighash byte that Bitcoin scripts append) into r and s as 32-byte
// big-endian integers.
//
// The accepted set is exactly that of Bitcoin Core's IsValidSignatureEncoding
// applied to b followed by any sighash byte, restricted to integers that fit
// in 32 bytes (libsecp256k1's secp256k1_ecdsa_signature_parse_der treats
// larger integers as an invalid signature):
//
//   - 8 to 72 bytes; a SEQUENCE whose one-byte length covers exactly the rest
//     of the input (no long-form lengths, no trailing bytes);
//   - two INTEGERs of non-zero length with one-byte lengths, exactly filling
//     the SEQUENCE;
//   - each INTEGER non-negative (high bit of its first byte clear) and
//     minimally encoded (a leading 0x00 only where the next byte has its high
//     bit set).
//
// It does not check that r and s lie in [1, n); zero is accepted when encoded
// as the single byte 0x00. On error it returns zero values and an error
// wrapping errDER.
func parseDERStrict(b []byte) (r, s [32]byte, err error) {
	n := len(b)
	if hasSighashByte(b) {
		return r, s, derTrailingByte(b[n-1])
	}
	if n < 8 {
		return r, s, errDERTooShort
	}
	if n > 72 {
		return r, s, errDERTooLong
	}
	if b[0] != 0x30 {
		return r, s, errDERNotSequence
	}
	if int(b[1]) != n-2 {
		return r, s, errDERSequenceLength
	}
	if b[2] != 0x02 {
		return r, s, errDERRNotInteger
	}
	lenR := int(b[3])
	if lenR == 0 {
		return r, s, errDERREmpty
	}
	// The S tag and length bytes must lie inside the input.
	if 5+lenR >= n {
		return r, s, errDERTruncated
	}
	if b[4+lenR] != 0x02 {
		return r, s, errDERSNotInteger
	}
	lenS := int(b[5+lenR])
	if lenS == 0 {
		return r, s, errDERSEmpty
	}
	if 6+lenR+lenS != n {
		return r, s, errDERLengthMismatch
	}
	if err := derStrictInteger(&r, b[4:4+lenR], errDERRNegative, errDERRPadded, errDERRTooLarge); err != nil {
		return [32]byte{}, s, err
	}
	if err := derStrictInteger(&s, b[6+lenR:], errDERSNegative, errDERSPadded, errDERSTooLarge); err != nil {
		return [32]byte{}, [32]byte{}, err
	}
	return r, s, nil
}

// hasSighashByte reports whether b is a strict DER signature followed by
// exactly one byte: what a Bitcoin script signature is (DER ‖ sighash
// type), given where a bare signature is expected.
func hasSighashByte(b []byte) bool {
	n := len(b)
	if n < 9 || n > 73 || b[0] != 0x30 || int(b[1]) != n-3 {
		return false
	}
	_, _, err := parseDERStrict(b[:n-1]) // b[1] matches b[:n-1]: no recursion
	return err == nil
}

// derTrailingByte is the error for a strict DER signature followed by one
// more byte, which is nearly always the sighash type of a Bitcoin script
// signature. Its text says so, with the byte; being one byte, it converts
// to an error without allocating.
type derTrailingByte byte

func (e derTrailingByte) Error() string {
	const hexDigits = "0123456789abcdef"
	b := []byte("malformed DER: trailing byte 0x00 after the DER signature")
	b[len("malformed DER: trailing byte 0x")] = hexDigits[e>>4]
	b[len("malformed DER: trailing byte 0x")+1] = hexDigits[e&15]
	if name := sighashName(byte(e)); name != "" {
		return string(b) + ": strip the sighash type (" + name + ")"
	}
	return string(b) + ": if it is a sighash type, strip it"
}

func (derTrailingByte) Unwrap() error { return errDER }

// sighashName returns the name of a standard Bitcoin sighash type, or "".
func sighashName(t byte) string {
	var name string
	switch t &^ 0x80 {
	case 0x01:
		name = "SIGHASH_ALL"
	case 0x02:
		name = "SIGHASH_NONE"
	case 0x03:
		name = "SIGHASH_SINGLE"
	default:
		return ""
	}
	if t&0x80 != 0 {
		name += "|SIGHASH_ANYONECANPAY"
	}
	return name
}

// derStrictInteger checks that v (non-empty) is the minimal two's complement
// encoding of a non-negative integer below 2^256, and stores it in out as 32
// bytes big-endian.
func derStrictInteger(out *[32]byte, v []byte, errNegative, errPadded, errTooLarge error) error {
	if v[0]&0x80 != 0 {
		return errNegative
	}
	if len(v) > 1 && v[0] == 0x00 {
		if v[1]&0x80 == 0 {
			return errPadded
		}
		v = v[1:]
	}
	if len(v) > 32 {
		return errTooLarge
	}
	copy(out[32-len(v):], v)
	return nil
}

// parseDERLax decodes a signature the way libsecp256k1's
// contrib/lax_der_parsing.c ecdsa_signature_parse_der_lax does, accepting
// exactly the same inputs. It is meant for signatures that predate BIP-66 and
// must not be used for anything else.
//
// Relative to strict DER it
//
//   - ignores the SEQUENCE length entirely (a long-form length's bytes are
//     skipped unread, 0x80 is accepted as a zero-byte long form) and ignores
//     any bytes after S, and after a short SEQUENCE;
//   - accepts long-form INTEGER lengths with any number of leading zero
//     length bytes, as long as at most 7 significant length bytes remain
//     (sizeof(size_t)-1 on the 64-bit platforms Bitcoin Core runs on);
//   - accepts zero-length INTEGERs (value 0), any number of leading zero
//     bytes, and "negative" integers, read as unsigned big-endian.
//
// err is non-nil (wrapping errDER) exactly when the C function returns 0.
// When it returns 1 but replaces the signature by the all-zero one, overflow
// is true and r and s are zero: that happens when an integer has more than
// 32 significant bytes, or when r ≥ n or s ≥ n (the C code's
// secp256k1_ecdsa_signature_parse_compact fails). The caller must then treat
// the signature as invalid. r or s equal to zero is returned as such, without
// overflow; rejecting it is also up to the caller.
func parseDERLax(b []byte) (r, s [32]byte, overflow bool, err error) {
	n := len(b)
	pos := 0

	// Sequence tag byte.
	if pos == n || b[pos] != 0x30 {
		return r, s, false, errDERNotSequence
	}
	pos++

	// Sequence length bytes: only a long form's length bytes are skipped.
	if pos == n {
		return r, s, false, errDERTruncated
	}
	lenbyte := int(b[pos])
	pos++
	if lenbyte&0x80 != 0 {
		lenbyte -= 0x80
		if lenbyte > n-pos {
			return r, s, false, errDERTruncated
		}
		pos += lenbyte
	}

	// R.
	if pos == n || b[pos] != 0x02 {
		return r, s, false, errDERRNotInteger
	}
	pos++
	rpos, rlen, pos, err := derLaxInteger(b, pos)
	if err != nil {
		return r, s, false, err
	}

	// S. Whatever follows it is ignored.
	if pos == n || b[pos] != 0x02 {
		return r, s, false, errDERSNotInteger
	}
	pos++
	spos, slen, _, err := derLaxInteger(b, pos)
	if err != nil {
		return r, s, false, err
	}

	// Ignore leading zeroes, then copy the values if they fit.
	for rlen > 0 && b[rpos] == 0 {
		rlen--
		rpos++
	}
	for slen > 0 && b[spos] == 0 {
		slen--
		spos++
	}
	if rlen > 32 || slen > 32 {
		return r, s, true, nil
	}
	copy(r[32-rlen:], b[rpos:rpos+rlen])
	copy(s[32-slen:], b[spos:spos+slen])
	if !derLessThanOrder(&r) || !derLessThanOrder(&s) {
		return [32]byte{}, [32]byte{}, true, nil
	}
	return r, s, false, nil
}

// derLaxInteger reads the length of an INTEGER whose tag has already been
// consumed, starting at b[pos]. It returns the position and length of the
// contents, which lie within b, and the position after them.
func derLaxInteger(b []byte, pos int) (vpos, vlen, next int, err error) {
	n := len(b)
	if pos == n {
		return 0, 0, 0, errDERTruncated
	}
	lenbyte := int(b[pos])
	pos++
	if lenbyte&0x80 != 0 {
		lenbyte -= 0x80
		if lenbyte > n-pos {
			return 0, 0, 0, errDERTruncated
		}
		for lenbyte > 0 && b[pos] == 0 {
			pos++
			lenbyte--
		}
		// libsecp256k1 rejects lenbyte >= sizeof(size_t); Bitcoin Core's
		// supported platforms have an 8-byte size_t.
		if lenbyte >= 8 {
			return 0, 0, 0, errDERTruncated
		}
		var l uint64 // at most 7 bytes: no overflow
		for lenbyte > 0 {
			l = l<<8 | uint64(b[pos])
			pos++
			lenbyte--
		}
		if l > uint64(n-pos) {
			return 0, 0, 0, errDERTruncated
		}
		vlen = int(l)
	} else {
		vlen = lenbyte
		if vlen > n-pos {
			return 0, 0, 0, errDERTruncated
		}
	}
	return pos, vlen, pos + vlen, nil
}

// derLessThanOrder reports whether the big-endian integer x is below n.
func derLessThanOrder(x *[32]byte) bool {
	var v scalar.Scalar
	return v.SetCanonicalBytes(x) == 1
}

// appendDER is internal/ecdsasign.AppendDER: it appends the strict DER
// encoding of (r, s), both 32-byte big-endian, the unique encoding
// parseDERStrict accepts for these values.
func appendDER(dst []byte, r, s *[32]byte) []byte { return ecdsasign.AppendDER(dst, r, s) }
