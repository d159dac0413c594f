// Package ecdsa implements ECDSA over secp256k1 with the semantics of
// libsecp256k1: deterministic RFC 6979 signing byte-identical to
// libsecp256k1's default nonce function, low-S signatures, verification that
// rejects high-S signatures (BIP-146/BIP-62 style, as libsecp256k1 does),
// strict (BIP-66) and lax DER, 64-byte compact encoding, and public-key
// recovery with libsecp256k1's recovery ids.
//
// Signing runs in constant time with respect to the private key and the
// nonce. Verification and recovery handle only public data and run in
// variable time.
//
// Hashes of any length are accepted: like crypto/ecdsa (SEC 1, section
// 4.1.3), a hash longer than 32 bytes is truncated to its leftmost 32 bytes
// and a shorter one is read as a smaller big-endian integer. Nothing is
// hashed here: passing an unhashed message signs (or verifies) only its
// first 32 bytes, so hash first. The Ethereum and BIP-137 functions, whose
// formats are defined over 32-byte hashes, reject other lengths with
// ErrInvalidHashLength.
//
// Besides DER and compact encodings, signatures with their recovery id
// come in two 65-byte formats: Ethereum's r ‖ s ‖ v (SignEthereum,
// ParseEthereumSignature, ParseEthereumSignatureChainID, RecoverEthereum)
// and Bitcoin's signed messages, header ‖ r ‖ s (BIP-137: SignMessage,
// RecoverMessage, VerifyMessage, VerifyMessageHash160).
package ecdsa

import (
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1/internal/ecdsasign"
	"github.com/p256k1/secp256k1/internal/scalar"
)

var (
	// ErrInvalidSignature: the bytes are not a valid signature encoding,
	// or r or s is not in [1, n).
	ErrInvalidSignature = errors.New("ecdsa: invalid signature")
	// ErrInvalidRecoveryID: the recovery id is not in [0, 3].
	ErrInvalidRecoveryID = errors.New("ecdsa: invalid recovery id")
	// ErrRecoveryFailed: no public key matches the signature, hash and
	// recovery id.
	ErrRecoveryFailed = errors.New("ecdsa: public key recovery failed")
	// ErrInvalidEntropy: the extra nonce data of SignWithEntropy is not 32
	// bytes.
	ErrInvalidEntropy = errors.New("ecdsa: extra entropy must be 32 bytes")
	// ErrSigningFailed: no valid nonce was found (for a valid key this needs
	// a broken hash function).
	ErrSigningFailed = errors.New("ecdsa: signing failed")
)

// Signature is an ECDSA signature (r, s) with r and s in [1, n). Values
// returned by this package are always valid. The zero Signature and nil are
// invalid: they never verify, recovery and the encoders reject them
// (an error wrapping ErrInvalidSignature, or nil), and they are equal to
// nothing. A Signature is immutable.
type Signature struct {
	r, s scalar.Scalar
}

var errNoSignature = fmt.Errorf("%w: nil or zero-value signature", ErrInvalidSignature)

// valid reports whether sig is not nil and has r and s in [1, n) (only the
// zero value can have r or s = 0: the constructors reject it).
func (sig *Signature) valid() bool {
	return sig != nil && sig.r.IsZero() == 0 && sig.s.IsZero() == 0
}

// NewSignature returns the signature with the given 32-byte big-endian r and
// s, which must both be in [1, n).
func NewSignature(r, s []byte) (*Signature, error) {
	if len(r) != 32 || len(s) != 32 {
		return nil, fmt.Errorf("%w: r and s must be 32 bytes", ErrInvalidSignature)
	}
	return newSignature((*[32]byte)(r), (*[32]byte)(s))
}

func newSignature(r, s *[32]byte) (*Signature, error) {
	sig := new(Signature)
	if sig.r.SetCanonicalBytes(r) != 1 || sig.r.IsZero() == 1 {
		return nil, fmt.Errorf("%w: r not in [1, n)", ErrInvalidSignature)
	}
	if sig.s.SetCanonicalBytes(s) != 1 || sig.s.IsZero() == 1 {
		return nil, fmt.Errorf("%w: s not in [1, n)", ErrInvalidSignature)
	}
	return sig, nil
}

