package address

import (
	"errors"
	"fmt"
	"strings"

	"github.com/p256k1/secp256k1/internal/base58"
	"github.com/p256k1/secp256k1/internal/bech32"
)

// maxBase58Len is the longest Base58 encoding of 25 bytes (a version byte,
// a 20-byte hash and a 4-byte checksum): 25·log(256)/log(58) < 35.
const maxBase58Len = 35

// Decode parses an address of network net (see the package documentation
// for what is accepted) and returns it with its type, network and
// program. An all-uppercase bech32 address is accepted; String returns it
// in lowercase.
//
// It returns an error wrapping ErrInvalidNetwork for an invalid network,
// and ErrInvalidAddress for anything that is not an address of net; for
// an address of another network the error also wraps ErrWrongNetwork and
// names the networks it is valid for.
func Decode(s string, net Network) (*Address, error) {
	if err := net.check(); err != nil {
		return nil, err
	}
	a, err := decode(s, net)
	if err == nil {
		return a, nil
	}
	if others := networksOf(s, net); others != "" {
		return nil, fmt.Errorf("%w: %w: an address for %s, not %s", ErrInvalidAddress, ErrWrongNetwork, others, net)
	}
	return nil, err
}

// decode parses s for the valid network net.
func decode(s string, net Network) (*Address, error) {
	p := net.params()
	if isBech32(s) {
		version, program, err := bech32.DecodeSegwit(p.hrp, s)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrInvalidAddress, err)
		}
		return newWitness(version, program, net)
	}
	if len(s) > maxBase58Len {
		return nil, fmt.Errorf("%w: %d characters, not bech32 and longer than a Base58 address (%d)", ErrInvalidAddress, len(s), maxBase58Len)
	}
	b, err := base58.CheckDecode(s)
	if err != nil {
		return nil, fmt.Errorf("%w: Base58Check: %w", ErrInvalidAddress, err)
	}
	if len(b) != 21 {
		return nil, fmt.Errorf("%w: Base58Check payload of %d bytes, want 21", ErrInvalidAddress, len(b))
	}
	switch b[0] {
	case p.pkh:
		return newHash(TypeP2PKH, b[1:], net)
	case p.sh:
		return newHash(TypeP2SH, b[1:], net)
	}
	return nil, fmt.Errorf("%w: Base58 version byte 0x%02x is not a %s P2PKH (0x%02x) or P2SH (0x%02x) address", ErrInvalidAddress, b[0], net, p.pkh, p.sh)
}

// isBech32 reports whether s is to be read as bech32: it starts with a
// segwit prefix of one of the networks (in either case), or it carries a
// valid bech32 or bech32m checksum. No Base58 address of these networks
// does either (they start with 1, 3, m, n or 2).
func isBech32(s string) bool {
	for _, p := range networks {
		if n := len(p.hrp) + 1; n > 1 && len(s) >= n && strings.EqualFold(s[:n], p.hrp+"1") {
			return true
		}
	}
	_, _, _, err := bech32.Decode(s)
	return err == nil
}

// FromScriptPubKey returns the address of net that an output script pays
// to, for the templates ScriptPubKey writes: P2PKH, P2SH and witness
// programs (OP_0 with 20 or 32 bytes, OP_1 to OP_16 with 2 to 40 bytes).
// It returns an error wrapping ErrInvalidScript for any other script
// (bare keys and multisig, OP_RETURN, non-standard scripts and witness
// version 0 programs of other lengths have no address), and
// ErrInvalidNetwork for an invalid network.
func FromScriptPubKey(script []byte, net Network) (*Address, error) {
	if err := net.check(); err != nil {
		return nil, err
	}
	n := len(script)
	switch {
	case n == 25 && script[0] == opDup && script[1] == opHash160 && script[2] == 20 &&
		script[23] == opEqualVerify && script[24] == opCheckSig:
		return newHash(TypeP2PKH, script[3:23], net)
	case n == 23 && script[0] == opHash160 && script[1] == 20 && script[22] == opEqual:
		return newHash(TypeP2SH, script[2:22], net)
	case n >= 4 && n <= 42 && int(script[1]) == n-2 && (script[0] == op0 || script[0] >= op1 && script[0] <= op1+15):
		version := byte(0)
		if script[0] != op0 {
			version = script[0] - op1 + 1
		}
		a, err := newWitness(version, script[2:], net)
		if errors.Is(err, ErrInvalidAddress) {
			return nil, fmt.Errorf("%w: %w", ErrInvalidScript, err)
		}
		return a, err
	}
	if n == 0 {
		return nil, fmt.Errorf("%w: nil or empty script", ErrInvalidScript)
	}
	return nil, fmt.Errorf("%w: a script of %d bytes that is not P2PKH, P2SH or a witness program", ErrInvalidScript, n)
}
