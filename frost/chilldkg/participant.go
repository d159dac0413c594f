package chilldkg

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// DKGOutput is the outcome of a ChillDKG session, the key material of
// FROST signing (package frost): the participant's secret share (nil for
// the coordinator), the 33-byte compressed threshold public key and the n
// participants' 33-byte compressed public shares (participant i's at index
// i, its FROST identifier i).
//
// The threshold public key commits to an unspendable BIP-341 script path
// (ChillDKG adds hash_TapTweak of the summed key), so that no participant
// can hide a script path in it; tweak it further (frost.TweakContext) for
// the taproot output.
type DKGOutput struct {
	SecretShare        *secp256k1.PrivateKey
	ThresholdPublicKey []byte
	PublicShares       [][]byte
}

// ParticipantState1 is a participant's state between ParticipantStep1 and
// ParticipantStep2. It holds no secret (ParticipantStep2 takes the host
// secret key again), and ParticipantStep2 consumes it: it is valid for one
// call, whatever the outcome. The zero value and nil are invalid.
type ParticipantState1 struct {
	st *state1
}

type state1 struct {
	used        atomic.Bool
	p           *params
	id          int
	comToSecret group.Affine
	pubnonce    [33]byte
}

// ParticipantState2 is a participant's state between ParticipantStep2 and
// ParticipantFinalize. It holds the participant's new secret share: keep
// it in memory only. ParticipantFinalize consumes it (once, whatever the
// outcome; after a failure, recover the output with ParticipantRecover and
// the recovery data of a participant that succeeded). It cannot be
// serialized; fmt prints "chilldkg.ParticipantState2{…}". The zero value
// and nil are invalid.
type ParticipantState2 struct {
	st *state2
}

type state2 struct {
	used    atomic.Bool
	p       *params
	eqInput []byte
	out     *DKGOutput
}

const state2String = "chilldkg.ParticipantState2{…}"

// String returns "chilldkg.ParticipantState2{…}", never the secret share.
func (s *ParticipantState2) String() string { return state2String }

// GoString returns "chilldkg.ParticipantState2{…}".
func (s *ParticipantState2) GoString() string { return state2String }

// Format writes "chilldkg.ParticipantState2{…}" for every verb.
func (s *ParticipantState2) Format(f fmt.State, _ rune) { fmt.Fprint(f, state2String) }

// freshRandom returns b, or 32 bytes from crypto/rand (marked secret for
// the valgrind check) if b is nil; other lengths are ErrInvalidInput.
func freshRandom(b []byte, what string) ([]byte, error) {
	if b == nil {
		b = make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, fmt.Errorf("chilldkg: reading randomness: %w", err)
		}
		ctcheck.SecretSlice(b)
		return b, nil
	}
	if len(b) != 32 {
		return nil, fmt.Errorf("%w: %s of %d bytes, want 32", ErrInvalidInput, what, len(b))
	}
	return b, nil
}

