package base58

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// coreVectors are the pairs of Bitcoin Core's
// src/test/data/base58_encode_decode.json (bitcoin/bitcoin, MIT license),
// as of commit 284c42a3: hex bytes and their Base58 encoding.
var coreVectors = [][2]string{
	{"", ""},
	{"61", "2g"},
	{"626262", "a3gV"},
	{"636363", "aPEr"},
	{"73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"},
	{"00eb15231dfceb60925886b67d065299925915aeb172c06647", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"},
	{"516b6fcd0f", "ABnLTmg"},
	{"bf4f89001e670274dd", "3SEo3LWLoPntC"},
	{"572e4794", "3EFU7m"},
	{"ecac89cad93923c02321", "EJDM8drfXA6uyA"},
	{"10c8511e", "Rt5zm"},
	{"00000000000000000000", "1111111111"},
	{"00000000000000000000000000000000000000000000000000000000000000000000000000000000", "1111111111111111111111111111111111111111"},
	{"00000000000000000000000000000000000000000000000000000000000000000000000000000001", "1111111111111111111111111111111111111112"},
	{"0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000ec39d04c37e71e5d591881f6", "111111111111111111111111111111111111111111111111111111111111111111111111111111111111115TYzLYH1udmLdzCLM"},
	{"000111d38e5fc9071ffcd20b4a763cc9ae4f252bb4e48fd66a835e252ada93ff480d6dd43dc62a641155a5", "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"},
	{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "1cWB5HCBdLjAuqGGReWE3R3CguuwSjw6RHn39s2yuDRTS5NsBgNiFpWgAnEx6VQi8csexkgYw3mdYrMHr8x9i7aEwP8kZ7vccXWqKDvGv3u1GxFKPuAkn8JCPPGDMf3vMMnbzm6Nh9zh1gcNsMvH3ZNLmP5fSG6DGbbi2tuwMWPthr4boWwCxf7ewSgNQeacyozhKDDQQ1qL5fQFUW52QKUZDZ5fw3KXNQJMcNTcaB723LchjeKun7MuGW5qyCBZYzA1KjofN1gYBV3NqyhQJ3Ns746GNuf9N2pQPmHz4xpnSrrfCvy6TVVz5d4PdrjeshsWQwpZsZGzvbdAdN8MKV5QsBDY"},
	{"271F359E", "zzzzy"},
	{"271F359F", "zzzzz"},
	{"271F35A0", "211111"},
	{"271F35A1", "211112"},
}

func TestBitcoinCoreVectors(t *testing.T) {
	if len(coreVectors) != 21 {
		t.Fatalf("%d vectors, want 21", len(coreVectors))
	}
	for _, v := range coreVectors {
		b := testutil.MustHex(t, v[0])
		if got := Encode(b); got != v[1] {
			t.Errorf("Encode(%s) = %q, want %q", v[0], got, v[1])
		}
		got, err := Decode(v[1])
		if err != nil || !bytes.Equal(got, b) {
			t.Errorf("Decode(%q) = %x, %v; want %s", v[1], got, err, v[0])
		}
	}
}

// refEncode and refDecode are the textbook conversions with math/big.
func refEncode(b []byte) string {
	x := new(big.Int).SetBytes(b)
	var digits []byte
	m, r := big.NewInt(58), new(big.Int)
	for x.Sign() > 0 {
		x.QuoRem(x, m, r)
		digits = append(digits, Alphabet[r.Int64()])
	}
	for i := 0; i < len(b) && b[i] == 0; i++ {
		digits = append(digits, '1')
	}
	for i, j := 0, len(digits)-1; i < j; i, j = i+1, j-1 {
		digits[i], digits[j] = digits[j], digits[i]
	}
	return string(digits)
}

func refDecode(s string) []byte {
	x := new(big.Int)
	for _, c := range []byte(s) {
		x.Mul(x, big.NewInt(58))
		x.Add(x, big.NewInt(int64(strings.IndexByte(Alphabet, c))))
	}
	var zeros []byte
	for i := 0; i < len(s) && s[i] == '1'; i++ {
		zeros = append(zeros, 0)
	}
	return append(zeros, x.Bytes()...)
}

// TestRandomBytes encodes random byte strings (with runs of leading zeros,
// and lengths across the stack-buffer limits) and compares with math/big.
func TestRandomBytes(t *testing.T) {
	rng := testutil.Rand(t)
	for n := 0; n < 300; n++ {
		for range 3 {
			b := make([]byte, n)
			z := 0
			if n > 0 {
				z = rng.IntN(n + 1)
				if rng.IntN(2) == 0 {
					z = 0
				}
			}
			for i := z; i < n; i++ {
				b[i] = byte(rng.Uint32())
			}
			if rng.IntN(4) == 0 && z < n {
				b[z] |= 0x80 // the widest value of the length
			}
			want := refEncode(b)
			s := Encode(b)
			if s != want {
				t.Fatalf("Encode(%x) = %q, want %q", b, s, want)
			}
			got, err := Decode(s)
			if err != nil || !bytes.Equal(got, b) {
				t.Fatalf("Decode(Encode(%x)) = %x, %v", b, got, err)
			}
		}
	}
}

// TestRandomStrings decodes random strings of the alphabet and compares
// with math/big; every valid string is the encoding of what it decodes to.
func TestRandomStrings(t *testing.T) {
	rng := testutil.Rand(t)
	for n := 0; n < 300; n++ {
		s := make([]byte, n)
		ones := rng.IntN(n + 1)
		if rng.IntN(2) == 0 {
			ones = 0
		}
		for i := range s {
			if i < ones {
				s[i] = '1'
			} else {
				s[i] = Alphabet[rng.IntN(58)]
			}
		}
		if rng.IntN(4) == 0 && ones < n {
			s[ones] = 'z'
		}
		got, err := Decode(string(s))
		if want := refDecode(string(s)); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Decode(%q) = %x, %v; want %x", s, got, err, want)
		}
		if back := Encode(got); back != string(s) {
			t.Fatalf("Encode(Decode(%q)) = %q", s, back)
		}
	}
}

