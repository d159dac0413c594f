package address_test

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log"

	"github.com/p256k1/secp256k1/address"
	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/bip39"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/taproot"
)

// The test mnemonic of BIP-84 and BIP-86.
const mnemonic = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

// A native segwit (BIP-84, P2WPKH) address from a mnemonic: the seed
// (BIP-39), the key at m/84'/0'/0'/0/0 (BIP-32), its address. The output
// is BIP-84's first receiving address.
func Example_bip84() {
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
	key, err := master.Derive("m/84'/0'/0'/0/0")
	if err != nil {
		log.Fatal(err)
	}
	defer key.Zero()

	pub, err := key.PublicKey()
	if err != nil {
		log.Fatal(err)
	}
	addr, err := address.P2WPKH(pub, address.Mainnet)
	if err != nil {
		log.Fatal(err)
	}
	script, _ := addr.ScriptPubKey()
	fmt.Println(addr)
	fmt.Println("scriptPubKey:", hex.EncodeToString(script))
	// Output:
	// bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu
	// scriptPubKey: 0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2
}

// A taproot (BIP-86, key path only) address from a mnemonic: the key at
// m/86'/0'/0'/0/0, its BIP-341 output key with no script tree
// (taproot.KeyPathOutput), the address of the output key. The output is
// BIP-86's first receiving address.
func Example_bip86() {
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
	output, _, err := taproot.KeyPathOutput(pub) // the tweaked key, not pub
	if err != nil {
		log.Fatal(err)
	}
	addr, err := address.P2TR(output, address.Mainnet)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(addr)
	// Output:
	// bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr
}

// A nested segwit (BIP-49, P2SH-P2WPKH) address on testnet: BIP-49's
// test vector, account m/49'/1'/0'.
func ExampleP2SHP2WPKH() {
	seed, err := bip39.Seed(mnemonic, "")
	if err != nil {
		log.Fatal(err)
	}
	master, err := bip32.NewMaster(seed, bip32.Uprv)
	clear(seed)
	if err != nil {
		log.Fatal(err)
	}
	defer master.Zero()
	key, err := master.Derive("m/49'/1'/0'/0/0")
	if err != nil {
		log.Fatal(err)
	}
	defer key.Zero()
	pub, _ := key.PublicKey()
	addr, err := address.P2SHP2WPKH(pub, address.Testnet)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(addr, addr.Type())
	// Output:
	// 2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2 p2sh
}

// Decode an address a user typed for the wallet's network: its type, its
// program and the scriptPubKey to pay to. An address of another network is
// an error that says which.
func ExampleDecode() {
	addr, err := address.Decode("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", address.Mainnet)
	if err != nil {
		log.Fatal(err)
	}
	script, _ := addr.ScriptPubKey()
	fmt.Println(addr, addr.Type(), addr.WitnessVersion())
	fmt.Printf("program %x\nscriptPubKey %x\n", addr.Program(), script)

	_, err = address.Decode("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", address.Mainnet)
	fmt.Println(errors.Is(err, address.ErrWrongNetwork), err)
	// Output:
	// bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 p2wpkh 0
	// program 751e76e8199196d454941c45d1b3a323f1433bd6
	// scriptPubKey 0014751e76e8199196d454941c45d1b3a323f1433bd6
	// true address: invalid address: wrong network: an address for testnet or signet, not mainnet
}

// Verify a Bitcoin signed message (BIP-137) against an address string, as
// verifymessage does: the signature must recover a key whose address of
// the claimed type has the address's 20-byte program, and the claimed type
// must be the address's own, since a P2PKH and a P2WPKH address of one key
// share their hash. (The signature is ExampleSignMessage's in package
// ecdsa, made by the key 1.)
func ExampleDecode_signedMessage() {
	msg := []byte("vires is numeris")
	sig, _ := base64.StdEncoding.DecodeString("KF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=")
	own := map[ecdsa.AddressType]address.Type{
		ecdsa.AddressP2PKHUncompressed: address.TypeP2PKH,
		ecdsa.AddressP2PKH:             address.TypeP2PKH,
		ecdsa.AddressP2SHP2WPKH:        address.TypeP2SH,
		ecdsa.AddressP2WPKH:            address.TypeP2WPKH,
	}
	for _, s := range []string{
		"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", // the key's P2WPKH address
		"1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH",         // its P2PKH address: same hash, other type
	} {
		a, err := address.Decode(s, address.Mainnet)
		if err != nil {
			log.Fatal(err)
		}
		claimed, ok := ecdsa.VerifyMessageHash160(a.Program(), msg, sig)
		fmt.Println(s, ok && own[claimed] == a.Type())
	}
	// Output:
	// bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 true
	// 1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH false
}
