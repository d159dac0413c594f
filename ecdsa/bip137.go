package ecdsa

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ripemd160"
)

// Bitcoin signed messages (Bitcoin Core's signmessage and verifymessage,
// BIP-137): a 65-byte signature header ‖ r ‖ s over the double SHA-256 of
// the message with the "Bitcoin Signed Message:\n" prefix. The header byte
// carries the recovery id (0 to 3) and the type of address the signer
// claims for the key:
//
//	27–30  P2PKH, uncompressed key
//	31–34  P2PKH, compressed key
//	35–38  P2SH-P2WPKH (nested segwit)
//	39–42  P2WPKH (native segwit)
//
// Bitcoin Core writes and reads 27–34; Electrum, Trezor and other wallets
// write 35–42 for segwit addresses (btcec's RecoverCompact rejects those).
// Signatures are base64-encoded in the user interfaces of these programs;
// this package works on the raw 65 bytes.
//
// An address is a hash of the key (HASH160, RIPEMD-160 of SHA-256) in
// Base58Check or bech32: AddressType.Hash160 computes the 20 bytes an
// address of each type commits to, and VerifyMessageHash160 checks a
// signature against them. Decoding the address string to those 20 bytes
// (and checking its network) is left to the caller.

// BitcoinMessagePrefix is the prefix of Bitcoin's signed-message hash.
const BitcoinMessagePrefix = "Bitcoin Signed Message:\n"

// BIP137SignatureSize is the length of a BIP-137 signature header ‖ r ‖ s.
const BIP137SignatureSize = 65

// AddressType is the kind of address a BIP-137 header claims for the
// signing key. The zero value is not a valid type.
type AddressType byte

const (
	// AddressP2PKHUncompressed: P2PKH of the uncompressed key, headers 27–30.
	AddressP2PKHUncompressed AddressType = 1 + iota
	// AddressP2PKH: P2PKH of the compressed key, headers 31–34.
	AddressP2PKH
	// AddressP2SHP2WPKH: P2SH-wrapped P2WPKH (BIP-49), headers 35–38.
	AddressP2SHP2WPKH
	// AddressP2WPKH: native segwit P2WPKH (BIP-84), headers 39–42.
	AddressP2WPKH
)

// String returns the name of the address type, or "AddressType(n)" for an
// invalid one.
func (t AddressType) String() string {
	switch t {
	case AddressP2PKHUncompressed:
		return "P2PKH (uncompressed key)"
	case AddressP2PKH:
		return "P2PKH"
	case AddressP2SHP2WPKH:
		return "P2SH-P2WPKH"
	case AddressP2WPKH:
		return "P2WPKH"
	}
	return fmt.Sprintf("AddressType(%d)", byte(t))
}

func (t AddressType) valid() bool { return t >= AddressP2PKHUncompressed && t <= AddressP2WPKH }

// Hash160 returns the 20 bytes that an address of type t for pub commits
// to, in a new slice: HASH160 of the uncompressed key (P2PKH, uncompressed),
// of the compressed key (P2PKH and P2WPKH, the witness program), or of the
// redeem script 0x00 0x14 ‖ HASH160(compressed key) (P2SH-P2WPKH). Compare
// it with the payload of a decoded address. It returns an error wrapping
// secp256k1.ErrInvalidPublicKey for a nil or zero-value key, and one
// wrapping ErrInvalidSignature for an invalid t.
func (t AddressType) Hash160(pub *secp256k1.PublicKey) ([]byte, error) {
	h, err := t.hash160(pub)
	if err != nil {
		return nil, err
	}
	return h[:], nil
}

func (t AddressType) hash160(pub *secp256k1.PublicKey) ([ripemd160.Size]byte, error) {
	if !t.valid() {
		return [ripemd160.Size]byte{}, fmt.Errorf("%w: invalid address type %d", ErrInvalidSignature, byte(t))
	}
	var enc []byte
	if t == AddressP2PKHUncompressed {
		enc = pub.BytesUncompressed()
	} else {
		enc = pub.BytesCompressed()
	}
	if enc == nil {
		return [ripemd160.Size]byte{}, fmt.Errorf("%w: nil or zero-value key", secp256k1.ErrInvalidPublicKey)
	}
	h := ripemd160.Hash160(enc)
	if t == AddressP2SHP2WPKH {
		script := [22]byte{0x00, 0x14}
		copy(script[2:], h[:])
		h = ripemd160.Hash160(script[:])
	}
	return h, nil
}

