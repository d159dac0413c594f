package crypto_test

import (
	"encoding/hex"
	"fmt"
	"log"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/geth/crypto"
)

// An Ethereum signature and address, as go-ethereum code writes them with
// only the import changed: the key and the transaction hash of EIP-155's
// example, the 65-byte [R || S || V] signature, the signer recovered from
// it, and the address (the last 20 bytes of Keccak-256 of the public key).
func Example() {
	key, err := crypto.HexToECDSA("4646464646464646464646464646464646464646464646464646464646464646")
	if err != nil {
		log.Fatal(err)
	}
	// The signing hash of EIP-155's example transaction (crypto.Keccak256
	// of its RLP encoding).
	hash, _ := hex.DecodeString("daf5a779ae972f972197303d7b574746c7ef83eadac0f2791ad23db92e4c8e53")
	sig, err := crypto.Sign(hash, key)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("signature %x\n", sig)

	signer, err := crypto.SigToPub(hash, sig)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("signer   ", crypto.PubkeyToAddress(*signer))
	fmt.Println("key's    ", crypto.PubkeyToAddress(key.PublicKey))

	// The address of a key of the library (github.com/p256k1/secp256k1).
	priv, err := secp256k1.PrivateKeyFromECDSA(key)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("library  ", crypto.PubkeyToAddress(*priv.PublicKey().ToECDSA()))
	// Output:
	// signature 28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa63627667cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d8300
	// signer    0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F
	// key's     0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F
	// library   0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F
}
