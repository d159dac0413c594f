// Package secp256k1 implements keys and ECDH on the secp256k1 elliptic curve
// (SEC 2), the curve of Bitcoin, Lightning and nostr, in Go without cgo (the
// field and point arithmetic run in generated assembly on amd64 and arm64,
// and in Go everywhere else and with -tags purego).
//
// The module is organized as libsecp256k1 is:
//
//   - package secp256k1 (this one): private keys (GenerateKey,
//     NewPrivateKey), public keys in SEC 1 form (NewPublicKey) and in BIP-340
//     x-only form (NewXOnlyPublicKey), ECDH (PrivateKey.ECDH for the raw
//     shared x coordinate, PrivateKey.ECDHSHA256 for libsecp256k1's default
//     hashed secret), key tweaks with libsecp256k1's semantics (TweakAdd,
//     TweakMul, Negate, CombinePublicKeys, x-only tweaks and their check,
//     BIP-327 key sorting) and BIP-341 taproot keys (TaprootOutputKey,
//     PrivateKey.TaprootTweak);
//   - package ecdsa: RFC 6979 ECDSA signatures identical to libsecp256k1's,
//     low-S, strict and lax DER, compact form and public-key recovery, and
//     many signatures verified on all cores (BatchVerifier, VerifyMany);
//   - package schnorr: BIP-340 Schnorr signatures, and batch verification
//     (BatchVerifier, VerifyBatch: a third of the cost per signature at a
//     thousand signatures, on all cores);
//   - package signer: a nostr signer with the method sets nostr relays and
//     clients program against, NIP-44 conversation keys, NIP-01 event ids,
//     and VerifyEvents for bursts of events;
//   - package curve: points and scalars for protocol builders (commitments,
//     proofs, adaptor signatures, MuSig2-style schemes), with constant-time
//     arithmetic, the helpers of BIP-340 and the protocols built on it
//     (tagged hashes, lift_x, even y), and variable-time multi-scalar
//     multiplication for public data;
//   - package ellswift: BIP-324 ElligatorSwift encodings of public keys and
//     the v2 transport's key exchange (XDH);
//   - package bip39: BIP-39 mnemonic sentences and the seed they give.
//
// # Constant time
//
// Every operation on a secret (key generation, public-key computation,
// signing, nonce generation and inversion, ECDH) runs in constant time: no
// branch and no memory address depends on a secret, table lookups read the
// whole table and keep one entry with masks. This is checked under valgrind
// (see internal/cmd/ctgrind). Functions that handle only public data
// (verification, recovery, parsing) may run in variable time; internal
// functions of that kind carry VarTime in their names.
//
// # Errors
//
// Invalid input never panics and never yields a partial value: functions
// return an error wrapping one of the exported sentinels (ErrInvalidPrivateKey,
// ErrInvalidPublicKey, ...), to be tested with errors.Is. The zero value of
// every key type, and a nil key, is invalid input like any other: it gets the
// same errors, and verifiers return false for it.
//
// Keys are immutable and safe for concurrent use; compare them with Equal.
// A PrivateKey computes its public key on first use and stores it in
// itself with atomic operations, not under a lock (see
// PrivateKey.PublicKey).
// Byte slices passed in are not retained, and returned slices are fresh.
package secp256k1
