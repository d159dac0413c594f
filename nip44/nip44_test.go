package nip44_test

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"errors"
	mrand "math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/nip44"
)

// randKey returns 32 random bytes below n (a random 256-bit value is
// not below n with probability about 2^-128).
func randKey(r *mrand.Rand) []byte {
	b := make([]byte, 32)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	b[0] &= 0x7f
	return b
}

// TestRoundTrip encrypts random plaintexts of random lengths between random
// key pairs: the receiver decrypts them, each payload has the length the
// padding gives, a fresh nonce makes every payload different, and any
// changed character of the payload is rejected.
func TestRoundTrip(t *testing.T) {
	r := testutil.Rand(t)
	rounds := 60
	if testing.Short() {
		rounds = 15
	}
	for i := range rounds {
		a, err1 := secp256k1.NewPrivateKey(randKey(r))
		b, err2 := secp256k1.NewPrivateKey(randKey(r))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		ax, _ := a.PublicKey().XOnly()
		bx, _ := b.PublicKey().XOnly()
		kab, err1 := nip44.ConversationKey(a, bx)
		kba, err2 := nip44.ConversationKey(b, ax)
		if err1 != nil || err2 != nil || !bytes.Equal(kab, kba) {
			t.Fatalf("conversation keys differ: %x %x %v %v", kab, kba, err1, err2)
		}
		n := 1 + r.IntN(600)
		if i%10 == 0 {
			n = 1 + r.IntN(70000)
		}
		msg := make([]byte, n)
		for j := range msg {
			msg[j] = byte(r.Uint32())
		}
		p1, err := nip44.Encrypt(kab, string(msg))
		if err != nil {
			t.Fatal(err)
		}
		p2, _ := nip44.Encrypt(kab, string(msg))
		if p1 == p2 {
			t.Fatal("two encryptions gave the same payload")
		}
		prefix := 2
		if n >= 65536 {
			prefix = 6
		}
		if want := base64.StdEncoding.EncodedLen(1 + 32 + prefix + nip44.PaddedLen(n) + 32); len(p1) != want {
			t.Fatalf("n = %d: payload of %d characters, want %d", n, len(p1), want)
		}
		got, err := nip44.Decrypt(kba, p1)
		if err != nil || got != string(msg) {
			t.Fatalf("n = %d: Decrypt: %v", n, err)
		}
		// A changed payload character: the base64 no longer decodes, or
		// the MAC fails (version, nonce, ciphertext or MAC changed).
		raw, _ := base64.StdEncoding.DecodeString(p1)
		j := r.IntN(len(raw))
		raw[j] ^= byte(1 + r.IntN(255))
		_, err = nip44.Decrypt(kba, base64.StdEncoding.EncodeToString(raw))
		want := nip44.ErrInvalidMAC
		if j == 0 {
			want = nip44.ErrUnknownVersion
		}
		if !errors.Is(err, want) {
			t.Fatalf("byte %d changed: %v, want %v", j, err, want)
		}
		// Another key.
		other := slices.Clone(kab)
		other[r.IntN(32)] ^= 1
		if _, err := nip44.Decrypt(other, p1); !errors.Is(err, nip44.ErrInvalidMAC) {
			t.Fatalf("wrong key: %v", err)
		}
	}
}

// TestDecryptErrors covers each malformed payload that the vector file
// does not: base64 without padding or with other alphabets, versions 1
// and 3, a decoded payload one byte too short.
func TestDecryptErrors(t *testing.T) {
	key := bytes.Repeat([]byte{3}, 32)
	good, err := nip44.EncryptWithNonce(key, "hi", bytes.Repeat([]byte{1}, 32))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.StdEncoding.DecodeString(good)
	withVersion := func(v byte) string {
		b := slices.Clone(raw)
		b[0] = v
		return base64.StdEncoding.EncodeToString(b)
	}
	cases := []struct {
		name, payload string
		want          error
	}{
		{"empty", "", nip44.ErrPayloadSize},
		{"#", "#" + good, nip44.ErrUnknownVersion},
		{"131 characters", strings.Repeat("A", 131), nip44.ErrPayloadSize},
		{"98 decoded bytes", base64.StdEncoding.EncodeToString(raw[:98]), nip44.ErrPayloadSize},
		{"unpadded base64", base64.RawStdEncoding.EncodeToString(append(slices.Clone(raw), 0)), nip44.ErrInvalidBase64},
		{"URL alphabet", strings.NewReplacer("+", "-", "/", "_").Replace(good) + strings.Repeat("-_", 0), nip44.ErrInvalidBase64},
		{"space inside", good[:40] + " " + good[40:], nip44.ErrInvalidBase64},
		{"version 1", withVersion(1), nip44.ErrUnknownVersion},
		{"version 3", withVersion(3), nip44.ErrUnknownVersion},
		{"version 0", withVersion(0), nip44.ErrUnknownVersion},
		{"trailing byte", base64.StdEncoding.EncodeToString(append(slices.Clone(raw), 0)), nip44.ErrInvalidMAC},
	}
	for _, c := range cases {
		if c.name == "URL alphabet" && !strings.ContainsAny(good, "+/") {
			continue // nothing to replace in this payload
		}
		got, err := nip44.Decrypt(key, c.payload)
		if got != "" || !errors.Is(err, c.want) {
			t.Errorf("%s: Decrypt = %q, %v; want %v", c.name, got, err, c.want)
		}
	}
	if got, err := nip44.Decrypt(key, good); err != nil || got != "hi" {
		t.Fatalf("the good payload: %q, %v", got, err)
	}
}

// TestErrorsAreDistinct checks that every sentinel wraps no other.
func TestErrorsAreDistinct(t *testing.T) {
	all := []error{nip44.ErrInvalidConversationKey, nip44.ErrInvalidNonce, nip44.ErrPlaintextSize,
		nip44.ErrUnknownVersion, nip44.ErrInvalidBase64, nip44.ErrPayloadSize, nip44.ErrInvalidMAC, nip44.ErrInvalidPadding}
	for i, a := range all {
		for j, b := range all {
			if i != j && errors.Is(a, b) {
				t.Errorf("%v wraps %v", a, b)
			}
		}
	}
}

// TestNoAllocKeyDerivation: ExtractConversationKey does not allocate.
func TestNoAllocKeyDerivation(t *testing.T) {
	var x, out [32]byte
	rand.Read(x[:])
	if n := testing.AllocsPerRun(10, func() { nip44.ExtractConversationKey(&out, &x) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func BenchmarkEncrypt(b *testing.B) {
	key := bytes.Repeat([]byte{3}, 32)
	for _, n := range []int{100, 10000} {
		msg := strings.Repeat("x", n)
		b.Run(string(rune('0'+len(msg)/100%10)), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				nip44.Encrypt(key, msg)
			}
		})
	}
}