// BitcoinMessageHash returns the hash that Bitcoin's signmessage signs:
// SignedMessageHash(BitcoinMessagePrefix, message).
func BitcoinMessageHash(message []byte) [32]byte {
	return SignedMessageHash(BitcoinMessagePrefix, message)
}

// SignedMessageHash returns SHA-256(SHA-256(varint(len(prefix)) ‖ prefix ‖
// varint(len(message)) ‖ message)), with Bitcoin's CompactSize varints: the
// signed-message hash of Bitcoin with BitcoinMessagePrefix, and of the
// chains that copied it with their own prefix (Dogecoin's is
// "Dogecoin Signed Message:\n"). A nil message is the empty message.
func SignedMessageHash(prefix string, message []byte) [32]byte {
	h := sha256.New()
	var buf [9]byte
	h.Write(appendCompactSize(buf[:0], uint64(len(prefix))))
	h.Write([]byte(prefix))
	h.Write(appendCompactSize(buf[:0], uint64(len(message))))
	h.Write(message)
	var first [32]byte
	h.Sum(first[:0])
	return sha256.Sum256(first[:])
}

// appendCompactSize appends Bitcoin's CompactSize encoding of n.
func appendCompactSize(b []byte, n uint64) []byte {
	switch {
	case n < 0xfd:
		return append(b, byte(n))
	case n <= 0xffff:
		return binary.LittleEndian.AppendUint16(append(b, 0xfd), uint16(n))
	case n <= 0xffffffff:
		return binary.LittleEndian.AppendUint32(append(b, 0xfe), uint32(n))
	default:
		return binary.LittleEndian.AppendUint64(append(b, 0xff), n)
	}
}

// SignMessage signs message the way Bitcoin's signmessage does, and returns
// the 65-byte BIP-137 signature whose header claims address type t:
// SignBIP137(priv, BitcoinMessageHash(message), t). Base64-encode it for
// Bitcoin Core's verifymessage. The signature is deterministic (RFC 6979,
// low-S) and the same for every t except for the header byte.
func SignMessage(priv *secp256k1.PrivateKey, message []byte, t AddressType) ([]byte, error) {
	h := BitcoinMessageHash(message)
	return SignBIP137(priv, h[:], t)
}

// SignBIP137 returns the 65-byte BIP-137 signature header ‖ r ‖ s of the
// 32-byte hash by priv, with the header for the recovery id and address
// type t. It returns an error wrapping ErrInvalidHashLength if hash is not
// 32 bytes, ErrInvalidSignature for an invalid t, and
// secp256k1.ErrInvalidPrivateKey for a nil or zero-value key. It runs in
// constant time with respect to the key and the nonce.
func SignBIP137(priv *secp256k1.PrivateKey, hash []byte, t AddressType) ([]byte, error) {
	if len(hash) != 32 {
		return nil, fmt.Errorf("%w: signed-message hashes are 32 bytes, got %d", ErrInvalidHashLength, len(hash))
	}
	if !t.valid() {
		return nil, fmt.Errorf("%w: invalid address type %d", ErrInvalidSignature, byte(t))
	}
	var sig Signature
	recID, err := sign(&sig, priv, hash, nil, 0)
	if err != nil {
		return nil, err
	}
	return sig.BytesBIP137(recID, t), nil
}

// BytesBIP137 returns the 65-byte BIP-137 encoding header ‖ r ‖ s of the
// signature, with header 27 + 4·(t − 1) + recID, in a new slice, or nil for
// a nil or zero-value signature, a recovery id above 3 or an invalid t.
func (sig *Signature) BytesBIP137(recID byte, t AddressType) []byte {
	if !sig.valid() || recID > 3 || !t.valid() {
		return nil
	}
	b := make([]byte, BIP137SignatureSize)
	b[0] = 27 + 4*(byte(t)-1) + recID
	sig.r.PutBytes((*[32]byte)(b[1:33]))
	sig.s.PutBytes((*[32]byte)(b[33:]))
	return b
}