// ParticipantStep1 is a participant's first step of a ChillDKG session
// (participant_step1): with its host secret key, the session parameters
// and 32 bytes of fresh randomness (nil: from crypto/rand), it returns its
// state and the first message for the coordinator (33t+32n+97 bytes).
//
// It runs in constant time with respect to the host secret key and the
// randomness. Errors, in ChillDKG's order: ErrInvalidInput for a host
// secret key not 32 bytes, ErrHostSeckey for one not in [1, n-1];
// ErrThresholdOrCount, *InvalidHostPubkeyError, *DuplicateHostPubkeyError;
// ErrHostSeckey when the key is not one of the session's; ErrInvalidInput
// for randomness not 32 bytes, ErrRandomness for all-zero randomness.
func ParticipantStep1(hostseckey []byte, sp SessionParams, random []byte) (*ParticipantState1, []byte, error) {
	k, hpk, err := parseHostSeckey(hostseckey)
	if err != nil {
		return nil, nil, err
	}
	defer k.Wipe()
	p, err := sp.validate()
	if err != nil {
		return nil, nil, err
	}
	id := p.index(hpk[:])
	if id < 0 {
		return nil, nil, fmt.Errorf("%w: it does not match any host public key of the session", ErrHostSeckey)
	}
	if random, err = freshRandom(random, "randomness"); err != nil {
		return nil, nil, err
	}
	var acc byte
	for _, b := range random {
		acc |= b
	}
	allZero := (uint32(acc) - 1) >> 31
	ctcheck.Public(&allZero)
	if allZero == 1 {
		return nil, nil, ErrRandomness
	}
	t, n := p.t, p.n()
	enc := encContext(p)

	// simpl_seed = hash_encpedpop seed(hostseckey ‖ random ‖ enc_context),
	// from which the polynomial, the pop's randomness and the encryption
	// nonce derive.
	var seed, aux, nonce [32]byte
	defer clear(seed[:])
	defer clear(aux[:])
	defer clear(nonce[:])
	buf := append(append(make([]byte, 0, 64), hostseckey...), random...)
	tagEncSeed.Sum(&seed, buf, enc, nil)
	clear(buf)
	tagSimplAux.Sum(&aux, seed[:], nil, nil)
	tagEncNonce.Sum(&nonce, seed[:], nil, nil)
	var secnonce keys.Private
	defer secnonce.Wipe()
	if secnonce.SetBytes(nonce[:]) != nil {
		return nil, nil, errNegligible
	}
	st := &state1{p: p, id: id}
	pub, _ := secnonce.Public()
	if err := pub.PutCompressed(&st.pubnonce); err != nil {
		return nil, nil, errNegligible
	}

	coeffs := make([]scalar.Scalar, t)
	defer func() {
		for i := range coeffs {
			coeffs[i].Zero()
		}
	}()
	if err := vssGenerate(coeffs, &seed); err != nil {
		return nil, nil, err
	}
	out := make([]byte, 0, pmsg1Len(t, n))
	com := make([]group.Affine, t)
	for j := range coeffs {
		baseMult(&com[j], &coeffs[j])
		out = appendPointExt(out, &com[j])
	}
	st.comToSecret = com[0]
	var pop [64]byte
	signTagged(&pop, &coeffs[0], binary.BigEndian.AppendUint32(nil, uint32(id)), aux[:], &popTags)
	out = append(out, pop[:]...)
	out = append(out, st.pubnonce[:]...)

	// The partial shares f(i+1), each encrypted to participant i.
	var share, pad scalar.Scalar
	defer share.Zero()
	defer pad.Zero()
	var ct [32]byte
	for i := range n {
		polyEval(&share, coeffs, uint64(i)+1)
		ctx := padContext(i, enc)
		if i == id {
			selfPad(&pad, hostseckey, st.pubnonce[:], ctx)
		} else if !ecdhPad(&pad, &secnonce, p.hostpubkeys[i], st.pubnonce[:], p.hostpubkeys[i], ctx) {
			return nil, nil, fmt.Errorf("%w: host public key %d", ErrSessionParams, i) // validated: unreachable
		}
		share.Add(&share, &pad)
		share.PutBytes(&ct)
		ctcheck.Public(&ct) // the ciphertext is public
		out = append(out, ct[:]...)
	}
	return &ParticipantState1{st: st}, out, nil
}

// take returns the state and marks it used; only the first call succeeds.
func (s *ParticipantState1) take() (*state1, error) {
	if s == nil || s.st == nil || !s.st.used.CompareAndSwap(false, true) {
		return nil, ErrInvalidState
	}
	return s.st, nil
}

func (s *ParticipantState2) take() (*state2, error) {
	if s == nil || s.st == nil || !s.st.used.CompareAndSwap(false, true) {
		return nil, ErrInvalidState
	}
	return s.st, nil
}

