package ecdsa

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// derBIP66Fixtures is testdata/bitcoinjs-bip66/fixtures.json (no sighash
// byte anywhere in it).
type derBIP66Fixtures struct {
	Valid []struct {
		DER, R, S string
	} `json:"valid"`
	Invalid struct {
		Encode []struct {
			Exception, R, S string
		} `json:"encode"`
		Decode []struct {
			Exception, DER string
		} `json:"decode"`
	} `json:"invalid"`
}

func derLoadBIP66(tb testing.TB) *derBIP66Fixtures {
	tb.Helper()
	var f derBIP66Fixtures
	testutil.LoadJSON(tb, "testdata/"+"bitcoinjs-bip66/fixtures.json", &f)
	if len(f.Valid) == 0 || len(f.Invalid.Decode) == 0 || len(f.Invalid.Encode) == 0 {
		tb.Fatal("bitcoinjs-bip66 fixtures: empty sections")
	}
	return &f
}

// derCoreCase is one entry of Bitcoin Core's sig_canonical.json or
// sig_noncanonical.json, with the label that precedes it (if any).
type derCoreCase struct {
	label string
	sig   []byte // as in the file: DER followed by a sighash byte
}

// derLoadCore reads a Bitcoin Core fixture: a JSON array of strings where
// the hex strings are signatures and the others are labels for the next one.
func derLoadCore(tb testing.TB, name string) []derCoreCase {
	tb.Helper()
	var raw []string
	testutil.LoadJSON(tb, "testdata/"+filepath.Join("bitcoin-core", name), &raw)
	var out []derCoreCase
	label := ""
	for _, s := range raw {
		b, err := hex.DecodeString(s)
		if err != nil {
			label = s
			continue
		}
		out = append(out, derCoreCase{label: label, sig: b})
		label = ""
	}
	return out
}

// der32 left-pads a big-endian integer of at most 32 significant bytes.
func der32(tb testing.TB, b []byte) [32]byte {
	tb.Helper()
	b = bytes.TrimLeft(b, "\x00")
	if len(b) > 32 {
		tb.Fatalf("integer %x longer than 32 bytes", b)
	}
	var out [32]byte
	copy(out[32-len(b):], b)
	return out
}

// derCoreIsValidSignatureEncoding is Bitcoin Core's IsValidSignatureEncoding
// (src/script/interpreter.cpp), transcribed check by check. sig includes the
// trailing sighash byte, which the function does not inspect.
func derCoreIsValidSignatureEncoding(sig []byte) bool {
	n := len(sig)
	if n < 9 {
		return false
	}
	if n > 73 {
		return false
	}
	if sig[0] != 0x30 {
		return false
	}
	if int(sig[1]) != n-3 {
		return false
	}
	lenR := int(sig[3])
	if 5+lenR >= n {
		return false
	}
	lenS := int(sig[5+lenR])
	if lenR+lenS+7 != n {
		return false
	}
	if sig[2] != 0x02 {
		return false
	}
	if lenR == 0 {
		return false
	}
	if sig[4]&0x80 != 0 {
		return false
	}
	if lenR > 1 && sig[4] == 0x00 && sig[5]&0x80 == 0 {
		return false
	}
	if sig[lenR+4] != 0x02 {
		return false
	}
	if lenS == 0 {
		return false
	}
	if sig[lenR+6]&0x80 != 0 {
		return false
	}
	if lenS > 1 && sig[lenR+6] == 0x00 && sig[lenR+7]&0x80 == 0 {
		return false
	}
	return true
}

