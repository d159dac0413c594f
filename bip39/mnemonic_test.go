package bip39_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/bip39"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// wordList reads english.txt.
func wordList(t testing.TB) []string {
	t.Helper()
	data, err := os.ReadFile("english.txt")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
}

// naiveMnemonic follows BIP-39's text literally, with a string of bits.
func naiveMnemonic(words []string, entropy []byte) string {
	h := sha256.Sum256(entropy)
	var bits strings.Builder
	for _, b := range append(append([]byte(nil), entropy...), h[0]) {
		fmt.Fprintf(&bits, "%08b", b)
	}
	s := bits.String()[:len(entropy)*8+len(entropy)*8/32]
	var out []string
	for i := 0; i < len(s); i += 11 {
		v, _ := strconv.ParseUint(s[i:i+11], 2, 16)
		out = append(out, words[v])
	}
	return strings.Join(out, " ")
}

// wordIndex maps each word to its index.
func wordIndex(words []string) map[string]int {
	index := map[string]int{}
	for i, w := range words {
		index[w] = i
	}
	return index
}

// naiveValid checks a mnemonic with a map and the bits one by one.
func naiveValid(index map[string]int, m string) bool {
	ws := strings.Split(m, " ")
	if len(ws) < 12 || len(ws) > 24 || len(ws)%3 != 0 {
		return false
	}
	var bits []byte // one bit per byte
	for _, w := range ws {
		i, ok := index[w]
		if !ok {
			return false
		}
		for k := 10; k >= 0; k-- {
			bits = append(bits, byte(i>>k)&1)
		}
	}
	cs := len(ws) / 3
	ent := make([]byte, (len(bits)-cs)/8)
	for i := range ent {
		for k := range 8 {
			ent[i] = ent[i]<<1 | bits[8*i+k]
		}
	}
	h := sha256.Sum256(ent)
	for k := range cs {
		if (h[0]>>(7-k))&1 != bits[len(ent)*8+k] {
			return false
		}
	}
	return true
}

// TestRandomEntropy compares EntropyToMnemonic with the naive construction
// on random entropy of every size (and on all-zero and all-one bytes,
// which give the shortest and longest words), and decodes back.
func TestRandomEntropy(t *testing.T) {
	words := wordList(t)
	rng := testutil.Rand(t)
	for _, size := range []int{16, 20, 24, 28, 32} {
		for i := range 60 {
			e := make([]byte, size)
			for k := range e {
				e[k] = byte(rng.Uint32())
			}
			switch i {
			case 0:
				clear(e)
			case 1:
				for k := range e {
					e[k] = 0xff
				}
			}
			want := naiveMnemonic(words, e)
			m, err := bip39.EntropyToMnemonic(e)
			if err != nil || m != want {
				t.Fatalf("EntropyToMnemonic(%x) = %q, %v; want %q", e, m, err, want)
			}
			back, err := bip39.MnemonicToEntropy(m)
			if err != nil || !bytes.Equal(back, e) {
				t.Fatalf("MnemonicToEntropy(%q) = %x, %v; want %x", m, back, err, e)
			}
		}
	}
}

// TestLongestWords: a mnemonic of 24 eight-letter words is the longest
// there is (215 bytes).
func TestLongestWords(t *testing.T) {
	words := wordList(t)
	index := wordIndex(words)
	var eight []string
	for _, w := range words {
		if len(w) == 8 {
			eight = append(eight, w)
		}
	}
	rng := testutil.Rand(t)
	for range 20 {
		ws := make([]string, 23)
		for i := range ws {
			ws[i] = eight[rng.IntN(len(eight))]
		}
		// Try last words until the checksum fits.
		for _, last := range eight {
			m := strings.Join(append(ws, last), " ")
			if !naiveValid(index, m) {
				continue
			}
			if len(m) != 215 {
				t.Fatalf("len %d", len(m))
			}
			e, err := bip39.MnemonicToEntropy(m)
			if err != nil {
				t.Fatalf("MnemonicToEntropy(%q): %v", m, err)
			}
			if back, err := bip39.EntropyToMnemonic(e); err != nil || back != m {
				t.Fatalf("EntropyToMnemonic(%x) = %q, %v; want %q", e, back, err, m)
			}
			break
		}
	}
}

