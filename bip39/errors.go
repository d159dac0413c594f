package bip39

import (
	"errors"
	"strconv"
)

var (
	// ErrInvalidMnemonic is wrapped by every error for a mnemonic that is
	// not a valid English BIP-39 sentence.
	ErrInvalidMnemonic = errors.New("bip39: invalid mnemonic")
	// ErrWordCount: the mnemonic does not have 12, 15, 18, 21 or 24 words.
	ErrWordCount = errors.New("wrong number of words")
	// ErrUnknownWord: a word is not in the English word list (see
	// UnknownWordError for its position).
	ErrUnknownWord = errors.New("word not in the English word list")
	// ErrChecksum: the words are in the list but their checksum bits do
	// not match the entropy they encode (a wrong or swapped word).
	ErrChecksum = errors.New("checksum mismatch")
	// ErrEntropyLength: entropy is not 16, 20, 24, 28 or 32 bytes (128 to
	// 256 bits in steps of 32).
	ErrEntropyLength = errors.New("bip39: entropy must be 16, 20, 24, 28 or 32 bytes")
	// ErrNonASCIIPassphrase is returned by Seed for a passphrase with a
	// byte outside ASCII: normalise it to NFKD and use SeedFromNormalized.
	ErrNonASCIIPassphrase = errors.New("bip39: passphrase is not ASCII; normalise it to NFKD and use SeedFromNormalized")
	// ErrInvalidPassphrase is returned by SeedFromNormalized for a
	// passphrase that is not valid UTF-8.
	ErrInvalidPassphrase = errors.New("bip39: passphrase is not valid UTF-8")
)

// UnknownWordError reports the first word of a mnemonic that is not in the
// English word list. It matches ErrInvalidMnemonic and ErrUnknownWord with
// errors.Is. The word itself is not recorded.
type UnknownWordError struct {
	// Index is the position of the word, counting from 0.
	Index int
}

// Error describes the error, counting words from 1.
func (e *UnknownWordError) Error() string {
	if e == nil {
		return ErrInvalidMnemonic.Error() + ": " + ErrUnknownWord.Error()
	}
	return ErrInvalidMnemonic.Error() + ": word " + strconv.Itoa(e.Index+1) + " is not in the English word list"
}

// Is reports whether target is ErrInvalidMnemonic or ErrUnknownWord.
func (e *UnknownWordError) Is(target error) bool {
	return target == ErrInvalidMnemonic || target == ErrUnknownWord
}