// derStrictReference is the specification of parseDERStrict: Bitcoin Core's
// rule on b plus a sighash byte, and both integers at most 32 bytes once a
// sign-padding zero is removed (larger ones make libsecp256k1's
// secp256k1_ecdsa_signature_parse_der yield an invalid signature).
func derStrictReference(b []byte) bool {
	sig := append(append([]byte(nil), b...), 0x01)
	if !derCoreIsValidSignatureEncoding(sig) {
		return false
	}
	lenR := int(b[3])
	lenS := int(b[5+lenR])
	fits := func(v []byte) bool {
		if v[0] == 0 && len(v) > 1 {
			v = v[1:]
		}
		return len(v) <= 32
	}
	return fits(b[4:4+lenR]) && fits(b[6+lenR:6+lenR+lenS])
}

// derCheckStrict parses b strictly and checks the properties every accepted
// encoding has: it matches derStrictReference, re-encodes to exactly b, and
// the lax parser agrees on the values. It returns whether b was accepted.
func derCheckStrict(t testing.TB, b []byte) bool {
	t.Helper()
	r, s, err := parseDERStrict(b)
	want := derStrictReference(b)
	if (err == nil) != want {
		t.Fatalf("parseDERStrict(%x): err = %v, reference accepts = %v", b, err, want)
	}
	if err != nil {
		if !errors.Is(err, errDER) {
			t.Fatalf("parseDERStrict(%x): error %v does not wrap errDER", b, err)
		}
		if r != ([32]byte{}) || s != ([32]byte{}) {
			t.Fatalf("parseDERStrict(%x): non-zero values returned with error", b)
		}
		return false
	}
	if enc := appendDER(nil, &r, &s); !bytes.Equal(enc, b) {
		t.Fatalf("parseDERStrict(%x) accepted, but re-encodes to %x", b, enc)
	}
	lr, ls, overflow, err := parseDERLax(b)
	if err != nil {
		t.Fatalf("parseDERStrict accepts %x but parseDERLax rejects it: %v", b, err)
	}
	inRange := derLessThanOrder(&r) && derLessThanOrder(&s)
	if overflow == inRange {
		t.Fatalf("parseDERLax(%x): overflow = %v, but r, s < n is %v", b, overflow, inRange)
	}
	if !overflow && (lr != r || ls != s) {
		t.Fatalf("parseDERLax(%x) = %x, %x; parseDERStrict = %x, %x", b, lr, ls, r, s)
	}
	if overflow && (lr != [32]byte{} || ls != [32]byte{}) {
		t.Fatalf("parseDERLax(%x): overflow with non-zero values", b)
	}
	return true
}

// derNaive encodes r and s (minimal big-endian, as given) without fixing up
// signs or padding, the way a broken encoder would.
func derNaive(r, s []byte) []byte {
	b := []byte{0x30, byte(4 + len(r) + len(s)), 0x02, byte(len(r))}
	b = append(b, r...)
	b = append(b, 0x02, byte(len(s)))
	return append(b, s...)
}

func TestParseDERStrictBIP66Fixtures(t *testing.T) {
	f := derLoadBIP66(t)
	for i, tc := range f.Valid {
		der := testutil.MustHex(t, tc.DER)
		r, s, err := parseDERStrict(der)
		if err != nil {
			t.Errorf("valid[%d] %s: %v", i, tc.DER, err)
			continue
		}
		if want := der32(t, testutil.MustHex(t, tc.R)); r != want {
			t.Errorf("valid[%d]: r = %x, want %x", i, r, want)
		}
		if want := der32(t, testutil.MustHex(t, tc.S)); s != want {
			t.Errorf("valid[%d]: s = %x, want %x", i, s, want)
		}
		if enc := appendDER(nil, &r, &s); !bytes.Equal(enc, der) {
			t.Errorf("valid[%d]: appendDER = %x, want %s", i, enc, tc.DER)
		}
		derCheckStrict(t, der)
	}
	for i, tc := range f.Invalid.Decode {
		if _, _, err := parseDERStrict(testutil.MustHex(t, tc.DER)); err == nil {
			t.Errorf("invalid.decode[%d] %s (%s): accepted", i, tc.DER, tc.Exception)
		}
		derCheckStrict(t, testutil.MustHex(t, tc.DER))
	}
	// invalid.encode lists (r, s) pairs that bip66's encoder refuses: empty,
	// negative, over-padded or over-long integers. appendDER takes unsigned
	// 32-byte values and cannot express them, so instead check that the naive
	// encoding of each pair is rejected by the decoder.
	for i, tc := range f.Invalid.Encode {
		der := derNaive(testutil.MustHex(t, tc.R), testutil.MustHex(t, tc.S))
		if _, _, err := parseDERStrict(der); err == nil {
			t.Errorf("invalid.encode[%d] (%s): naive encoding %x accepted", i, tc.Exception, der)
		}
		derCheckStrict(t, der)
	}
	t.Logf("bitcoinjs-bip66: %d valid, %d invalid.decode, %d invalid.encode",
		len(f.Valid), len(f.Invalid.Decode), len(f.Invalid.Encode))
}

