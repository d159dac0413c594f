// Package musig2 implements MuSig2 multi-signatures (BIP-327) over
// secp256k1: n signers with their own keys jointly produce one BIP-340
// Schnorr signature that verifies under their aggregate key, in two rounds
// (nonces, then partial signatures). It also provides adaptor signatures
// (for PTLCs and atomic swaps) and BIP-328's derivation of child keys from
// an aggregate key. It follows libsecp256k1's musig module, whose results
// it reproduces byte for byte (the bench module's differential tests check
// it against libsecp256k1 0.8).
//
// # Protocol
//
//  1. Key aggregation: KeySort (optional) and KeyAgg turn the signers'
//     33-byte compressed public keys into a KeyAggCache, which holds the
//     aggregate key. Tweak it with TweakAdd (BIP-32), XOnlyTweakAdd or
//     TaprootTweak (BIP-341), or derive children with DeriveChild
//     (BIP-328).
//  2. Nonces: each signer calls NonceGen, keeps the SecretNonce and sends
//     the 66-byte public nonce; NonceAgg sums the public nonces into the
//     aggregate nonce.
//  3. Signing: every party makes the same Session with NewSession from the
//     cache, the aggregate nonce and the message. Each signer signs with
//     Session.Sign, which consumes its SecretNonce; Session.PartialVerify
//     checks a partial signature, and Session.Aggregate sums them into the
//     BIP-340 signature, to be verified with schnorr.Verify under
//     KeyAggCache.XOnlyPublicKey.
//
// DeterministicSign lets the last signer sign without keeping a secret
// nonce between the rounds. NewAdaptorSession adds an adaptor point T to
// the final nonce: the aggregate is then a pre-signature, which Adapt
// completes with T's discrete logarithm t, and from which ExtractAdaptor
// recovers t once the completed signature is published.
//
// # Nonce reuse
//
// Signing twice with one secret nonce reveals the secret key. A
// SecretNonce cannot be serialized (no exported fields, no bytes, fmt
// prints "musig2.SecretNonce{…}"), copies share its state, the first Sign
// call zeroes it whatever its outcome, and it only signs for the key it was
// generated for; every later call returns ErrInvalidSecretNonce. NonceGen
// also zeroes the caller's Rand buffer.
//
// # Errors
//
// Invalid input never panics. A signer's (or the nonce aggregator's)
// invalid contribution returns an *InvalidContributionError that names the
// signer's index and the contribution, as BIP-327's
// InvalidContributionError does, so that the caller can hold them
// accountable; other errors wrap the package's sentinels (errors.Is). nil
// and zero-value caches, sessions, nonces and keys are invalid input.
//
// # Constant time
//
// Nonce generation, partial signing, DeterministicSign, Adapt and
// ExtractAdaptor run in constant time with respect to the secret key, the
// secret nonce, the randomness and the adaptor secret (checked under
// valgrind by internal/cmd/ctgrind): secret scalars are multiplied with the
// constant-time base-point multiplication, and only public results (the
// public nonce, the partial signature) and the validity of inputs are
// revealed. Everything else handles public data (keys, nonces, tweaks,
// partial signatures, sessions) and runs in variable time: key aggregation
// is one multi-scalar multiplication, partial-signature verification one
// multi-scalar multiplication of two points and G.
//
// # BIP-328
//
// KeyAggCache.ExtendedKey returns the aggregate key as BIP-328's synthetic
// BIP-32 extended public key (chain code SyntheticChainCode), and
// DeriveChild applies unhardened BIP-32 derivation to the cache, so that
// the signers sign for the child key. The xpub string encoding is left to
// a BIP-32 package; ExtendedKey holds its fields.
package musig2
