package main

import (
	"bytes"
	"strings"

	"github.com/p256k1/secp256k1/bip39"
	"github.com/p256k1/secp256k1/internal/base58"
	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// secretString returns a copy of s whose bytes are marked secret.
func secretString(s string) string {
	b := []byte(s)
	secret(b)
	return string(b)
}

func init() {
	register("bip39: EntropyToMnemonic, MnemonicToEntropy, IsValid, Seed, SeedFromNormalized, NewMnemonic; "+
		"base58: CheckEncode, CheckDecode", runBIP39)
}

// runBIP39 checks package bip39 and the Base58Check encoding of extended
// keys on secret inputs: entropy to mnemonic and back, validation, seed
// generation with a secret passphrase (Seed, SeedFromNormalized), a new
// mnemonic from crypto/rand, and Base58Check of a secret payload. Only the
// word count, the sentence length and validity verdicts are declassified
// by the library; the results must stay secret, and are compared once
// revealed.
func runBIP39() {
	for _, size := range []int{16, 20, 24, 28, 32} {
		e := bytes.Repeat([]byte{0x5a}, size)
		e[0] = byte(size)
		e[size-1] = 0xa7
		want := bytes.Clone(e)
		secret(e)
		m, err := bip39.EntropyToMnemonic(e)
		publicErr(&err)
		if err != nil {
			fail("bip39 %d: EntropyToMnemonic: %v", size, err)
			continue
		}
		stillSecret("bip39 mnemonic", []byte(m))
		back, err := bip39.MnemonicToEntropy(m)
		publicErr(&err)
		if err != nil {
			fail("bip39 %d: MnemonicToEntropy: %v", size, err)
			continue
		}
		if !bytes.Equal(reveal("bip39 entropy", back), want) {
			fail("bip39 %d: MnemonicToEntropy(EntropyToMnemonic(e)) != e", size)
		}
		valid := bip39.IsValid(m)
		ctcheck.Public(&valid)
		if !valid {
			fail("bip39 %d: IsValid is false for a valid mnemonic", size)
		}
		seed, err := bip39.Seed(m, secretString("TREZOR"))
		publicErr(&err)
		if err != nil {
			fail("bip39 %d: Seed: %v", size, err)
			continue
		}
		seed2, err := bip39.SeedFromNormalized(m, secretString("TREZOR"))
		publicErr(&err)
		if err != nil {
			fail("bip39 %d: SeedFromNormalized: %v", size, err)
			continue
		}
		if !bytes.Equal(reveal("bip39 seed", seed), reveal("bip39 seed from normalized", seed2)) {
			fail("bip39 %d: Seed and SeedFromNormalized differ for an ASCII passphrase", size)
		}
		// A mnemonic with its last word changed: the checksum fails, and
		// only that verdict is revealed.
		words := strings.Fields(string(reveal("bip39 mnemonic (for the checksum case)", []byte(strings.Clone(m)))))
		last := "abandon"
		if words[len(words)-1] == last {
			last = "ability"
		}
		words[len(words)-1] = last
		bad := secretString(strings.Join(words, " "))
		_, err = bip39.MnemonicToEntropy(bad)
		publicErr(&err)
		if err == nil {
			// A changed last word keeps the checksum with probability
			// 2^-CS; for these fixed entropies it does not.
			fail("bip39 %d: a changed last word kept the checksum valid", size)
		}
	}

	m, err := bip39.NewMnemonic(256, nil)
	publicErr(&err)
	if err != nil {
		fail("bip39: NewMnemonic: %v", err)
	} else {
		stillSecret("bip39 NewMnemonic", []byte(m))
	}

	// Base58Check of a secret payload (an extended private key's layout).
	payload := append([]byte{0x04, 0x88, 0xad, 0xe4, 0}, bytes.Repeat([]byte{0x3c}, 73)...)
	want := bytes.Clone(payload)
	secret(payload)
	s := base58.CheckEncode(payload)
	stillSecret("base58 CheckEncode", []byte(s))
	p, err := base58.CheckDecode(s)
	publicErr(&err)
	if err != nil {
		fail("base58: CheckDecode: %v", err)
	} else if !bytes.Equal(reveal("base58 CheckDecode", p), want) {
		fail("base58: CheckDecode(CheckEncode(p)) != p")
	}
}
