package bip39

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// TestWordListHash checks english.txt against the SHA-256 that BIP-39's
// word-list page (bip-0039/bip-0039-wordlists.md) publishes for it.
func TestWordListHash(t *testing.T) {
	const want = "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda"
	data, err := os.ReadFile("english.txt")
	if err != nil {
		t.Fatal(err)
	}
	// A checkout with core.autocrlf turns LF into CRLF; the embedded copy
	// is what counts and must match too.
	for name, b := range map[string][]byte{"embedded": []byte(englishTxt), "file (LF)": []byte(strings.ReplaceAll(string(data), "\r\n", "\n"))} {
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != want {
			t.Errorf("%s english.txt: SHA-256 %x, want %s", name, sum, want)
		}
	}
}

// TestWordList checks what the constant-time code relies on: 2048 distinct
// words of 3 to 8 lowercase letters, sorted (so the packed values are
// strictly increasing), unique in their first four letters as BIP-39
// promises, and found by every lookup at their index.
func TestWordList(t *testing.T) {
	words := strings.Split(strings.TrimSuffix(englishTxt, "\n"), "\n")
	if len(words) != 2048 {
		t.Fatalf("%d words", len(words))
	}
	prefixes := map[string]bool{}
	for i, w := range words {
		if len(w) < 3 || len(w) > 8 || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") != "" {
			t.Errorf("word %d %q", i, w)
		}
		if i > 0 && words[i-1] >= w {
			t.Errorf("words %d, %d out of order: %q, %q", i-1, i, words[i-1], w)
		}
		p := w[:min(4, len(w))]
		if prefixes[p] {
			t.Errorf("prefix %q repeats", p)
		}
		prefixes[p] = true
		if i > 0 && english[i-1] >= english[i] {
			t.Errorf("packed words %d, %d not increasing", i-1, i)
		}
		v, ok := packVarTime(w)
		if !ok || v != english[i] {
			t.Errorf("packVarTime(%q) = %x, %v; list has %x", w, v, ok, english[i])
		}
		if idx, found := lookup(v); idx != uint64(i) || found != ^uint64(0) {
			t.Errorf("lookup(%q) = %d, %x", w, idx, found)
		}
		if idx, ok := lookupVarTime(v); idx != i || !ok {
			t.Errorf("lookupVarTime(%q) = %d, %v", w, idx, ok)
		}
		if got := wordAt(uint64(i)); got != v {
			t.Errorf("wordAt(%d) = %x, want %x", i, got, v)
		}
		if n := wordLen(v); n != uint64(len(w)) {
			t.Errorf("wordLen(%q) = %d", w, n)
		}
	}
	for _, w := range []string{"", "a", "aba", "abandonx", "zoos", "zz", "abando"} {
		v, _ := packVarTime(w)
		if _, found := lookup(v); found != 0 {
			t.Errorf("lookup(%q) found", w)
		}
		if _, ok := lookupVarTime(v); ok {
			t.Errorf("lookupVarTime(%q) found", w)
		}
	}
}

// lookup and wordAt look up one word with lookupAll and wordsAt.
func lookup(w uint64) (index, found uint64) {
	var idx, words [maxWords]uint64
	words[0] = w
	found = lookupAll(&idx, &words, 1)
	return idx[0], found
}

func wordAt(i uint64) uint64 {
	var idx, words [maxWords]uint64
	idx[0] = i
	wordsAt(&words, &idx, 1)
	return words[0]
}

func TestPackWordListRejects(t *testing.T) {
	valid := strings.Repeat("abc\n", 2048)
	for name, s := range map[string]string{
		"2047 lines": strings.Repeat("abc\n", 2047),
		"too long":   "abcdefghi\n" + valid[4:],
		"too short":  "ab\n" + valid[4:],
		"uppercase":  "Abc\n" + valid[4:],
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			packWordList(s)
		}()
	}
	if l := packWordList(valid); l[0] != 0x6162630000000000 { // "abc", first letter on top
		t.Errorf("packWordList: %x", l[0])
	}
}

func TestCtHelpers(t *testing.T) {
	vals := []uint64{0, 1, 2, 7, 8, 9, 0x7f, 0x80, 255, 256, 1<<62 - 1, 1 << 62}
	for _, a := range vals {
		for _, b := range vals {
			if got := eqMask(a, b); (got == ^uint64(0)) != (a == b) || (got != 0 && got != ^uint64(0)) {
				t.Errorf("eqMask(%d, %d) = %x", a, b, got)
			}
			if got := ltMask(a, b); (got == ^uint64(0)) != (a < b) || (got != 0 && got != ^uint64(0)) {
				t.Errorf("ltMask(%d, %d) = %x", a, b, got)
			}
			if got := inMask(a, b, b+3); (got == ^uint64(0)) != (a >= b && a <= b+3) || (got != 0 && got != ^uint64(0)) {
				t.Errorf("inMask(%d, %d, %d) = %x", a, b, b+3, got)
			}
		}
	}
	if eqMask(^uint64(0), 0) != 0 || eqMask(1<<63, 1<<63) != ^uint64(0) {
		t.Error("eqMask on the top bit")
	}
}