// ParticipantStep2 is a participant's second step (participant_step2):
// with its host secret key, its state from ParticipantStep1 (consumed), the
// coordinator's first message (162n+33(t-1) bytes) and 32 bytes of
// auxiliary randomness for its signature (nil: from crypto/rand), it
// checks the coordinator's message, decrypts and checks its secret share,
// and returns its state and its second message, its signature of the
// session's transcript (64 bytes).
//
// After sending that message, the participant must keep its host secret
// key even if the session seems to fail: another participant may deem it
// successful and use the threshold key, and can later convince this one
// with the recovery data (ParticipantRecover).
//
// It runs in constant time with respect to the host secret key, the
// decrypted share and the pads. Errors: ErrInvalidInput for a host secret
// key or auxRand of the wrong length, ErrHostSeckey for an invalid key or
// one other than ParticipantStep1's, ErrInvalidState, ErrInvalidInput for
// a cmsg1 of the wrong length; *FaultyCoordinatorError,
// *FaultyParticipantOrCoordinatorError (a participant's invalid public
// nonce, commitment or proof of possession), and
// *UnknownFaultyParticipantOrCoordinatorError when the decrypted share
// does not match the commitments (run ParticipantInvestigate with it).
func ParticipantStep2(hostseckey []byte, state1 *ParticipantState1, cmsg []byte, auxRand []byte) (*ParticipantState2, []byte, error) {
	k, hpk, err := parseHostSeckey(hostseckey)
	if err != nil {
		return nil, nil, err
	}
	defer k.Wipe()
	if auxRand, err = freshRandom(auxRand, "aux_rand"); err != nil {
		return nil, nil, err
	}
	st, err := state1.take()
	if err != nil {
		return nil, nil, err
	}
	p, id := st.p, st.id
	if !bytes.Equal(hpk[:], p.hostpubkeys[id]) {
		return nil, nil, fmt.Errorf("%w: it does not match the one used in ParticipantStep1", ErrHostSeckey)
	}
	t, n := p.t, p.n()
	m, err := parseCmsg1(cmsg, t, n)
	if err != nil {
		var pe errParse
		if errors.As(err, &pe) {
			return nil, nil, &FaultyCoordinatorError{Reason: string(pe)}
		}
		return nil, nil, err
	}
	if !bytes.Equal(m.pubnonces[id], st.pubnonce[:]) {
		return nil, nil, &FaultyCoordinatorError{Reason: "Coordinator replied with wrong pubnonce"}
	}
	enc := encContext(p)
	pads := make([]scalar.Scalar, n)
	keepPads := false // handed to the investigation data on that error
	defer func() {
		if !keepPads {
			for j := range pads {
				pads[j].Zero()
			}
		}
	}()
	if j := decryptPads(pads, k, hostseckey, id, hpk[:], m.pubnonces, enc); j >= 0 {
		return nil, nil, &FaultyParticipantOrCoordinatorError{ParticipantID: j, Reason: "invalid public nonce"}
	}
	var secshare scalar.Scalar
	defer secshare.Zero()
	secshare.Set(&m.encSecshares[id])
	for j := range pads {
		secshare.Subtract(&secshare, &pads[j])
	}

	// SimplPedPop's checks.
	c := &m.comsToSecrets[id]
	if c.Infinity || c.X.Equal(&st.comToSecret.X) != 1 || c.Y.Equal(&st.comToSecret.Y) != 1 {
		return nil, nil, &FaultyCoordinatorError{Reason: "Coordinator sent unexpected first group element for local participant id"}
	}
	for i := range n {
		if i == id {
			continue
		}
		if m.comsToSecrets[i].Infinity {
			return nil, nil, &FaultyParticipantOrCoordinatorError{ParticipantID: i, Reason: "Participant sent invalid commitment"}
		}
		if !verifyTagged(&m.comsToSecrets[i], binary.BigEndian.AppendUint32(nil, uint32(i)), m.pops[i], &popTags) {
			return nil, nil, &FaultyParticipantOrCoordinatorError{ParticipantID: i, Reason: "Participant sent invalid proof-of-knowledge"}
		}
	}
	sumComs := append([]group.Affine{sumPoints(m.comsToSecrets)}, m.sumNonconst...)
	tweaked, tweak, err := taprootCommit(sumComs)
	if err != nil {
		return nil, nil, err
	}
	pubshareTweaked := comPubshare(tweaked, id)
	var shareTweaked scalar.Scalar
	defer shareTweaked.Zero()
	shareTweaked.Add(&secshare, &tweak)
	if !matchesSecret(&shareTweaked, &pubshareTweaked) {
		keepPads = true
		inv := &investigationData{n: n, id: id, pads: pads}
		inv.secshare.Set(&secshare)
		inv.encSecshare.Set(&m.encSecshares[id])
		inv.pubshare = comPubshare(sumComs, id)
		return nil, nil, &UnknownFaultyParticipantOrCoordinatorError{inv: inv}
	}
	out, err := dkgOutput(tweaked, n, &shareTweaked)
	if err != nil {
		return nil, nil, err
	}
	eq := eqInput(p, sumComs, m.pubnonceBytes, m.encBytes)
	sig, err := signHost(k, certeqTag, id, eq, auxRand)
	if err != nil {
		return nil, nil, err
	}
	return &ParticipantState2{st: &state2{p: p, eqInput: eq, out: out}}, sig, nil
}

