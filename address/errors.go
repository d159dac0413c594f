package address

import "errors"

var (
	// ErrInvalidAddress is wrapped by every error of Decode and of the
	// constructors for an address that cannot be made: a bad character,
	// checksum, length, prefix, witness version or program.
	ErrInvalidAddress = errors.New("address: invalid address")
	// ErrWrongNetwork is wrapped (together with ErrInvalidAddress) by the
	// error of Decode for an address that is valid for another network.
	ErrWrongNetwork = errors.New("wrong network")
	// ErrInvalidNetwork is returned for a Network that is not one of
	// Mainnet, Testnet, Signet and Regtest (the zero value included).
	ErrInvalidNetwork = errors.New("address: invalid network")
	// ErrInvalidType is returned by New for a Type it cannot build.
	ErrInvalidType = errors.New("address: invalid address type")
	// ErrInvalidScript is returned for a nil, empty or oversized script,
	// and by FromScriptPubKey for a scriptPubKey that has no address
	// (bare public keys and multisig, OP_RETURN, non-standard scripts).
	ErrInvalidScript = errors.New("address: invalid script")
)
