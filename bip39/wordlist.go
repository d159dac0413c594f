package bip39

import (
	_ "embed"
	"slices"
	"strings"
)

// english.txt is the English word list of BIP-39 (bitcoin/bips,
// bip-0039/english.txt; see english.txt.license): 2048 lowercase words of 3
// to 8 letters, sorted, one per line. Its SHA-256 is checked by the tests
// against the value BIP-39's word-list page publishes.
//
//go:embed english.txt
var englishTxt string

const (
	listSize   = 2048
	maxWordLen = 8
	minWords   = 12
	maxWords   = 24
	// maxMnemonicLen is the longest valid mnemonic: 24 words of 8 letters.
	maxMnemonicLen = maxWords*(maxWordLen+1) - 1
)

// english holds the words packed into 64-bit values: letter k in bits
// 8(7−k) to 8(7−k)+7 (big-endian, first letter on top), the unused low
// bytes zero, so that the packed values sort as the words do. Every word
// fits since none is longer than 8 letters.
var english = packWordList(englishTxt)

// packWordList parses the embedded list. It panics if the list is not 2048
// lines of 3 to 8 lowercase letters, which the tests rule out.
func packWordList(s string) *[listSize]uint64 {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	if len(lines) != listSize {
		panic("bip39: english.txt does not have 2048 lines")
	}
	var list [listSize]uint64
	for i, w := range lines {
		if len(w) < 3 || len(w) > maxWordLen {
			panic("bip39: english.txt has a word of the wrong length")
		}
		for k := range len(w) {
			if w[k] < 'a' || w[k] > 'z' {
				panic("bip39: english.txt has a character outside a-z")
			}
			list[i] |= uint64(w[k]) << (8 * (7 - k))
		}
	}
	return &list
}

// lookupAll sets idx[j] to the index of the packed word words[j] in the
// list for j < n, comparing each with every word of the list and keeping
// the match with masks. It returns all ones if every word was found and 0
// otherwise.
func lookupAll(idx, words *[maxWords]uint64, n int) (allFound uint64) {
	allFound = ^uint64(0)
	for j, w := range words[:n] {
		var index, found uint64
		for i, v := range english {
			m := eqMask(v, w)
			index |= m & uint64(i)
			found |= m
		}
		idx[j] = index
		allFound &= found
	}
	return allFound
}

// wordsAt sets words[j] to the packed word with index idx[j] < 2048 for
// j < n, reading every word of the list and keeping the match with masks.
func wordsAt(words, idx *[maxWords]uint64, n int) {
	for j, k := range idx[:n] {
		var w uint64
		for i, v := range english {
			w |= eqMask(uint64(i), k) & v
		}
		words[j] = w
	}
}

// lookupVarTime returns the index of the packed word w by binary search,
// or false. Variable time: for reporting errors on invalid input only.
func lookupVarTime(w uint64) (int, bool) {
	return slices.BinarySearch(english[:], w)
}

// packVarTime packs a word as the list is packed, or returns false if it
// is longer than 8 bytes or has a byte outside a-z. Variable time.
func packVarTime(w string) (uint64, bool) {
	if len(w) > maxWordLen {
		return 0, false
	}
	var v uint64
	for k := range len(w) {
		if w[k] < 'a' || w[k] > 'z' {
			return 0, false
		}
		v |= uint64(w[k]) << (8 * (7 - k))
	}
	return v, true
}
