package nip44

import (
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
	"testing"

	"github.com/p256k1/secp256k1/internal/chacha20"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// refPaddedLen is calc_padded_len as NIP-44 writes it, with a loop for
// floor(log2(n-1)) instead of bits.Len.
func refPaddedLen(n uint64) uint64 {
	if n <= 32 {
		return 32
	}
	log := 0
	for (n-1)>>(log+1) != 0 {
		log++
	}
	next := uint64(1) << (log + 1)
	chunk := uint64(32)
	if next > 256 {
		chunk = next / 8
	}
	return chunk * ((n + chunk - 1) / chunk)
}

func TestPaddedLenReference(t *testing.T) {
	r := testutil.Rand(t)
	check := func(n uint64) {
		if got, want := paddedLen(n), refPaddedLen(n); got != want {
			t.Fatalf("paddedLen(%d) = %d, want %d", n, got, want)
		}
		if p := paddedLen(n); p < n {
			t.Fatalf("paddedLen(%d) = %d out of range", n, p)
		}
	}
	for n := uint64(1); n <= 70000; n++ {
		check(n)
	}
	for range 10000 {
		check(1 + r.Uint64N(MaxPlaintextSize))
	}
	for k := 1; k <= 32; k++ {
		for _, d := range []int64{-1, 0, 1} {
			if n := int64(1)<<k + d; n >= 1 && n <= MaxPlaintextSize {
				check(uint64(n))
			}
		}
	}
	if paddedLen(MaxPlaintextSize) != 1<<32 {
		t.Fatalf("paddedLen(max) = %d", paddedLen(MaxPlaintextSize))
	}
	maxLen := uint64(MaxPlaintextSize)
	if bits.UintSize == 64 {
		if p := uint64(PaddedLen(int(maxLen))); p != 1<<32 {
			t.Fatalf("PaddedLen(max) = %d", p)
		}
		if p := PaddedLen(int(maxLen + 1)); p != 0 {
			t.Errorf("PaddedLen(max+1) = %d, want 0", p)
		}
	} else if p := PaddedLen(math.MaxInt); p != 0 {
		// The padded length of 2^31-1 bytes does not fit in an int.
		t.Errorf("PaddedLen(MaxInt) = %d on a 32-bit platform, want 0", p)
	}
	for _, n := range []int{0, -1, math.MinInt} {
		if PaddedLen(n) != 0 {
			t.Errorf("PaddedLen(%d) = %d, want 0", n, PaddedLen(n))
		}
	}
}

// TestMessageKeysHKDF checks the HKDF-expand of derive against
// crypto/hkdf.
func TestMessageKeysHKDF(t *testing.T) {
	r := testutil.Rand(t)
	for range 100 {
		var ck [KeySize]byte
		var nonce [NonceSize]byte
		for i := range ck {
			ck[i], nonce[i] = byte(r.Uint32()), byte(r.Uint32())
		}
		want, err := hkdf.Expand(sha256.New, ck[:], string(nonce[:]), 76)
		if err != nil {
			t.Fatal(err)
		}
		var k messageKeys
		k.derive(&ck, &nonce)
		got := append(append(append([]byte(nil), k.chachaKey[:]...), k.chachaNonce[:]...), k.hmacKey[:]...)
		if string(got) != string(want) {
			t.Fatalf("derive = %x, crypto/hkdf %x", got, want)
		}
		var mac [32]byte
		k.mac(&mac, nonce[:], ck[:])
		h := hmac.New(sha256.New, k.hmacKey[:])
		h.Write(nonce[:])
		h.Write(ck[:])
		if !hmac.Equal(mac[:], h.Sum(nil)) {
			t.Fatal("mac differs from crypto/hmac")
		}
	}
}

// sealRaw builds an authentic payload around an arbitrary padded buffer
// (prefix included), to test what only a key holder can send.
func sealRaw(t *testing.T, key *[KeySize]byte, padded []byte) string {
	t.Helper()
	var nonce [NonceSize]byte
	nonce[5] = 9
	var k messageKeys
	k.derive(key, &nonce)
	data := append([]byte{Version}, nonce[:]...)
	body := make([]byte, len(padded))
	chacha20.XORKeyStream(body, padded, &k.chachaKey, &k.chachaNonce, 0)
	data = append(data, body...)
	var mac [32]byte
	k.mac(&mac, nonce[:], body)
	return base64.StdEncoding.EncodeToString(append(data, mac[:]...))
}

// TestPaddingRejected decrypts authentic payloads whose padded buffer is
// wrong in every way readPrefix must catch, and well-formed ones.
func TestPaddingRejected(t *testing.T) {
	key := new([KeySize]byte)
	key[0] = 7
	short := func(n, total int) []byte {
		b := make([]byte, total)
		binary.BigEndian.PutUint16(b, uint16(n))
		for i := 2; i < 2+n && i < total; i++ {
			b[i] = 'x'
		}
		return b
	}
	long := func(n uint32, total int) []byte {
		b := make([]byte, total)
		binary.BigEndian.PutUint32(b[2:], n)
		for i := 6; i < 6+int(n) && i < total; i++ {
			b[i] = 'y'
		}
		return b
	}
	bad := map[string][]byte{
		"length 0 (short form), 32 bytes":          short(0, 2+32),
		"length 1, 33 bytes padded":                short(1, 2+33),
		"length 1, 64 bytes padded":                short(1, 2+64),
		"length 33, 32 bytes padded":               short(33, 2+32),
		"length 65535 in 65534 bytes":              short(65535, 2+65534),
		"extended form for length 10":              long(10, 6+32),
		"extended form for length 65535":           long(65535, 6+65536),
		"extended form for length 0":               long(0, 6+32),
		"extended length 65536, 65535 padded":      long(65536, 6+65535),
		"extended length 65537, 65536 padded":      long(65537, 6+65536),
		"extended length 2^32-1, 32 bytes":         long(1<<32-1, 6+32),
		"short form 65535 with 4 bytes too many":   short(65535, 2+65536+4),
		"extended 65536 with the short prefix len": long(65536, 2+65536),
	}
	for name, padded := range bad {
		got, err := Decrypt(key[:], sealRaw(t, key, padded))
		if got != "" || !errors.Is(err, ErrInvalidPadding) {
			t.Errorf("%s: Decrypt = %d bytes, %v; want ErrInvalidPadding", name, len(got), err)
		}
	}
	good := map[string][]byte{
		"length 1":           short(1, 2+32),
		"length 32":          short(32, 2+32),
		"length 65535":       short(65535, 2+65536),
		"extended 65536":     long(65536, 6+65536),
		"extended 65537":     long(65537, 6+81920),
		"non-zero pad bytes": append(short(1, 2+31), 0xff),
	}
	for name, padded := range good {
		got, err := Decrypt(key[:], sealRaw(t, key, padded))
		n, prefix, ok := readPrefix(padded)
		if err != nil || !ok || got != string(padded[prefix:prefix+n]) {
			t.Errorf("%s: Decrypt: %d bytes, %v", name, len(got), err)
		}
	}
}

// TestPrefixForms checks the prefix Encrypt writes at the boundary: the
// uint16 form up to 65535 bytes, the extended one from 65536.
func TestPrefixForms(t *testing.T) {
	for _, c := range []struct {
		n      uint64
		prefix []byte
	}{
		{1, []byte{0, 1}},
		{65535, []byte{0xff, 0xff}},
		{65536, []byte{0, 0, 0, 1, 0, 0}},
		{1<<32 - 1, []byte{0, 0, 0xff, 0xff, 0xff, 0xff}},
	} {
		b := make([]byte, 6)
		putPrefix(b, c.n)
		if string(b[:prefixLen(c.n)]) != string(c.prefix) {
			t.Errorf("prefix of %d: %x, want %x", c.n, b[:prefixLen(c.n)], c.prefix)
		}
	}
}
