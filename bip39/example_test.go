package bip39_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1/bip39"
)

// A mnemonic from entropy, and the seed it gives with a passphrase. Real
// entropy comes from NewMnemonic(256, nil), which reads crypto/rand.
func Example() {
	entropy := bytes.Repeat([]byte{0x7f}, 16) // the second test vector of BIP-39
	mnemonic, err := bip39.EntropyToMnemonic(entropy)
	if err != nil {
		panic(err)
	}
	fmt.Println(mnemonic)

	seed, err := bip39.Seed(mnemonic, "TREZOR")
	if err != nil {
		panic(err)
	}
	defer clear(seed)
	fmt.Println(hex.EncodeToString(seed[:16]), "…")

	// A mistyped word is reported by position, counting from 1.
	_, err = bip39.MnemonicToEntropy("legal winner thank year wave sausage worth useful legal winer thank yellow")
	var uw *bip39.UnknownWordError
	fmt.Println(err, errors.As(err, &uw) && uw.Index == 9)
	// Output:
	// legal winner thank year wave sausage worth useful legal winner thank yellow
	// 2e8905819b8723fe2c1d161860e5ee18 …
	// bip39: invalid mnemonic: word 10 is not in the English word list true
}
