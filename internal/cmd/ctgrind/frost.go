package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/frost"
	"github.com/p256k1/secp256k1/frost/chilldkg"
	"github.com/p256k1/secp256k1/schnorr"
)

func init() {
	register("frost: DealerKeyGen (secret key and polynomial), VerifyShare, NonceGen (given and crypto/rand randomness), "+
		"Sign, DeterministicSign; frost/chilldkg: HostPubkey, ParticipantStep1, ParticipantStep2, ParticipantFinalize, "+
		"ParticipantInvestigate, ParticipantRecover, RecoveryAckSign", runFROST)
}

// runFROST runs the secret-handling operations of packages frost and
// frost/chilldkg: a trusted-dealer split of a secret key with a secret
// polynomial, FROST signing with the secret shares (nonce generation,
// Sign, DeterministicSign), and a ChillDKG session whose host secret keys
// and randomness are secret, with its investigation and recovery paths.
// Revealed: the validity of the inputs, the public nonces, partial
// signatures, public shares, commitments, messages and host public keys
// (declassified in the library); every secret result (secret shares) must
// still be secret, and each result is checked against the same operation
// on unmarked inputs.
func runFROST() {
	for i := range 2 {
		runFROSTDealer(i)
	}
	runChillDKG()
	runChillDKGInvestigate()
	fmt.Fprintf(os.Stderr, "ctgrind: frost: 2 dealer splits with 2-of-3 sessions (NonceGen, Sign, DeterministicSign); "+
		"chilldkg: a 2-of-3 session, recovery, acknowledgment and an investigation\n")
}

// runFROSTDealer splits keys[i+2] (secret) 2-of-3 with secret coefficients,
// then signs with secret shares 0 and 2.
func runFROSTDealer(i int) {
	what := fmt.Sprintf("frost dealer %d", i)
	keyBytes := mustHex(keys[i+2])
	coeff := sha256.Sum256([]byte(what + " coefficient"))
	plainCoeff := coeff
	secret(keyBytes)
	priv, err := secp256k1.NewPrivateKey(keyBytes)
	publicErr(&err)
	if err != nil {
		fail("%s: NewPrivateKey: %v", what, err)
		return
	}
	d, err := frost.DealerKeyGen(2, 3, priv, &secretReader{data: coeff[:]})
	publicErr(&err)
	if err != nil {
		fail("%s: DealerKeyGen: %v", what, err)
		return
	}
	plain, err := frost.DealerKeyGen(2, 3, mustKey(keys[i+2]), bytes.NewReader(plainCoeff[:]))
	if err != nil {
		fail("%s: DealerKeyGen on unmarked inputs: %v", what, err)
		return
	}
	for j, share := range d.SecretShares {
		b := share.Bytes()
		// Generate marks what it reads secret: the unmarked split's shares
		// are secret too.
		if !bytes.Equal(reveal(fmt.Sprintf("%s: secret share %d", what, j), b), reveal("unmarked share", plain.SecretShares[j].Bytes())) {
			fail("%s: secret share %d differs from the unmarked split", what, j)
		}
		if !bytes.Equal(d.PublicShares[j], plain.PublicShares[j]) {
			fail("%s: public share %d differs", what, j)
		}
		if !frost.VerifyShare(d.Commitment, j, share) {
			fail("%s: VerifyShare(%d) = false", what, j)
		}
	}
	runFROSTSession(what, d)
}

