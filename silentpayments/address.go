package silentpayments

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/bech32"
	"github.com/p256k1/secp256k1/internal/keys"
)

// Network selects the human-readable part of an address.
type Network uint8

const (
	// Mainnet addresses start with "sp1".
	Mainnet Network = iota
	// Testnet addresses (testnets and signet) start with "tsp1".
	Testnet
)

// hrp returns the human-readable part of n, or "" for an unknown network.
func (n Network) hrp() string {
	switch n {
	case Mainnet:
		return "sp"
	case Testnet:
		return "tsp"
	}
	return ""
}

// String returns "sp" or "tsp", the human-readable part of n's addresses,
// or "Network(n)" for an unknown value.
func (n Network) String() string {
	if h := n.hrp(); h != "" {
		return h
	}
	return fmt.Sprintf("Network(%d)", uint8(n))
}

const (
	// MaxAddressLength is the length limit of an address, 1023 characters
	// as BIP-352 recommends (a version 0 address has 116 or 117).
	MaxAddressLength = 1023
	// maxVersion is the highest version a version 0 sender accepts; 31 is
	// reserved for an incompatible change.
	maxVersion = 30
	// payloadSize is the version 0 payload: two compressed keys.
	payloadSize = 66
)

// Address is a silent-payment address: the receiver's scan key B_scan and
// spend key B_m (the spend key B_spend, or B_spend + hash(b_scan ‖ m)·G
// for an address with label m). The zero value is invalid.
type Address struct {
	// Network is the network the address is for.
	Network Network
	// Version is the address version: 0 for the addresses of BIP-352 as
	// this package implements it. ParseAddress also accepts versions 1 to
	// 30, whose first 66 payload bytes are the same two keys (BIP-352's
	// forward compatibility); Encode writes version 0 only.
	Version byte
	// ScanKey is B_scan.
	ScanKey *secp256k1.PublicKey
	// SpendKey is B_m, the possibly labeled spend key.
	SpendKey *secp256k1.PublicKey
}

// ParseAddress decodes a silent-payment address: Bech32m with the
// human-readable part "sp" or "tsp", at most 1023 characters, all
// lowercase or all uppercase, a version from 0 to 30, and a payload of
// exactly 66 bytes for version 0 or at least 66 bytes for versions 1 to 30
// (the rest is ignored, as BIP-352 says), holding two compressed public
// keys. Anything else returns an error wrapping ErrInvalidAddress.
func ParseAddress(s string) (*Address, error) {
	hrp, data, v, err := bech32.DecodeLimit(s, MaxAddressLength)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidAddress, err)
	}
	var a Address
	switch hrp {
	case "sp":
		a.Network = Mainnet
	case "tsp":
		a.Network = Testnet
	default:
		return nil, fmt.Errorf("%w: human-readable part %q", ErrInvalidAddress, hrp)
	}
	if v != bech32.Bech32m {
		return nil, fmt.Errorf("%w: %s checksum, want bech32m", ErrInvalidAddress, v)
	}
	if len(data) == 0 {
		return nil, fmt.Errorf("%w: no version", ErrInvalidAddress)
	}
	a.Version = data[0]
	if a.Version > maxVersion {
		return nil, fmt.Errorf("%w: version %d", ErrInvalidAddress, a.Version)
	}
	payload, err := bech32.ConvertBits(data[1:], 5, 8, false)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidAddress, err)
	}
	if len(payload) < payloadSize || (a.Version == 0 && len(payload) != payloadSize) {
		return nil, fmt.Errorf("%w: version %d payload of %d bytes", ErrInvalidAddress, a.Version, len(payload))
	}
	if a.ScanKey, err = compressedKey(payload[:33]); err != nil {
		return nil, fmt.Errorf("%w: scan key: %w", ErrInvalidAddress, err)
	}
	if a.SpendKey, err = compressedKey(payload[33:66]); err != nil {
		return nil, fmt.Errorf("%w: spend key: %w", ErrInvalidAddress, err)
	}
	return &a, nil
}

// compressedKey parses a 33-byte compressed public key; other encodings
// (the uncompressed 65-byte form never fits here) are rejected.
func compressedKey(b []byte) (*secp256k1.PublicKey, error) {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return nil, fmt.Errorf("%w: not a compressed key", secp256k1.ErrInvalidPublicKey)
	}
	return secp256k1.NewPublicKey(b)
}

// Encode returns the address as a string: Bech32m, lowercase, version 0.
// It returns an error wrapping ErrInvalidAddress for a nil address, nil or
// zero-value keys, an unknown network or a version other than 0 (a later
// version's payload is not known to this package).
func (a *Address) Encode() (string, error) {
	if a == nil {
		return "", fmt.Errorf("%w: nil address", ErrInvalidAddress)
	}
	hrp := a.Network.hrp()
	if hrp == "" {
		return "", fmt.Errorf("%w: unknown network %d", ErrInvalidAddress, a.Network)
	}
	if a.Version != 0 {
		return "", fmt.Errorf("%w: cannot encode version %d", ErrInvalidAddress, a.Version)
	}
	var payload [payloadSize]byte
	if err := (*keys.Public)(a.ScanKey).PutCompressed((*[33]byte)(payload[:33])); err != nil {
		return "", fmt.Errorf("%w: scan key: %w", ErrInvalidAddress, err)
	}
	if err := (*keys.Public)(a.SpendKey).PutCompressed((*[33]byte)(payload[33:])); err != nil {
		return "", fmt.Errorf("%w: spend key: %w", ErrInvalidAddress, err)
	}
	data, _ := bech32.ConvertBits(payload[:], 8, 5, true)
	return bech32.EncodeLimit(hrp, append([]byte{0}, data...), bech32.Bech32m, MaxAddressLength)
}
