package ecdsa

import (
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1"
)

// ErrInvalidHashLength: a function that signs or recovers fixed-size hashes
// (the Ethereum and BIP-137 formats, which are defined over 32-byte hashes)
// was given a hash of another length. Sign, Verify and RecoverPublicKey take
// hashes of any length instead (see the package documentation).
var ErrInvalidHashLength = errors.New("ecdsa: hash must be 32 bytes")

// Ethereum's recoverable signatures are 65 bytes, r ‖ s ‖ v: r and s
// 32-byte big-endian, then one byte v that carries the recovery id. Three
// conventions for v are in use:
//
//   - 0 or 1, the recovery id itself: what go-ethereum's crypto.Sign
//     returns and crypto.Ecrecover and crypto.SigToPub take, and the
//     y-parity field of typed (EIP-2718) transactions;
//   - 27 or 28 (27 + recovery id): legacy transactions before EIP-155,
//     personal_sign (EIP-191) and EIP-712 signatures, and the ecrecover
//     precompile's input;
//   - 35 + 2·chainID + recovery id (EIP-155): legacy transactions bound to
//     a chain. In 65 bytes it fits only for chain IDs up to 109; a
//     transaction carries v as an integer of any size, which
//     EthereumRecoveryID converts.
//
// Recovery ids 2 and 3 (R's x-coordinate ≥ n, probability about 2^-127)
// cannot be expressed in any of them: SignEthereum never returns one and
// the parsers reject them.
//
// The Ethereum address of a key is the last 20 bytes of the Keccak-256 hash
// of its uncompressed encoding without the 0x04 prefix. Keccak-256 is not
// SHA-3 (the padding differs) and is not in the standard library, and this
// module takes no dependencies, so addresses are left to code that has a
// Keccak-256 (go-ethereum's crypto.PubkeyToAddress, or
// golang.org/x/crypto/sha3.NewLegacyKeccak256 over
// PublicKey.BytesUncompressed()[1:]). The hash that is signed is likewise
// computed by the caller.

// EthereumSignatureSize is the length of an Ethereum signature r ‖ s ‖ v.
const EthereumSignatureSize = 65

// SignEthereum returns the 65-byte signature r ‖ s ‖ v of hash by priv, with
// v = 0 or 1 (the recovery id), as go-ethereum's crypto.Sign returns it: the
// same RFC 6979 low-S signature as Sign, byte for byte what go-ethereum
// computes with libsecp256k1. hash must be exactly 32 bytes (a Keccak-256
// hash); anything else returns an error wrapping ErrInvalidHashLength, and
// an invalid key one wrapping secp256k1.ErrInvalidPrivateKey. Add 27 to v
// for the personal_sign and EIP-712 convention. It runs in constant time
// with respect to the key and the nonce.
func SignEthereum(priv *secp256k1.PrivateKey, hash []byte) ([]byte, error) {
	if len(hash) != 32 {
		return nil, fmt.Errorf("%w: Ethereum signs 32-byte hashes, got %d bytes", ErrInvalidHashLength, len(hash))
	}
	var sig Signature
	recID, err := sign(&sig, priv, hash, nil, 0)
	if err != nil {
		return nil, err
	}
	if recID > 1 {
		// R's x-coordinate was ≥ n: a 2^-127 event that Ethereum's format
		// cannot express.
		return nil, fmt.Errorf("%w: recovery id %d does not fit Ethereum's v", ErrSigningFailed, recID)
	}
	return sig.BytesEthereum(recID), nil
}

// BytesEthereum returns the 65-byte Ethereum encoding r ‖ s ‖ v of the
// signature with v = recID, in a new slice, or nil for a nil or zero-value
// signature or a recovery id other than 0 or 1.
func (sig *Signature) BytesEthereum(recID byte) []byte {
	if !sig.valid() || recID > 1 {
		return nil
	}
	b := make([]byte, EthereumSignatureSize)
	sig.r.PutBytes((*[32]byte)(b[:32]))
	sig.s.PutBytes((*[32]byte)(b[32:64]))
	b[64] = recID
	return b
}

// ParseEthereumSignature parses a 65-byte signature r ‖ s ‖ v with v = 0 or
// 1, the format of go-ethereum's crypto.Sign and crypto.Ecrecover, and
// returns the signature and its recovery id. r and s must be in [1, n); a
// high s is accepted (go-ethereum's Ecrecover and the ecrecover precompile
// accept it; transactions since Homestead must have a low s, which
// Signature.IsLowS reports). A v of 27, 28 or an EIP-155 value is rejected
// here, with an error wrapping ErrInvalidRecoveryID that says so: use
// ParseEthereumSignatureChainID for those. Other malformed input returns an
// error wrapping ErrInvalidSignature.
func ParseEthereumSignature(b []byte) (sig *Signature, recID byte, err error) {
	if len(b) != EthereumSignatureSize {
		return nil, 0, fmt.Errorf("%w: Ethereum signature length %d, want 65 (r ‖ s ‖ v)", ErrInvalidSignature, len(b))
	}
	if v := b[64]; v > 1 {
		return nil, 0, fmt.Errorf("%w: Ethereum v = %d, want 0 or 1 (go-ethereum's crypto.Sign format); "+
			"for v = 27, 28 or an EIP-155 value use ParseEthereumSignatureChainID", ErrInvalidRecoveryID, v)
	}
	sig, err = newSignature((*[32]byte)(b[:32]), (*[32]byte)(b[32:64]))
	if err != nil {
		return nil, 0, err
	}
	return sig, b[64], nil
}