// runFROSTSession signs with the dealer's shares 0 and 2 (secret) in a
// NonceGen session and with DeterministicSign for the second signer.
func runFROSTSession(what string, d *frost.DealerOutput) {
	ids := []int{0, 2}
	sc, err := frost.NewSignersContext(3, 2, ids, [][]byte{d.PublicShares[0], d.PublicShares[2]}, d.ThresholdPublicKey)
	if err != nil {
		fail("%s: NewSignersContext: %v", what, err)
		return
	}
	tc, err := frost.NewTweakContext(d.ThresholdPublicKey)
	if err == nil {
		err = tc.TaprootTweak(nil)
	}
	if err != nil {
		fail("%s: tweak: %v", what, err)
		return
	}
	tpk := tc.XOnlyPublicKey().Bytes()
	msg := sha256.Sum256([]byte(what + " message"))
	sns := make([]*frost.SecretNonce, 2)
	pns := make([][]byte, 2)
	for k, id := range ids {
		rnd := sha256.Sum256([]byte(fmt.Sprintf("%s nonce %d", what, k)))
		plainRnd := rnd
		secret(rnd[:])
		opts := func(r []byte) *frost.NonceOptions {
			return &frost.NonceOptions{SecretShare: d.SecretShares[id], PublicShare: d.PublicShares[id], ThresholdKey: tpk, Message: msg[:], ExtraInput: []byte("ctgrind"), Rand: r}
		}
		sns[k], pns[k], err = frost.NonceGen(opts(rnd[:]))
		publicErr(&err)
		if err != nil {
			fail("%s: NonceGen: %v", what, err)
			return
		}
		if _, want, err := frost.NonceGen(opts(plainRnd[:])); err != nil || !bytes.Equal(pns[k], want) {
			fail("%s: NonceGen on secret inputs gave %x, want %x (%v)", what, pns[k], want, err)
		}
	}
	// NonceGen with crypto/rand randomness (marked by the library).
	if _, _, err := frost.NonceGen(&frost.NonceOptions{SecretShare: d.SecretShares[0], Message: msg[:]}); err != nil {
		publicErr(&err)
		fail("%s: NonceGen(crypto/rand): %v", what, err)
	}
	agg, err := frost.NonceAgg(pns)
	if err != nil {
		fail("%s: NonceAgg: %v", what, err)
		return
	}
	sess, err := frost.NewSession(sc, tc, agg, msg[:])
	if err != nil {
		fail("%s: NewSession: %v", what, err)
		return
	}
	psigs := make([][]byte, 2)
	for k, id := range ids {
		psigs[k], err = sess.Sign(sns[k], d.SecretShares[id], id)
		publicErr(&err)
		if err != nil {
			fail("%s: Sign: %v", what, err)
			return
		}
		public(psigs[k])
		if !sess.PartialVerify(psigs[k], pns[k], k) {
			fail("%s: partial signature %d does not verify", what, k)
		}
	}
	sig, err := sess.Aggregate(psigs)
	if err != nil || !schnorr.Verify(tc.XOnlyPublicKey(), msg[:], sig) {
		fail("%s: the FROST signature does not verify (%v)", what, err)
	}

	// DeterministicSign by signer 2 with secret randomness.
	_, opn, err := frost.NonceGen(&frost.NonceOptions{SecretShare: d.SecretShares[0]})
	publicErr(&err)
	if err != nil {
		fail("%s: NonceGen: %v", what, err)
		return
	}
	aux := sha256.Sum256([]byte(what + " det aux"))
	plainAux := aux
	secret(aux[:])
	dpn, dpsig, err := frost.DeterministicSign(d.SecretShares[2], 2, opn, sc, tc, msg[:], aux[:])
	publicErr(&err)
	if err != nil {
		fail("%s: DeterministicSign: %v", what, err)
		return
	}
	public(dpn)
	public(dpsig)
	wpn, wpsig, err := frost.DeterministicSign(d.SecretShares[2], 2, opn, sc, tc, msg[:], plainAux[:])
	if err != nil || !bytes.Equal(dpn, wpn) || !bytes.Equal(dpsig, wpsig) {
		fail("%s: DeterministicSign on secret inputs differs from unmarked inputs (%v)", what, err)
	}
	dagg, _ := frost.NonceAgg([][]byte{opn, dpn})
	dsess, err := frost.NewSession(sc, tc, dagg, msg[:])
	if err != nil || !dsess.PartialVerify(dpsig, dpn, 1) {
		fail("%s: the deterministic partial signature does not verify (%v)", what, err)
	}
}

// dkgKeys returns three host secret keys, marked secret, and the session
// parameters (2-of-3).
func dkgKeys(tag string) ([][]byte, chilldkg.SessionParams) {
	sks := make([][]byte, 3)
	p := chilldkg.SessionParams{T: 2}
	for i := range sks {
		h := sha256.Sum256([]byte(fmt.Sprintf("ctgrind chilldkg %s %d", tag, i)))
		sks[i] = h[:]
		pk, err := chilldkg.HostPubkey(h[:])
		if err != nil {
			panic(err)
		}
		p.HostPubkeys = append(p.HostPubkeys, pk)
		secret(sks[i])
	}
	return sks, p
}

// dkgRandom returns 32 secret bytes for participant i.
func dkgRandom(tag string, i int) []byte {
	h := sha256.Sum256([]byte(fmt.Sprintf("ctgrind chilldkg %s random %d", tag, i)))
	secret(h[:])
	return h[:]
}

