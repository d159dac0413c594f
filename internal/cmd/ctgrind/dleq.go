package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/dleq"
)

func init() {
	register("dleq: Prove (crypto/rand), ProveWithAux (standard and custom generator, with and without a message)", func() {
		for i, k := range keys {
			runDLEQ(i, mustHex(k))
		}
	})
}

// runDLEQ proves with a secret key a and secret auxiliary randomness,
// for the standard generator and a custom one, with and without a
// message, and with randomness from crypto/rand (marked by the library).
// Revealed: the validity of the inputs and the proof (A, C, R1, R2, e and
// s are public; the library declassifies them). Each proof is compared
// with the proof from unmarked inputs and verified.
func runDLEQ(i int, keyBytes []byte) {
	what := fmt.Sprintf("dleq key %d", i)
	plain := mustKey(keys[i])
	kb := bytes.Clone(keyBytes)
	secret(kb)
	a, err := secp256k1.NewPrivateKey(kb)
	publicErr(&err)
	if err != nil {
		fail("%s: NewPrivateKey: %v", what, err)
		return
	}
	B := mustKey(remoteKey).PublicKey()
	g := mustKey(keys[(i+1)%len(keys)]).PublicKey()
	msg := sha256.Sum256([]byte(what))
	for _, opts := range []*dleq.Options{nil, {Message: msg[:]}, {Generator: g}, {Generator: g, Message: msg[:]}} {
		aux := sha256.Sum256([]byte(what + " aux"))
		plainAux := aux
		secret(aux[:])
		proof, err := dleq.ProveWithAux(a, B, aux[:], opts)
		publicErr(&err)
		if err != nil {
			fail("%s: ProveWithAux: %v", what, err)
			continue
		}
		want, err := dleq.ProveWithAux(plain, B, plainAux[:], opts)
		if err != nil || !bytes.Equal(proof, want) {
			fail("%s: ProveWithAux on secret inputs differs from unmarked inputs (%v)", what, err)
		}
		A, C := plain.PublicKey(), referenceKey(mustECDHPoint(plain, B))
		if opts != nil && opts.Generator != nil {
			A = referenceKey(must(g.TweakMul(plain.Bytes())))
		}
		if !dleq.Verify(A, B, C, proof, opts) {
			fail("%s: the proof does not verify", what)
		}
		rp, err := dleq.Prove(a, B, opts)
		publicErr(&err)
		if err != nil || !dleq.Verify(A, B, C, rp, opts) {
			fail("%s: Prove: %v", what, err)
		}
	}
}

// mustECDHPoint is k·P for unmarked inputs.
func mustECDHPoint(k *secp256k1.PrivateKey, p *secp256k1.PublicKey) *secp256k1.PublicKey {
	c, err := k.ECDHPoint(p)
	if err != nil {
		panic(err)
	}
	return c
}

// referenceKey returns k, a key the harness computed on unmarked inputs,
// rebuilt from its declassified encoding (reference): the blinded k·P
// behind it makes memcheck see it as secret.
func referenceKey(k *secp256k1.PublicKey) *secp256k1.PublicKey {
	return must(secp256k1.NewPublicKey(reference(k.BytesCompressed())))
}