func TestDigitChar(t *testing.T) {
	for d := range uint32(58) {
		if c := digitChar(d); c != Alphabet[d] {
			t.Errorf("digitChar(%d) = %q, want %q", d, c, Alphabet[d])
		}
	}
	for c := range uint32(256) {
		d, ok := charDigit(c)
		i := strings.IndexByte(Alphabet, byte(c))
		if (ok == 1) != (i >= 0) || (i >= 0 && d != uint32(i)) || (i < 0 && d != 0) {
			t.Errorf("charDigit(%q) = %d, %d; want %d", rune(c), d, ok, i)
		}
	}
}

func TestCtHelpers(t *testing.T) {
	for _, x := range []uint32{0, 1, 2, 57, 58, 1 << 30, 1<<31 - 1, 1 << 31, 1<<32 - 1} {
		want := uint32(0)
		if x == 0 {
			want = 1
		}
		if got := isZero(x); got != want {
			t.Errorf("isZero(%d) = %d", x, got)
		}
	}
	for x := range uint32(70) {
		for k := range uint32(70) {
			ge := x >= k
			if got := geMask(x, k); (got == 0xffffffff) != ge || (got != 0 && got != 0xffffffff) {
				t.Errorf("geMask(%d, %d) = %#x", x, k, got)
			}
			if got := inRange(x, k, k+5); (got == 1) != (x >= k && x <= k+5) || got > 1 {
				t.Errorf("inRange(%d, %d, %d) = %d", x, k, k+5, got)
			}
		}
	}
	if ctSelect(1, 5, 7) != 5 || ctSelect(0, 5, 7) != 7 {
		t.Error("ctSelect")
	}
}

