package address

import (
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ripemd160"
)

// Script size limits: a P2SH redeem script is pushed by the spending
// scriptSig (at most MAX_SCRIPT_ELEMENT_SIZE), and a witness script is a
// script (at most MAX_SCRIPT_SIZE); larger ones cannot be spent.
const (
	maxRedeemScript  = 520
	maxWitnessScript = 10000
)

// P2PKH returns the pay-to-public-key-hash address ("1…" on mainnet) of
// pub's 33-byte compressed encoding: HASH160(pub.BytesCompressed()). It
// returns an error wrapping secp256k1.ErrInvalidPublicKey for a nil or
// zero-value key and ErrInvalidNetwork for an invalid network.
func P2PKH(pub *secp256k1.PublicKey, net Network) (*Address, error) {
	b := pub.BytesCompressed()
	if b == nil {
		return nil, errKey
	}
	h := ripemd160.Hash160(b)
	return newHash(TypeP2PKH, h[:], net)
}

// P2PKHUncompressed returns the P2PKH address of pub's 65-byte uncompressed
// encoding, as wallets made before compressed keys did. It is a different
// address from P2PKH's; segwit addresses have no uncompressed form. Errors
// as P2PKH.
func P2PKHUncompressed(pub *secp256k1.PublicKey, net Network) (*Address, error) {
	b := pub.BytesUncompressed()
	if b == nil {
		return nil, errKey
	}
	h := ripemd160.Hash160(b)
	return newHash(TypeP2PKH, h[:], net)
}

// P2SH returns the pay-to-script-hash address ("3…" on mainnet) of a
// redeem script: HASH160(redeemScript). It returns an error wrapping
// ErrInvalidScript for a nil or empty script and for one longer than 520
// bytes (a P2SH spend cannot push it), and ErrInvalidNetwork for an
// invalid network.
func P2SH(redeemScript []byte, net Network) (*Address, error) {
	if len(redeemScript) == 0 || len(redeemScript) > maxRedeemScript {
		return nil, fmt.Errorf("%w: redeem script of %d bytes, want 1 to %d", ErrInvalidScript, len(redeemScript), maxRedeemScript)
	}
	h := ripemd160.Hash160(redeemScript)
	return newHash(TypeP2SH, h[:], net)
}

// P2SHP2WPKH returns the P2SH-wrapped P2WPKH address of BIP-49 ("3…" on
// mainnet, the nested segwit of m/49' accounts): the P2SH address of the
// redeem script 0x0014 ‖ HASH160(pub.BytesCompressed()). Its Type is
// TypeP2SH. Errors as P2PKH.
func P2SHP2WPKH(pub *secp256k1.PublicKey, net Network) (*Address, error) {
	b := pub.BytesCompressed()
	if b == nil {
		return nil, errKey
	}
	h := ripemd160.Hash160(b)
	redeem := append([]byte{op0, 20}, h[:]...)
	return P2SH(redeem, net)
}

// P2WPKH returns the pay-to-witness-public-key-hash address ("bc1q…" with
// 42 characters on mainnet) of pub: witness version 0 and the program
// HASH160(pub.BytesCompressed()). Errors as P2PKH.
func P2WPKH(pub *secp256k1.PublicKey, net Network) (*Address, error) {
	b := pub.BytesCompressed()
	if b == nil {
		return nil, errKey
	}
	h := ripemd160.Hash160(b)
	return newWitness(0, h[:], net)
}

// P2WSH returns the pay-to-witness-script-hash address ("bc1q…" with 62
// characters on mainnet) of a witness script: witness version 0 and the
// program SHA-256(witnessScript). It returns an error wrapping
// ErrInvalidScript for a nil or empty script and for one longer than
// 10,000 bytes, and ErrInvalidNetwork for an invalid network.
func P2WSH(witnessScript []byte, net Network) (*Address, error) {
	if len(witnessScript) == 0 || len(witnessScript) > maxWitnessScript {
		return nil, fmt.Errorf("%w: witness script of %d bytes, want 1 to %d", ErrInvalidScript, len(witnessScript), maxWitnessScript)
	}
	h := sha256.Sum256(witnessScript)
	return newWitness(0, h[:], net)
}