// Bitcoin Core's fixtures are script signatures: DER followed by one sighash
// byte. The byte is stripped before parsing. IsValidSignatureEncoding does
// not look at it, and neither do the expectations below.
func TestParseDERStrictBitcoinCore(t *testing.T) {
	canonical := derLoadCore(t, "sig_canonical.json")
	if len(canonical) != 5 {
		t.Fatalf("sig_canonical.json: %d signatures, want 5", len(canonical))
	}
	for _, tc := range canonical {
		der := tc.sig[:len(tc.sig)-1] // strip the sighash byte
		if _, _, err := parseDERStrict(der); err != nil {
			t.Errorf("canonical %x: %v", tc.sig, err)
		}
		derCheckStrict(t, der)
	}

	noncanonical := derLoadCore(t, "sig_noncanonical.json")
	if len(noncanonical) != 15 {
		t.Fatalf("sig_noncanonical.json: %d signatures, want 15", len(noncanonical))
	}
	rejected := 0
	for _, tc := range noncanonical {
		der := tc.sig[:len(tc.sig)-1] // strip the sighash byte
		_, _, err := parseDERStrict(der)
		// "hashtype:" is non-canonical only through its sighash byte (0x11,
		// an undefined hash type, which Bitcoin Core checks separately); its
		// DER part is valid.
		if tc.label == "hashtype:" {
			if err != nil {
				t.Errorf("%s %x: DER part rejected: %v", tc.label, tc.sig, err)
			}
		} else if err == nil {
			t.Errorf("%s %x: accepted", tc.label, tc.sig)
		} else {
			rejected++
		}
		derCheckStrict(t, der)
		// The unstripped form is not valid DER either (trailing byte).
		if _, _, err := parseDERStrict(tc.sig); err == nil {
			t.Errorf("%s %x: accepted with its sighash byte", tc.label, tc.sig)
		}
	}
	t.Logf("bitcoin-core: %d canonical accepted, %d of %d non-canonical rejected", len(canonical), rejected, len(noncanonical))
}