func TestInvalidCharacters(t *testing.T) {
	for c := range 256 {
		if strings.IndexByte(Alphabet, byte(c)) >= 0 {
			continue
		}
		for _, s := range []string{string([]byte{byte(c)}), "2g" + string([]byte{byte(c)}), "1" + string([]byte{byte(c)}) + "2g"} {
			b, err := Decode(s)
			if !errors.Is(err, ErrInvalidCharacter) || b != nil {
				t.Fatalf("Decode(%q) = %x, %v; want ErrInvalidCharacter", s, b, err)
			}
			if _, err := CheckDecode(s); !errors.Is(err, ErrInvalidCharacter) {
				t.Fatalf("CheckDecode(%q): %v", s, err)
			}
		}
	}
	_, err := Decode("2cFupjhnEsSn59qHXstmK2ff0Lv2")
	if err == nil || !strings.Contains(err.Error(), "position 24") || !strings.Contains(err.Error(), `'0'`) {
		t.Errorf("error %v does not name '0' at position 24", err)
	}
	for _, s := range []string{" 2g", "2g ", "2g\n", "\t2g", "2 g"} {
		if _, err := Decode(s); !errors.Is(err, ErrInvalidCharacter) {
			t.Errorf("Decode(%q): %v, want ErrInvalidCharacter", s, err)
		}
	}
}

// The master key of BIP-32 test vector 1 (bip-0032.mediawiki, "Test
// Vectors"): seed 000102…0f, and the xprv/xpub strings of chain m; and
// the same xprv with its last character changed, the "invalid checksum"
// case of test vector 5.
const (
	bip32Seed    = "000102030405060708090a0b0c0d0e0f"
	bip32Xprv    = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi"
	bip32Xpub    = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8"
	bip32Pub     = "0339a36013301597daef41fbe593a02cc513d0b55527ec2df1050e2e8ff49c85c2"
	bip32BadXprv = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHL"
)

// TestBIP32Keys builds the master xprv of BIP-32 test vector 1 from its
// seed (HMAC-SHA512 with key "Bitcoin seed", BIP-32 "Master key
// generation") and the xpub from its public key, and checks Base58Check
// against the BIP's strings both ways.
func TestBIP32Keys(t *testing.T) {
	mac := hmac.New(sha512.New, []byte("Bitcoin seed"))
	mac.Write(testutil.MustHex(t, bip32Seed))
	I := mac.Sum(nil)
	ser := func(version uint32, key []byte) []byte {
		b := binary.BigEndian.AppendUint32(nil, version)
		b = append(b, 0, 0, 0, 0, 0, 0, 0, 0, 0) // depth, fingerprint, child number
		b = append(b, I[32:]...)
		return append(b, key...)
	}
	for _, c := range []struct {
		s       string
		payload []byte
	}{
		{bip32Xprv, ser(0x0488ade4, append([]byte{0}, I[:32]...))},
		{bip32Xpub, ser(0x0488b21e, testutil.MustHex(t, bip32Pub))},
	} {
		if got := CheckEncode(c.payload); got != c.s {
			t.Errorf("CheckEncode(%x) = %s, want %s", c.payload, got, c.s)
		}
		got, err := CheckDecode(c.s)
		if err != nil || !bytes.Equal(got, c.payload) {
			t.Errorf("CheckDecode(%s) = %x, %v; want %x", c.s, got, err, c.payload)
		}
	}
	if b, err := CheckDecode(bip32BadXprv); !errors.Is(err, ErrChecksum) || b != nil {
		t.Errorf("CheckDecode(bad checksum) = %x, %v; want ErrChecksum", b, err)
	}
}

func TestCheckErrors(t *testing.T) {
	// Too short: fewer than 4 bytes decoded.
	for _, s := range []string{"", "1", "111", "2g", "zzzzy"[:4]} {
		if b, err := CheckDecode(s); !errors.Is(err, ErrTooShort) || b != nil {
			t.Errorf("CheckDecode(%q) = %x, %v; want ErrTooShort", s, b, err)
		}
	}
	// Empty payload: the checksum alone.
	s := CheckEncode(nil)
	if b, err := CheckDecode(s); err != nil || len(b) != 0 {
		t.Errorf("CheckDecode(CheckEncode(nil)) = %x, %v", b, err)
	}
	// Every single-character change of a valid string is rejected.
	for i := range len(bip32Xprv) {
		for _, c := range []byte(Alphabet) {
			if c == bip32Xprv[i] {
				continue
			}
			m := bip32Xprv[:i] + string(c) + bip32Xprv[i+1:]
			if b, err := CheckDecode(m); err == nil || b != nil {
				t.Fatalf("CheckDecode(%s) = %x, %v; want an error", m, b, err)
			}
		}
	}
}

