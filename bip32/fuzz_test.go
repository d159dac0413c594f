package bip32_test

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// FuzzParse: Parse never panics; a key it accepts serialises back to the
// same string, its fields survive Neuter and a second Parse, and every
// error wraps ErrInvalidKey.
func FuzzParse(f *testing.F) {
	var v bip32File
	testutil.LoadJSON(f, "testdata/bip32_test_vectors.json", &v)
	for _, s := range v.Valid {
		for _, c := range s.Chains {
			f.Add(c.ExtPrv)
			f.Add(c.ExtPub)
		}
	}
	for _, c := range v.Invalid {
		f.Add(c.Key)
	}
	f.Add("")
	f.Add("zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs")
	f.Fuzz(func(t *testing.T, s string) {
		k, err := bip32.Parse(s)
		if err != nil {
			if k != nil || !errors.Is(err, bip32.ErrInvalidKey) {
				t.Fatalf("Parse(%q) = %v, %v", s, k, err)
			}
			return
		}
		if k.String() != s || !k.Version().Known() || k.IsPrivate() != k.Version().IsPrivate() {
			t.Fatalf("Parse(%q) gives %s (%v)", s, k, k.Version())
		}
		if k.Depth() == 0 && (k.ParentFingerprint() != 0 || k.ChildNumber() != 0) {
			t.Fatalf("Parse(%q) accepted a master key with a parent", s)
		}
		pub, err := k.Neuter()
		if err != nil {
			t.Fatal(err)
		}
		again, err := bip32.Parse(pub.String())
		if err != nil || again.String() != pub.String() || again.Depth() != k.Depth() ||
			again.ChildNumber() != k.ChildNumber() || again.ParentFingerprint() != k.ParentFingerprint() {
			t.Fatalf("neutered %s does not round-trip: %v, %v", pub, again, err)
		}
	})
}

// FuzzParsePath: ParsePath never panics; an accepted path is at most 255
// indices, its String parses back to it, and the input is that String up
// to the hardened marks and the optional "m/". Every error wraps
// ErrInvalidPath.
func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"m", "m/0", "m/86'/0'/0'/0/0", "0h/1H/2", "m/2147483647'", "m/2147483648", "m//", "", "m/01", " m/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := bip32.ParsePath(s)
		if err != nil {
			if p != nil || !errors.Is(err, bip32.ErrInvalidPath) {
				t.Fatalf("ParsePath(%q) = %v, %v", s, p, err)
			}
			return
		}
		if len(p) > 255 {
			t.Fatalf("ParsePath(%q): %d indices", s, len(p))
		}
		str := p.String()
		back, err := bip32.ParsePath(str)
		if err != nil || !slices.Equal(back, p) {
			t.Fatalf("ParsePath(%q) = %v; String %q parses to %v, %v", s, p, str, back, err)
		}
		norm := strings.NewReplacer("h", "'", "H", "'").Replace(s)
		if norm != str && "m/"+norm != str {
			t.Fatalf("ParsePath(%q) = %s: the input is not its canonical form up to marks and m/", s, str)
		}
	})
}

// FuzzDerive: from the seed's master key, Derive of the path, DerivePath,
// and Child step by step give the same key, and so does public derivation
// of the normal indices after the last hardened one.
func FuzzDerive(f *testing.F) {
	f.Add(make([]byte, 16), []byte{0, 0, 0, 1, 0x80, 0, 0, 0})
	f.Add([]byte("0123456789abcdef0123456789abcdef"), []byte{0x80, 0, 0, 86, 0x80, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, seed, pathBytes []byte) {
		master, err := bip32.NewMaster(seed, bip32.Tprv)
		if err != nil {
			if !errors.Is(err, bip32.ErrInvalidSeed) {
				t.Fatal(err)
			}
			return
		}
		var path bip32.Path
		for i := 0; i+4 <= len(pathBytes) && len(path) < 8; i += 4 {
			path = append(path, binary.BigEndian.Uint32(pathBytes[i:]))
		}
		d, err := master.Derive(path.String())
		if err != nil {
			t.Fatal(err)
		}
		dp, err := master.DerivePath(path)
		if err != nil || dp.String() != d.String() {
			t.Fatalf("DerivePath = %v, %v; Derive = %v", dp, err, d)
		}
		k, lastHard := master, -1
		for j, i := range path {
			if k, err = k.Child(i); err != nil {
				t.Fatal(err)
			}
			if i >= bip32.HardenedOffset {
				lastHard = j
			}
		}
		if k.String() != d.String() {
			t.Fatalf("Child by Child = %v; Derive = %v", k, d)
		}
		base, err := master.DerivePath(path[:lastHard+1])
		if err != nil {
			t.Fatal(err)
		}
		pub, _ := base.Neuter()
		pd, err := pub.DerivePath(path[lastHard+1:])
		want, _ := d.Neuter()
		if err != nil || pd.String() != want.String() {
			t.Fatalf("public derivation = %v, %v; want %v", pd, err, want)
		}
	})
}
