package bech32

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

type vectorFile struct {
	ValidBech32       []string    `json:"valid_bech32"`
	ValidBech32m      []string    `json:"valid_bech32m"`
	InvalidBech32     [][2]string `json:"invalid_bech32"`
	InvalidBech32m    [][2]string `json:"invalid_bech32m"`
	ValidAddress      [][2]string `json:"valid_address"`
	InvalidAddress    [][2]string `json:"invalid_address"`
	InvalidAddressEnc [][3]any    `json:"invalid_address_enc"`
}

func load(t *testing.T) vectorFile {
	var f vectorFile
	testutil.LoadJSON(t, "testdata/bip350_vectors.json", &f)
	return f
}

// TestChecksums: every valid string decodes with its variant and encodes
// back, and fails with one data character changed (as the reference tests
// do); every invalid string fails or has the other variant.
func TestChecksums(t *testing.T) {
	f := load(t)
	n := 0
	for _, set := range []struct {
		valid   []string
		invalid [][2]string
		v       Variant
	}{{f.ValidBech32, f.InvalidBech32, Bech32}, {f.ValidBech32m, f.InvalidBech32m, Bech32m}} {
		for _, s := range set.valid {
			n++
			hrp, data, v, err := Decode(s)
			if err != nil || v != set.v {
				t.Errorf("Decode(%q) = %v, %v; want %v", s, v, err, set.v)
				continue
			}
			if enc, err := Encode(hrp, data, v); err != nil || enc != strings.ToLower(s) {
				t.Errorf("Encode of %q = %q, %v", s, enc, err)
			}
			pos := strings.LastIndexByte(s, '1')
			bad := s[:pos+1] + string(s[pos+1]^1) + s[pos+2:]
			if _, _, v, err := Decode(bad); err == nil {
				t.Errorf("Decode(%q) = %v: a changed character passed", bad, v)
			}
		}
		for _, c := range set.invalid {
			n++
			if _, _, v, err := Decode(c[0]); err == nil && v == set.v {
				t.Errorf("Decode(%q) (%s) accepted as %v", c[0], c[1], v)
			} else if err != nil && !errors.Is(err, ErrInvalid) {
				t.Errorf("Decode(%q): %v does not wrap ErrInvalid", c[0], err)
			}
		}
	}
	if n != 7+7+12+14 {
		t.Errorf("ran %d checksum vectors, want 40", n)
	}
}

func TestAddresses(t *testing.T) {
	f := load(t)
	for _, c := range f.ValidAddress {
		hrp := "bc"
		ver, prog, err := DecodeSegwit(hrp, c[0])
		if err != nil {
			hrp = "tb"
			ver, prog, err = DecodeSegwit(hrp, c[0])
		}
		if err != nil {
			t.Errorf("DecodeSegwit(%s): %v", c[0], err)
			continue
		}
		op := byte(0)
		if ver != 0 {
			op = 0x50 + ver
		}
		if got := hex.EncodeToString(append([]byte{op, byte(len(prog))}, prog...)); got != c[1] {
			t.Errorf("%s: scriptPubKey %s, want %s", c[0], got, c[1])
		}
		if a, err := SegwitAddress(hrp, ver, prog); err != nil || a != strings.ToLower(c[0]) {
			t.Errorf("SegwitAddress = %q, %v; want %s", a, err, strings.ToLower(c[0]))
		}
	}
	for _, c := range f.InvalidAddress {
		for _, hrp := range []string{"bc", "tb"} {
			if v, p, err := DecodeSegwit(hrp, c[0]); err == nil || p != nil || !errors.Is(err, ErrInvalid) {
				t.Errorf("DecodeSegwit(%s, %s) (%s) = %d, %x, %v", hrp, c[0], c[1], v, p, err)
			}
		}
	}
	for _, c := range f.InvalidAddressEnc {
		hrp, ver, n := c[0].(string), byte(c[1].(float64)), int(c[2].(float64))
		if a, err := SegwitAddress(hrp, ver, make([]byte, n)); err == nil || a != "" {
			t.Errorf("SegwitAddress(%s, %d, %d bytes) = %q", hrp, ver, n, a)
		}
	}
	if len(f.ValidAddress) != 8 || len(f.InvalidAddress) != 15 || len(f.InvalidAddressEnc) != 5 {
		t.Errorf("%d, %d, %d address vectors; want 8, 15, 5", len(f.ValidAddress), len(f.InvalidAddress), len(f.InvalidAddressEnc))
	}
}