// runChillDKG runs a 2-of-3 ChillDKG session with secret host keys and
// randomness, then recovery and an acknowledgment.
func runChillDKG() {
	what := "chilldkg"
	sks, p := dkgKeys("session")
	for i, sk := range sks {
		pk, err := chilldkg.HostPubkey(sk)
		publicErr(&err)
		if err != nil || !bytes.Equal(pk, p.HostPubkeys[i]) {
			fail("%s: HostPubkey(%d) on a secret key: %v", what, i, err)
		}
	}
	st1 := make([]*chilldkg.ParticipantState1, 3)
	pm1 := make([][]byte, 3)
	for i, sk := range sks {
		var err error
		st1[i], pm1[i], err = chilldkg.ParticipantStep1(sk, p, dkgRandom("session", i))
		publicErr(&err)
		if err != nil {
			fail("%s: ParticipantStep1(%d): %v", what, i, err)
			return
		}
		public(pm1[i])
	}
	// Participant 0's first step from crypto/rand (marked by the library).
	if _, _, err := chilldkg.ParticipantStep1(sks[0], p, nil); err != nil {
		publicErr(&err)
		fail("%s: ParticipantStep1(crypto/rand): %v", what, err)
	}
	cs, cm1, err := chilldkg.CoordinatorStep1(pm1, p)
	if err != nil {
		fail("%s: CoordinatorStep1: %v", what, err)
		return
	}
	st2 := make([]*chilldkg.ParticipantState2, 3)
	pm2 := make([][]byte, 3)
	for i, sk := range sks {
		st2[i], pm2[i], err = chilldkg.ParticipantStep2(sk, st1[i], cm1, dkgRandom("aux", i))
		publicErr(&err)
		if err != nil {
			fail("%s: ParticipantStep2(%d): %v", what, i, err)
			return
		}
		public(pm2[i])
	}
	cm2, cout, rec, err := chilldkg.CoordinatorFinalize(cs, pm2)
	if err != nil {
		fail("%s: CoordinatorFinalize: %v", what, err)
		return
	}
	shares := make([][]byte, 3)
	for i := range st2 {
		out, prec, err := chilldkg.ParticipantFinalize(st2[i], cm2)
		publicErr(&err)
		if err != nil || !bytes.Equal(prec, rec) {
			fail("%s: ParticipantFinalize(%d): %v", what, i, err)
			return
		}
		shares[i] = out.SecretShare.Bytes()
		stillSecret(fmt.Sprintf("%s: secret share %d", what, i), shares[i])
		if !bytes.Equal(out.SecretShare.PublicKey().BytesCompressed(), cout.PublicShares[i]) {
			fail("%s: secret share %d does not match its public share", what, i)
		}
	}
	for i, sk := range sks {
		out, _, err := chilldkg.ParticipantRecover(sk, rec)
		publicErr(&err)
		if err != nil {
			fail("%s: ParticipantRecover(%d): %v", what, i, err)
			continue
		}
		got := out.SecretShare.Bytes()
		stillSecret(fmt.Sprintf("%s: recovered share %d", what, i), got)
		if !bytes.Equal(reveal("recovered share", got), reveal("share", bytes.Clone(shares[i]))) {
			fail("%s: recovered share %d differs", what, i)
		}
	}
	ack, err := chilldkg.RecoveryAckSign(sks[1], rec, p, dkgRandom("ack", 1))
	publicErr(&err)
	if err != nil {
		fail("%s: RecoveryAckSign: %v", what, err)
		return
	}
	public(ack)
	var e *chilldkg.InvalidRecoveryAckError
	if err := chilldkg.RecoveryAcksVerify(rec, p, [][]byte{make([]byte, 64), ack, make([]byte, 64)}); !errors.As(err, &e) || e.ParticipantID != 0 {
		fail("%s: RecoveryAcksVerify: %v", what, err)
	}
}

// runChillDKGInvestigate makes participant 2 send participant 0 a wrong
// share and runs participant 0's investigation on its secret data.
func runChillDKGInvestigate() {
	what := "chilldkg investigation"
	sks, p := dkgKeys("investigate")
	st1 := make([]*chilldkg.ParticipantState1, 3)
	pm1 := make([][]byte, 3)
	for i, sk := range sks {
		var err error
		st1[i], pm1[i], err = chilldkg.ParticipantStep1(sk, p, dkgRandom("investigate", i))
		publicErr(&err)
		if err != nil {
			fail("%s: ParticipantStep1(%d): %v", what, i, err)
			return
		}
		public(pm1[i])
	}
	pm1[2] = bytes.Clone(pm1[2])
	pm1[2][len(pm1[2])-3*32+31]++ // participant 2's encrypted share for participant 0
	_, cm1, err := chilldkg.CoordinatorStep1(pm1, p)
	if err != nil {
		fail("%s: CoordinatorStep1: %v", what, err)
		return
	}
	_, _, err = chilldkg.ParticipantStep2(sks[0], st1[0], cm1, dkgRandom("investigate aux", 0))
	publicErr(&err)
	var u *chilldkg.UnknownFaultyParticipantOrCoordinatorError
	if !errors.As(err, &u) {
		fail("%s: ParticipantStep2 = %v, want UnknownFaultyParticipantOrCoordinatorError", what, err)
		return
	}
	cinvs, err2 := chilldkg.CoordinatorInvestigate(pm1, p)
	if err2 != nil {
		fail("%s: CoordinatorInvestigate: %v", what, err2)
		return
	}
	err = chilldkg.ParticipantInvestigate(err, cinvs[0])
	publicErr(&err)
	var f *chilldkg.FaultyParticipantOrCoordinatorError
	if !errors.As(err, &f) || f.ParticipantID != 2 {
		fail("%s: ParticipantInvestigate = %v, want participant 2 blamed", what, err)
	}
}