// dkgOutput returns the DKG output of the tweaked summed commitment: the
// threshold key, the n public shares, and the secret share (nil for the
// coordinator).
func dkgOutput(tweaked []group.Affine, n int, share *scalar.Scalar) (*DKGOutput, error) {
	out := &DKGOutput{ThresholdPublicKey: appendPointExt(nil, &tweaked[0]), PublicShares: make([][]byte, n)}
	for i := range n {
		ps := comPubshare(tweaked, i)
		out.PublicShares[i] = appendPointExt(nil, &ps)
	}
	if share != nil {
		var b [32]byte
		defer clear(b[:])
		share.PutBytes(&b)
		k := new(keys.Private)
		if err := k.SetBytes(b[:]); err != nil {
			return nil, errNegligible // a zero share: probability 2^-256
		}
		out.SecretShare = (*secp256k1.PrivateKey)(k)
	}
	return out, nil
}

// eqInput is the transcript every participant signs (CertEq's input): t (4
// bytes) ‖ the summed VSS commitment (untweaked) ‖ the host public keys ‖
// the public nonces ‖ the encrypted secret shares. The recovery data is
// it and the certificate.
func eqInput(p *params, sumComs []group.Affine, pubnonces, encShares []byte) []byte {
	out := binary.BigEndian.AppendUint32(make([]byte, 0, 4+33*p.t+98*p.n()), uint32(p.t))
	for i := range sumComs {
		out = appendPointExt(out, &sumComs[i])
	}
	for _, pk := range p.hostpubkeys {
		out = append(out, pk...)
	}
	out = append(out, pubnonces...)
	return append(out, encShares...)
}

// ParticipantFinalize is a participant's final step (participant_finalize):
// it checks the coordinator's second message, the certificate (64n bytes),
// and returns the DKG output and the recovery data. It consumes state2.
//
// Success means this participant deems the session successful; other
// participants may not (yet). Before using the threshold key (sending funds
// to it), make sure every participant deems it successful and keeps the
// recovery data (RecoveryAckSign and RecoveryAcksVerify), or keep the
// recovery data redundantly. A failure does not mean the session failed:
// keep the host secret key (see ParticipantStep2).
//
// Errors: ErrInvalidState, ErrInvalidInput for a cmsg2 of the wrong
// length, *FaultyCoordinatorError for a certificate with an invalid
// signature.
func ParticipantFinalize(state2 *ParticipantState2, cmsg2 []byte) (*DKGOutput, []byte, error) {
	st, err := state2.take()
	if err != nil {
		return nil, nil, err
	}
	if len(cmsg2) != 64*st.p.n() {
		st.out.SecretShare.Zero()
		return nil, nil, fmt.Errorf("%w: cmsg2 of %d bytes, want %d", ErrInvalidInput, len(cmsg2), 64*st.p.n())
	}
	if i := certeqVerify(st.p, st.eqInput, cmsg2); i >= 0 {
		st.out.SecretShare.Zero()
		return nil, nil, &FaultyCoordinatorError{Reason: fmt.Sprintf("Coordinator has provided a certificate with an invalid signature (participant %d)", i)}
	}
	return st.out, append(bytes.Clone(st.eqInput), cmsg2...), nil
}

