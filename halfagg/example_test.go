package halfagg_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/halfagg"
	"github.com/p256k1/secp256k1/schnorr"
)

// Half-aggregation of 100 BIP-340 signatures, by 100 signers on 100
// messages, into one aggregate of 32·101 bytes, and its verification
// against the (key, message) pairs.
func Example() {
	const n = 100
	pubkeys := make([]*secp256k1.XOnlyPublicKey, n)
	msgs := make([][]byte, n)
	sigs := make([][]byte, n)
	for i := range n {
		// Each signer signs its own 32-byte message (keys derived from a
		// hash here, for a reproducible example; real keys come from
		// secp256k1.GenerateKey).
		seed := sha256.Sum256(fmt.Appendf(nil, "signer %d", i))
		priv, err := secp256k1.NewPrivateKey(seed[:])
		if err != nil {
			panic(err)
		}
		pubkeys[i], _ = priv.PublicKey().XOnly()
		msg := sha256.Sum256(fmt.Appendf(nil, "message %d", i))
		msgs[i] = msg[:]
		if sigs[i], err = schnorr.Sign(priv, msgs[i]); err != nil {
			panic(err)
		}
	}

	// Anyone holding the signatures can aggregate them.
	agg, err := halfagg.Aggregate(pubkeys, msgs, sigs)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d signatures: %d bytes, aggregated: %d bytes\n", n, n*schnorr.SignatureSize, len(agg))

	// The verifier needs the keys and messages in the same order.
	fmt.Println("valid:", halfagg.VerifyAggregate(agg, pubkeys, msgs))
	msgs[0], msgs[1] = msgs[1], msgs[0]
	fmt.Println("with two messages swapped:", halfagg.VerifyAggregate(agg, pubkeys, msgs))
	// Output:
	// 100 signatures: 6400 bytes, aggregated: 3232 bytes
	// valid: true
	// with two messages swapped: false
}