// TestLastWord tries every word of the list as the last word of random
// mnemonics: exactly those whose checksum bits match are valid, 2^(11−CS)
// of the 2048, and the others fail with ErrChecksum. With -short or the
// race detector, the library checks the valid words and 100 others.
func TestLastWord(t *testing.T) {
	words := wordList(t)
	index := wordIndex(words)
	rng := testutil.Rand(t)
	quick := testing.Short() || testutil.RaceEnabled
	for _, size := range []int{16, 20, 24, 28, 32} {
		e := make([]byte, size)
		for k := range e {
			e[k] = byte(rng.Uint32())
		}
		m, _ := bip39.EntropyToMnemonic(e)
		ws := strings.Split(m, " ")
		valid, checked := 0, 0
		for i, w := range words {
			ws[len(ws)-1] = w
			c := strings.Join(ws, " ")
			want := naiveValid(index, c)
			if want {
				valid++
			} else if quick && rng.IntN(len(words)-i) >= 100-(checked-valid) {
				continue
			}
			checked++
			_, err := bip39.MnemonicToEntropy(c)
			if want != (err == nil) || want != bip39.IsValid(c) {
				t.Fatalf("%q: error %v, naive valid %v", c, err, want)
			}
			if err != nil && (!errors.Is(err, bip39.ErrChecksum) || !errors.Is(err, bip39.ErrInvalidMnemonic)) {
				t.Fatalf("%q: error %v, want ErrChecksum", c, err)
			}
		}
		if want := 1 << (11 - size/4); valid != want {
			t.Errorf("%d bytes: %d valid last words, want %d", size, valid, want)
		}
		t.Logf("%d bytes: %d of 2048 last words checked", size, checked)
	}
}

const vector1 = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

func TestInvalidMnemonics(t *testing.T) {
	ws := strings.Split(vector1, " ")
	with := func(i int, w string) string {
		c := append([]string(nil), ws...)
		c[i] = w
		return strings.Join(c, " ")
	}
	for _, c := range []struct {
		m       string
		want    error
		unknown int // index of the unknown word, or -1
	}{
		{"", bip39.ErrWordCount, -1},
		{"abandon", bip39.ErrWordCount, -1},
		{strings.Join(ws[:11], " "), bip39.ErrWordCount, -1},
		{vector1 + " abandon", bip39.ErrWordCount, -1},
		{strings.Repeat("abandon ", 26) + "about", bip39.ErrWordCount, -1},
		{strings.Repeat("abandonabandon", 20), bip39.ErrWordCount, -1},
		{" " + vector1, bip39.ErrInvalidMnemonic, -1},
		{vector1 + " ", bip39.ErrInvalidMnemonic, -1},
		{vector1 + "\n", bip39.ErrInvalidMnemonic, -1},
		{strings.Replace(vector1, " ", "  ", 1), bip39.ErrInvalidMnemonic, -1},
		{strings.Replace(vector1, " ", "\t", 1), bip39.ErrInvalidMnemonic, -1},
		{strings.ReplaceAll(vector1, " ", "\u3000"), bip39.ErrWordCount, -1},
		{with(0, "Abandon"), bip39.ErrUnknownWord, 0},
		{with(3, "abandonx"), bip39.ErrUnknownWord, 3},
		{with(5, "aband"), bip39.ErrUnknownWord, 5},
		{with(6, "abandonabandonabandon"), bip39.ErrUnknownWord, 6},
		{with(11, "zzz"), bip39.ErrUnknownWord, 11},
		{with(7, "ab\x00"), bip39.ErrUnknownWord, 7},
		{with(2, "act\x00"), bip39.ErrUnknownWord, 2},
		{with(1, "abandoné"), bip39.ErrUnknownWord, 1},
		{with(4, "aban"), bip39.ErrUnknownWord, 4},
		{with(8, "abstracts"), bip39.ErrUnknownWord, 8}, // "abstract" and more
		{with(0, "abstract\x00"), bip39.ErrUnknownWord, 0},
		{with(11, "abandon"), bip39.ErrChecksum, -1},
		{"about " + strings.Join(ws[:11], " "), bip39.ErrChecksum, -1},
	} {
		e, err := bip39.MnemonicToEntropy(c.m)
		if e != nil || !errors.Is(err, c.want) || !errors.Is(err, bip39.ErrInvalidMnemonic) {
			t.Errorf("MnemonicToEntropy(%q) = %x, %v; want %v", c.m, e, err, c.want)
			continue
		}
		var uw *bip39.UnknownWordError
		if errors.As(err, &uw) != (c.unknown >= 0) || (uw != nil && uw.Index != c.unknown) {
			t.Errorf("MnemonicToEntropy(%q): %v, want the unknown word at index %d", c.m, err, c.unknown)
		}
		if c.unknown >= 0 && !strings.Contains(err.Error(), fmt.Sprintf("word %d ", c.unknown+1)) {
			t.Errorf("error %q does not name word %d", err, c.unknown+1)
		}
		if bip39.IsValid(c.m) {
			t.Errorf("IsValid(%q) = true", c.m)
		}
		if s, err := bip39.Seed(c.m, ""); s != nil || !errors.Is(err, c.want) {
			t.Errorf("Seed(%q) = %x, %v; want %v", c.m, s, err, c.want)
		}
		if s, err := bip39.SeedFromNormalized(c.m, ""); s != nil || !errors.Is(err, c.want) {
			t.Errorf("SeedFromNormalized(%q) = %x, %v; want %v", c.m, s, err, c.want)
		}
		// Errors never carry the words.
		if strings.Contains(err.Error(), "abandon") || strings.Contains(err.Error(), "about") {
			t.Errorf("error %q contains a word", err)
		}
	}
}