func TestParseDERStrictCases(t *testing.T) {
	r71 := "7f" + string(bytes.Repeat([]byte("11"), 31))
	tests := []struct {
		name string
		der  string
		ok   bool
	}{
		{"minimal zero values", "3006020100020100", true},
		{"one-byte values", "3006020101020101", true},
		{"high bit padded", "3008020200ff020200ff", true},
		{"32-byte values", "3044" + "0220" + r71 + "0220" + r71, true},
		{"33-byte padded values", "3046" + "022100ff" + r71[2:] + "022100ff" + r71[2:], true},
		{"empty", "", false},
		{"7 bytes", "30050201010200", false},
		{"high bit unpadded", "3006020180020101", false},
		{"S high bit unpadded", "3006020101020180", false},
		{"over-padded R", "300702020001020101", false},
		{"over-padded S", "300702010102020001", false},
		{"over-padded R, three bytes", "30080203000080020101", false},
		{"33-byte R value", "3026022101" + r71 + "020101", false},
		{"34-byte padded R", "3027022200ff" + r71 + "020101", false},
		{"long-form sequence length", "308106020101020101", false},
		{"long-form R length", "300702810101020101", false},
		{"sequence length too long", "3007020101020101", false},
		{"sequence length too short", "3005020101020101", false},
		{"trailing byte", "300602010102010100", false},
		{"wrong sequence tag", "3106020101020101", false},
		{"wrong R tag", "3006030101020101", false},
		{"wrong S tag", "3006020101030101", false},
		{"R overruns", "3006020501020101", false},
		{"S overruns", "3006020101020201", false},
		{"zero-length R", "30060200020201ff", false},
		{"zero-length S", "3006020201ff0200", false},
	}
	for _, tc := range tests {
		der, err := hex.DecodeString(tc.der)
		if err != nil {
			// Deliberately odd-length strings are not used; catch typos.
			t.Fatalf("%s: bad hex %q", tc.name, tc.der)
		}
		if got := derCheckStrict(t, der); got != tc.ok {
			t.Errorf("%s: %s accepted = %v, want %v", tc.name, tc.der, got, tc.ok)
		}
	}
}

// TestParseDERStrictReference compares parseDERStrict with the transcription
// of Bitcoin Core's rule on mutations of valid encodings, which hit every
// check far more often than uniformly random bytes would.
func TestParseDERStrictReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	iters := 200000
	if testing.Short() {
		iters = 20000
	}
	accepted := 0
	for range iters {
		r, s := derRandomValue(rng), derRandomValue(rng)
		b := appendDER(nil, &r, &s)
		b = derMutate(rng, b)
		if derCheckStrict(t, b) {
			accepted++
		}
	}
	t.Logf("%d of %d mutated encodings accepted", accepted, iters)
}

// derRandomValue returns a 32-byte value biased towards short encodings, high
// bits, and values at or above n.
func derRandomValue(rng *rand.Rand) [32]byte {
	var v [32]byte
	for i := range v {
		v[i] = byte(rng.Uint32())
	}
	switch rng.IntN(6) {
	case 0: // short
		clear(v[:rng.IntN(33)])
	case 1: // short with the high bit set
		k := rng.IntN(32)
		clear(v[:k])
		v[k] |= 0x80
	case 2: // near n
		v = testCurveOrder
		v[31] += byte(rng.IntN(5)) - 2
	case 3: // all ones
		for i := range v {
			v[i] = 0xff
		}
	}
	return v
}

// derMutate applies a few random edits to b.
func derMutate(rng *rand.Rand, b []byte) []byte {
	b = append([]byte(nil), b...)
	for range rng.IntN(3) {
		switch rng.IntN(7) {
		case 0: // flip a bit
			if len(b) > 0 {
				b[rng.IntN(len(b))] ^= 1 << rng.IntN(8)
			}
		case 1: // set a byte
			if len(b) > 0 {
				b[rng.IntN(len(b))] = []byte{0x00, 0x01, 0x02, 0x30, 0x7f, 0x80, 0x81, 0xff}[rng.IntN(8)]
			}
		case 2: // nudge a byte (often a length)
			if len(b) > 0 {
				b[rng.IntN(len(b))] += byte(rng.IntN(3)) - 1
			}
		case 3: // insert a byte
			i := rng.IntN(len(b) + 1)
			b = append(b[:i], append([]byte{byte(rng.IntN(3)) * 0x40}, b[i:]...)...)
		case 4: // delete a byte
			if len(b) > 0 {
				i := rng.IntN(len(b))
				b = append(b[:i], b[i+1:]...)
			}
		case 5: // truncate
			b = b[:rng.IntN(len(b)+1)]
		case 6: // append
			b = append(b, byte(rng.Uint32()))
		}
	}
	return b
}

func TestAppendDERRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		r, s := derRandomValue(rng), derRandomValue(rng)
		prefix := []byte{0xde, 0xad}
		b := appendDER(prefix, &r, &s)
		if !bytes.Equal(b[:2], prefix) {
			t.Fatalf("appendDER overwrote dst")
		}
		der := b[2:]
		gr, gs, err := parseDERStrict(der)
		if err != nil {
			t.Fatalf("appendDER(%x, %x) = %x: %v", r, s, der, err)
		}
		if gr != r || gs != s {
			t.Fatalf("round trip of %x, %x gave %x, %x", r, s, gr, gs)
		}
		if len(der) > 72 {
			t.Fatalf("encoding %x longer than 72 bytes", der)
		}
		derCheckStrict(t, der)
	}
}

func TestParseDERLaxCases(t *testing.T) {
	n := hex.EncodeToString(testCurveOrder[:])
	nMinus1 := n[:62] + "40"
	big33 := "01" + n
	tests := []struct {
		name     string
		der      string
		ok       bool
		overflow bool
		r, s     string // expected values when ok && !overflow
	}{
		// Strict encodings.
		{"strict", "3006020101020102", true, false, "01", "02"},
		{"strict zero", "3006020100020100", true, false, "00", "00"},
		{"strict n-1", "3046022100" + nMinus1 + "022100" + nMinus1, true, false, nMinus1, nMinus1},

		// Tolerated by the lax parser only.
		{"wrong sequence length", "307f020101020102", true, false, "01", "02"},
		{"zero sequence length", "3000020101020102", true, false, "01", "02"},
		{"long-form sequence length", "308106020101020102", true, false, "01", "02"},
		{"long-form sequence length, junk bytes", "3084deadbeef020101020102", true, false, "01", "02"},
		{"0x80 sequence length", "3080020101020102", true, false, "01", "02"},
		{"trailing garbage", "3006020101020102deadbeef", true, false, "01", "02"},
		{"trailing 0x00", "300602010102010200", true, false, "01", "02"},
		{"negative R read unsigned", "3006020180020102", true, false, "80", "02"},
		{"negative S read unsigned", "30060201010201ff", true, false, "01", "ff"},
		{"leading zeros", "300c0204000000010204000000ff", true, false, "01", "ff"},
		{"zero-length R", "30050200020102", true, false, "00", "02"},
		{"zero-length S", "30050201010200", true, false, "01", "00"},
		{"zero-length both", "300402000200", true, false, "00", "00"},
		{"all-zero R", "30080203000000020102", true, false, "00", "02"},
		{"long-form R length", "3007028101010201ff", true, false, "01", "ff"},
		{"long-form lengths, leading zero length bytes", "300a02830000010102820001ff", true, false, "01", "ff"},
		{"0x80 R length is zero", "30040280020102", true, false, "00", "02"},
		{"length bytes with six leading zeros", "30" + "00" + "0287" + "00000000000001" + "01" + "020102", true, false, "01", "02"},
		{"length bytes with nine leading zeros", "30" + "00" + "028a" + "00000000000000000001" + "01" + "020102", true, false, "01", "02"},
		{"33 bytes with zero padding", "3046022200" + "00" + n[:62] + "3f" + "020102", true, false, n[:62] + "3f", "02"},
		// A long form whose length bytes end the input exactly (allowed, as
		// in libsecp256k1: lenbyte > inputlen - pos is the rejection), here
		// one zero length byte: S is empty, so zero.
		{"S long-form length bytes end the input", "3005020101028100", true, false, "01", "00"},
		// A two-byte long-form length (256 content bytes, zero padded): the
		// length bytes are read big-endian, 8 bits each.
		{"R with 256 content bytes", "3000" + "02820100" + strings.Repeat("00", 255) + "01" + "020102", true, false, "01", "02"},

		// Overflow: accepted, but the signature is replaced by zero.
		{"R = n", "3026022100" + n + "020101", true, true, "", ""},
		{"S = n", "3026020101022100" + n, true, true, "", ""},
		{"R = 2^256-1", "3025" + "0220" + string(bytes.Repeat([]byte("ff"), 32)) + "020101", true, true, "", ""},
		{"R 33 significant bytes", "3026" + "0221" + big33 + "020101", true, true, "", ""},
		{"S 33 significant bytes", "3026020101" + "0221" + big33, true, true, "", ""},

		// Rejected by the lax parser too.
		{"empty", "", false, false, "", ""},
		{"no sequence tag", "3106020101020102", false, false, "", ""},
		{"sequence tag only", "30", false, false, "", ""},
		{"long-form sequence length past the end", "3084deadbe", false, false, "", ""},
		{"long-form sequence length swallows R", "3083020101020102", false, false, "", ""},
		{"no R tag", "3006030101020102", false, false, "", ""},
		{"R tag at end", "300602", false, false, "", ""},
		{"R overruns", "3006020701020102", false, false, "", ""},
		{"R overruns, long form", "300602810701020102", false, false, "", ""},
		{"R length bytes past the end", "3006028401", false, false, "", ""},
		{"eight significant length bytes", "30" + "00" + "0288" + "0100000000000001" + "01" + "020102", false, false, "", ""},
		{"no S tag", "3006020101030102", false, false, "", ""},
		{"S missing", "3003020101", false, false, "", ""},
		{"S tag at end", "300402010102", false, false, "", ""},
		{"S overruns", "3006020101020201", false, false, "", ""},
		{"S overruns, long form", "30060201010281030102", false, false, "", ""},
	}
	for _, tc := range tests {
		der, err := hex.DecodeString(tc.der)
		if err != nil {
			t.Fatalf("%s: bad hex %q", tc.name, tc.der)
		}
		r, s, overflow, err := parseDERLax(der)
		if (err == nil) != tc.ok {
			t.Errorf("%s: %s: err = %v, want ok = %v", tc.name, tc.der, err, tc.ok)
			continue
		}
		if err != nil {
			if !errors.Is(err, errDER) {
				t.Errorf("%s: error %v does not wrap errDER", tc.name, err)
			}
			if r != ([32]byte{}) || s != ([32]byte{}) || overflow {
				t.Errorf("%s: values returned with error", tc.name)
			}
			continue
		}
		if overflow != tc.overflow {
			t.Errorf("%s: overflow = %v, want %v", tc.name, overflow, tc.overflow)
			continue
		}
		if overflow {
			if r != ([32]byte{}) || s != ([32]byte{}) {
				t.Errorf("%s: overflow with non-zero values", tc.name)
			}
			continue
		}
		if want := der32(t, testutil.MustHex(t, tc.r)); r != want {
			t.Errorf("%s: r = %x, want %x", tc.name, r, want)
		}
		if want := der32(t, testutil.MustHex(t, tc.s)); s != want {
			t.Errorf("%s: s = %x, want %x", tc.name, s, want)
		}
		// Only the strict subset of these may pass the strict parser.
		derCheckStrict(t, der)
	}
}

