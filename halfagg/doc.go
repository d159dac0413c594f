// Package halfagg implements half-aggregation of BIP-340 Schnorr signatures
// (BIP-458): n signatures of n messages, by n keys, become one aggregate
// signature of 32·(n+1) bytes instead of 64·n, which a verifier checks
// against the n (key, message) pairs. Aggregation is non-interactive: anyone
// holding the signatures can aggregate them, without the signers.
//
// # Experimental
//
// BIP-458 is a draft, and this package follows one revision of it:
// bitcoin/bips pull request #2205 at ab5a023d (2026-07-27), whose
// randomizer hash uses the tag "HalfAgg/randomizer" (RandomizerTag) with
// z_0 = 1. A newer
// revision renames the tag to "BIP0458/randomizer", which changes every
// aggregate of two or more signatures; the tag is one named constant so
// that moving to it is a one-line change (and a change of the test
// vectors). Aggregates made under one revision do not verify under another.
// The API and the encoding may change with the draft; do not use the
// package where aggregates must stay valid across versions.
//
// # Functions
//
// Aggregate turns n (key, message, signature) triples into an aggregate;
// IncAggregate adds triples to an existing aggregate, given the (key,
// message) pairs it already holds; VerifyAggregate (or Verifier.Verify,
// which keeps its memory between calls) checks an aggregate. Messages are
// 32 bytes, as BIP-458 defines them (unlike BIP-340, which signs messages
// of any length); keys are secp256k1.XOnlyPublicKey values and signatures
// 64-byte BIP-340 signatures.
//
// Aggregation does not verify its inputs: as BIP-458 says, a set of
// signatures that are invalid one by one can aggregate into a valid
// aggregate, and IncAggregate does not check the aggregate it extends.
// Verify the signatures with schnorr.Verify (or schnorr.BatchVerifier)
// first where that matters. What VerifyAggregate guarantees is that the
// aggregate could only be made (except with negligible probability) from
// valid signatures of every pair, in that order.
//
// # Verification
//
// VerifyAggregate checks s·G = Σ z_i·(R_i + e_i·P_i) as one multi-scalar
// multiplication of 2n points and G (Strauss's method for a few signatures,
// Pippenger's for more), with e_i the BIP-340 challenge and z_i the
// randomizer hash of everything up to entry i. Large aggregates use every
// core (Verifier.Workers): the challenges and the square roots of lift_x
// are computed in parallel, while the chain of randomizer hashes, which is
// sequential by construction, runs on a goroutine of its own, and
// Pippenger's windows are shared between the cores.
//
// Measured per signature on one core (CPU time of the benchmark's thread,
// a shared 2-core AMD EPYC; BenchmarkHalfAgg): verifying an aggregate of
// 1000 signatures costs 9.0 µs, 0.51 times schnorr.Verify's 17.8 µs and
// 1.32 times schnorr.BatchVerifier's 6.8 µs on the same signatures; at
// 100 signatures 11.7 µs, 0.67 and 1.29 times. Half-aggregation trades
// that for the halved size: each signature brings two full 256-bit
// scalars to the multiplication (its randomizer is a hash, fixed by the
// draft), where the batch verifier's randomizers are 128-bit. Aggregation
// costs about 0.18 µs per signature.
//
//	go test -run '^$' -bench HalfAgg -count 6 ./halfagg
//
// # Limits
//
// BIP-458 leaves the maximum number of signatures to implementations
// (applications should pick their own, lower if they need); this package
// accepts at most MaxSignatures = 2^16 − 1, the limit an earlier version
// of the draft fixed. Aggregate and IncAggregate return
// ErrTooManySignatures above it, and VerifyAggregate returns false. The
// limit bounds the memory of a verification: at MaxSignatures about
// 100 MiB on one core, and up to about 310 MiB with many workers, each
// of which keeps its own window memory in Pippenger's method (measured:
// 98, 125, 178 and 311 MiB with 1, 2, 4 and 16 workers; at 1000
// signatures a few MiB). VerifyAggregate allocates that in every call, a
// Verifier once.
//
// # Errors and misuse
//
// Invalid input never panics. nil and zero-value keys, messages that are
// not 32 bytes, signatures that are not 64 bytes or whose s is not below
// the group order n, aggregates of the wrong length or whose s is not
// below n, and slices of different lengths are errors from Aggregate and
// IncAggregate (wrapping the package's sentinels, or
// secp256k1.ErrInvalidPublicKey for a key) and make VerifyAggregate return
// false, as do an r that is not the x of a point (r ≥ p included). A nil
// *Verifier verifies nothing.
//
// # Constant time
//
// Nothing here is secret: aggregation works on published signatures and
// verification on public keys, messages and aggregates, so every function
// runs in variable time (the multi-scalar multiplication is the library's
// variable-time one) and the package has no entry in the valgrind
// constant-time check. Signing, which handles the secret keys, is
// schnorr.Sign's.
package halfagg