// ParseEthereumSignatureChainID parses a 65-byte signature r ‖ s ‖ v whose
// v is any of Ethereum's conventions, and returns the signature and its
// recovery id: 0 or 1, 27 or 28, or EIP-155's 35 + 2·chainID and
// 36 + 2·chainID for the given chain ID (see EthereumRecoveryID, which does
// the conversion). A chainID of 0 accepts no EIP-155 value. r and s must be
// in [1, n); a high s is accepted as in ParseEthereumSignature. An invalid v
// returns an error wrapping ErrInvalidRecoveryID that names the problem (an
// EIP-155 v of another chain says which one); other malformed input an
// error wrapping ErrInvalidSignature.
func ParseEthereumSignatureChainID(b []byte, chainID uint64) (sig *Signature, recID byte, err error) {
	if len(b) != EthereumSignatureSize {
		return nil, 0, fmt.Errorf("%w: Ethereum signature length %d, want 65 (r ‖ s ‖ v)", ErrInvalidSignature, len(b))
	}
	recID, err = EthereumRecoveryID(uint64(b[64]), chainID)
	if err != nil {
		return nil, 0, err
	}
	sig, err = newSignature((*[32]byte)(b[:32]), (*[32]byte)(b[32:64]))
	if err != nil {
		return nil, 0, err
	}
	return sig, recID, nil
}

// EthereumRecoveryID returns the recovery id (0 or 1) that an Ethereum v
// encodes: v itself for 0 and 1, v − 27 for 27 and 28, and v − 35 − 2·chainID
// for EIP-155's 35 + 2·chainID and 36 + 2·chainID. An EIP-155 v must match
// chainID: a v of another chain returns an error wrapping
// ErrInvalidRecoveryID that names the chain ID v encodes, and so does any v
// ≥ 35 when chainID is 0. Every other v (2 to 26, 29 to 34) is rejected
// with the same sentinel.
func EthereumRecoveryID(v, chainID uint64) (byte, error) {
	switch {
	case v <= 1:
		return byte(v), nil
	case v == 27 || v == 28:
		return byte(v - 27), nil
	case v >= 35:
		// (v - 35) / 2 cannot overflow, unlike 35 + 2·chainID.
		got := (v - 35) / 2
		if chainID == 0 {
			return 0, fmt.Errorf("%w: Ethereum v = %d is EIP-155 for chain ID %d, but no chain ID was given",
				ErrInvalidRecoveryID, v, got)
		}
		if got != chainID {
			return 0, fmt.Errorf("%w: Ethereum v = %d is EIP-155 for chain ID %d, want chain ID %d",
				ErrInvalidRecoveryID, v, got, chainID)
		}
		return byte((v - 35) % 2), nil
	default:
		return 0, fmt.Errorf("%w: Ethereum v = %d is none of 0, 1, 27, 28 or 35 + 2·chainID (+ 1)",
			ErrInvalidRecoveryID, v)
	}
}

// RecoverEthereum returns the public key that made the 65-byte Ethereum
// signature sig (r ‖ s ‖ v with v = 0 or 1, see ParseEthereumSignature) of
// the 32-byte hash, like go-ethereum's crypto.SigToPub (crypto.Ecrecover is
// the key's BytesUncompressed). Its Ethereum address needs Keccak-256 (see
// the note above SignEthereum). For v = 27, 28 or EIP-155 values, parse
// with ParseEthereumSignatureChainID and call RecoverPublicKey. Errors wrap
// ErrInvalidHashLength, ErrInvalidSignature, ErrInvalidRecoveryID or
// ErrRecoveryFailed. Execution time depends on the inputs, which are
// public.
func RecoverEthereum(hash, sig []byte) (*secp256k1.PublicKey, error) {
	if len(hash) != 32 {
		return nil, fmt.Errorf("%w: Ethereum signs 32-byte hashes, got %d bytes", ErrInvalidHashLength, len(hash))
	}
	s, recID, err := ParseEthereumSignature(sig)
	if err != nil {
		return nil, err
	}
	return RecoverPublicKey(hash, s, recID)
}
