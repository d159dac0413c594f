package bip32_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/internal/testutil"
)

const h = bip32.HardenedOffset

func TestParsePath(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bip32.Path
		str  string
	}{
		{"m", bip32.Path{}, "m"},
		{"m/0", bip32.Path{0}, "m/0"},
		{"m/86'/0'/0'/0/0", bip32.Path{86 + h, h, h, 0, 0}, "m/86'/0'/0'/0/0"},
		{"m/86h/0H/0'/1/5", bip32.Path{86 + h, h, h, 1, 5}, "m/86'/0'/0'/1/5"},
		{"m/2147483647'/2147483647", bip32.Path{1<<32 - 1, 1<<31 - 1}, "m/2147483647'/2147483647"},
		{"0/5", bip32.Path{0, 5}, "m/0/5"},
		{"44'", bip32.Path{44 + h}, "m/44'"},
		{"m/0H/1/2H/2/1000000000", bip32.Path{h, 1, 2 + h, 2, 1000000000}, "m/0'/1/2'/2/1000000000"},
	} {
		got, err := bip32.ParsePath(c.in)
		if err != nil || !slices.Equal(got, c.want) || got.String() != c.str {
			t.Errorf("ParsePath(%q) = %v (%s), %v; want %v (%s)", c.in, got, got, err, c.want, c.str)
		}
	}
	long := "m" + strings.Repeat("/1", 255)
	if p, err := bip32.ParsePath(long); err != nil || len(p) != 255 {
		t.Errorf("255 components: %d, %v", len(p), err)
	}
}

func TestParsePathInvalid(t *testing.T) {
	for _, c := range []struct{ in, why string }{
		{"", "empty path"},
		{"m/", "empty index"},
		{"/", "empty index"},
		{"/0", "empty index"},
		{"m//0", "empty index"},
		{"m/0/", "empty index"},
		{"m/0//1", "empty index"},
		{"m/'", "empty index"},
		{"M", "not a digit"},
		{"M/0", "not a digit"},
		{"m0", "not a digit"},
		{"mm/0", "not a digit"},
		{"m/+1", "not a digit"},
		{"m/-1", "not a digit"},
		{"m/ 1", "not a digit"},
		{"m/1 ", "not a digit"},
		{" m/1", "not a digit"},
		{"m/1\n", "not a digit"},
		{"m/1\t", "not a digit"},
		{"m /1", "not a digit"},
		{"m\\1", "not a digit"},
		{"m/1''", "not a digit"},
		{"m/1'h", "not a digit"},
		{"m/h", "empty index"},
		{"m/0x1", "not a digit"},
		{"m/1e3", "not a digit"},
		{"m/١", "not a digit"}, // Arabic-Indic digit one
		{"m/01", "leading zero"},
		{"m/00", "leading zero"},
		{"m/007'", "leading zero"},
		{"m/2147483648", "2^31 or more"},
		{"m/2147483648'", "2^31 or more"},
		{"m/4294967295", "2^31 or more"},
		{"m/4294967296", "2^31 or more"},
		{"m/99999999999999999999999", "2^31 or more"},
		{"m" + strings.Repeat("/1", 256), "more than 255 components"},
	} {
		p, err := bip32.ParsePath(c.in)
		if p != nil || !errors.Is(err, bip32.ErrInvalidPath) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("ParsePath(%q) = %v, %v; want an ErrInvalidPath saying %q", c.in, p, err, c.why)
		}
	}
	// The error says where.
	_, err := bip32.ParsePath("m/1/2/x/4")
	if err == nil || !strings.Contains(err.Error(), "component 3 at offset 6") {
		t.Errorf("error %v does not say component 3 at offset 6", err)
	}
}

// TestPathRoundTrip: String of a random path parses back to it, with any
// of the three hardened marks.
func TestPathRoundTrip(t *testing.T) {
	rng := testutil.Rand(t)
	for range 500 {
		p := make(bip32.Path, rng.IntN(12))
		for i := range p {
			p[i] = rng.Uint32()
		}
		s := p.String()
		mark := []string{"'", "h", "H"}[rng.IntN(3)]
		s = strings.ReplaceAll(s, "'", mark)
		got, err := bip32.ParsePath(s)
		if err != nil || !slices.Equal(got, p) {
			t.Fatalf("ParsePath(%q) = %v, %v; want %v", s, got, err, p)
		}
		// Without the "m/" prefix (a relative path) the indices are the same.
		if len(p) > 0 {
			got, err := bip32.ParsePath(s[2:])
			if err != nil || !slices.Equal(got, p) {
				t.Fatalf("ParsePath(%q) = %v, %v; want %v", s[2:], got, err, p)
			}
		}
	}
}

func TestDeriveErrors(t *testing.T) {
	master, err := bip32.NewMaster(make([]byte, 32), bip32.Xprv)
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := master.Neuter()
	child, _ := master.Derive("m/1")
	for _, c := range []struct {
		k    *bip32.ExtendedKey
		path string
		is   error
	}{
		{master, "m/x", bip32.ErrInvalidPath},
		{master, "", bip32.ErrInvalidPath},
		{pub, "m/0'", bip32.ErrHardenedFromPublic},
		{pub, "m/0/1/2h", bip32.ErrHardenedFromPublic},
		{child, "m/0", bip32.ErrInvalidPath},
		{child, "m", bip32.ErrInvalidPath},
		{child, strings.TrimPrefix(strings.Repeat("/0", 255), "/"), bip32.ErrMaxDepth},
	} {
		k, err := c.k.Derive(c.path)
		if k != nil || !errors.Is(err, c.is) {
			t.Errorf("Derive(%.20q) from depth %d = %v, %v; want %v", c.path, c.k.Depth(), k, err, c.is)
		}
	}
	// Depth 255 is the last one.
	deep, err := master.Derive("m" + strings.Repeat("/0", 255))
	if err != nil || deep.Depth() != 255 {
		t.Fatalf("depth 255: %v", err)
	}
	if k, err := deep.Child(0); k != nil || !errors.Is(err, bip32.ErrMaxDepth) {
		t.Errorf("Child at depth 255 = %v, %v", k, err)
	}
	deepPub, _ := deep.Neuter()
	if k, err := deepPub.Child(0); k != nil || !errors.Is(err, bip32.ErrMaxDepth) {
		t.Errorf("public Child at depth 255 = %v, %v", k, err)
	}
	if k, err := deep.DerivePath(nil); err != nil || k.String() != deep.String() {
		t.Errorf("empty path: %v, %v", k, err)
	}
	// Relative paths from any key; an absolute one from the master.
	a, err1 := master.Derive("m/1/2")
	b, err2 := child.Derive("2")
	if err1 != nil || err2 != nil || a.String() != b.String() {
		t.Errorf("m/1/2 = %v (%v), m/1 then 2 = %v (%v)", a, err1, b, err2)
	}
}
