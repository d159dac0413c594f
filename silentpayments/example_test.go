package silentpayments_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/schnorr"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

// A silent payment from Alice to Bob: Bob publishes one static address;
// Alice derives a fresh taproot output for it from her input keys; Bob
// finds the output by scanning the transaction with his scan key, and
// spends it with his spend key.
func Example() {
	// Bob's wallet: a scan key (online) and a spend key (may stay
	// offline); his address is public.
	bScan, _ := secp256k1.GenerateKey(nil)
	bSpend, _ := secp256k1.GenerateKey(nil)
	bob, err := sp.NewReceiver(bScan, bSpend.PublicKey())
	if err != nil {
		panic(err)
	}
	addr, _ := bob.Address(sp.Mainnet)
	published, _ := addr.Encode()
	fmt.Println("Bob's address starts with", published[:4])

	// Alice spends a taproot output and a P2WPKH output. The outpoints
	// are those of all her transaction's inputs.
	a1, _ := secp256k1.GenerateKey(nil)
	a2, _ := secp256k1.GenerateKey(nil)
	inputs := []sp.SenderInput{{Key: a1, Taproot: true}, {Key: a2}}
	outpoints := []sp.Outpoint{
		{Hash: sha256.Sum256([]byte("a funding transaction")), Index: 0},
		{Hash: sha256.Sum256([]byte("another one")), Index: 3},
	}
	recipient, err := sp.ParseAddress(published)
	if err != nil {
		panic(err)
	}
	outs, err := sp.CreateOutputs(inputs, outpoints, []*sp.Address{recipient})
	if err != nil {
		panic(err)
	}
	paid := outs[0].Bytes() // the key of the P2TR output OP_1 <paid>

	// Bob sees the transaction: the input keys as InputPublicKey extracts
	// them from each input (the P2TR one from its output script, which
	// holds the x-only key), the outpoints and the taproot outputs, among
	// them someone else's change.
	x1, _ := a1.PublicKey().XOnly()
	p2tr := append([]byte{0x51, 0x20}, x1.Bytes()...)
	k1, _ := sp.InputPublicKey(p2tr, nil, [][]byte{make([]byte, 64)})
	k2 := a2.PublicKey() // InputPublicKey takes it from the P2WPKH witness
	change, _ := secp256k1.GenerateKey(nil)
	changeKey, _ := change.PublicKey().XOnly()
	txOutputs := [][]byte{changeKey.Bytes(), paid}
	found, err := bob.Scan([]*secp256k1.PublicKey{k1, k2}, outpoints, txOutputs)
	if err != nil {
		panic(err)
	}
	fmt.Println("outputs found:", len(found))
	fmt.Println("found the paid output:", bytes.Equal(txOutputs[found[0].Index], paid))

	// Bob spends it: his spend key plus the output's tweak.
	priv, err := found[0].PrivateKey(bSpend)
	if err != nil {
		panic(err)
	}
	sighash := sha256.Sum256([]byte("the spending transaction's sighash"))
	sig, _ := schnorr.Sign(priv, sighash[:])
	fmt.Println("signature valid for the output key:", schnorr.Verify(outs[0], sighash[:], sig))

	// A light client gets the transaction's 33-byte tweak data from an
	// index server instead of its inputs.
	tweak, _ := sp.TweakData([]*secp256k1.PublicKey{k1, k2}, outpoints)
	light, _ := bob.ScanTweak(tweak, txOutputs)
	fmt.Println("light client found:", len(light))
	// Output:
	// Bob's address starts with sp1q
	// outputs found: 1
	// found the paid output: true
	// signature valid for the output key: true
	// light client found: 1
}
