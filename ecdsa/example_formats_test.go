package ecdsa_test

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
)

// A Bitcoin signed message (signmessage / verifymessage, BIP-137): the
// header byte says which address type the key's owner claims, here native
// segwit (P2WPKH, bc1q…).
func ExampleSignMessage() {
	b, _ := hex.DecodeString("0000000000000000000000000000000000000000000000000000000000000001")
	priv, _ := secp256k1.NewPrivateKey(b)
	msg := []byte("vires is numeris")

	sig, err := ecdsa.SignMessage(priv, msg, ecdsa.AddressP2WPKH)
	if err != nil {
		panic(err)
	}
	fmt.Println(base64.StdEncoding.EncodeToString(sig)) // what wallets show

	// Against a public key:
	typ, ok := ecdsa.VerifyMessage(priv.PublicKey(), msg, sig)
	fmt.Println(ok, typ)

	// Against an address: its 20-byte payload (here the witness program of
	// bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4, decoded by the caller).
	program, _ := hex.DecodeString("751e76e8199196d454941c45d1b3a323f1433bd6")
	typ, ok = ecdsa.VerifyMessageHash160(program, msg, sig)
	fmt.Println(ok, typ)

	// Or recover the key and the claimed type, as verifymessage does.
	pub, typ, _ := ecdsa.RecoverMessage(msg, sig)
	h160, _ := typ.Hash160(pub)
	fmt.Printf("%x\n", h160)
	// Output:
	// KF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=
	// true P2WPKH
	// true P2WPKH
	// 751e76e8199196d454941c45d1b3a323f1433bd6
}

// Ethereum's 65-byte r ‖ s ‖ v: sign a 32-byte Keccak-256 hash (here the
// EIP-155 example transaction's), recover the signer's key, and read a v
// of 27/28 or EIP-155's 35 + 2·chainID. The address is the last 20 bytes
// of Keccak-256(pub.BytesUncompressed()[1:]), which needs a Keccak-256
// (go-ethereum's crypto.PubkeyToAddress).
func ExampleSignEthereum() {
	b, _ := hex.DecodeString("4646464646464646464646464646464646464646464646464646464646464646")
	priv, _ := secp256k1.NewPrivateKey(b)
	hash, _ := hex.DecodeString("daf5a779ae972f972197303d7b574746c7ef83eadac0f2791ad23db92e4c8e53")

	sig, err := ecdsa.SignEthereum(priv, hash) // v = 0 or 1, like go-ethereum's crypto.Sign
	if err != nil {
		panic(err)
	}
	fmt.Printf("r ‖ s ‖ v = %x\n", sig)

	pub, err := ecdsa.RecoverEthereum(hash, sig) // crypto.SigToPub
	if err != nil {
		panic(err)
	}
	fmt.Println(pub.Equal(priv.PublicKey()))

	// A legacy transaction on chain 1 carries v = 35 + 2·1 + recovery id.
	sig[64] += 37
	parsed, recID, err := ecdsa.ParseEthereumSignatureChainID(sig, 1)
	if err != nil {
		panic(err)
	}
	pub, _ = ecdsa.RecoverPublicKey(hash, parsed, recID)
	fmt.Println(recID, pub.Equal(priv.PublicKey()))

	_, _, err = ecdsa.ParseEthereumSignatureChainID(sig, 5)
	fmt.Println(err)
	// Output:
	// r ‖ s ‖ v = 28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa63627667cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d8300
	// true
	// 0 true
	// ecdsa: invalid recovery id: Ethereum v = 37 is EIP-155 for chain ID 1, want chain ID 5
}
