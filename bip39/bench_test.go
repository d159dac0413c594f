package bip39_test

import (
	"testing"

	"github.com/p256k1/secp256k1/bip39"
)

const vector24 = "void come effort suffer camp survey warrior heavy shoot primary clutch crush open amazing screen patrol group space point ten exist slush involve unfold"

func BenchmarkMnemonicToEntropy24(b *testing.B) {
	for b.Loop() {
		if _, err := bip39.MnemonicToEntropy(vector24); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEntropyToMnemonic32(b *testing.B) {
	e := make([]byte, 32)
	for b.Loop() {
		if _, err := bip39.EntropyToMnemonic(e); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSeed(b *testing.B) {
	for b.Loop() {
		if _, err := bip39.Seed(vector24, "TREZOR"); err != nil {
			b.Fatal(err)
		}
	}
}
