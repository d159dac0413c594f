package bip32

import "errors"

// Sentinel errors. Functions wrap them with %w to add detail; test them
// with errors.Is.
var (
	// ErrInvalidKey: a string or the fields given to NewPrivate or
	// NewPublic are not a valid extended key (bad Base58Check, length,
	// version, key data or header), or the extended key is nil, the zero
	// value or wiped.
	ErrInvalidKey = errors.New("bip32: invalid extended key")
	// ErrInvalidVersion: the version is unknown, or of the wrong kind
	// (a public version for a private key, or the other way round).
	ErrInvalidVersion = errors.New("bip32: invalid version")
	// ErrInvalidSeed: the seed is not 16 to 64 bytes long.
	ErrInvalidSeed = errors.New("bip32: seed length not in [16, 64] bytes")
	// ErrUnusableSeed: the seed gives an invalid master key (its left half
	// I_L is 0 or >= n, probability about 2^-127); use another seed.
	ErrUnusableSeed = errors.New("bip32: the seed gives an invalid master key")
	// ErrInvalidChild: the child at this index is invalid (I_L >= n, or
	// the child key is 0 or the point at infinity, probability about
	// 2^-127). BIP-32 says to proceed with the next index.
	ErrInvalidChild = errors.New("bip32: invalid child, use the next index")
	// ErrHardenedFromPublic: a hardened child cannot be derived from a
	// public extended key.
	ErrHardenedFromPublic = errors.New("bip32: cannot derive a hardened child from a public key")
	// ErrMaxDepth: the child would be deeper than 255 levels, the most the
	// serialisation holds.
	ErrMaxDepth = errors.New("bip32: depth would exceed 255")
	// ErrNotPrivate: a private key was asked of a public extended key.
	ErrNotPrivate = errors.New("bip32: not a private extended key")
	// ErrInvalidPath: a derivation path does not parse, or is absolute
	// ("m/...") while the key is not a master key.
	ErrInvalidPath = errors.New("bip32: invalid derivation path")
)
