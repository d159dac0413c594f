package chilldkg_test

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1/frost"
	"github.com/p256k1/secp256k1/frost/chilldkg"
	"github.com/p256k1/secp256k1/schnorr"
)

// A 2-of-3 ChillDKG session run in process (the messages would travel
// through the coordinator over a network), then a FROST signature by
// participants 1 and 2 with the keys it made.
func Example() {
	// Each participant has a long-term host key; the session parameters
	// list the host public keys in an agreed order.
	hostseckeys := make([][]byte, 3)
	params := chilldkg.SessionParams{T: 2}
	for i := range hostseckeys {
		hostseckeys[i] = make([]byte, 32)
		rand.Read(hostseckeys[i])
		pk, err := chilldkg.HostPubkey(hostseckeys[i])
		if err != nil {
			panic(err)
		}
		params.HostPubkeys = append(params.HostPubkeys, pk)
	}

	// Round 1: participants → coordinator → participants.
	states1 := make([]*chilldkg.ParticipantState1, 3)
	pmsgs1 := make([][]byte, 3)
	for i, sk := range hostseckeys {
		var err error
		if states1[i], pmsgs1[i], err = chilldkg.ParticipantStep1(sk, params, nil); err != nil {
			panic(err)
		}
	}
	cstate, cmsg1, err := chilldkg.CoordinatorStep1(pmsgs1, params)
	if err != nil {
		panic(err)
	}

	// Round 2: each participant checks cmsg1, decrypts its share and signs
	// the transcript; the coordinator collects the certificate.
	states2 := make([]*chilldkg.ParticipantState2, 3)
	pmsgs2 := make([][]byte, 3)
	for i, sk := range hostseckeys {
		if states2[i], pmsgs2[i], err = chilldkg.ParticipantStep2(sk, states1[i], cmsg1, nil); err != nil {
			panic(err)
		}
	}
	cmsg2, coordOut, recovery, err := chilldkg.CoordinatorFinalize(cstate, pmsgs2)
	if err != nil {
		panic(err)
	}
	outs := make([]*chilldkg.DKGOutput, 3)
	agree := true
	for i := range states2 {
		var rec []byte
		if outs[i], rec, err = chilldkg.ParticipantFinalize(states2[i], cmsg2); err != nil {
			panic(err)
		}
		agree = agree && bytes.Equal(outs[i].ThresholdPublicKey, coordOut.ThresholdPublicKey) && bytes.Equal(rec, recovery)
	}
	fmt.Println("everybody has the same threshold key and recovery data:", agree)

	// A participant that loses its state recovers its share from its host
	// key and the recovery data.
	recovered, _, err := chilldkg.ParticipantRecover(hostseckeys[1], recovery)
	if err != nil {
		panic(err)
	}
	fmt.Println("recovered share is participant 1's:", bytes.Equal(recovered.SecretShare.Bytes(), outs[1].SecretShare.Bytes()))

	// FROST signing by participants 1 and 2.
	ids := []int{1, 2}
	signers, err := frost.NewSignersContext(3, 2, ids,
		[][]byte{coordOut.PublicShares[1], coordOut.PublicShares[2]}, coordOut.ThresholdPublicKey)
	if err != nil {
		panic(err)
	}
	msg := sha256.Sum256([]byte("signed by the group"))
	secnonces := make([]*frost.SecretNonce, 2)
	pubnonces := make([][]byte, 2)
	for i, id := range ids {
		if secnonces[i], pubnonces[i], err = frost.NonceGen(&frost.NonceOptions{SecretShare: outs[id].SecretShare, Message: msg[:]}); err != nil {
			panic(err)
		}
	}
	aggnonce, _ := frost.NonceAgg(pubnonces)
	session, err := frost.NewSession(signers, nil, aggnonce, msg[:])
	if err != nil {
		panic(err)
	}
	psigs := make([][]byte, 2)
	for i, id := range ids {
		if psigs[i], err = session.Sign(secnonces[i], outs[id].SecretShare, id); err != nil {
			panic(err)
		}
	}
	sig, _ := session.Aggregate(psigs)
	tweaks, _ := frost.NewTweakContext(coordOut.ThresholdPublicKey)
	fmt.Println("FROST signature valid:", schnorr.Verify(tweaks.XOnlyPublicKey(), msg[:], sig))
	// Output:
	// everybody has the same threshold key and recovery data: true
	// recovered share is participant 1's: true
	// FROST signature valid: true
}