func TestEntropyLength(t *testing.T) {
	for _, n := range []int{0, 1, 12, 15, 17, 31, 33, 36, 64} {
		m, err := bip39.EntropyToMnemonic(make([]byte, n))
		if m != "" || !errors.Is(err, bip39.ErrEntropyLength) {
			t.Errorf("EntropyToMnemonic(%d bytes) = %q, %v", n, m, err)
		}
	}
	for _, bits := range []int{-128, 0, 8, 127, 129, 136, 264, 512} {
		m, err := bip39.NewMnemonic(bits, nil)
		if m != "" || !errors.Is(err, bip39.ErrEntropyLength) {
			t.Errorf("NewMnemonic(%d) = %q, %v", bits, m, err)
		}
	}
}

func TestNewMnemonic(t *testing.T) {
	words := wordList(t)
	for _, bits := range []int{128, 160, 192, 224, 256} {
		// A reader of known bytes gives the mnemonic of those bytes.
		src := bytes.Repeat([]byte{0x7f}, 64)
		m, err := bip39.NewMnemonic(bits, bytes.NewReader(src))
		if err != nil || m != naiveMnemonic(words, src[:bits/8]) {
			t.Errorf("NewMnemonic(%d, 7f…) = %q, %v", bits, m, err)
		}
		// crypto/rand: valid, of the right length, and not repeating.
		a, err1 := bip39.NewMnemonic(bits, nil)
		b, err2 := bip39.NewMnemonic(bits, nil)
		if err1 != nil || err2 != nil || a == b || !bip39.IsValid(a) || len(strings.Split(a, " ")) != bits/8*3/4 {
			t.Errorf("NewMnemonic(%d, nil) = %q, %v; %q, %v", bits, a, err1, b, err2)
		}
		// A short read is an error.
		if m, err := bip39.NewMnemonic(bits, bytes.NewReader(src[:bits/8-1])); m != "" || err == nil {
			t.Errorf("NewMnemonic(%d, short reader) = %q, %v", bits, m, err)
		}
	}
}
