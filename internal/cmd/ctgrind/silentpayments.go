package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"

	"github.com/p256k1/secp256k1"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

func init() {
	register("silentpayments: CreateOutputs (input key sum with taproot negation, shared secrets, outputs; zero sum), "+
		"NewReceiver, LabeledAddress, Scan, ScanTweak, FoundOutput.PrivateKey", runSilentPayments)
}

// runSilentPayments checks the secret-handling parts of BIP-352. Sender:
// CreateOutputs on the secret keys of keys (plain and taproot inputs, both
// parities of the public key) to a receiver's address, one of its labeled
// addresses and a second scan key's address, compared with the outputs of
// unmarked keys; and a zero sum, of which only the failure is revealed.
// Receiver: a secret scan key (NewReceiver, the label tweaks of
// LabeledAddress), Scan and ScanTweak of that transaction; the found
// tweaks must still be secret, and each gives the output's key; then
// FoundOutput.PrivateKey with a secret spend key, whose result must still
// be secret. Revealed: the outputs, A (the sum's public key), whether the
// sum is zero, the candidates P_k (see the package documentation) and the
// validity of each step.
func runSilentPayments() {
	outpoints := []sp.Outpoint{{Hash: sha256.Sum256([]byte("ctgrind outpoint")), Index: 1}, {Index: 7}}

	// The receiver: secret scan and spend keys.
	scanPlain, spendPlain := mustKey(keys[2]), mustKey(keys[3])
	scanBytes, spendBytes := mustHex(keys[2]), mustHex(keys[3])
	secret(scanBytes)
	secret(spendBytes)
	scan, err1 := secp256k1.NewPrivateKey(scanBytes)
	spend, err2 := secp256k1.NewPrivateKey(spendBytes)
	publicErr(&err1)
	publicErr(&err2)
	if err1 != nil || err2 != nil {
		fail("silentpayments: NewPrivateKey: %v %v", err1, err2)
		return
	}
	spendPub := spendPlain.PublicKey()
	r, err := sp.NewReceiver(scan, spendPub)
	publicErr(&err)
	if err != nil {
		fail("silentpayments: NewReceiver: %v", err)
		return
	}
	plainR, err := sp.NewReceiver(scanPlain, spendPub)
	if err != nil {
		fail("silentpayments: NewReceiver (unmarked): %v", err)
		return
	}
	addr, err1 := r.Address(sp.Mainnet)
	labeled, err2 := r.LabeledAddress(sp.Mainnet, 7)
	wantLabeled, err3 := plainR.LabeledAddress(sp.Mainnet, 7)
	if err1 != nil || err2 != nil || err3 != nil || !labeled.SpendKey.Equal(wantLabeled.SpendKey) {
		fail("silentpayments: addresses: %v %v %v", err1, err2, err3)
		return
	}
	other := &sp.Address{ScanKey: mustKey(remoteKey).PublicKey(), SpendKey: mustKey(keys[0]).PublicKey()}
	recipients := []*sp.Address{addr, other, labeled}

	// The sender: every key of keys as an input, alternately plain and
	// taproot.
	var inputs, plainInputs []sp.SenderInput
	var inKeys []*secp256k1.PublicKey
	for i, k := range keys {
		kb := mustHex(k)
		secret(kb)
		priv, err := secp256k1.NewPrivateKey(kb)
		publicErr(&err)
		if err != nil {
			fail("silentpayments: NewPrivateKey: %v", err)
			return
		}
		taproot := i%2 == 1
		inputs = append(inputs, sp.SenderInput{Key: priv, Taproot: taproot})
		plainKey := mustKey(k)
		plainInputs = append(plainInputs, sp.SenderInput{Key: plainKey, Taproot: taproot})
		pub := plainKey.PublicKey()
		if taproot {
			x, _ := pub.XOnly()
			pub = x.PublicKey()
		}
		inKeys = append(inKeys, pub)
	}
	outs, err := sp.CreateOutputs(inputs, outpoints, recipients)
	publicErr(&err)
	if err != nil {
		fail("silentpayments: CreateOutputs: %v", err)
		return
	}
	want, err := sp.CreateOutputs(plainInputs, outpoints, recipients)
	if err != nil {
		fail("silentpayments: CreateOutputs (unmarked): %v", err)
		return
	}
	txOutputs := make([][]byte, len(outs))
	for i := range outs {
		if txOutputs[i] = outs[i].Bytes(); !bytes.Equal(txOutputs[i], want[i].Bytes()) {
			fail("silentpayments: CreateOutputs on secret keys differs from unmarked keys (output %d)", i)
		}
	}
	neg := inputs[0].Key.Negate()
	if _, err := sp.CreateOutputs([]sp.SenderInput{inputs[0], {Key: neg}}, outpoints, recipients); !errors.Is(err, sp.ErrZeroSum) {
		publicErr(&err)
		fail("silentpayments: CreateOutputs of k and -k: %v, want ErrZeroSum", err)
	}

	// The receiver scans the transaction, from the inputs and from the
	// tweak data.
	tweak, err := sp.TweakData(inKeys, outpoints)
	if err != nil {
		fail("silentpayments: TweakData: %v", err)
		return
	}
	found, err := r.Scan(inKeys, outpoints, txOutputs)
	publicErr(&err)
	byTweak, err2 := r.ScanTweak(tweak, txOutputs)
	publicErr(&err2)
	if err != nil || err2 != nil || len(found) != 2 || len(byTweak) != 2 {
		fail("silentpayments: Scan found %d, %v; ScanTweak %d, %v; want 2 outputs", len(found), err, len(byTweak), err2)
		return
	}
	for i, f := range append(found, byTweak...) {
		tw := reveal(fmt.Sprintf("silentpayments: found output %d's tweak", i), bytes.Clone(f.Tweak[:]))
		p, err := spendPub.TweakAdd(tw)
		if x, _ := p.XOnly(); err != nil || !bytes.Equal(x.Bytes(), txOutputs[f.Index]) {
			fail("silentpayments: found output %d is not B_spend + tweak·G", i)
		}
		priv, err := f.PrivateKey(spend)
		publicErr(&err)
		if err != nil {
			fail("silentpayments: PrivateKey: %v", err)
			continue
		}
		kb := reveal(fmt.Sprintf("silentpayments: found output %d's private key", i), priv.Bytes())
		wantKey, _ := spendPlain.TweakAdd(tw)
		if !bytes.Equal(kb, wantKey.Bytes()) {
			fail("silentpayments: found output %d's private key differs from unmarked keys", i)
		}
	}
	fmt.Fprintf(os.Stderr, "ctgrind: silentpayments: %d secret input keys (plain and taproot), 3 recipients in 2 groups, "+
		"a zero sum; a secret scan key with a label; Scan, ScanTweak and PrivateKey\n", len(keys))
}
