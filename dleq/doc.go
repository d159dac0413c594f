// Package dleq implements BIP-374 discrete-log-equality (DLEQ) proofs over
// secp256k1: a 64-byte proof that A = a·G and C = a·B for the same secret
// a, without revealing a. BIP-352 silent-payment senders use it to show
// that an ECDH share C = a·B_scan was computed with the key a behind the
// input key A (BIP-375 carries such proofs in PSBTs).
//
// Prove and ProveWithAux make a proof for a secret key a and a point B;
// Verify checks one against A, B and C. Options names the optional inputs
// of the BIP: the base point G of A = a·G (the secp256k1 generator by
// default; the BIP lets any point play the role) and a 32-byte message m
// that the proof commits to.
//
// # Format and derivation
//
// A proof is e ‖ s, 32 bytes each, as BIP-374 defines them: the nonce is
// k = int(hash_BIP0374/nonce(t ‖ cbytes(A) ‖ cbytes(C) ‖ m')) mod n with
// t = bytes(a) xor hash_BIP0374/aux(r), and the challenge
// e = hash_BIP0374/challenge(cbytes(A) ‖ cbytes(B) ‖ cbytes(C) ‖ cbytes(G) ‖
// cbytes(R1) ‖ cbytes(R2) ‖ m') for R1 = k·G, R2 = k·B; s = k + e·a mod n.
// m' is the message, or empty without one. Prove draws the 32-byte
// auxiliary randomness r from crypto/rand; ProveWithAux takes it from the
// caller (the BIP's test vectors, or a caller's own source). Both verify
// the proof before returning it, as the BIP requires.
//
// # Errors
//
// Invalid input never panics: Prove and ProveWithAux return an error
// wrapping one of the package's sentinels (a nil or zero-value key, a
// message or auxiliary randomness of the wrong length), and Verify returns
// false. The point at infinity cannot be given: a valid secp256k1.PublicKey
// is never the identity, and the BIP's failure cases for a = 0, a = n and
// B at infinity are invalid keys here.
//
// # Constant time
//
// Proving runs in constant time with respect to the secret a, the
// auxiliary randomness and the nonce k: a·G, a·B, k·G and k·B use the
// constant-time multiplications, and the hashes and scalar arithmetic have
// no secret-dependent branch or memory index (checked under valgrind by
// internal/cmd/ctgrind). Revealed are what the proof reveals anyway: A, C,
// R1, R2 (which anyone recomputes from the proof), e and s, and whether k
// is zero. Verification handles only public data and runs in variable
// time (two two-term multi-scalar multiplications).
package dleq
