package chilldkg

import (
	"errors"
	"strconv"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Sentinel errors. Every error of the package wraps one of these, so
// callers test them with errors.Is; the error types below carry the
// identifier of the participant to blame, for errors.As. Each doc names
// the ChillDKG reference code's exception.
var (
	// ErrInvalidInput is the reference code's ValueError for a malformed
	// argument: a host secret key, randomness or message of the wrong
	// length, a message list whose length is not the number of
	// participants.
	ErrInvalidInput = errors.New("chilldkg: invalid input")
	// ErrHostSeckey is HostSeckeyError: the host secret key is not in
	// [1, n-1], is not the one of any host public key of the session, or
	// is not the one used in ParticipantStep1.
	ErrHostSeckey = errors.New("chilldkg: invalid host secret key")
	// ErrSessionParams is SessionParamsError, which ErrThresholdOrCount,
	// *InvalidHostPubkeyError and *DuplicateHostPubkeyError wrap.
	ErrSessionParams = errors.New("chilldkg: invalid session parameters")
	// ErrThresholdOrCount is ThresholdOrCountError: 1 <= t <= n <=
	// 2^32 - 1 does not hold for the threshold t and the number n of host
	// public keys.
	ErrThresholdOrCount error = &paramsError{"the threshold t and the number of participants n must satisfy 1 <= t <= n <= 2^32 - 1"}
	// ErrRandomness is RandomnessError: the randomness of
	// ParticipantStep1 is all zero (a broken random number generator).
	ErrRandomness = errors.New("chilldkg: the randomness is all zero")
	// ErrProtocol is ProtocolError, which every error blaming a party of
	// the session wraps: *FaultyParticipantError,
	// *FaultyParticipantOrCoordinatorError, *FaultyCoordinatorError and
	// *UnknownFaultyParticipantOrCoordinatorError.
	ErrProtocol = errors.New("chilldkg: a party of the session is faulty")
	// ErrRecoveryData is RecoveryDataError: the recovery data is malformed
	// or its certificate does not verify.
	ErrRecoveryData = errors.New("chilldkg: invalid recovery data")
	// ErrInvalidState: a nil, zero-value or already used participant
	// state, or a nil or zero-value coordinator state. A participant state
	// is consumed by the call it is passed to, whatever the outcome
	// (ChillDKG: it "must not be reused").
	ErrInvalidState = errors.New("chilldkg: invalid or used session state")
	// ErrInvalidRecoveryAck is what *InvalidRecoveryAckError wraps.
	ErrInvalidRecoveryAck = errors.New("chilldkg: invalid recovery acknowledgment")
)

// paramsError is a sentinel that wraps ErrSessionParams.
type paramsError struct{ msg string }

func (e *paramsError) Error() string { return "chilldkg: " + e.msg }
func (e *paramsError) Unwrap() error { return ErrSessionParams }

// InvalidHostPubkeyError is InvalidHostPubkeyError: the host public key of
// participant ParticipantID is not a compressed point. It wraps
// ErrSessionParams.
type InvalidHostPubkeyError struct{ ParticipantID int }

func (e *InvalidHostPubkeyError) Error() string {
	if e == nil {
		return "chilldkg: <nil>"
	}
	return "chilldkg: invalid host public key of participant " + strconv.Itoa(e.ParticipantID)
}

// Unwrap returns ErrSessionParams.
func (e *InvalidHostPubkeyError) Unwrap() error { return ErrSessionParams }

// DuplicateHostPubkeyError is DuplicateHostPubkeyError: participants
// ParticipantID1 < ParticipantID2 have the same host public key (at least
// one of them is faulty). It wraps ErrSessionParams.
type DuplicateHostPubkeyError struct{ ParticipantID1, ParticipantID2 int }

func (e *DuplicateHostPubkeyError) Error() string {
	if e == nil {
		return "chilldkg: <nil>"
	}
	return "chilldkg: participants " + strconv.Itoa(e.ParticipantID1) + " and " + strconv.Itoa(e.ParticipantID2) + " have the same host public key"
}

// Unwrap returns ErrSessionParams.
func (e *DuplicateHostPubkeyError) Unwrap() error { return ErrSessionParams }

// FaultyParticipantError is FaultyParticipantError, raised by the
// coordinator: participant ParticipantID deviated from the protocol (if
// its messages were transmitted correctly). It wraps ErrProtocol.
type FaultyParticipantError struct {
	ParticipantID int
	Reason        string
}

func (e *FaultyParticipantError) Error() string {
	if e == nil {
		return "chilldkg: <nil>"
	}
	return "chilldkg: participant " + strconv.Itoa(e.ParticipantID) + " is faulty: " + e.Reason
}

// Unwrap returns ErrProtocol.
func (e *FaultyParticipantError) Unwrap() error { return ErrProtocol }

// FaultyParticipantOrCoordinatorError is
// FaultyParticipantOrCoordinatorError, raised by a participant: participant
// ParticipantID seems to have deviated from the protocol, unless the
// coordinator is faulty and framed it. It wraps ErrProtocol.
type FaultyParticipantOrCoordinatorError struct {
	ParticipantID int
	Reason        string
}

func (e *FaultyParticipantOrCoordinatorError) Error() string {
	if e == nil {
		return "chilldkg: <nil>"
	}
	return "chilldkg: participant " + strconv.Itoa(e.ParticipantID) + " or the coordinator is faulty: " + e.Reason
}

// Unwrap returns ErrProtocol.
func (e *FaultyParticipantOrCoordinatorError) Unwrap() error { return ErrProtocol }

// FaultyCoordinatorError is FaultyCoordinatorError, raised by a
// participant: the coordinator deviated from the protocol. It wraps
// ErrProtocol.
type FaultyCoordinatorError struct{ Reason string }

func (e *FaultyCoordinatorError) Error() string {
	if e == nil {
		return "chilldkg: <nil>"
	}
	return "chilldkg: the coordinator is faulty: " + e.Reason
}

// Unwrap returns ErrProtocol.
func (e *FaultyCoordinatorError) Unwrap() error { return ErrProtocol }

// UnknownFaultyParticipantOrCoordinatorError is
// UnknownFaultyParticipantOrCoordinatorError, raised by ParticipantStep2:
// the participant's decrypted secret share does not match the commitments,
// so another participant or the coordinator is faulty, but which
// participant takes the coordinator's investigation message: pass this
// error and that message to ParticipantInvestigate. It holds the
// participant's secret share and decryption pads for that (never printed);
// drop it once investigated. It wraps ErrProtocol.
type UnknownFaultyParticipantOrCoordinatorError struct {
	inv *investigationData
}

// investigationData is the reference code's ParticipantInvestigationData
// of SimplPedPop and EncPedPop together.
type investigationData struct {
	n, id       int
	secshare    scalar.Scalar // the (wrong) decrypted share, untweaked
	pubshare    group.Affine  // the share's expected public key, untweaked
	encSecshare scalar.Scalar
	pads        []scalar.Scalar
}

func (e *UnknownFaultyParticipantOrCoordinatorError) Error() string {
	return "chilldkg: received an invalid secret share: another participant or the coordinator is faulty (run ParticipantInvestigate to find out which participant)"
}

// Unwrap returns ErrProtocol.
func (e *UnknownFaultyParticipantOrCoordinatorError) Unwrap() error { return ErrProtocol }

// InvalidRecoveryAckError is InvalidRecoveryAckError (a
// FaultyParticipantError): participant ParticipantID's recovery
// acknowledgment is invalid. It wraps ErrInvalidRecoveryAck and
// ErrProtocol.
type InvalidRecoveryAckError struct{ ParticipantID int }

func (e *InvalidRecoveryAckError) Error() string {
	if e == nil {
		return "chilldkg: <nil>"
	}
	return "chilldkg: invalid recovery acknowledgment of participant " + strconv.Itoa(e.ParticipantID)
}

// Unwrap returns ErrInvalidRecoveryAck and ErrProtocol.
func (e *InvalidRecoveryAckError) Unwrap() []error {
	return []error{ErrInvalidRecoveryAck, ErrProtocol}
}
