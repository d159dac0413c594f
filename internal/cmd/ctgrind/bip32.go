package main

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/bip39"
	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// The BIP-86 test vector: its mnemonic, the account key m/86'/0'/0' and
// the internal key of m/86'/0'/0'/0/0.
const (
	bip86Mnemonic = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
	bip86Account  = "xprv9xgqHN7yz9MwCkxsBPN5qetuNdQSUttZNKw1dcYTV4mkaAFiBVGQziHs3NRSWMkCzvgjEe3n9xV8oYywvM8at9yRqyaZVz6TYYhX98VjsUk"
	bip86Internal = "cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115"
)

func init() {
	register("bip32: NewMaster from bip39.Seed, Derive, Child (hardened and normal), AppendText, String, Parse", runBIP32)
}

// runBIP32 runs the wallet key chain on secrets: the BIP-39 seed of a
// secret mnemonic (bip39.Seed), the BIP-32 master key of the secret seed
// (bip32.NewMaster), private derivation of hardened and normal children
// (Derive, Child), serialisation of the private keys (AppendText, String)
// and parsing of a secret xprv (bip32.Parse). Revealed: whether each step
// succeeded, and the public keys (declassified by the library where they
// are computed). The results must stay secret: the seed, the private keys,
// the chain codes and the serialised private keys.
func runBIP32() {
	mb := []byte(bip86Mnemonic)
	secret(mb)
	seed, err := bip39.Seed(string(mb), "")
	publicErr(&err)
	if err != nil {
		fail("bip39.Seed: %v", err)
		return
	}
	stillSecret("bip39.Seed result", seed)
	plainSeed, err := bip39.Seed(bip86Mnemonic, "")
	if err != nil {
		fail("bip39.Seed on the unmarked mnemonic: %v", err)
		return
	}
	if !bytes.Equal(reveal("bip39.Seed result", append([]byte(nil), seed...)), plainSeed) {
		fail("bip39.Seed of the marked mnemonic differs")
	}

	master, err := bip32.NewMaster(seed, bip32.Xprv)
	publicErr(&err)
	if err != nil {
		fail("bip32.NewMaster: %v", err)
		return
	}
	checkBIP32Secret("NewMaster", master)

	account, err := master.Derive("m/86'/0'/0'")
	publicErr(&err)
	if err != nil {
		fail("bip32 Derive(m/86'/0'/0'): %v", err)
		return
	}
	checkBIP32Secret("Derive(m/86'/0'/0')", account)
	text, err := account.AppendText(nil)
	publicErr(&err)
	if err != nil {
		fail("bip32 AppendText: %v", err)
		return
	}
	stillSecretPart("bip32 AppendText of the account xprv", text)
	if s := string(revealSome(text)); s != bip86Account {
		fail("bip32: account key %s, want %s", s, bip86Account)
	}

	// Hardened and normal children, with Child and with Derive.
	leaf, err := master.Derive("m/86'/0'/0'/0/0")
	publicErr(&err)
	if err != nil {
		fail("bip32 Derive(m/86'/0'/0'/0/0): %v", err)
		return
	}
	checkBIP32Secret("Derive(m/86'/0'/0'/0/0)", leaf)
	change, err := account.Child(0)
	publicErr(&err)
	var leaf2 *bip32.ExtendedKey
	if err == nil {
		leaf2, err = change.Child(0)
		publicErr(&err)
	}
	if err != nil {
		fail("bip32 Child: %v", err)
		return
	}
	checkBIP32Secret("Child(0).Child(0)", leaf2)
	hardened, err := account.Child(bip32.HardenedOffset + 7)
	publicErr(&err)
	if err != nil {
		fail("bip32 Child(7'): %v", err)
		return
	}
	checkBIP32Secret("Child(7')", hardened)
	pub, err := leaf.PublicKey()
	publicErr(&err)
	if err != nil {
		fail("bip32 PublicKey: %v", err)
		return
	}
	x, _ := pub.XOnly()
	if got := hex.EncodeToString(x.Bytes()); got != bip86Internal {
		fail("bip32: internal key of m/86'/0'/0'/0/0 is %s, want %s", got, bip86Internal)
	}
	pub2, _ := leaf2.PublicKey()
	if !pub2.Equal(pub) {
		fail("bip32: Derive and Child by Child disagree")
	}

	// Parsing a secret xprv.
	xb := []byte(bip86Account)
	secret(xb)
	parsed, err := bip32.Parse(string(xb))
	publicErr(&err)
	if err != nil {
		fail("bip32.Parse: %v", err)
		return
	}
	checkBIP32Secret("Parse(xprv)", parsed)
	if s := parsed.String(); s == "" {
		fail("bip32: String of the parsed key is empty")
	} else if string(revealSome([]byte(s))) != bip86Account {
		fail("bip32: the parsed account key does not serialise back")
	}
	for _, k := range []*bip32.ExtendedKey{master, account, leaf, change, leaf2, hardened, parsed} {
		k.Zero()
	}
	clear(seed)
}

// checkBIP32Secret checks that k's private key and chain code are still
// secret, and serialises its neutered form.
func checkBIP32Secret(what string, k *bip32.ExtendedKey) {
	sk, err := k.PrivateKey()
	if err != nil {
		fail("bip32 %s: PrivateKey: %v", what, err)
		return
	}
	stillSecret(fmt.Sprintf("bip32 %s: private key", what), sk.Bytes())
	stillSecret(fmt.Sprintf("bip32 %s: chain code", what), k.ChainCode())
	pub, err := k.Neuter()
	if err != nil {
		fail("bip32 %s: Neuter: %v", what, err)
		return
	}
	if pub.String() == "" {
		fail("bip32 %s: the neutered key does not serialise", what)
	}
}

// stillSecretPart fails the run if none of b is secret any more (an
// encoding that mixes public header bytes with secret ones, such as an
// xprv, is secret in part).
func stillSecretPart(what string, b []byte) {
	if onValgrind && ctcheck.SecretSliceCount(b) == 0 {
		fail("%s: nothing of it is secret (declassified too early)", what)
	}
}

// revealSome declassifies b, which may be secret in part, for the
// harness's own checks.
func revealSome(b []byte) []byte {
	public(b)
	return b
}