// TestRoundTrip: random programs of every valid length and version encode
// and decode back.
func TestRoundTrip(t *testing.T) {
	rng := testutil.Rand(t)
	for ver := byte(0); ver <= 16; ver++ {
		for n := 2; n <= 40; n++ {
			if ver == 0 && n != 20 && n != 32 {
				continue
			}
			prog := make([]byte, n)
			for i := range prog {
				prog[i] = byte(rng.Uint32())
			}
			a, err := SegwitAddress("bcrt", ver, prog)
			if err != nil {
				t.Fatal(err)
			}
			v, p, err := DecodeSegwit("bcrt", a)
			if err != nil || v != ver || string(p) != string(prog) {
				t.Fatalf("%s: %d %x %v", a, v, p, err)
			}
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0")
	f.Add("A12UEL5L")
	f.Fuzz(func(t *testing.T, s string) {
		hrp, data, v, err := Decode(s)
		if err != nil {
			return
		}
		if enc, err := Encode(hrp, data, v); err != nil || enc != strings.ToLower(s) {
			t.Fatalf("Decode(%q) does not encode back: %q, %v", s, enc, err)
		}
		if ver, prog, err := DecodeSegwit(hrp, s); err == nil {
			if a, err := SegwitAddress(hrp, ver, prog); err != nil || a != strings.ToLower(s) {
				t.Fatalf("DecodeSegwit(%q) does not encode back: %q, %v", s, a, err)
			}
		}
	})
}

func TestEncodeErrors(t *testing.T) {
	for _, c := range []struct {
		hrp  string
		data []byte
		v    Variant
	}{
		{"", nil, Bech32},
		{" a", nil, Bech32},
		{"a\x7f", nil, Bech32m},
		{"\x00", nil, Bech32m},
		{strings.Repeat("a", 84), nil, Bech32},
		{"a", []byte{32}, Bech32},
		{"a", make([]byte, 83), Bech32},
		{"a", nil, 0},
		{"a", nil, 2},
	} {
		if s, err := Encode(c.hrp, c.data, c.v); s != "" || !errors.Is(err, ErrInvalid) {
			t.Errorf("Encode(%q, %v, %v) = %q, %v", c.hrp, c.data, c.v, s, err)
		}
	}
	if s, err := SegwitAddress("BC", 1, make([]byte, 32)); s != "" || err == nil {
		t.Errorf("SegwitAddress with an uppercase hrp = %q, %v", s, err)
	}
	if s, err := Encode(strings.Repeat("a", 83), nil, Bech32); err != nil || len(s) != 90 {
		t.Errorf("the longest string: %q, %v", s, err)
	}
}

// TestLimit: EncodeLimit and DecodeLimit apply their limit, at its
// boundary, and Encode and Decode keep BIP-173's 90 characters.
func TestLimit(t *testing.T) {
	rng := testutil.Rand(t)
	for _, n := range []int{90, 91, 117, 1023} {
		// n characters: "sp" + "1" + data + 6 checksum characters.
		data := make([]byte, n-2-1-6)
		for i := range data {
			data[i] = byte(rng.IntN(32))
		}
		s, err := EncodeLimit("sp", data, Bech32m, n)
		if err != nil || len(s) != n {
			t.Fatalf("EncodeLimit(%d characters, limit %d) = %q, %v", n, n, s, err)
		}
		if s2, err := EncodeLimit("sp", data, Bech32m, n-1); s2 != "" || !errors.Is(err, ErrInvalid) {
			t.Errorf("EncodeLimit(%d characters, limit %d) = %q, %v", n, n-1, s2, err)
		}
		hrp, got, v, err := DecodeLimit(s, n)
		if err != nil || hrp != "sp" || v != Bech32m || string(got) != string(data) {
			t.Errorf("DecodeLimit(%d characters, limit %d) = %q, %v, %v, %v", n, n, hrp, got, v, err)
		}
		if _, _, _, err := DecodeLimit(s, n-1); !errors.Is(err, ErrInvalid) {
			t.Errorf("DecodeLimit(%d characters, limit %d): %v", n, n-1, err)
		}
		_, _, _, errD := Decode(s)
		_, errE := Encode("sp", data, Bech32m)
		if (n <= 90) != (errD == nil) || (n <= 90) != (errE == nil) {
			t.Errorf("%d characters: Decode: %v, Encode: %v", n, errD, errE)
		}
	}
}
