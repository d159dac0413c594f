package frost_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/frost"
	"github.com/p256k1/secp256k1/schnorr"
)

// A 2-of-3 FROST signature for a taproot key-path spend: a trusted dealer
// splits a key into three shares, the threshold key is the taproot
// internal key, and participants 0 and 2 sign for the BIP-341 output key.
func Example() {
	dealt, err := frost.DealerKeyGen(2, 3, nil, nil)
	if err != nil {
		panic(err)
	}
	// Each participant checks the share the dealer sent it.
	for id, share := range dealt.SecretShares {
		if !frost.VerifyShare(dealt.Commitment, id, share) {
			panic("bad share")
		}
	}

	// Everybody: the taproot tweak of the threshold key (no script tree).
	tweaks, err := frost.NewTweakContext(dealt.ThresholdPublicKey)
	if err != nil {
		panic(err)
	}
	if err := tweaks.TaprootTweak(nil); err != nil {
		panic(err)
	}
	output := tweaks.XOnlyPublicKey() // the key in the P2TR output
	internalKey, _ := secp256k1.NewPublicKey(dealt.ThresholdPublicKey)
	internal, _ := internalKey.XOnly()
	want, _, _ := secp256k1.TaprootOutputKey(internal, nil)
	fmt.Println("output key is BIP-341's:", output.Equal(want))

	// The signers of this session: participants 0 and 2.
	ids := []int{0, 2}
	signers, err := frost.NewSignersContext(3, 2, ids,
		[][]byte{dealt.PublicShares[0], dealt.PublicShares[2]}, dealt.ThresholdPublicKey)
	if err != nil {
		panic(err)
	}

	// Round 1: each signer makes a nonce and sends the public half.
	sighash := sha256.Sum256([]byte("the transaction's BIP-341 sighash"))
	msg := sighash[:]
	secnonces := make([]*frost.SecretNonce, len(ids))
	pubnonces := make([][]byte, len(ids))
	for i, id := range ids {
		secnonces[i], pubnonces[i], err = frost.NonceGen(&frost.NonceOptions{
			SecretShare:  dealt.SecretShares[id],
			ThresholdKey: output.Bytes(),
			Message:      msg,
		})
		if err != nil {
			panic(err)
		}
	}
	aggnonce, err := frost.NonceAgg(pubnonces)
	if err != nil {
		panic(err)
	}

	// Round 2: each signer makes the session and signs; the nonce is
	// consumed.
	session, err := frost.NewSession(signers, tweaks, aggnonce, msg)
	if err != nil {
		panic(err)
	}
	psigs := make([][]byte, len(ids))
	for i, id := range ids {
		if psigs[i], err = session.Sign(secnonces[i], dealt.SecretShares[id], id); err != nil {
			panic(err)
		}
	}
	_, err = session.Sign(secnonces[0], dealt.SecretShares[0], 0)
	fmt.Println("second use of a nonce:", err)

	// The coordinator checks the partial signatures and sums them.
	valid := true
	for i := range ids {
		valid = valid && session.PartialVerify(psigs[i], pubnonces[i], i)
	}
	fmt.Println("partial signatures valid:", valid)
	sig, err := session.Aggregate(psigs)
	if err != nil {
		panic(err)
	}
	fmt.Println("BIP-340 signature valid for the output key:", schnorr.Verify(output, msg, sig))
	// Output:
	// output key is BIP-341's: true
	// second use of a nonce: frost: secret nonce is consumed or was never generated
	// partial signatures valid: true
	// BIP-340 signature valid for the output key: true
}