// ParseDERSignature parses a strict DER signature (BIP-66 rules, without a
// trailing sighash byte): a minimal SEQUENCE of two minimal non-negative
// INTEGERs and nothing after it. r and s must be in [1, n). Everything else
// returns an error wrapping ErrInvalidSignature.
func ParseDERSignature(b []byte) (*Signature, error) {
	r, s, err := parseDERStrict(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidSignature, err)
	}
	return newSignature(&r, &s)
}

// ParseDERSignatureLax parses a DER-like signature the way Bitcoin Core does
// for signatures that predate BIP-66 (libsecp256k1's
// contrib/lax_der_parsing.c): it accepts long-form and non-minimal lengths,
// superfluous leading zeros, negative-looking integers and trailing bytes
// after the sequence. Where that parser would replace the signature by an
// always-invalid one (r or s too large), this function returns an error;
// r and s must be in [1, n).
func ParseDERSignatureLax(b []byte) (*Signature, error) {
	r, s, overflow, err := parseDERLax(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidSignature, err)
	}
	if overflow {
		return nil, fmt.Errorf("%w: r or s out of range", ErrInvalidSignature)
	}
	return newSignature(&r, &s)
}

// ParseCompactSignature parses a 64-byte compact signature r ‖ s (both
// 32-byte big-endian, also known as IEEE P1363 format) with r and s in
// [1, n).
func ParseCompactSignature(b []byte) (*Signature, error) {
	if len(b) != 64 {
		return nil, fmt.Errorf("%w: compact signature length %d, want 64", ErrInvalidSignature, len(b))
	}
	return newSignature((*[32]byte)(b[:32]), (*[32]byte)(b[32:]))
}

// BytesDER returns the strict DER encoding of the signature, in a new slice,
// or nil for a nil or zero-value signature.
func (sig *Signature) BytesDER() []byte {
	if !sig.valid() {
		return nil
	}
	r, s := sig.r.Bytes(), sig.s.Bytes()
	return appendDER(make([]byte, 0, 72), &r, &s)
}

// BytesCompact returns the 64-byte compact encoding r ‖ s, in a new slice,
// or nil for a nil or zero-value signature.
func (sig *Signature) BytesCompact() []byte {
	if !sig.valid() {
		return nil
	}
	var b [64]byte
	sig.r.PutBytes((*[32]byte)(b[:32]))
	sig.s.PutBytes((*[32]byte)(b[32:]))
	return b[:]
}

// R returns r as 32 bytes, big-endian, in a new slice, or nil for a nil or
// zero-value signature.
func (sig *Signature) R() []byte {
	if !sig.valid() {
		return nil
	}
	b := sig.r.Bytes()
	return b[:]
}

// S returns s as 32 bytes, big-endian, in a new slice, or nil for a nil or
// zero-value signature.
func (sig *Signature) S() []byte {
	if !sig.valid() {
		return nil
	}
	b := sig.s.Bytes()
	return b[:]
}

// IsLowS reports whether s <= n/2. Signatures made by Sign always are, and
// Verify accepts only those. It is false for a nil or zero-value signature.
func (sig *Signature) IsLowS() bool {
	return sig.valid() && sig.s.IsHigh() == 0
}

// Normalize returns the low-S twin of sig: (r, s) if s <= n/2, else
// (r, n - s). Both verify under the same key and hash if either does, so
// callers that must accept high-S signatures normalize before Verify. It
// returns nil for a nil or zero-value signature.
func (sig *Signature) Normalize() *Signature {
	if !sig.valid() {
		return nil
	}
	out := &Signature{r: sig.r}
	out.s.CondNegate(&sig.s, sig.s.IsHigh())
	return out
}

// Equal reports whether sig and other are the same valid (r, s). Nil and
// zero-value signatures are equal to nothing.
func (sig *Signature) Equal(other *Signature) bool {
	return sig.valid() && other.valid() && sig.r.Equal(&other.r)&sig.s.Equal(&other.s) == 1
}

// hashToScalar interprets hash per SEC 1 (leftmost 256 bits, big-endian)
// and reduces it mod n. It also returns the 32-byte form fed to RFC 6979.
func hashToScalar(hash []byte) (m scalar.Scalar, b [32]byte) { return ecdsasign.HashToScalar(hash) }
