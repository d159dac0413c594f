package chilldkg

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// CoordinatorState is the coordinator's state between CoordinatorStep1 and
// CoordinatorFinalize. It holds only public data. The zero value and nil
// are invalid.
type CoordinatorState struct {
	p       *params
	eqInput []byte
	out     *DKGOutput
}

// parsePmsgs1 parses the participants' first messages; a malformed one is
// a *FaultyParticipantError.
func parsePmsgs1(pmsgs [][]byte, p *params) ([]*pmsg1, error) {
	if len(pmsgs) != p.n() {
		return nil, fmt.Errorf("%w: %d first messages for %d participants", ErrInvalidInput, len(pmsgs), p.n())
	}
	out := make([]*pmsg1, len(pmsgs))
	for i, b := range pmsgs {
		m, err := parsePmsg1(b, p.t, p.n())
		if err != nil {
			var pe errParse
			if errors.As(err, &pe) {
				return nil, &FaultyParticipantError{ParticipantID: i, Reason: string(pe)}
			}
			return nil, fmt.Errorf("participant %d: %w", i, err)
		}
		out[i] = m
	}
	return out, nil
}

// CoordinatorStep1 is the coordinator's first step (coordinator_step1):
// from the participants' first messages (33t+32n+97 bytes each, one per
// participant in the order of the host public keys) and the session
// parameters, it returns its state and the first message to broadcast to
// all participants (162n+33(t-1) bytes). Variable time (public data).
//
// Errors: ErrThresholdOrCount, *InvalidHostPubkeyError,
// *DuplicateHostPubkeyError; ErrInvalidInput for a list of another length
// than n or a message of the wrong length; *FaultyParticipantError for a
// malformed message.
func CoordinatorStep1(pmsgs1 [][]byte, sp SessionParams) (*CoordinatorState, []byte, error) {
	p, err := sp.validate()
	if err != nil {
		return nil, nil, err
	}
	ms, err := parsePmsgs1(pmsgs1, p)
	if err != nil {
		return nil, nil, err
	}
	t, n := p.t, p.n()
	comsToSecrets := make([]group.Affine, n)
	for i, m := range ms {
		comsToSecrets[i] = m.com[0]
	}
	sumComs := make([]group.Affine, t)
	sumComs[0] = sumPoints(comsToSecrets)
	col := make([]group.Affine, n)
	for j := 1; j < t; j++ {
		for i, m := range ms {
			col[i] = m.com[j]
		}
		sumComs[j] = sumPoints(col)
	}
	tweaked, _, err := taprootCommit(sumComs)
	if err != nil {
		return nil, nil, err
	}
	out, err := dkgOutput(tweaked, n, nil)
	if err != nil {
		return nil, nil, err
	}
	cmsg := make([]byte, 0, cmsg1Len(t, n))
	for i := range comsToSecrets {
		cmsg = appendPointExt(cmsg, &comsToSecrets[i])
	}
	for j := 1; j < t; j++ {
		cmsg = appendPointExt(cmsg, &sumComs[j])
	}
	for _, m := range ms {
		cmsg = append(cmsg, m.pop...)
	}
	pubnonces := make([]byte, 0, 33*n)
	for _, m := range ms {
		pubnonces = append(pubnonces, m.pubnonce...)
	}
	encShares := make([]byte, 0, 32*n)
	var sum scalar.Scalar
	for i := range n {
		sum.Zero()
		for _, m := range ms {
			sum.Add(&sum, &m.enc[i])
		}
		b := sum.Bytes()
		encShares = append(encShares, b[:]...)
	}
	cmsg = append(append(cmsg, pubnonces...), encShares...)
	st := &CoordinatorState{p: p, eqInput: eqInput(p, sumComs, pubnonces, encShares), out: out}
	return st, cmsg, nil
}

// CoordinatorFinalize is the coordinator's final step
// (coordinator_finalize): from the participants' second messages (64 bytes
// each, in order) it assembles and checks the certificate, and returns the
// second message to broadcast to all participants (the certificate, 64n
// bytes), the DKG output (without a secret share) and the recovery data.
// Success means the coordinator deems the session successful.
//
// Errors: ErrInvalidState; ErrInvalidInput for a list of another length
// than n or a message not 64 bytes; *FaultyParticipantError for an invalid
// signature.
func CoordinatorFinalize(state *CoordinatorState, pmsgs2 [][]byte) (cmsg2 []byte, out *DKGOutput, recoveryData []byte, err error) {
	if state == nil || state.p == nil {
		return nil, nil, nil, ErrInvalidState
	}
	n := state.p.n()
	if len(pmsgs2) != n {
		return nil, nil, nil, fmt.Errorf("%w: %d second messages for %d participants", ErrInvalidInput, len(pmsgs2), n)
	}
	cert := make([]byte, 0, 64*n)
	for i, m := range pmsgs2 {
		if len(m) != 64 {
			return nil, nil, nil, fmt.Errorf("%w: second message of participant %d of %d bytes, want 64", ErrInvalidInput, i, len(m))
		}
		cert = append(cert, m...)
	}
	if i := certeqVerify(state.p, state.eqInput, cert); i >= 0 {
		return nil, nil, nil, &FaultyParticipantError{ParticipantID: i, Reason: "Participant has provided an invalid signature for the certificate"}
	}
	return cert, copyOutput(state.out), append(bytes.Clone(state.eqInput), cert...), nil
}

// copyOutput returns a copy of a coordinator's output.
func copyOutput(o *DKGOutput) *DKGOutput {
	c := &DKGOutput{ThresholdPublicKey: bytes.Clone(o.ThresholdPublicKey), PublicShares: make([][]byte, len(o.PublicShares))}
	for i, ps := range o.PublicShares {
		c.PublicShares[i] = bytes.Clone(ps)
	}
	return c
}

// CoordinatorInvestigate makes the investigation messages
// (coordinator_investigate) from the participants' first messages of the
// session: one per participant (65n bytes), to pass to its
// ParticipantInvestigate when its ParticipantStep2 returned an
// *UnknownFaultyParticipantOrCoordinatorError. They hold no secret and may
// be broadcast. Variable time (public data).
//
// Errors: as CoordinatorStep1 for the parameters and the messages.
func CoordinatorInvestigate(pmsgs1 [][]byte, sp SessionParams) ([][]byte, error) {
	p, err := sp.validate()
	if err != nil {
		return nil, err
	}
	ms, err := parsePmsgs1(pmsgs1, p)
	if err != nil {
		return nil, err
	}
	n := p.n()
	out := make([][]byte, n)
	for i := range n {
		c := make([]byte, 0, 65*n)
		for _, m := range ms {
			b := m.enc[i].Bytes()
			c = append(c, b[:]...)
		}
		for _, m := range ms {
			ps := comPubshare(m.com, i)
			c = appendPointExt(c, &ps)
		}
		out[i] = c
	}
	return out, nil
}
