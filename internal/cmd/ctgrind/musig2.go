package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/musig2"
	"github.com/p256k1/secp256k1/schnorr"
)

func init() {
	register("musig2: NonceGen (given and crypto/rand randomness), Sign, DeterministicSign, Adapt, ExtractAdaptor", runMuSig2)
}

// runMuSig2 runs the secret-handling operations of package musig2 for each
// key of keys, as the first of two signers (the second is an unmarked
// key): NonceGen on a secret key and secret randomness (given, and from
// crypto/rand, which the library marks), Session.Sign with the secret
// nonce and key, DeterministicSign with a secret key and randomness, Adapt
// with a secret adaptor secret, and ExtractAdaptor on secret signatures.
// Revealed: the validity of the inputs, the public nonce and the partial
// signature (declassified in the library, as libsecp256k1 does); each
// result is checked against the same operation on unmarked copies, and
// the extracted adaptor secret must still be secret.
func runMuSig2() {
	other := mustKey(keys[2])
	for i, k := range keys {
		runMuSig2Key(i, mustHex(k), other)
	}
	fmt.Fprintf(os.Stderr, "ctgrind: musig2: %d keys: NonceGen (given and crypto/rand randomness), Session.Sign, "+
		"DeterministicSign, adaptor sessions with Adapt and ExtractAdaptor\n", len(keys))
}

func runMuSig2Key(i int, keyBytes []byte, other *secp256k1.PrivateKey) {
	what := fmt.Sprintf("musig2 key %d", i)
	plain := mustKey(keys[i])
	secret(keyBytes)
	priv, err := secp256k1.NewPrivateKey(keyBytes)
	publicErr(&err)
	if err != nil {
		fail("%s: NewPrivateKey: %v", what, err)
		return
	}
	pk := plain.PublicKey().BytesCompressed()
	opk := other.PublicKey().BytesCompressed()
	cache, err := musig2.KeyAgg([][]byte{pk, opk})
	if err != nil {
		fail("%s: KeyAgg: %v", what, err)
		return
	}
	aggpk := cache.XOnlyPublicKey().Bytes()
	msg := sha256.Sum256([]byte(what))

	// NonceGen with secret randomness and key, against unmarked inputs.
	rnd := sha256.Sum256([]byte(what + " rand"))
	plainRand := rnd
	secret(rnd[:])
	opts := func(k *secp256k1.PrivateKey, r []byte) *musig2.NonceOptions {
		return &musig2.NonceOptions{SecretKey: k, AggregateKey: aggpk, Message: msg[:], ExtraInput: []byte("ctgrind"), Rand: r}
	}
	sn, pn, err := musig2.NonceGen(pk, opts(priv, rnd[:]))
	publicErr(&err)
	if err != nil {
		fail("%s: NonceGen: %v", what, err)
		return
	}
	_, wantPN, err := musig2.NonceGen(pk, opts(plain, plainRand[:]))
	if err != nil || !bytes.Equal(pn, wantPN) {
		fail("%s: NonceGen on secret inputs gave public nonce %x, want %x (%v)", what, pn, wantPN, err)
	}
	osn, opn, err := musig2.NonceGen(opk, &musig2.NonceOptions{SecretKey: other})
	if err != nil {
		fail("%s: the other signer's NonceGen: %v", what, err)
		return
	}
	agg, err := musig2.NonceAgg([][]byte{pn, opn})
	if err != nil {
		fail("%s: NonceAgg: %v", what, err)
		return
	}
	sess, err := musig2.NewSession(cache, agg, msg[:])
	if err != nil {
		fail("%s: NewSession: %v", what, err)
		return
	}
	psig, err := sess.Sign(sn, priv)
	publicErr(&err)
	if err != nil {
		fail("%s: Sign: %v", what, err)
		return
	}
	public(psig)
	opsig, err := sess.Sign(osn, other)
	if err != nil || !sess.PartialVerify(psig, pn, pk) {
		fail("%s: the partial signature does not verify (%v)", what, err)
		return
	}
	sig, err := sess.Aggregate([][]byte{psig, opsig})
	if err != nil || !schnorr.Verify(cache.XOnlyPublicKey(), msg[:], sig) {
		fail("%s: the MuSig2 signature does not verify (%v)", what, err)
	}

	// NonceGen with randomness from crypto/rand (marked by the library).
	if _, _, err := musig2.NonceGen(pk, &musig2.NonceOptions{SecretKey: priv, Message: msg[:]}); err != nil {
		publicErr(&err)
		fail("%s: NonceGen(crypto/rand): %v", what, err)
	}

	// DeterministicSign with a secret key and randomness, as the second
	// signer of a fresh session.
	_, opn, err = musig2.NonceGen(opk, &musig2.NonceOptions{SecretKey: other})
	if err != nil {
		fail("%s: NonceGen: %v", what, err)
		return
	}
	drand := sha256.Sum256([]byte(what + " det rand"))
	plainDrand := drand
	secret(drand[:])
	dpn, dpsig, err := musig2.DeterministicSign(priv, opn, cache, msg[:], drand[:])
	publicErr(&err)
	if err != nil {
		fail("%s: DeterministicSign: %v", what, err)
		return
	}
	public(dpn)
	public(dpsig)
	wpn, wpsig, err := musig2.DeterministicSign(plain, opn, cache, msg[:], plainDrand[:])
	if err != nil || !bytes.Equal(dpn, wpn) || !bytes.Equal(dpsig, wpsig) {
		fail("%s: DeterministicSign on secret inputs differs from unmarked inputs (%v)", what, err)
	}
	dagg, _ := musig2.NonceAgg([][]byte{dpn, opn})
	dsess, err := musig2.NewSession(cache, dagg, msg[:])
	if err != nil || !dsess.PartialVerify(dpsig, dpn, pk) {
		fail("%s: the deterministic partial signature does not verify (%v)", what, err)
	}

	runMuSig2Adaptor(what, priv, plain, other, cache, msg[:])
}

