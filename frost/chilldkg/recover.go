package chilldkg

import (
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// recoveryData is parsed recovery data.
type recoveryData struct {
	p             *params
	sumComs       []group.Affine
	pubnonces     [][]byte
	encSecshares  []scalar.Scalar
	eqInput, cert []byte
}

// parseRecovery parses and checks recovery data (deserialize_recovery_data,
// the parameters and the certificate); every failure is ErrRecoveryData.
func parseRecovery(b []byte) (*recoveryData, error) {
	if len(b) < 4 {
		return nil, fmt.Errorf("%w: shorter than 4 bytes", ErrRecoveryData)
	}
	t32 := uint64(binary.BigEndian.Uint32(b))
	rest := b[4:]
	if uint64(len(rest)) < 33*t32 {
		return nil, fmt.Errorf("%w: too short for t = %d", ErrRecoveryData, t32)
	}
	t := int(t32) // t <= len(b)/33 fits in an int
	r := &recoveryData{}
	var err error
	if r.sumComs, err = parsePoints(rest, t, "invalid VSS commitment"); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRecoveryData, err)
	}
	rest = rest[33*t:]
	if len(rest)%162 != 0 {
		return nil, fmt.Errorf("%w: invalid length", ErrRecoveryData)
	}
	n := len(rest) / 162
	sp := SessionParams{T: t, HostPubkeys: make([][]byte, n)}
	for i := range n {
		sp.HostPubkeys[i] = rest[33*i : 33*i+33]
	}
	rest = rest[33*n:]
	r.pubnonces = make([][]byte, n)
	for i := range n {
		r.pubnonces[i] = rest[33*i : 33*i+33]
	}
	rest = rest[33*n:]
	if r.encSecshares, err = parseScalars(rest, n, "invalid encrypted secret share"); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRecoveryData, err)
	}
	r.cert = rest[32*n:]
	r.eqInput = b[:len(b)-len(r.cert)]
	if r.p, err = sp.validate(); err != nil {
		return nil, fmt.Errorf("%w: invalid session parameters: %w", ErrRecoveryData, err)
	}
	if i := certeqVerify(r.p, r.eqInput, r.cert); i >= 0 {
		return nil, fmt.Errorf("%w: invalid signature of participant %d in the certificate", ErrRecoveryData, i)
	}
	return r, nil
}

// recoverOutput is the reference code's recover.
func recoverOutput(hostseckey []byte, participant bool, data []byte) (*DKGOutput, *SessionParams, error) {
	r, err := parseRecovery(data)
	if err != nil {
		return nil, nil, err
	}
	tweaked, tweak, err := taprootCommit(r.sumComs)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrRecoveryData, err)
	}
	if !participant {
		out, err := dkgOutput(tweaked, r.p.n(), nil)
		if err != nil {
			return nil, nil, err
		}
		return out, r.p.export(), nil
	}
	k, hpk, err := parseHostSeckey(hostseckey)
	if err != nil {
		return nil, nil, err
	}
	defer k.Wipe()
	id := r.p.index(hpk[:])
	if id < 0 {
		return nil, nil, fmt.Errorf("%w: it does not match any host public key in the recovery data", ErrHostSeckey)
	}
	pads := make([]scalar.Scalar, r.p.n())
	defer func() {
		for i := range pads {
			pads[i].Zero()
		}
	}()
	if j := decryptPads(pads, k, hostseckey, id, hpk[:], r.pubnonces, encContext(r.p)); j >= 0 {
		return nil, nil, fmt.Errorf("%w: invalid public nonce of participant %d", ErrRecoveryData, j)
	}
	var share scalar.Scalar
	defer share.Zero()
	share.Set(&r.encSecshares[id])
	for j := range pads {
		share.Subtract(&share, &pads[j])
	}
	share.Add(&share, &tweak)
	// The certificate holds this participant's signature, so it checked
	// its share in the session: a mismatch means a broken host key.
	if ps := comPubshare(tweaked, id); !matchesSecret(&share, &ps) {
		return nil, nil, fmt.Errorf("%w: the decrypted secret share does not match its public share", ErrRecoveryData)
	}
	out, err := dkgOutput(tweaked, r.p.n(), &share)
	if err != nil {
		return nil, nil, err
	}
	return out, r.p.export(), nil
}

// ParticipantRecover recovers a participant's DKG output and the session
// parameters from its host secret key and the recovery data of a
// successful session (participant_recover): after ParticipantFinalize
// failed, with recovery data from another participant or the coordinator,
// or on a new device from a backup. It runs in constant time with respect
// to the host secret key and the share.
//
// Errors: ErrRecoveryData for malformed recovery data or an invalid
// certificate (checked first); ErrInvalidInput for a host secret key not
// 32 bytes; ErrHostSeckey for one not in [1, n-1] or not one of the
// session's.
func ParticipantRecover(hostseckey, recoveryData []byte) (*DKGOutput, *SessionParams, error) {
	if hostseckey == nil {
		return nil, nil, fmt.Errorf("%w: no host secret key", ErrInvalidInput)
	}
	return recoverOutput(hostseckey, true, recoveryData)
}

