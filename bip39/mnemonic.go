package bip39

import (
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"io"
	"strings"

	"github.com/p256k1/secp256k1/internal/ctcheck"
)

// NewMnemonic returns a new mnemonic for entropyBits bits of entropy read
// from random (crypto/rand.Reader when random is nil): 128, 160, 192, 224
// or 256 bits give 12, 15, 18, 21 or 24 words. Any other size returns
// ErrEntropyLength, and a failed read its error. The entropy is cleared
// before returning.
func NewMnemonic(entropyBits int, random io.Reader) (string, error) {
	if !validEntropyLen(entropyBits/8) || entropyBits%8 != 0 {
		return "", fmt.Errorf("%w (got %d bits)", ErrEntropyLength, entropyBits)
	}
	if random == nil {
		random = rand.Reader
	}
	var buf [32]byte
	defer clear(buf[:])
	ent := buf[:entropyBits/8]
	if _, err := io.ReadFull(random, ent); err != nil {
		return "", fmt.Errorf("bip39: reading entropy: %w", err)
	}
	ctcheck.SecretSlice(ent) // fresh randomness is secret (for the valgrind check)
	return EntropyToMnemonic(ent)
}

// EntropyToMnemonic returns the mnemonic of entropy: 16, 20, 24, 28 or 32
// bytes give 12, 15, 18, 21 or 24 words. Any other length returns
// ErrEntropyLength. Constant time for a given length of entropy, up to the
// length of the result (see the package documentation).
func EntropyToMnemonic(entropy []byte) (string, error) {
	if !validEntropyLen(len(entropy)) {
		return "", fmt.Errorf("%w (got %d)", ErrEntropyLength, len(entropy))
	}
	var idx [maxWords]uint64
	defer clear(idx[:])
	n := indices(&idx, entropy)
	return assemble(&idx, n), nil
}

// MnemonicToEntropy returns the entropy that mnemonic encodes (16 to 32
// bytes), after checking its words and checksum. It returns an error
// wrapping ErrInvalidMnemonic, with ErrWordCount, ErrUnknownWord (an
// *UnknownWordError) or ErrChecksum when they apply. Constant time on
// valid input, up to its length and word count.
func MnemonicToEntropy(mnemonic string) ([]byte, error) {
	var buf [maxWords * 11 / 8]byte
	defer clear(buf[:])
	n, err := decode(&buf, mnemonic)
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), buf[:n]...), nil
}

// IsValid reports whether mnemonic is a valid English BIP-39 mnemonic, in
// the form MnemonicToEntropy accepts.
func IsValid(mnemonic string) bool {
	var buf [maxWords * 11 / 8]byte
	_, err := decode(&buf, mnemonic)
	clear(buf[:])
	return err == nil
}

func validEntropyLen(n int) bool {
	return n >= 16 && n <= 32 && n%4 == 0
}

// indices splits entropy ‖ checksum into 11-bit word indices and returns
// their number, len(entropy)·3/4. The checksum is the first
// len(entropy)/4 bits of SHA-256(entropy).
func indices(idx *[maxWords]uint64, entropy []byte) int {
	n := len(entropy) * 3 / 4
	h := sha256.Sum256(entropy)
	defer clear(h[:])
	var acc uint64
	var nacc uint
	j := 0
	for i := 0; i <= len(entropy) && j < n; i++ {
		b := h[0]
		if i < len(entropy) {
			b = entropy[i]
		}
		acc = acc<<8 | uint64(b)
		nacc += 8
		if nacc >= 11 {
			nacc -= 11
			idx[j] = (acc >> nacc) & 0x7ff
			j++
		}
	}
	return n
}

// assemble returns the words with indices idx[:n] joined by single spaces.
// The words are read from the list by a scan of all words, and the
// sentence is written byte by byte: output byte o of word j is taken with
// masks from every position word j can start at, so no memory index
// depends on the words' lengths.
func assemble(idx *[maxWords]uint64, n int) string {
	var words, lens [maxWords]uint64
	var out [maxMnemonicLen]byte
	defer func() {
		clear(words[:])
		clear(lens[:])
		clear(out[:])
	}()
	wordsAt(&words, idx, n)
	for j := range n {
		lens[j] = wordLen(words[j])
	}
	const off = 256 // keeps o − start + off positive
	var start uint64
	for j := range n {
		w, l := words[j], lens[j]
		var space uint64
		if j < n-1 {
			space = ' '
		}
		// Word j starts between 4j (all previous words of 3 letters) and
		// 9j (of 8), and with its space takes at most 9 bytes.
		for o := 4 * j; o < min(9*j+9, maxMnemonicLen); o++ {
			r := uint64(o) + off - start // o − start + off
			inWord := ^ltMask(r, off) & ltMask(r, off+l)
			letter := (w >> (8 * (7 - (r-off)&7))) & 0xff
			isSpace := eqMask(r, off+l)
			out[o] |= byte(inWord&letter | isSpace&space)
		}
		start += l + 1
	}
	ctcheck.Public(&start) // the length of the result
	return string(out[:start-1])
}