// ParseBIP137Signature parses a 65-byte BIP-137 signature header ‖ r ‖ s
// and returns the signature, its recovery id and the address type the
// header claims. The header must be in [27, 42] and r and s in [1, n) (a
// high s is accepted, as Bitcoin Core does for messages). Errors wrap
// ErrInvalidSignature (the length or r, s) or ErrInvalidRecoveryID (the
// header).
func ParseBIP137Signature(b []byte) (sig *Signature, recID byte, t AddressType, err error) {
	if len(b) != BIP137SignatureSize {
		return nil, 0, 0, fmt.Errorf("%w: BIP-137 signature length %d, want 65 (header ‖ r ‖ s)", ErrInvalidSignature, len(b))
	}
	h := b[0]
	if h < 27 || h > 42 {
		return nil, 0, 0, fmt.Errorf("%w: BIP-137 header %d is outside 27 to 42", ErrInvalidRecoveryID, h)
	}
	sig, err = newSignature((*[32]byte)(b[1:33]), (*[32]byte)(b[33:]))
	if err != nil {
		return nil, 0, 0, err
	}
	return sig, (h - 27) & 3, AddressType((h-27)>>2 + 1), nil
}

// RecoverBIP137 returns the public key that made the 65-byte BIP-137
// signature sig of the 32-byte hash, and the address type its header
// claims. Errors wrap ErrInvalidHashLength, ErrInvalidSignature,
// ErrInvalidRecoveryID or ErrRecoveryFailed. Execution time depends on the
// inputs, which are public.
func RecoverBIP137(hash, sig []byte) (*secp256k1.PublicKey, AddressType, error) {
	if len(hash) != 32 {
		return nil, 0, fmt.Errorf("%w: signed-message hashes are 32 bytes, got %d", ErrInvalidHashLength, len(hash))
	}
	s, recID, t, err := ParseBIP137Signature(sig)
	if err != nil {
		return nil, 0, err
	}
	pub, err := RecoverPublicKey(hash, s, recID)
	if err != nil {
		return nil, 0, err
	}
	return pub, t, nil
}

// RecoverMessage returns the public key that signed message with the
// 65-byte BIP-137 signature sig (see SignMessage), and the address type
// its header claims: RecoverBIP137(BitcoinMessageHash(message), sig).
func RecoverMessage(message, sig []byte) (*secp256k1.PublicKey, AddressType, error) {
	h := BitcoinMessageHash(message)
	return RecoverBIP137(h[:], sig)
}

// VerifyMessage reports whether sig is a valid BIP-137 signature of message
// by pub, and returns the address type the header claims (0 when it is not
// valid). Only the key is compared: a caller that holds an address must
// also check that its type is the one returned, or use
// VerifyMessageHash160, which checks both. A nil or zero-value key never
// verifies.
func VerifyMessage(pub *secp256k1.PublicKey, message, sig []byte) (AddressType, bool) {
	got, t, err := RecoverMessage(message, sig)
	if err != nil || !got.Equal(pub) { // Equal is false for an invalid pub
		return 0, false
	}
	return t, true
}

// VerifyMessageHash160 reports whether sig is a valid BIP-137 signature of
// message by a key whose address of the type the header claims commits to
// hash160 (20 bytes: the payload of a P2PKH or P2SH address, or the
// program of a P2WPKH address; see AddressType.Hash160), and returns that
// type (0 when it is not valid). This is verifymessage for a decoded
// address, including the segwit headers. The caller checks that the
// address's own type (its version byte or witness version) matches the
// returned type: a P2PKH and a P2WPKH address of the same compressed key
// share their hash.
func VerifyMessageHash160(hash160, message, sig []byte) (AddressType, bool) {
	if len(hash160) != ripemd160.Size {
		return 0, false
	}
	pub, t, err := RecoverMessage(message, sig)
	if err != nil {
		return 0, false
	}
	h, err := t.hash160(pub)
	if err != nil || [ripemd160.Size]byte(hash160) != h {
		return 0, false
	}
	return t, true
}
