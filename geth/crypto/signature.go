package crypto

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"

	secp "github.com/p256k1/secp256k1"
	p256ecdsa "github.com/p256k1/secp256k1/ecdsa"
)

// SignatureLength indicates the byte length required to carry a signature with recovery id.
const SignatureLength = 64 + 1 // 64 bytes ECDSA signature + 1 byte recovery id

// RecoveryIDOffset points to the byte offset within the signature that contains the recovery id.
const RecoveryIDOffset = 64

// DigestLength sets the signature digest exact length
const DigestLength = 32

// The errors of go-ethereum's cgo backend (its crypto/secp256k1 package),
// with the same messages.
var (
	errInvalidMsgLen       = errors.New("invalid message length, need 32 bytes")
	errInvalidSignatureLen = errors.New("invalid signature length")
	errInvalidRecoveryID   = errors.New("invalid signature recovery id")
	errInvalidKey          = errors.New("invalid private key")
	errSignFailed          = errors.New("signing failed")
	errRecoverFailed       = errors.New("recovery failed")
	errNotSecp256k1        = errors.New("private key curve is not secp256k1")
	errInvalidPublicKey    = errors.New("invalid public key")
)

// Sign calculates an ECDSA signature.
//
// This function is susceptible to chosen plaintext attacks that can leak
// information about the private key that is used for signing. Callers must
// be aware that the given digest cannot be chosen by an adversary. Common
// solution is to hash any input before calculating the signature.
//
// The produced signature is in the [R || S || V] format where V is 0 or 1:
// RFC 6979 with low S, byte for byte go-ethereum's (libsecp256k1's)
// signature. digestHash must be 32 bytes. prv must have a D in [1, n) and
// a Curve with secp256k1's parameters (S256(), go-ethereum's S256, or
// another implementation); its public key is not used. It runs in constant
// time with respect to D and the nonce (the conversion of D from big.Int
// is not: see secp256k1.PrivateKeyFromECDSA).
func Sign(digestHash []byte, prv *ecdsa.PrivateKey) (sig []byte, err error) {
	if len(digestHash) != DigestLength {
		return nil, fmt.Errorf("hash is required to be exactly %d bytes (%d)", DigestLength, len(digestHash))
	}
	priv, err := signingKey(prv)
	if err != nil {
		return nil, err
	}
	defer priv.Zero()
	s, recID, err := p256ecdsa.SignRecoverable(priv, digestHash)
	if err != nil {
		return nil, errSignFailed
	}
	// recID is 2 or 3 with probability 2^-127; libsecp256k1 returns it
	// as V too.
	sig = make([]byte, SignatureLength)
	copy(sig, s.BytesCompact())
	sig[RecoveryIDOffset] = recID
	return sig, nil
}

// signingKey converts prv for Sign.
func signingKey(prv *ecdsa.PrivateKey) (*secp.PrivateKey, error) {
	if prv == nil || prv.D == nil {
		return nil, errInvalidKey
	}
	if !isSecp256k1(prv.Curve) {
		return nil, errNotSecp256k1
	}
	if prv.D.Sign() <= 0 || prv.D.BitLen() > 256 {
		return nil, errInvalidKey
	}
	var b [32]byte
	defer clear(b[:])
	prv.D.FillBytes(b[:])
	priv, err := secp.NewPrivateKey(b[:])
	if err != nil {
		return nil, errInvalidKey
	}
	return priv, nil
}

// Ecrecover returns the uncompressed public key that created the given
// signature: 65 bytes, 0x04 || x || y. sig is [R || S || V] with V the
// recovery id 0 to 3 (2 and 3 say that R's x-coordinate is r + n, which
// needs r < p - n); a high S is accepted. Errors, as go-ethereum's cgo
// backend words them: "invalid message length, need 32 bytes" for a hash
// that is not 32 bytes, "invalid signature length" unless sig is 65 bytes,
// "invalid signature recovery id" for V ≥ 4, and "recovery failed" when r
// or s is not in [1, n) or no key made the signature.
func Ecrecover(hash, sig []byte) ([]byte, error) {
	pub, err := recoverKey(hash, sig)
	if err != nil {
		return nil, err
	}
	return pub.BytesUncompressed(), nil
}

// recoverKey is Ecrecover's recovery, with its errors.
func recoverKey(hash, sig []byte) (*secp.PublicKey, error) {
	if len(hash) != DigestLength {
		return nil, errInvalidMsgLen
	}
	if len(sig) != SignatureLength {
		return nil, errInvalidSignatureLen
	}
	if sig[RecoveryIDOffset] >= 4 {
		return nil, errInvalidRecoveryID
	}
	s, err := p256ecdsa.ParseCompactSignature(sig[:RecoveryIDOffset])
	if err != nil {
		return nil, errRecoverFailed
	}
	pub, err := p256ecdsa.RecoverPublicKey(hash, s, sig[RecoveryIDOffset])
	if err != nil {
		return nil, errRecoverFailed
	}
	return pub, nil
}