// TestParseDERLaxBIP66Fixtures checks the lax parser on the encodings that
// bip66 rejects: it tolerates the non-minimal and zero-length integers but
// not structural damage.
func TestParseDERLaxBIP66Fixtures(t *testing.T) {
	f := derLoadBIP66(t)
	// Expected lax results for invalid.decode, by index.
	type want struct {
		ok   bool
		r, s string
	}
	wants := []want{
		{false, "", ""},              // ffffffffffffff: not a SEQUENCE
		{false, "", ""},              // ff…: not a SEQUENCE
		{false, "", ""},              // 00ffff…: not a SEQUENCE
		{false, "", ""},              // 30ff…: long-form length 0x7f past the end
		{false, "", ""},              // 300c03…: R tag 0x03
		{false, "", ""},              // 300cff…: R tag 0xff
		{false, "", ""},              // R length 2, then S tag 0xff
		{true, "00", "00ffffff"},     // zero-length R
		{true, "00ffffff", "00"},     // zero-length S
		{false, "", ""},              // R length 0xdd: long form 0x5d bytes past the end
		{false, "", ""},              // S length 0xdd: same
		{true, "80000000", "ffffff"}, // negative R
		{true, "ffffff", "80000000"}, // negative S
		{true, "ffff", "ffffff"},     // padded R
		{true, "ffffff", "ffff"},     // padded S
	}
	if len(wants) != len(f.Invalid.Decode) {
		t.Fatalf("%d invalid.decode fixtures, %d expectations", len(f.Invalid.Decode), len(wants))
	}
	for i, tc := range f.Invalid.Decode {
		r, s, overflow, err := parseDERLax(testutil.MustHex(t, tc.DER))
		w := wants[i]
		if (err == nil) != w.ok || overflow {
			t.Errorf("invalid.decode[%d] %s: err = %v, overflow = %v, want ok = %v", i, tc.DER, err, overflow, w.ok)
			continue
		}
		if err != nil {
			continue
		}
		if r != der32(t, testutil.MustHex(t, w.r)) || s != der32(t, testutil.MustHex(t, w.s)) {
			t.Errorf("invalid.decode[%d] %s: got %x, %x", i, tc.DER, r, s)
		}
	}
	for i, tc := range f.Valid {
		r, s, overflow, err := parseDERLax(testutil.MustHex(t, tc.DER))
		if err != nil || overflow {
			t.Errorf("valid[%d]: err = %v, overflow = %v", i, err, overflow)
			continue
		}
		if r != der32(t, testutil.MustHex(t, tc.R)) || s != der32(t, testutil.MustHex(t, tc.S)) {
			t.Errorf("valid[%d]: got %x, %x", i, r, s)
		}
	}
}

func TestDERAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	f := derLoadBIP66(t)
	valid := testutil.MustHex(t, f.Valid[0].DER)
	invalid := testutil.MustHex(t, f.Invalid.Decode[len(f.Invalid.Decode)-1].DER)
	lax := testutil.MustHex(t, "3084deadbeef020400000001020102ffff")
	r, s, _ := parseDERStrict(valid)
	buf := make([]byte, 0, 72)
	allocs := testing.AllocsPerRun(100, func() {
		parseDERStrict(valid)
		parseDERStrict(invalid)
		parseDERLax(valid)
		parseDERLax(lax)
		parseDERLax(nil)
		buf = appendDER(buf[:0], &r, &s)
	})
	if allocs != 0 {
		t.Errorf("DER parsing and encoding allocate: %v allocs/op", allocs)
	}
}

// derFuzzSeeds adds every DER fixture (and Bitcoin Core's, without and with
// the sighash byte) to the seed corpus.
func derFuzzSeeds(f *testing.F) {
	fx := derLoadBIP66(f)
	for _, tc := range fx.Valid {
		f.Add(testutil.MustHex(f, tc.DER))
	}
	for _, tc := range fx.Invalid.Decode {
		f.Add(testutil.MustHex(f, tc.DER))
	}
	for _, tc := range fx.Invalid.Encode {
		f.Add(derNaive(testutil.MustHex(f, tc.R), testutil.MustHex(f, tc.S)))
	}
	for _, name := range []string{"sig_canonical.json", "sig_noncanonical.json"} {
		for _, tc := range derLoadCore(f, name) {
			f.Add(tc.sig)
			f.Add(tc.sig[:len(tc.sig)-1])
		}
	}
	f.Add([]byte{})
	f.Add(testutil.MustHex(f, "3084deadbeef020400000001020102ffff"))
	f.Add(testutil.MustHex(f, "300a02830000010102820001ff"))
}
