// Package bip39 implements BIP-39 mnemonic sentences with the English word
// list: 12 to 24 words that encode 128 to 256 bits of entropy and a
// checksum, and the 64-byte seed that a mnemonic and an optional passphrase
// give (PBKDF2-HMAC-SHA512, 2048 iterations), from which BIP-32 derives a
// wallet's keys.
//
//	mnemonic, err := bip39.NewMnemonic(256, nil) // 24 words from crypto/rand
//	seed, err := bip39.Seed(mnemonic, passphrase)
//
// # Word lists and normalisation
//
// Only the English word list of BIP-39 is supported (english.txt in this
// package), as the BIP recommends; mnemonics in the other languages are
// rejected as unknown words. BIP-39 hashes the mnemonic and the passphrase
// in Unicode normalisation form NFKD. The English words are lowercase ASCII,
// for which NFKD changes nothing. The standard library has no Unicode
// normalisation, so Seed accepts only ASCII passphrases and returns
// ErrNonASCIIPassphrase for any other; a caller with a non-ASCII passphrase
// normalises it to NFKD (golang.org/x/text/unicode/norm: norm.NFKD.String)
// and passes it to SeedFromNormalized, which uses it byte for byte.
//
// A mnemonic is accepted only in the form BIP-39 hashes: lowercase words of
// the list separated by single spaces, with no other whitespace. Any other
// form would give a different seed from the same words, so it is rejected
// with an error rather than silently normalised.
//
// # Errors
//
// Every error for an invalid mnemonic wraps ErrInvalidMnemonic, and the
// specific ones also wrap ErrWordCount, ErrUnknownWord (as an
// *UnknownWordError carrying the position of the first unknown word) or
// ErrChecksum. Errors never contain the words themselves.
//
// # Secrets and constant time
//
// Entropy, mnemonics and seeds are secrets. Turning entropy into words and
// words into entropy runs in constant time: the words are looked up by
// comparing with all 2048 words of the list and keeping the match with
// masks, and the sentence is assembled without branches or memory indices
// that depend on the words. What the running time depends on is the number
// of words and the length of the sentence in bytes (which is also the
// length of PBKDF2's password). On invalid input the error path may take
// variable time: its error says which word is wrong anyway. PBKDF2 is
// crypto/pbkdf2 with HMAC-SHA512, whose running time depends only on the
// lengths of the mnemonic and the passphrase.
//
// Byte slices of entropy and seeds that this package returns belong to the
// caller, who should clear them after use; temporaries of the package are
// cleared before it returns. Mnemonics are strings, which Go cannot wipe,
// and crypto/pbkdf2 keeps copies of the mnemonic in buffers of its own.
package bip39
