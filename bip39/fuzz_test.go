package bip39_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/p256k1/secp256k1/bip39"
)

// FuzzMnemonicToEntropy: any string either decodes to entropy that encodes
// back to the same string, or gives an error wrapping ErrInvalidMnemonic
// and no entropy; IsValid agrees. Never panics.
func FuzzMnemonicToEntropy(f *testing.F) {
	f.Add(vector1)
	f.Add(vector24)
	f.Add("legal winner thank year wave sausage worth useful legal winner thank yellow")
	f.Add("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon")
	f.Add(" abandon  about\t")
	f.Add("")
	f.Fuzz(func(t *testing.T, m string) {
		e, err := bip39.MnemonicToEntropy(m)
		if valid := bip39.IsValid(m); valid != (err == nil) {
			t.Fatalf("IsValid(%q) = %v, MnemonicToEntropy error %v", m, valid, err)
		}
		if err != nil {
			if e != nil || !errors.Is(err, bip39.ErrInvalidMnemonic) {
				t.Fatalf("MnemonicToEntropy(%q) = %x, %v", m, e, err)
			}
			return
		}
		back, err := bip39.EntropyToMnemonic(e)
		if err != nil || back != m {
			t.Fatalf("EntropyToMnemonic(MnemonicToEntropy(%q)) = %q, %v", m, back, err)
		}
	})
}

// FuzzEntropyToMnemonic: entropy of a valid length round-trips; any other
// length gives ErrEntropyLength.
func FuzzEntropyToMnemonic(f *testing.F) {
	f.Add(make([]byte, 16))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, e []byte) {
		m, err := bip39.EntropyToMnemonic(e)
		if err != nil {
			if m != "" || !errors.Is(err, bip39.ErrEntropyLength) {
				t.Fatalf("EntropyToMnemonic(%x) = %q, %v", e, m, err)
			}
			return
		}
		back, err := bip39.MnemonicToEntropy(m)
		if err != nil || !bytes.Equal(back, e) {
			t.Fatalf("MnemonicToEntropy(EntropyToMnemonic(%x)) = %x, %v", e, back, err)
		}
	})
}