// CoordinatorRecover recovers the coordinator's DKG output (without a
// secret share) and the session parameters from the recovery data of a
// successful session (coordinator_recover). Errors: ErrRecoveryData.
func CoordinatorRecover(recoveryData []byte) (*DKGOutput, *SessionParams, error) {
	return recoverOutput(nil, false, recoveryData)
}

// RecoveryAckSign is a participant's acknowledgment that it holds the
// recovery data of a successful session (participant_recovery_ack_sign): a
// 64-byte BIP-340 signature by its host key of the recovery data, for the
// optional round in which every participant confirms before the threshold
// key is used. auxRand is 32 bytes (nil: from crypto/rand).
//
// Errors: ErrInvalidInput for a host secret key or auxRand of the wrong
// length, ErrHostSeckey, the parameters' errors, ErrHostSeckey for a key
// not of the session, ErrRecoveryData for recovery data that does not
// parse or is of other parameters.
func RecoveryAckSign(hostseckey, recoveryData []byte, sp SessionParams, auxRand []byte) ([]byte, error) {
	k, hpk, err := parseHostSeckey(hostseckey)
	if err != nil {
		return nil, err
	}
	defer k.Wipe()
	p, err := sp.validate()
	if err != nil {
		return nil, err
	}
	id := p.index(hpk[:])
	if id < 0 {
		return nil, fmt.Errorf("%w: it does not match any host public key of the session", ErrHostSeckey)
	}
	if auxRand, err = freshRandom(auxRand, "aux_rand"); err != nil {
		return nil, err
	}
	if err := recoveryMatches(recoveryData, p); err != nil {
		return nil, err
	}
	return signHost(k, recoveryAckTag, id, recoveryData, auxRand)
}

// RecoveryAcksVerify checks every participant's acknowledgment (64 bytes
// each, in the order of the host public keys) of the recovery data
// (participant_recovery_acks_verify): nil means all participants hold the
// recovery data. An invalid acknowledgment returns an
// *InvalidRecoveryAckError naming the participant (the session itself
// succeeded; only the confirmation is missing).
//
// Errors: the parameters' errors, ErrInvalidInput for a list of another
// length than n or an acknowledgment not 64 bytes, ErrRecoveryData for
// recovery data that does not parse or is of other parameters.
func RecoveryAcksVerify(recoveryData []byte, sp SessionParams, acks [][]byte) error {
	p, err := sp.validate()
	if err != nil {
		return err
	}
	if len(acks) != p.n() {
		return fmt.Errorf("%w: %d acknowledgments for %d participants", ErrInvalidInput, len(acks), p.n())
	}
	if err := recoveryMatches(recoveryData, p); err != nil {
		return err
	}
	for i, a := range acks {
		if len(a) != 64 {
			return fmt.Errorf("%w: acknowledgment of participant %d of %d bytes, want 64", ErrInvalidInput, i, len(a))
		}
		if !verifyHost(p, recoveryAckTag, i, recoveryData, a) {
			return &InvalidRecoveryAckError{ParticipantID: i}
		}
	}
	return nil
}

// recoveryMatches checks that the recovery data deserializes and is of the
// parameters p (its threshold and host public keys).
func recoveryMatches(data []byte, p *params) error {
	// Only deserialization, as the reference code's ack functions do; the
	// certificate is not checked here.
	if len(data) < 4 {
		return fmt.Errorf("%w: shorter than 4 bytes", ErrRecoveryData)
	}
	t32 := uint64(binary.BigEndian.Uint32(data))
	rest := data[4:]
	if uint64(len(rest)) < 33*t32 {
		return fmt.Errorf("%w: invalid length", ErrRecoveryData)
	}
	t := int(t32) // t <= len(data)/33 fits in an int
	if (len(rest)-33*t)%162 != 0 {
		return fmt.Errorf("%w: invalid length", ErrRecoveryData)
	}
	if _, err := parsePoints(rest, t, "invalid VSS commitment"); err != nil {
		return fmt.Errorf("%w: %w", ErrRecoveryData, err)
	}
	rest = rest[33*t:]
	n := len(rest) / 162
	if _, err := parseScalars(rest[66*n:], n, "invalid encrypted secret share"); err != nil {
		return fmt.Errorf("%w: %w", ErrRecoveryData, err)
	}
	if t != p.t || n != p.n() {
		return fmt.Errorf("%w: the recovery data is of other session parameters", ErrRecoveryData)
	}
	for i := range n {
		if string(rest[33*i:33*i+33]) != string(p.hostpubkeys[i]) {
			return fmt.Errorf("%w: the recovery data is of other session parameters", ErrRecoveryData)
		}
	}
	return nil
}
