package bip39_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/binary"
	"encoding/hex"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1/bip39"
	"github.com/p256k1/secp256k1/internal/base58"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestTrezorVectors runs every English case of trezor/python-mnemonic's
// vectors.json (testdata/vectors.json, the test vectors BIP-39 names):
// entropy → mnemonic → entropy, mnemonic and the passphrase "TREZOR" →
// seed, and seed → BIP-32 master xprv, computed here as BIP-32 "Master key
// generation" defines it (HMAC-SHA512 keyed with "Bitcoin seed"; version
// 0488ade4, depth 0, fingerprint 0, child 0). The other languages use
// word lists this package does not have.
func TestTrezorVectors(t *testing.T) {
	var f map[string][][4]string
	testutil.LoadJSON(t, "testdata/vectors.json", &f)
	langs := make([]string, 0, len(f))
	for l := range f {
		langs = append(langs, l)
	}
	slices.Sort(langs)
	t.Logf("languages in the file: %v; English only is run", langs)
	n := 0
	for _, c := range f["english"] {
		entropy := testutil.MustHex(t, c[0])
		mnemonic, wantSeed, wantXprv := c[1], c[2], c[3]
		got, err := bip39.EntropyToMnemonic(entropy)
		if err != nil || got != mnemonic {
			t.Errorf("EntropyToMnemonic(%s) = %q, %v; want %q", c[0], got, err, mnemonic)
		}
		ent, err := bip39.MnemonicToEntropy(mnemonic)
		if err != nil || !bytes.Equal(ent, entropy) {
			t.Errorf("MnemonicToEntropy(%q) = %x, %v; want %s", mnemonic, ent, err, c[0])
		}
		if !bip39.IsValid(mnemonic) {
			t.Errorf("IsValid(%q) = false", mnemonic)
		}
		seed, err := bip39.Seed(mnemonic, "TREZOR")
		if err != nil || hex.EncodeToString(seed) != wantSeed {
			t.Errorf("Seed(%q, TREZOR) = %x, %v; want %s", mnemonic, seed, err, wantSeed)
		}
		seed2, err := bip39.SeedFromNormalized(mnemonic, "TREZOR")
		if err != nil || !bytes.Equal(seed2, seed) {
			t.Errorf("SeedFromNormalized(%q, TREZOR) = %x, %v; want %s", mnemonic, seed2, err, wantSeed)
		}
		if xprv := masterXprv(testutil.MustHex(t, wantSeed)); xprv != wantXprv {
			t.Errorf("master key of %q: %s, want %s", mnemonic, xprv, wantXprv)
		}
		n++
	}
	if n != 24 {
		t.Errorf("ran %d English cases, want 24", n)
	}
}

// masterXprv serialises the BIP-32 master private key of seed.
func masterXprv(seed []byte) string {
	mac := hmac.New(sha512.New, []byte("Bitcoin seed"))
	mac.Write(seed)
	I := mac.Sum(nil)
	b := binary.BigEndian.AppendUint32(nil, 0x0488ade4)
	b = append(b, 0, 0, 0, 0, 0, 0, 0, 0, 0) // depth, parent fingerprint, child number
	b = append(b, I[32:]...)                 // chain code
	b = append(b, 0)
	b = append(b, I[:32]...) // key
	return base58.CheckEncode(b)
}
