package musig2_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/musig2"
	"github.com/p256k1/secp256k1/schnorr"
)

// A 2-of-2 MuSig2 session for a taproot key-path spend: the two keys are
// aggregated, the aggregate is the taproot internal key, and the session
// signs for the BIP-341 output key.
func Example() {
	alice, _ := secp256k1.GenerateKey(nil)
	bob, _ := secp256k1.GenerateKey(nil)
	pkA, pkB := alice.PublicKey().BytesCompressed(), bob.PublicKey().BytesCompressed()

	// Both parties: sort and aggregate the keys, apply the taproot tweak
	// (no script tree).
	keys := [][]byte{pkA, pkB}
	musig2.KeySort(keys)
	cache, err := musig2.KeyAgg(keys)
	if err != nil {
		panic(err)
	}
	internal := cache.XOnlyPublicKey()
	if err := cache.TaprootTweak(nil); err != nil {
		panic(err)
	}
	output := cache.XOnlyPublicKey() // the key in the P2TR output
	want, _, _ := secp256k1.TaprootOutputKey(internal, nil)
	fmt.Println("output key is BIP-341's:", output.Equal(want))

	// Round 1: each signer makes a nonce and sends the public half.
	sighash := sha256.Sum256([]byte("the transaction's BIP-341 sighash"))
	msg := sighash[:]
	snA, pnA, err := musig2.NonceGen(pkA, &musig2.NonceOptions{SecretKey: alice, AggregateKey: output.Bytes(), Message: msg})
	if err != nil {
		panic(err)
	}
	snB, pnB, err := musig2.NonceGen(pkB, &musig2.NonceOptions{SecretKey: bob, AggregateKey: output.Bytes(), Message: msg})
	if err != nil {
		panic(err)
	}
	aggnonce, err := musig2.NonceAgg([][]byte{pnA, pnB})
	if err != nil {
		panic(err)
	}

	// Round 2: each signer makes the session and signs; the nonce is
	// consumed.
	session, err := musig2.NewSession(cache, aggnonce, msg)
	if err != nil {
		panic(err)
	}
	psigA, err := session.Sign(snA, alice)
	if err != nil {
		panic(err)
	}
	psigB, err := session.Sign(snB, bob)
	if err != nil {
		panic(err)
	}
	_, err = session.Sign(snA, alice)
	fmt.Println("second use of a nonce:", err)

	// The aggregator checks the partial signatures and sums them.
	fmt.Println("partial signatures valid:", session.PartialVerify(psigA, pnA, pkA) && session.PartialVerify(psigB, pnB, pkB))
	sig, err := session.Aggregate([][]byte{psigA, psigB})
	if err != nil {
		panic(err)
	}
	fmt.Println("BIP-340 signature valid for the output key:", schnorr.Verify(output, msg, sig))
	// Output:
	// output key is BIP-341's: true
	// second use of a nonce: musig2: secret nonce is consumed or was never generated
	// partial signatures valid: true
	// BIP-340 signature valid for the output key: true
}

// An atomic swap with adaptor signatures. Alice and Bob each own a 2-of-2
// output with the other (one on each chain). Alice knows a secret t and
// tells Bob T = t·G. Both spends are signed in adaptor sessions with T:
// the aggregates are pre-signatures, useless without t. When Alice
// completes her spend with t and publishes it, Bob extracts t from the
// published signature and completes his.
func Example_adaptorSwap() {
	alice, _ := secp256k1.GenerateKey(nil)
	bob, _ := secp256k1.GenerateKey(nil)
	adaptorKey, _ := secp256k1.GenerateKey(nil) // Alice's secret t
	t := adaptorKey.Bytes()
	T := adaptorKey.PublicKey().BytesCompressed()

	// presign runs an adaptor session for msg and returns the
	// pre-signature, the session's nonce parity and the cache.
	presign := func(msg []byte) ([]byte, bool, *musig2.KeyAggCache) {
		keys := [][]byte{alice.PublicKey().BytesCompressed(), bob.PublicKey().BytesCompressed()}
		cache, _ := musig2.KeyAgg(keys)
		snA, pnA, _ := musig2.NonceGen(keys[0], &musig2.NonceOptions{SecretKey: alice})
		snB, pnB, _ := musig2.NonceGen(keys[1], &musig2.NonceOptions{SecretKey: bob})
		agg, _ := musig2.NonceAgg([][]byte{pnA, pnB})
		s, err := musig2.NewAdaptorSession(cache, agg, msg, T)
		if err != nil {
			panic(err)
		}
		psigA, _ := s.Sign(snA, alice)
		psigB, _ := s.Sign(snB, bob)
		// Verify every partial signature before relying on the
		// pre-signature.
		if !s.PartialVerify(psigA, pnA, keys[0]) || !s.PartialVerify(psigB, pnB, keys[1]) {
			panic("invalid partial signature")
		}
		pre, _ := s.Aggregate([][]byte{psigA, psigB})
		odd, _ := s.NonceParity()
		return pre, odd, cache
	}
	msgToAlice := []byte("chain 1: pay Alice")
	msgToBob := []byte("chain 2: pay Bob")
	preA, oddA, cacheA := presign(msgToAlice)
	preB, oddB, cacheB := presign(msgToBob)
	fmt.Println("pre-signature valid as a signature:", schnorr.Verify(cacheA.XOnlyPublicKey(), msgToAlice, preA))

	// Alice claims her coins with t, publishing sigA.
	sigA, _ := musig2.Adapt(preA, t, oddA)
	fmt.Println("Alice's spend valid:", schnorr.Verify(cacheA.XOnlyPublicKey(), msgToAlice, sigA))

	// Bob sees sigA on chain 1, extracts t, and claims his coins.
	tBob, _ := musig2.ExtractAdaptor(sigA, preA, oddA)
	fmt.Println("Bob learned t:", bytes.Equal(tBob, t))
	sigB, _ := musig2.Adapt(preB, tBob, oddB)
	fmt.Println("Bob's spend valid:", schnorr.Verify(cacheB.XOnlyPublicKey(), msgToBob, sigB))
	// Output:
	// pre-signature valid as a signature: false
	// Alice's spend valid: true
	// Bob learned t: true
	// Bob's spend valid: true
}
