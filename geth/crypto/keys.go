package crypto

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
)

var errInvalidPubkey = errors.New("invalid secp256k1 public key")

// ToECDSA creates a private key with the given D value: 32 bytes,
// big-endian, in [1, n). The key is on S256(), with its public key
// computed in constant time with respect to D. The errors are
// go-ethereum's: "invalid length, need 256 bits", "invalid private key,
// >=N", "invalid private key, zero or negative".
func ToECDSA(d []byte) (*ecdsa.PrivateKey, error) {
	return toECDSA(d, true)
}

// ToECDSAUnsafe blindly converts a binary blob to a private key. It should almost
// never be used unless you are sure the input is valid and want to avoid hitting
// errors due to bad origin encoding (0 prefixes cut off).
//
// It is ToECDSA for a big-endian D of any length, and returns nil where
// ToECDSA returns an error.
func ToECDSAUnsafe(d []byte) *ecdsa.PrivateKey {
	priv, _ := toECDSA(d, false)
	return priv
}

// toECDSA creates a private key with the given D value. The strict parameter
// controls whether the key's length should be enforced at the curve size or
// it can also accept legacy encodings (0 prefixes).
func toECDSA(d []byte, strict bool) (*ecdsa.PrivateKey, error) {
	if strict && 8*len(d) != 256 {
		return nil, fmt.Errorf("invalid length, need %d bits", 256)
	}
	D := new(big.Int).SetBytes(d)
	if D.Cmp(secp256k1N) >= 0 {
		return nil, errors.New("invalid private key, >=N")
	}
	if D.Sign() <= 0 {
		return nil, errors.New("invalid private key, zero or negative")
	}
	x, y := theCurve.ScalarBaseMult(d)
	return &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: theCurve, X: x, Y: y}, D: D}, nil
}

// FromECDSA exports a private key into a binary dump: D, big-endian,
// padded to the curve's size (32 bytes for secp256k1, and for a key whose
// Curve is nil). It returns nil for a nil key or D.
func FromECDSA(priv *ecdsa.PrivateKey) []byte {
	if priv == nil || priv.D == nil {
		return nil
	}
	n := 32
	if priv.Curve != nil {
		if p := priv.Curve.Params(); p != nil {
			n = p.BitSize / 8
		}
	}
	return math.PaddedBigBytes(priv.D, n)
}

// UnmarshalPubkey converts bytes to a secp256k1 public key: the 65-byte
// uncompressed encoding of a point on the curve. Anything else returns the
// error "invalid secp256k1 public key".
func UnmarshalPubkey(pub []byte) (*ecdsa.PublicKey, error) {
	x, y := theCurve.Unmarshal(pub)
	if x == nil {
		return nil, errInvalidPubkey
	}
	if !theCurve.IsOnCurve(x, y) {
		return nil, errInvalidPubkey
	}
	return &ecdsa.PublicKey{Curve: theCurve, X: x, Y: y}, nil
}

// FromECDSAPub converts a secp256k1 public key to bytes.
// Note: it does not use the curve from pub, instead it always
// encodes using secp256k1.
//
// The result is 0x04 || x || y (65 bytes; the point is not checked to be
// on the curve), or nil for a nil key or coordinates that are nil,
// negative or longer than 32 bytes.
func FromECDSAPub(pub *ecdsa.PublicKey) []byte {
	if pub == nil || pub.X == nil || pub.Y == nil {
		return nil
	}
	return theCurve.Marshal(pub.X, pub.Y)
}

// HexToECDSA parses a secp256k1 private key: 64 hexadecimal digits (see
// ToECDSA), with go-ethereum's errors.
func HexToECDSA(hexkey string) (*ecdsa.PrivateKey, error) {
	b, err := hex.DecodeString(hexkey)
	defer clear(b)
	if byteErr, ok := err.(hex.InvalidByteError); ok {
		return nil, fmt.Errorf("invalid hex character %q in private key", byte(byteErr))
	} else if err != nil {
		return nil, errors.New("invalid hex data for private key")
	}
	return ToECDSA(b)
}

// LoadECDSA loads a secp256k1 private key from the given file: 64
// hexadecimal digits followed by at most two newline characters ('\n' or
// '\r'), with go-ethereum's errors.
func LoadECDSA(file string) (*ecdsa.PrivateKey, error) {
	fd, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer fd.Close()

	r := bufio.NewReader(fd)
	buf := make([]byte, 64)
	defer clear(buf)
	n, err := readASCII(buf, r)
	if err != nil {
		return nil, err
	} else if n != len(buf) {
		return nil, errors.New("key file too short, want 64 hex characters")
	}
	if err := checkKeyFileEnd(r); err != nil {
		return nil, err
	}
	return HexToECDSA(string(buf))
}

// readASCII reads into buf until it is full, the input ends or a byte
// below '!' (a control character or space) is read, and returns the number
// of bytes stored before that.
func readASCII(buf []byte, r *bufio.Reader) (n int, err error) {
	for ; n < len(buf); n++ {
		buf[n], err = r.ReadByte()
		switch {
		case err == io.EOF || buf[n] < '!':
			return n, nil
		case err != nil:
			return n, err
		}
	}
	return n, nil
}

// checkKeyFileEnd accepts up to two newline characters after the key and
// nothing else.
func checkKeyFileEnd(r *bufio.Reader) error {
	for i := 0; ; i++ {
		b, err := r.ReadByte()
		switch {
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		case b != '\n' && b != '\r':
			return fmt.Errorf("invalid character %q at end of key file", b)
		case i >= 2:
			return errors.New("key file too long, want 64 hex characters")
		}
	}
}

// SaveECDSA saves a secp256k1 private key to the given file with
// restrictive permissions. The key data is saved hex-encoded.
//
// A nil key or D returns the error "invalid private key" and writes
// nothing (go-ethereum writes an empty file).
func SaveECDSA(file string, key *ecdsa.PrivateKey) error {
	b := FromECDSA(key)
	if b == nil {
		return errInvalidKey
	}
	defer clear(b)
	k := make([]byte, hex.EncodedLen(len(b)))
	defer clear(k)
	hex.Encode(k, b)
	return os.WriteFile(file, k, 0600)
}

// GenerateKey generates a new private key on S256() with crypto/ecdsa's
// GenerateKey and crypto/rand, as go-ethereum does.
func GenerateKey() (*ecdsa.PrivateKey, error) {
	return ecdsa.GenerateKey(theCurve, rand.Reader)
}

// PubkeyToAddress returns the address of p: the last 20 bytes of the
// Keccak-256 hash of its uncompressed encoding without the 0x04 prefix (see
// FromECDSAPub). It returns the zero address where FromECDSAPub returns
// nil (go-ethereum panics).
func PubkeyToAddress(p ecdsa.PublicKey) common.Address {
	pubBytes := FromECDSAPub(&p)
	if pubBytes == nil {
		return common.Address{}
	}
	return common.BytesToAddress(Keccak256(pubBytes[1:])[12:])
}
