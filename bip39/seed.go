package bip39

import (
	"crypto/pbkdf2"
	"crypto/sha512"
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// SeedSize is the length of a seed in bytes.
const SeedSize = 64

// Seed returns the 64-byte seed of mnemonic and passphrase:
// PBKDF2-HMAC-SHA512 with the mnemonic as password, "mnemonic" ‖
// passphrase as salt and 2048 iterations. The mnemonic must be valid
// (checked as MnemonicToEntropy checks it, checksum included), and the
// passphrase ASCII (else ErrNonASCIIPassphrase: see SeedFromNormalized);
// the empty passphrase is the BIP's default. The caller should clear the
// seed after use.
func Seed(mnemonic, passphrase string) ([]byte, error) {
	if err := check(mnemonic); err != nil {
		return nil, err
	}
	var or byte
	for i := 0; i < len(passphrase); i++ {
		or |= passphrase[i]
	}
	nonASCII := or >> 7
	ctcheck.Public(&nonASCII) // only whether the passphrase is ASCII
	if nonASCII != 0 {
		return nil, ErrNonASCIIPassphrase
	}
	return seed(mnemonic, passphrase)
}

// SeedFromNormalized is Seed for a passphrase that the caller has
// normalised to Unicode NFKD, as BIP-39 requires, for example with
// norm.NFKD.String of golang.org/x/text/unicode/norm. The passphrase is
// used byte for byte: one that is not in NFKD gives a seed other BIP-39
// implementations do not give for it. It must be valid UTF-8 (else
// ErrInvalidPassphrase, found in constant time). The mnemonic is checked
// as in Seed.
func SeedFromNormalized(mnemonic, passphrase string) ([]byte, error) {
	if err := check(mnemonic); err != nil {
		return nil, err
	}
	if !validUTF8(passphrase) {
		return nil, ErrInvalidPassphrase
	}
	return seed(mnemonic, passphrase)
}

// check validates the mnemonic and clears the entropy it decodes to.
func check(mnemonic string) error {
	var buf [maxWords * 11 / 8]byte
	_, err := decode(&buf, mnemonic)
	clear(buf[:])
	return err
}

func seed(mnemonic, passphrase string) ([]byte, error) {
	const prefix = "mnemonic"
	var saltBuf [128]byte
	salt := saltBuf[:0]
	if len(prefix)+len(passphrase) > len(saltBuf) {
		salt = make([]byte, 0, len(prefix)+len(passphrase))
	}
	salt = append(salt, prefix...)
	salt = append(salt, passphrase...)
	k, err := pbkdf2.Key(sha512.New, mnemonic, salt, 2048, SeedSize)
	clear(salt)
	if err != nil {
		return nil, fmt.Errorf("bip39: %w", err)
	}
	return k, nil
}