func TestAppend(t *testing.T) {
	dst := []byte("prefix:")
	out := AppendEncode(dst, []byte{0, 0x61})
	if string(out) != "prefix:12g" {
		t.Errorf("AppendEncode = %q", out)
	}
	out, err := AppendDecode([]byte{0xff}, "12g")
	if err != nil || !bytes.Equal(out, []byte{0xff, 0, 0x61}) {
		t.Errorf("AppendDecode = %x, %v", out, err)
	}
	in := []byte{0xff}
	out, err = AppendDecode(in, "12gO")
	if err == nil || !bytes.Equal(out, in) {
		t.Errorf("AppendDecode(invalid) = %x, %v; want dst unchanged and an error", out, err)
	}
}

// TestAllocs: with room in dst, the conversions of extended-key-sized
// values do not allocate.
func TestAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	payload := make([]byte, 82)
	payload[0] = 4
	s := Encode(payload)
	enc := make([]byte, 0, 200)
	dec := make([]byte, 0, 200)
	if n := testing.AllocsPerRun(100, func() { enc = AppendEncode(enc[:0], payload) }); n != 0 {
		t.Errorf("AppendEncode: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { dec, _ = AppendDecode(dec[:0], s) }); n != 0 {
		t.Errorf("AppendDecode: %v allocations", n)
	}
}

func FuzzDecode(f *testing.F) {
	for _, v := range coreVectors {
		f.Add(v[1])
	}
	f.Add(bip32Xprv)
	f.Add(bip32BadXprv)
	f.Add("0OIl")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := Decode(s)
		if err != nil {
			if b != nil {
				t.Fatalf("Decode(%q) returned %x with error %v", s, b, err)
			}
			if !errors.Is(err, ErrInvalidCharacter) {
				t.Fatalf("Decode(%q): unexpected error %v", s, err)
			}
		} else if back := Encode(b); back != s {
			t.Fatalf("Encode(Decode(%q)) = %q", s, back)
		}
		p, err := CheckDecode(s)
		if err == nil && CheckEncode(p) != s {
			t.Fatalf("CheckEncode(CheckDecode(%q)) = %q", s, CheckEncode(p))
		}
	})
}

func FuzzEncode(f *testing.F) {
	for _, v := range coreVectors {
		b, _ := hex.DecodeString(v[0])
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s := Encode(b)
		if len(b) <= 64 && s != refEncode(b) {
			t.Fatalf("Encode(%x) = %q, want %q", b, s, refEncode(b))
		}
		got, err := Decode(s)
		if err != nil || !bytes.Equal(got, b) {
			t.Fatalf("Decode(Encode(%x)) = %x, %v", b, got, err)
		}
		p, err := CheckDecode(CheckEncode(b))
		if err != nil || !bytes.Equal(p, b) {
			t.Fatalf("CheckDecode(CheckEncode(%x)) = %x, %v", b, p, err)
		}
	})
}

func BenchmarkEncodeXprv(b *testing.B) {
	payload := make([]byte, 82)
	payload[0] = 4
	for i := 1; i < len(payload); i++ {
		payload[i] = byte(i * 37)
	}
	dst := make([]byte, 0, 200)
	for b.Loop() {
		dst = AppendEncode(dst[:0], payload)
	}
}

func BenchmarkDecodeXprv(b *testing.B) {
	dst := make([]byte, 0, 200)
	for b.Loop() {
		dst, _ = AppendDecode(dst[:0], bip32Xprv)
	}
}

func TestDivEncLimb(t *testing.T) {
	rng := testutil.Rand(t)
	check := func(x uint64) {
		q, r := divEncLimb(x)
		if q != x/encLimb || r != x%encLimb {
			t.Fatalf("divEncLimb(%d) = %d, %d; want %d, %d", x, q, r, x/encLimb, x%encLimb)
		}
	}
	for _, x := range []uint64{0, 1, encLimb - 1, encLimb, encLimb + 1, 1<<62 - 1, (1<<62-1)/encLimb*encLimb - 1, (1<<62 - 1) / encLimb * encLimb} {
		check(x)
	}
	for range 100000 {
		x := rng.Uint64() >> 2
		check(x)
		check(x / encLimb * encLimb)
		check(x/encLimb*encLimb - 1)
	}
}