// runMuSig2Adaptor signs in an adaptor session, adapts the pre-signature
// with a secret adaptor secret, and extracts it again from secret
// signatures.
func runMuSig2Adaptor(what string, priv, plain, other *secp256k1.PrivateKey, cache *musig2.KeyAggCache, msg []byte) {
	tKey := mustKey(keys[3])
	T := tKey.PublicKey().BytesCompressed()
	pk, opk := plain.PublicKey().BytesCompressed(), other.PublicKey().BytesCompressed()
	sn, pn, err := musig2.NonceGen(pk, &musig2.NonceOptions{SecretKey: priv})
	publicErr(&err)
	osn, opn, err2 := musig2.NonceGen(opk, nil)
	if err != nil || err2 != nil {
		fail("%s: adaptor NonceGen: %v, %v", what, err, err2)
		return
	}
	agg, _ := musig2.NonceAgg([][]byte{pn, opn})
	sess, err := musig2.NewAdaptorSession(cache, agg, msg, T)
	if err != nil {
		fail("%s: NewAdaptorSession: %v", what, err)
		return
	}
	psig, err := sess.Sign(sn, priv)
	publicErr(&err)
	opsig, err2 := sess.Sign(osn, other)
	if err != nil || err2 != nil {
		fail("%s: adaptor Sign: %v, %v", what, err, err2)
		return
	}
	public(psig)
	pre, err := sess.Aggregate([][]byte{psig, opsig})
	if err != nil {
		fail("%s: Aggregate: %v", what, err)
		return
	}
	odd, _ := sess.NonceParity()

	// Adapt with the secret t: the signature is secret until published.
	t := tKey.Bytes()
	secret(t)
	sig, err := musig2.Adapt(pre, t, odd)
	publicErr(&err)
	if err != nil {
		fail("%s: Adapt: %v", what, err)
		return
	}
	sigPub := bytes.Clone(sig)
	reveal(what+": Adapt result (s)", sigPub[32:])
	public(sigPub)
	if !schnorr.Verify(cache.XOnlyPublicKey(), msg, sigPub) {
		fail("%s: the adapted signature does not verify", what)
	}

	// ExtractAdaptor on secret signatures: the result stays secret.
	secSig, secPre := bytes.Clone(sigPub), bytes.Clone(pre)
	secret(secSig)
	secret(secPre)
	got, err := musig2.ExtractAdaptor(secSig, secPre, odd)
	publicErr(&err)
	if err != nil {
		fail("%s: ExtractAdaptor: %v", what, err)
		return
	}
	if !bytes.Equal(reveal(what+": ExtractAdaptor result", got), tKey.Bytes()) {
		fail("%s: ExtractAdaptor did not recover t", what)
	}
}
