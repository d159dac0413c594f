package bip32_test

import (
	"encoding/hex"
	"fmt"
	"log"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/address"
	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/bip39"
)

// A BIP-84 (native segwit, P2WPKH) account and its first receiving key
// from a mnemonic: the account's zpub, which a watch-only wallet imports,
// the public key, and its address (package address), BIP-84's first
// receiving address.
func Example_bip84() {
	mnemonic := "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
	seed, err := bip39.Seed(mnemonic, "")
	if err != nil {
		log.Fatal(err)
	}
	master, err := bip32.NewMaster(seed, bip32.Zprv)
	clear(seed)
	if err != nil {
		log.Fatal(err)
	}
	defer master.Zero()

	account, err := master.Derive("m/84'/0'/0'")
	if err != nil {
		log.Fatal(err)
	}
	defer account.Zero()
	accountPub, err := account.Neuter()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("account:", accountPub)

	// Receiving addresses come from the public account key alone.
	first, err := accountPub.Derive("0/0")
	if err != nil {
		log.Fatal(err)
	}
	pub, err := first.PublicKey()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("m/84'/0'/0'/0/0:", hex.EncodeToString(pub.BytesCompressed()))
	addr, err := address.P2WPKH(pub, address.Mainnet)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("address:", addr)
	// Output:
	// account: zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs
	// m/84'/0'/0'/0/0: 0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c
	// address: bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu
}

// A BIP-86 (taproot, key path only) receiving key from a mnemonic: the
// internal key is the derived key's x-only public key, the output key its
// BIP-341 tweak with no script tree, and the address that of the output
// key (the BIP-86 test vector's first address). Package taproot builds
// script trees; taproot.KeyPathOutput does the first two steps.
func Example_bip86() {
	mnemonic := "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
	seed, err := bip39.Seed(mnemonic, "")
	if err != nil {
		log.Fatal(err)
	}
	master, err := bip32.NewMaster(seed, bip32.Xprv)
	clear(seed)
	if err != nil {
		log.Fatal(err)
	}
	defer master.Zero()
	key, err := master.Derive("m/86'/0'/0'/0/0")
	if err != nil {
		log.Fatal(err)
	}
	defer key.Zero()

	pub, err := key.PublicKey()
	if err != nil {
		log.Fatal(err)
	}
	internal, _ := pub.XOnly()
	output, _, err := secp256k1.TaprootOutputKey(internal, nil)
	if err != nil {
		log.Fatal(err)
	}
	addr, err := address.P2TR(output, address.Mainnet)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("internal key:", hex.EncodeToString(internal.Bytes()))
	fmt.Println("address:", addr)

	// The key that signs for the output by the key path (BIP-340).
	priv, err := key.PrivateKey() // key's own, wiped by key.Zero
	if err != nil {
		log.Fatal(err)
	}
	signing, err := priv.TaprootTweak(nil)
	if err != nil {
		log.Fatal(err)
	}
	x, _ := signing.PublicKey().XOnly()
	fmt.Println("signs for it:", x.Equal(output))
	// Output:
	// internal key: cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115
	// address: bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr
	// signs for it: true
}

// Parse an extended public key, check what it is, and derive from it.
func ExampleParse() {
	xpub := "xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ"
	k, err := bip32.Parse(xpub)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s, depth %d, child %d', private: %v\n", k.Version(), k.Depth(), k.ChildNumber()-bip32.HardenedOffset, k.IsPrivate())
	if _, err := k.Derive("0'"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// xpub, depth 3, child 0', private: false
	// bip32: cannot derive a hardened child from a public key
}