// certeqVerify checks every participant's signature of the transcript in
// the certificate (64n bytes) and returns the first invalid one, or -1.
func certeqVerify(p *params, eq, cert []byte) int {
	for i := range p.n() {
		if !verifyHost(p, certeqTag, i, eq, cert[64*i:64*i+64]) {
			return i
		}
	}
	return -1
}

// ParticipantInvestigate narrows down who is to blame when ParticipantStep2
// returned an *UnknownFaultyParticipantOrCoordinatorError (err, or an error
// wrapping it), with the coordinator's investigation message for this
// participant (65n bytes, from CoordinatorInvestigate)
// (participant_investigate). It always returns an error: a
// *FaultyParticipantOrCoordinatorError naming the participant that sent
// this one an invalid partial share, or a *FaultyCoordinatorError; and
// ErrInvalidInput for an err without investigation data or a cinv of the
// wrong length.
//
// It runs in constant time with respect to the secret share, the pads and
// the decrypted partial shares.
func ParticipantInvestigate(err error, cinv []byte) error {
	var u *UnknownFaultyParticipantOrCoordinatorError
	if !errors.As(err, &u) || u == nil || u.inv == nil {
		return fmt.Errorf("%w: not an UnknownFaultyParticipantOrCoordinatorError from ParticipantStep2", ErrInvalidInput)
	}
	inv := u.inv
	n := inv.n
	if len(cinv) != 65*n {
		return fmt.Errorf("%w: investigation message of %d bytes, want %d", ErrInvalidInput, len(cinv), 65*n)
	}
	encPartial, perr := parseScalars(cinv, n, "invalid encrypted partial secshare")
	if perr != nil {
		return &FaultyCoordinatorError{Reason: perr.Error()}
	}
	partialPubshares, perr := parsePoints(cinv[32*n:], n, "invalid partial pubshare")
	if perr != nil {
		return &FaultyCoordinatorError{Reason: perr.Error()}
	}
	partial := make([]scalar.Scalar, n)
	defer func() {
		for i := range partial {
			partial[i].Zero()
		}
	}()
	var sum scalar.Scalar
	defer sum.Zero()
	for j := range partial {
		partial[j].Subtract(&encPartial[j], &inv.pads[j])
		sum.Add(&sum, &partial[j])
	}
	ps := sumPoints(partialPubshares)
	if ps.Infinity != inv.pubshare.Infinity || (!ps.Infinity && (ps.X.Equal(&inv.pubshare.X) != 1 || ps.Y.Equal(&inv.pubshare.Y) != 1)) {
		return &FaultyCoordinatorError{Reason: "Sum of partial pubshares not equal to pubshare"}
	}
	eq := sum.Equal(&inv.secshare)
	ctcheck.Public(&eq)
	if eq != 1 {
		return &FaultyCoordinatorError{Reason: "Sum of encrypted partial secshares not equal to encrypted secshare"}
	}
	for i := range n {
		if !matchesSecret(&partial[i], &partialPubshares[i]) {
			if i != inv.id {
				return &FaultyParticipantOrCoordinatorError{ParticipantID: i, Reason: "Participant sent invalid partial secshare"}
			}
			return &FaultyCoordinatorError{Reason: "Coordinator fiddled with the share from me to myself"}
		}
	}
	return fmt.Errorf("%w: ParticipantInvestigate found every input consistent", ErrInvalidInput)
}
