// Package chilldkg implements ChillDKG, the distributed key generation
// protocol for FROST threshold signing (package frost): n participants,
// each with a long-term host key, and an untrusted coordinator run a
// two-round session at the end of which every participant holds a secret
// share of a threshold key that no party ever knew, and everybody holds the
// threshold public key and every participant's public share.
//
// EXPERIMENTAL: ChillDKG is a draft (no BIP number yet). This package
// implements version 0.3.0 (BlockstreamResearch/bip-frost-dkg at a9189688,
// 2026-07-30) and passes every one of its 249 test vectors; a later draft
// may change the messages, the hashes or the API.
//
// # Protocol
//
// ChillDKG is SimplPedPop (Pedersen's DKG with proofs of possession)
// wrapped in EncPedPop (the secret shares travel encrypted, through the
// coordinator, to the participants' host keys) and CertEq (every
// participant signs the transcript; the n signatures form a certificate,
// which makes the session successful and, with the transcript, is the
// recovery data). Messages are byte strings; participant i of the session
// parameters has FROST identifier i.
//
//  1. Each participant: HostPubkey once per host key; agree on the
//     SessionParams (compare ParamsHash out of band); ParticipantStep1 →
//     pmsg1 to the coordinator.
//  2. Coordinator: CoordinatorStep1(all pmsg1) → cmsg1 to every
//     participant.
//  3. Each participant: ParticipantStep2(cmsg1) → pmsg2 (a signature) to
//     the coordinator.
//  4. Coordinator: CoordinatorFinalize(all pmsg2) → cmsg2 (the
//     certificate) to every participant, its DKGOutput and the recovery
//     data.
//  5. Each participant: ParticipantFinalize(cmsg2) → its DKGOutput and the
//     recovery data.
//
// RecoveryAckSign and RecoveryAcksVerify are the optional round in which
// every participant confirms that it holds the recovery data before the
// threshold key is used. ParticipantRecover (and CoordinatorRecover)
// rebuild the output from the host secret key and the recovery data.
//
// # Errors and blame
//
// Invalid input never panics. The error types name the party to blame, as
// ChillDKG's exceptions do: *FaultyParticipantError (found by the
// coordinator), *FaultyParticipantOrCoordinatorError and
// *FaultyCoordinatorError (found by a participant), and
// *UnknownFaultyParticipantOrCoordinatorError when a participant's share
// does not decrypt to a valid one: then CoordinatorInvestigate and
// ParticipantInvestigate find out which participant sent a wrong partial
// share. Every error wraps a sentinel (errors.Is): ErrInvalidInput,
// ErrHostSeckey, ErrSessionParams, ErrThresholdOrCount, ErrRandomness,
// ErrProtocol, ErrRecoveryData, ErrInvalidState.
//
// # Secrets
//
// The host secret key, the randomness, the polynomial, the encryption
// nonce, the pads and the shares are handled in constant time (checked
// under valgrind by internal/cmd/ctgrind); only public results (messages,
// public keys) and the validity of inputs are revealed. Participant states
// are consumed by the call they are passed to; ParticipantState2 holds the
// new secret share and cannot be serialized. A participant must keep its
// host secret key after sending pmsg2, even if the session seems to fail:
// another participant may deem it successful.
package chilldkg
