package bip32_test

import (
	"testing"

	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// bip86Root is the root key of the BIP-86 test vectors.
const bip86Root = "xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu"

// TestAllocs bounds the heap allocations: a 5-level private derivation
// allocates only its result (the keys in between stay on the stack), as
// does Child; serialising into a buffer with room allocates nothing.
func TestAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	master, err := bip32.Parse(bip86Root)
	if err != nil {
		t.Fatal(err)
	}
	path := bip32.Path{86 + h, h, h, 0, 0}
	pub, _ := master.Neuter()
	buf := make([]byte, 0, 120)
	for _, c := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"Derive(m/86'/0'/0'/0/0)", 1, func() { _, _ = master.Derive("m/86'/0'/0'/0/0") }},
		{"DerivePath(m/86'/0'/0'/0/0)", 1, func() { _, _ = master.DerivePath(path) }},
		{"public DerivePath(m/0/1/2/3/4)", 1, func() { _, _ = pub.DerivePath(bip32.Path{0, 1, 2, 3, 4}) }},
		{"Child(0')", 1, func() { _, _ = master.Child(h) }},
		{"Child(0)", 1, func() { _, _ = master.Child(0) }},
		{"AppendText", 0, func() { _, _ = master.AppendText(buf[:0]) }},
		{"NewMaster", 1, func() { _, _ = bip32.NewMaster(make([]byte, 32), bip32.Xprv) }},
	} {
		if got := testing.AllocsPerRun(20, c.f); got > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.name, got, c.max)
		}
	}
}

func BenchmarkDeriveBIP86(b *testing.B) {
	master, err := bip32.Parse(bip86Root)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := master.Derive("m/86'/0'/0'/0/0"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkChildNormal(b *testing.B) {
	master, _ := bip32.Parse(bip86Root)
	account, _ := master.Derive("m/86'/0'/0'/0")
	for b.Loop() {
		if _, err := account.Child(5); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkChildPublic(b *testing.B) {
	master, _ := bip32.Parse(bip86Root)
	account, _ := master.Derive("m/86'/0'/0'/0")
	pub, _ := account.Neuter()
	for b.Loop() {
		if _, err := pub.Child(5); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		if _, err := bip32.Parse(bip86Root); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkString(b *testing.B) {
	master, _ := bip32.Parse(bip86Root)
	for b.Loop() {
		_ = master.String()
	}
}