// decode checks mnemonic and writes the entropy it encodes to buf,
// returning its length.
func decode(buf *[maxWords * 11 / 8]byte, mnemonic string) (int, error) {
	if len(mnemonic) == 0 || len(mnemonic) > maxMnemonicLen {
		return 0, diagnoseVarTime(mnemonic)
	}
	// Split into words and pack them, without branches on the bytes: byte
	// i goes to word w at position p, written into every slot with a mask.
	var words [maxWords]uint64
	defer clear(words[:])
	var w, p, bad, double, long uint64
	prevSpace := ^uint64(0) // a leading space counts as a double one
	for i := 0; i < len(mnemonic); i++ {
		c := uint64(mnemonic[i])
		sp := eqMask(c, ' ')
		bad |= ^sp & ^inMask(c, 'a', 'z')
		double |= sp & prevSpace
		prevSpace = sp
		long |= ^sp & ^ltMask(p, maxWordLen)
		letter := ^sp & ltMask(p, maxWordLen) & (c << (8 * (7 - p&7)))
		for j := range words {
			words[j] |= eqMask(uint64(j), w) & letter
		}
		w -= sp // sp is all ones (−1) for a space
		p = (p + 1) &^ sp
	}
	// The word count is public (it follows from the length of the
	// entropy); it alone decides the branch.
	ctcheck.Public(&w)
	n := int(w) + 1
	if n < minWords || n > maxWords || n%3 != 0 {
		return 0, diagnoseVarTime(mnemonic)
	}
	var idx [maxWords]uint64
	defer clear(idx[:])
	found := lookupAll(&idx, &words, n)
	// prevSpace is now a trailing space.
	invalid := bad | double | long | prevSpace | ^found
	ctcheck.Public(&invalid) // only whether the mnemonic is valid
	if invalid != 0 {
		return 0, diagnoseVarTime(mnemonic)
	}

	// Concatenate the 11-bit indices: n·11 bits, entropy and checksum.
	entLen := n * 4 / 3
	var acc uint64
	var nacc uint
	k := 0
	for j := range n {
		acc = acc<<11 | idx[j]
		nacc += 11
		for nacc >= 8 {
			nacc -= 8
			buf[k] = byte(acc >> nacc)
			k++
		}
	}
	// The checksum is the n/3 bits after the entropy: the last, full
	// byte for 24 words, the bits left in acc for fewer.
	cs := uint(n / 3)
	got := acc & (1<<nacc - 1)
	if n == maxWords {
		got = uint64(buf[entLen])
	}
	h := sha256.Sum256(buf[:entLen])
	want := uint64(h[0]) >> (8 - cs)
	clear(h[:])
	match := eqMask(got, want)
	ctcheck.Public(&match)
	if match == 0 {
		return 0, fmt.Errorf("%w: %w", ErrInvalidMnemonic, ErrChecksum)
	}
	clear(buf[entLen:])
	return entLen, nil
}

// diagnoseVarTime returns the error for an invalid mnemonic: in variable
// time, on input already known to be invalid, to say what is wrong with it.
func diagnoseVarTime(m string) error {
	if strings.ContainsAny(m, "\t\n\v\f\r") || strings.HasPrefix(m, " ") ||
		strings.HasSuffix(m, " ") || strings.Contains(m, "  ") {
		return fmt.Errorf("%w: words must be separated by single spaces, with no other whitespace", ErrInvalidMnemonic)
	}
	n := 0
	if m != "" {
		n = strings.Count(m, " ") + 1
	}
	if n < minWords || n > maxWords || n%3 != 0 {
		return fmt.Errorf("%w: %w: %d words, want 12, 15, 18, 21 or 24", ErrInvalidMnemonic, ErrWordCount, n)
	}
	for i, w := range strings.Split(m, " ") {
		v, ok := packVarTime(w)
		if ok {
			_, ok = lookupVarTime(v)
		}
		if !ok {
			return &UnknownWordError{Index: i}
		}
	}
	// Not reached for input that decode rejected: it is checked in full.
	return ErrInvalidMnemonic
}