// SigToPub returns the public key that created the given signature, on
// S256(); see Ecrecover for the format and the errors.
func SigToPub(hash, sig []byte) (*ecdsa.PublicKey, error) {
	pub, err := recoverKey(hash, sig)
	if err != nil {
		return nil, err
	}
	return ecdsaPublic(pub), nil
}

// ecdsaPublic returns pub as a *ecdsa.PublicKey on S256().
func ecdsaPublic(pub *secp.PublicKey) *ecdsa.PublicKey {
	b := pub.BytesUncompressed()
	return &ecdsa.PublicKey{
		Curve: theCurve,
		X:     new(big.Int).SetBytes(b[1:33]),
		Y:     new(big.Int).SetBytes(b[33:]),
	}
}

// VerifySignature checks that the given public key created signature over digest.
// The public key should be in compressed (33 bytes) or uncompressed (65 bytes) format.
// The signature should have the 64 byte [R || S] format.
//
// As in go-ethereum: digestHash must be 32 bytes; r and s must be in
// [1, n) and s ≤ n/2 (a high-S signature is rejected, even though it is
// mathematically valid); the key may also be a 65-byte hybrid encoding
// (0x06 or 0x07 with the parity of y), which libsecp256k1 accepts.
func VerifySignature(pubkey, digestHash, signature []byte) bool {
	if len(digestHash) != DigestLength || len(signature) != 64 {
		return false
	}
	s, err := p256ecdsa.ParseCompactSignature(signature)
	if err != nil {
		return false
	}
	pub, err := parsePubkey(pubkey)
	if err != nil {
		return false
	}
	return p256ecdsa.Verify(pub, digestHash, s) // false for a high S
}

// parsePubkey parses a SEC 1 public key as libsecp256k1's
// secp256k1_ec_pubkey_parse does: compressed (33 bytes, 0x02 or 0x03),
// uncompressed (65 bytes, 0x04) or hybrid (65 bytes, 0x06 or 0x07, whose
// low bit must be the parity of y).
func parsePubkey(b []byte) (*secp.PublicKey, error) {
	if len(b) == 65 && (b[0] == 6 || b[0] == 7) {
		if b[0]&1 != b[64]&1 {
			return nil, errInvalidPublicKey
		}
		var u [65]byte
		copy(u[:], b)
		u[0] = 4
		return secp.NewPublicKey(u[:])
	}
	return secp.NewPublicKey(b)
}

// DecompressPubkey parses a public key in the 33-byte compressed format.
// Anything else returns the error "invalid public key", as go-ethereum's
// cgo backend does.
func DecompressPubkey(pubkey []byte) (*ecdsa.PublicKey, error) {
	if len(pubkey) != 33 {
		return nil, errInvalidPublicKey
	}
	pub, err := secp.NewPublicKey(pubkey)
	if err != nil {
		return nil, errInvalidPublicKey
	}
	return ecdsaPublic(pub), nil
}

// CompressPubkey encodes a public key to the 33-byte compressed format.
// Its Curve is not looked at. It returns nil for a nil key and for
// coordinates that are not a point on secp256k1 (go-ethereum panics or
// returns an encoding of a point that does not exist).
func CompressPubkey(pubkey *ecdsa.PublicKey) []byte {
	if pubkey == nil {
		return nil
	}
	b := theCurve.Marshal(pubkey.X, pubkey.Y)
	if b == nil {
		return nil
	}
	pub, err := secp.NewPublicKey(b)
	if err != nil {
		return nil
	}
	return pub.BytesCompressed()
}

// ValidateSignatureValues verifies whether the signature values are valid with
// the given chain rules. The v value is assumed to be either 0 or 1.
//
// It is true when v is 0 or 1 and r and s are in [1, n), and, if
// homestead, s ≤ n/2. It is false for a nil r or s.
func ValidateSignatureValues(v byte, r, s *big.Int, homestead bool) bool {
	if r == nil || s == nil {
		return false
	}
	if r.Cmp(big1) < 0 || s.Cmp(big1) < 0 {
		return false
	}
	// reject upper range of s values (ECDSA malleability)
	if homestead && s.Cmp(secp256k1halfN) > 0 {
		return false
	}
	return r.Cmp(secp256k1N) < 0 && s.Cmp(secp256k1N) < 0 && (v == 0 || v == 1)
}

var (
	big1           = big.NewInt(1)
	secp256k1N     = new(big.Int).Set(S256().Params().N)
	secp256k1halfN = new(big.Int).Rsh(secp256k1N, 1)
)