// P2TR returns the taproot address ("bc1p…" on mainnet) of a BIP-341
// output key: witness version 1 and the key's 32 bytes. outputKey is the
// tweaked key, not the internal key: for a BIP-86 wallet (no script path)
// it is the output of taproot.KeyPathOutput of the derived public key, for
// an output with scripts that of taproot.OutputKey (or
// secp256k1.TaprootOutputKey). It returns an error wrapping
// secp256k1.ErrInvalidPublicKey for a nil or zero-value key and
// ErrInvalidNetwork for an invalid network.
func P2TR(outputKey *secp256k1.XOnlyPublicKey, net Network) (*Address, error) {
	b := outputKey.Bytes()
	if b == nil {
		return nil, errKey
	}
	return newWitness(1, b, net)
}

// New returns the address of type typ for program, a 20-byte hash for
// TypeP2PKH, TypeP2SH and TypeP2WPKH, a 32-byte SHA-256 for TypeP2WSH, a
// 32-byte x-only output key for TypeP2TR (not checked to be on the curve).
// It returns an error wrapping ErrInvalidType for TypeWitnessUnknown (use
// NewWitness) and values that are not types, ErrInvalidAddress for a
// program of the wrong length, and ErrInvalidNetwork for an invalid
// network.
func New(typ Type, program []byte, net Network) (*Address, error) {
	want := 20
	switch typ {
	case TypeP2PKH, TypeP2SH, TypeP2WPKH:
	case TypeP2WSH, TypeP2TR:
		want = 32
	case TypeWitnessUnknown:
		return nil, fmt.Errorf("%w: %v needs a witness version: use NewWitness", ErrInvalidType, typ)
	default:
		return nil, fmt.Errorf("%w: %v", ErrInvalidType, typ)
	}
	if len(program) != want {
		return nil, fmt.Errorf("%w: %v program of %d bytes, want %d", ErrInvalidAddress, typ, len(program), want)
	}
	switch typ {
	case TypeP2PKH, TypeP2SH:
		return newHash(typ, program, net)
	case TypeP2TR:
		return newWitness(1, program, net)
	}
	return newWitness(0, program, net)
}

// NewWitness returns the segwit address of a witness version (0 to 16) and
// program, as BIP-141 allows them: 2 to 40 bytes, and 20 or 32 bytes for
// version 0. Its type is TypeP2WPKH or TypeP2WSH for version 0, TypeP2TR
// for version 1 with 32 bytes, and TypeWitnessUnknown otherwise (outputs
// that BIP-350 lets wallets pay to before their version is defined). It
// returns an error wrapping ErrInvalidAddress for any other version or
// length, and ErrInvalidNetwork for an invalid network.
func NewWitness(version int, program []byte, net Network) (*Address, error) {
	if version < 0 || version > 16 {
		return nil, fmt.Errorf("%w: witness version %d", ErrInvalidAddress, version)
	}
	return newWitness(byte(version), program, net)
}

var errKey = fmt.Errorf("%w: nil or zero-value key", secp256k1.ErrInvalidPublicKey)

// newHash returns the P2PKH or P2SH address of a 20-byte hash.
func newHash(typ Type, h []byte, net Network) (*Address, error) {
	if err := net.check(); err != nil {
		return nil, err
	}
	a := &Address{typ: typ, net: net, n: 20}
	copy(a.program[:], h)
	return a, nil
}

// newWitness returns the address of a witness program, checking it as
// NewWitness says. version must be at most 16.
func newWitness(version byte, program []byte, net Network) (*Address, error) {
	if err := net.check(); err != nil {
		return nil, err
	}
	n := len(program)
	switch {
	case n < 2 || n > 40:
		return nil, fmt.Errorf("%w: witness program of %d bytes, want 2 to 40", ErrInvalidAddress, n)
	case version == 0 && n != 20 && n != 32:
		return nil, fmt.Errorf("%w: version 0 witness program of %d bytes, want 20 or 32", ErrInvalidAddress, n)
	}
	typ := TypeWitnessUnknown
	switch {
	case version == 0 && n == 20:
		typ = TypeP2WPKH
	case version == 0:
		typ = TypeP2WSH
	case version == 1 && n == 32:
		typ = TypeP2TR
	}
	a := &Address{typ: typ, net: net, version: version, n: uint8(n)}
	copy(a.program[:], program)
	return a, nil
}
