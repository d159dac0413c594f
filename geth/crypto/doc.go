// Package crypto is a drop-in replacement for go-ethereum's
// github.com/ethereum/go-ethereum/crypto (v1.17.10) whose secp256k1 parts
// run on p256k1 (github.com/p256k1/secp256k1), in pure Go: code switches
// by changing its import path and nothing else.
//
//	import "github.com/ethereum/go-ethereum/crypto"
//	// becomes
//	import "github.com/p256k1/secp256k1/geth/crypto"
//
// The package has every exported identifier of go-ethereum's, with the
// same kind and signature (a test compares the two packages' declarations),
// and returns byte-identical results on valid input: Sign's 65-byte
// [R || S || V] signatures (RFC 6979, low S, V = 0 or 1, the same bytes as
// libsecp256k1), Ecrecover's 65-byte uncompressed keys, VerifySignature's
// verdicts (64-byte [R || S], low S only, compressed, uncompressed and
// hybrid keys), the key encodings and conversions, addresses and Keccak-256.
// Error messages are those of go-ethereum's default (cgo) backend, for
// example "invalid signature recovery id" and "recovery failed" from
// Ecrecover and "hash is required to be exactly 32 bytes (N)" from Sign.
// The error values are this package's own: errors.Is against go-ethereum's
// crypto/secp256k1 sentinels does not hold.
//
// S256 returns the p256k1 curve (secp256k1.S256) with go-ethereum's
// Marshal and Unmarshal added. Its ScalarMult and ScalarBaseMult run in
// constant time with respect to the scalar, which is what ECIES needs
// (GenerateShared multiplies the peer's point by the private D); the
// package ecies under this one is go-ethereum's ECIES on this curve.
//
// Keccak-256 (Keccak256, Keccak256Hash, NewKeccakState, HashData) is
// go-ethereum's own crypto/keccak, and CreateAddress uses go-ethereum's rlp:
// this package imports go-ethereum's common, common/math, rlp and
// crypto/keccak, but not its crypto package, so a program that uses only
// this package links no cgo and no libsecp256k1.
//
// Where go-ethereum panics, returns garbage, or its two backends disagree,
// this package never panics and behaves as follows:
//
//   - Sign with a nil key, a nil D, a key on a curve that is not secp256k1
//     (the cgo backend signs D as a secp256k1 key; the pure-Go backend
//     returns the error this package returns), a negative D (go-ethereum
//     signs with |D|) or a D ≥ 2^256 (the pure-Go backend signs with its
//     first 32 bytes) returns an error.
//   - Ecrecover rejects V ≥ 4 with "invalid signature recovery id", as
//     the cgo backend does (the pure-Go backend reads V = 4 to 7 as 0 to 3).
//   - ToECDSAUnsafe reads D of any length (the cgo backend panics on more
//     than 32 bytes, zero-padded or not).
//   - CompressPubkey returns nil for a nil key or a point that is not on
//     the curve (go-ethereum's cgo backend panics, its pure-Go backend
//     encodes whatever it was given).
//   - FromECDSAPub and S256().Marshal return nil for coordinates that are
//     negative or do not fit 32 bytes (go-ethereum encodes their absolute
//     value, or truncates, or panics); PubkeyToAddress returns the zero
//     address for such a key. FromECDSA of a key with a nil Curve pads to
//     32 bytes.
//   - ValidateSignatureValues returns false for nil r or s, and HashData
//     returns the zero hash for a nil KeccakState.
//   - SaveECDSA with a nil key or D returns an error and writes nothing
//     (go-ethereum writes an empty file).
//   - S256()'s methods accept nil coordinates, scalars longer than 32
//     bytes and scalars ≥ n (reduced mod n), and return (0, 0) for the
//     point at infinity, as crypto/elliptic does (go-ethereum's cgo curve
//     returns nil for a zero scalar and panics on a long one; see
//     secp256k1.S256 for the rest of the contract).
//
// Keys this package makes carry this package's S256() as their Curve.
// go-ethereum code that compares a key's Curve with its own crypto.S256()
// does not recognize them: go-ethereum's crypto/ecies looks its parameters
// up by curve (use this module's ecies package, or register the curve with
// ecies.AddParamsForCurve(crypto.S256(), ecies.ECIES_AES128_SHA256)), and
// p2p/discover/v5wire switches on the curve. Keys made by go-ethereum (on
// its curve, or any curve with secp256k1's parameters) are accepted
// everywhere here.
//
// EllipticCurve and KeccakState are interfaces declared here with the
// method sets of go-ethereum's: values convert implicitly in both
// directions, but function types that name them differ (a func()
// KeccakState is not a func() gethcrypto.KeccakState).
package crypto
