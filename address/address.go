package address

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/base58"
	"github.com/p256k1/secp256k1/internal/bech32"
)

// Type is the kind of output an address pays to. The zero value is not a
// type.
type Type uint8

// The address types. A P2SH-wrapped P2WPKH (BIP-49) address is a P2SH
// address: the wrapping is in the redeem script, which the address hashes.
const (
	TypeP2PKH          Type = 1 + iota // pay to public key hash: a 20-byte HASH160, Base58Check
	TypeP2SH                           // pay to script hash: a 20-byte HASH160, Base58Check
	TypeP2WPKH                         // witness v0 key hash: a 20-byte HASH160, bech32
	TypeP2WSH                          // witness v0 script hash: a 32-byte SHA-256, bech32
	TypeP2TR                           // witness v1 taproot: a 32-byte x-only output key, bech32m
	TypeWitnessUnknown                 // any other witness program (versions 1 to 16, 2 to 40 bytes), bech32m
)

// String returns the type's name as Bitcoin Core's descriptors and
// getaddressinfo spell it: "p2pkh", "p2sh", "p2wpkh", "p2wsh", "p2tr",
// "witness_unknown", or "Type(n)" for a value that is not a type.
func (t Type) String() string {
	switch t {
	case TypeP2PKH:
		return "p2pkh"
	case TypeP2SH:
		return "p2sh"
	case TypeP2WPKH:
		return "p2wpkh"
	case TypeP2WSH:
		return "p2wsh"
	case TypeP2TR:
		return "p2tr"
	case TypeWitnessUnknown:
		return "witness_unknown"
	}
	return fmt.Sprintf("Type(%d)", uint8(t))
}

// Address is a Bitcoin address for one network: its type, and its payload
// (the 20-byte hash of a Base58 address, the witness program of a segwit
// one). Addresses are made by the constructors, Decode and
// FromScriptPubKey, and do not change. The zero value and a nil *Address
// are invalid (see the package documentation).
type Address struct {
	typ     Type
	net     Network
	version byte // witness version; 0 for P2PKH and P2SH
	n       uint8
	program [40]byte
}

// valid reports whether a was made by a constructor.
func (a *Address) valid() bool { return a != nil && a.typ != 0 }

func (a *Address) prog() []byte { return a.program[:a.n] }

func (a *Address) segwit() bool { return a.typ >= TypeP2WPKH }

// Type returns a's type, or 0 for an invalid address.
func (a *Address) Type() Type {
	if !a.valid() {
		return 0
	}
	return a.typ
}

// Network returns the network a was made or decoded for, or 0 for an
// invalid address. An address of Testnet is the same string as the one of
// Signet (and, for P2PKH and P2SH, of Regtest).
func (a *Address) Network() Network {
	if !a.valid() {
		return 0
	}
	return a.net
}

// Program returns a copy of a's payload: the 20-byte HASH160 of a P2PKH or
// P2SH address, the witness program of a segwit address (the 20-byte key
// hash of P2WPKH, the 32-byte script hash of P2WSH, the 32-byte x-only
// output key of P2TR). It returns nil for an invalid address.
func (a *Address) Program() []byte {
	if !a.valid() {
		return nil
	}
	return append([]byte(nil), a.prog()...)
}

// WitnessVersion returns a's witness version, 0 to 16, or -1 for a P2PKH
// or P2SH address and for an invalid address.
func (a *Address) WitnessVersion() int {
	if !a.valid() || !a.segwit() {
		return -1
	}
	return int(a.version)
}

// Equal reports whether a and b are valid and the same address for the
// same network.
func (a *Address) Equal(b *Address) bool {
	return a.valid() && b.valid() && *a == *b
}

// String returns the address as its network writes it (bech32 in
// lowercase), or "" for an invalid address.
func (a *Address) String() string {
	if !a.valid() {
		return ""
	}
	p := a.net.params()
	if a.segwit() {
		s, err := bech32.SegwitAddress(p.hrp, a.version, a.prog())
		if err != nil { // cannot happen: the constructors check the program
			return ""
		}
		return s
	}
	var payload [21]byte
	payload[0] = p.pkh
	if a.typ == TypeP2SH {
		payload[0] = p.sh
	}
	copy(payload[1:], a.prog())
	return base58.CheckEncode(payload[:])
}

// Opcodes of the scriptPubKey templates.
const (
	opDup         = 0x76
	opHash160     = 0xa9
	opEqual       = 0x87
	opEqualVerify = 0x88
	opCheckSig    = 0xac
	op0           = 0x00
	op1           = 0x51 // OP_1 to OP_16 are 0x51 to 0x60
)

// ScriptPubKey returns, in a new slice, the output script that a pays to:
//
//	P2PKH  OP_DUP OP_HASH160 <20 bytes> OP_EQUALVERIFY OP_CHECKSIG  (76 a9 14 … 88 ac)
//	P2SH   OP_HASH160 <20 bytes> OP_EQUAL                           (a9 14 … 87)
//	segwit OP_n <program>, n the witness version                    (00 14 …, 00 20 …, 51 20 …)
//
// It returns an error wrapping ErrInvalidAddress for an invalid address,
// and no script: an empty scriptPubKey would let anyone spend the output.
func (a *Address) ScriptPubKey() ([]byte, error) {
	if !a.valid() {
		return nil, fmt.Errorf("%w: nil or zero-value address", ErrInvalidAddress)
	}
	prog := a.prog()
	switch a.typ {
	case TypeP2PKH:
		s := append([]byte{opDup, opHash160, 20}, prog...)
		return append(s, opEqualVerify, opCheckSig), nil
	case TypeP2SH:
		s := append([]byte{opHash160, 20}, prog...)
		return append(s, opEqual), nil
	}
	op := byte(op0)
	if a.version > 0 {
		op = op1 - 1 + a.version
	}
	return append([]byte{op, byte(len(prog))}, prog...), nil
}
