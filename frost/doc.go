// Package frost implements FROST threshold signing for BIP-340 (BIP-445)
// over secp256k1: any t of n participants, each holding a Shamir share of
// one secret key, jointly produce a BIP-340 Schnorr signature that verifies
// under the threshold public key, in two rounds (nonces, then partial
// signatures).
//
// EXPERIMENTAL: BIP-445 is a draft. This package implements draft 0.8.0
// (bitcoin/bips pull request #2070 at f7de4568, 2026-07-31) and passes every
// one of its 254 test vectors; a later draft may change the hashes, the
// encodings or the API, and signatures made with this version will not
// verify as partial signatures of another. Key generation: DealerKeyGen (a
// trusted dealer, for tests and simple setups) or the ChillDKG protocol of
// package frost/chilldkg.
//
// # Protocol
//
//  1. Keys: each participant has an identifier 0 <= id <= n-1 (its Shamir
//     x-coordinate is id+1), a secret share, and everybody has every
//     participant's 33-byte public share and the 33-byte threshold public
//     key. NewTweakContext and its methods apply plain (BIP-32) and x-only
//     (BIP-341 taproot) tweaks to the threshold key.
//  2. Signers: the t..n participants of a signing session make the same
//     SignersContext with NewSignersContext (identifiers, public shares,
//     threshold key), which validates that the shares interpolate to the
//     key.
//  3. Nonces: each signer calls NonceGen, keeps the SecretNonce and sends
//     the 66-byte public nonce; NonceAgg sums them into the aggregate
//     nonce.
//  4. Signing: every party makes the same Session with NewSession from the
//     signers context, the tweak context, the aggregate nonce and the
//     message. Each signer signs with Session.Sign, which consumes its
//     SecretNonce; Session.PartialVerify checks a partial signature and
//     Session.Aggregate sums them into the BIP-340 signature, to be
//     verified with schnorr.Verify under TweakContext.XOnlyPublicKey.
//
// DeterministicSign lets the last signer sign without keeping a secret
// nonce between the rounds.
//
// # Nonce reuse
//
// Signing twice with one secret nonce reveals the secret share. A
// SecretNonce cannot be serialized (no exported fields, no bytes, fmt
// prints "frost.SecretNonce{…}"), copies share its state, the first Sign
// call zeroes it whatever its outcome, and when NonceGen was given the
// signer's share it only signs with that share; every later call returns
// ErrInvalidSecretNonce. NonceGen also zeroes the caller's Rand buffer.
//
// # Errors
//
// Invalid input never panics. A signer's (or the coordinator's) invalid
// contribution returns an *InvalidContributionError that names the
// signer's index and the contribution, as BIP-445's InvalidContributionError
// does, so that the caller can hold them accountable; every error the BIP
// raises as a ValueError wraps one of the package's sentinels (errors.Is),
// whose doc quotes the BIP's message. nil and zero-value contexts,
// sessions, nonces and shares are invalid input.
//
// # Constant time
//
// Nonce generation, partial signing, DeterministicSign and the dealer run
// in constant time with respect to the secret shares, the secret nonces,
// the randomness and the dealer's polynomial (checked under valgrind by
// internal/cmd/ctgrind): secret scalars are multiplied with the
// constant-time base-point multiplication, and only public results (public
// nonces, partial signatures, public shares) and the validity of inputs
// are revealed. Everything else handles public data (identifiers, public
// shares, nonces, tweaks, partial signatures, sessions) and runs in
// variable time: NewSignersContext is one multi-scalar multiplication of
// the public shares, partial-signature verification one multi-scalar
// multiplication of two points and G.
//
// # Differences from the reference code
//
// BIP-445's reference code re-validates the signers context in every call;
// here NewSignersContext validates it once and the context is immutable.
// Sign also checks that the signer's identifier and public share are at
// the same position of the context (ErrShareIDMismatch), and that the
// secret nonce was made for the signer's share when NonceGen was told
// (ErrNonceShareMismatch). DeterministicSign requires the other signers'
// aggregate nonce when there is more than one signer.
package frost
