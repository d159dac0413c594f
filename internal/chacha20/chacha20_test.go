package chacha20

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// unhex decodes an RFC 8439 hex dump: whitespace and colons are ignored.
func unhex(t *testing.T, s string) []byte {
	t.Helper()
	s = strings.NewReplacer(" ", "", "\n", "", "\t", "", ":", "").Replace(s)
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// seqKey is the key 00:01:...:1f of RFC 8439 sections 2.3.2 and 2.4.2.
func seqKey() *[KeySize]byte {
	var k [KeySize]byte
	for i := range k {
		k[i] = byte(i)
	}
	return &k
}

// TestQuarterRound is RFC 8439 section 2.1.1.
func TestQuarterRound(t *testing.T) {
	a, b, c, d := quarterRound(0x11111111, 0x01020304, 0x9b8d6f43, 0x01234567)
	if a != 0xea2a92f4 || b != 0xcb1cf8ce || c != 0x4581472e || d != 0x5881c4bb {
		t.Fatalf("quarterRound = %08x %08x %08x %08x", a, b, c, d)
	}
}

// TestBlockRFC8439 is the block function test vector of section 2.3.2 and
// the five block vectors of appendix A.1.
func TestBlockRFC8439(t *testing.T) {
	zero := new([KeySize]byte)
	one := new([KeySize]byte)
	one[31] = 1
	ff := new([KeySize]byte)
	ff[1] = 0xff
	cases := []struct {
		name    string
		key     *[KeySize]byte
		nonce   string
		counter uint32
		want    string
	}{
		{"2.3.2", seqKey(), "000000090000004a00000000", 1, `
			10 f1 e7 e4 d1 3b 59 15 50 0f dd 1f a3 20 71 c4
			c7 d1 f4 c7 33 c0 68 03 04 22 aa 9a c3 d4 6c 4e
			d2 82 64 46 07 9f aa 09 14 c2 d7 05 d9 8b 02 a2
			b5 12 9c d1 de 16 4e b9 cb d0 83 e8 a2 50 3c 4e`},
		{"A.1 #1", zero, "000000000000000000000000", 0, `
			76 b8 e0 ad a0 f1 3d 90 40 5d 6a e5 53 86 bd 28
			bd d2 19 b8 a0 8d ed 1a a8 36 ef cc 8b 77 0d c7
			da 41 59 7c 51 57 48 8d 77 24 e0 3f b8 d8 4a 37
			6a 43 b8 f4 15 18 a1 1c c3 87 b6 69 b2 ee 65 86`},
		{"A.1 #2", zero, "000000000000000000000000", 1, `
			9f 07 e7 be 55 51 38 7a 98 ba 97 7c 73 2d 08 0d
			cb 0f 29 a0 48 e3 65 69 12 c6 53 3e 32 ee 7a ed
			29 b7 21 76 9c e6 4e 43 d5 71 33 b0 74 d8 39 d5
			31 ed 1f 28 51 0a fb 45 ac e1 0a 1f 4b 79 4d 6f`},
		{"A.1 #3", one, "000000000000000000000000", 1, `
			3a eb 52 24 ec f8 49 92 9b 9d 82 8d b1 ce d4 dd
			83 20 25 e8 01 8b 81 60 b8 22 84 f3 c9 49 aa 5a
			8e ca 00 bb b4 a7 3b da d1 92 b5 c4 2f 73 f2 fd
			4e 27 36 44 c8 b3 61 25 a6 4a dd eb 00 6c 13 a0`},
		{"A.1 #4", ff, "000000000000000000000000", 2, `
			72 d5 4d fb f1 2e c4 4b 36 26 92 df 94 13 7f 32
			8f ea 8d a7 39 90 26 5e c1 bb be a1 ae 9a f0 ca
			13 b2 5a a2 6c b4 a6 48 cb 9b 9d 1b e6 5b 2c 09
			24 a6 6c 54 d5 45 ec 1b 73 74 f4 87 2e 99 f0 96`},
		{"A.1 #5", zero, "000000000000000000000002", 0, `
			c2 c6 4d 37 8c d5 36 37 4a e2 04 b9 ef 93 3f cd
			1a 8b 22 88 b3 df a4 96 72 ab 76 5b 54 ee 27 c7
			8a 97 0e 0e 95 5c 14 f3 a8 8e 74 1b 97 c2 86 f7
			5f 8f c2 99 e8 14 83 62 fa 19 8a 39 53 1b ed 6d`},
	}
	for _, c := range cases {
		nonce := (*[NonceSize]byte)(unhex(t, c.nonce))
		var out [BlockSize]byte
		Block(&out, c.key, nonce, c.counter)
		if want := unhex(t, c.want); !bytes.Equal(out[:], want) {
			t.Errorf("%s: Block = %x, want %x", c.name, out, want)
		}
		// The key stream of XORKeyStream is the same block.
		stream := make([]byte, BlockSize)
		XORKeyStream(stream, stream, c.key, nonce, c.counter)
		if !bytes.Equal(stream, out[:]) {
			t.Errorf("%s: XORKeyStream of zeros = %x, want the block", c.name, stream)
		}
	}
}

// TestEncryptRFC8439 is the encryption example of section 2.4.2 and the
// three encryption vectors of appendix A.2.
func TestEncryptRFC8439(t *testing.T) {
	zero := new([KeySize]byte)
	one := new([KeySize]byte)
	one[31] = 1
	k3 := (*[KeySize]byte)(unhex(t, `
		1c 92 40 a5 eb 55 d3 8a f3 33 88 86 04 f6 b5 f0
		47 39 17 c1 40 2b 80 09 9d ca 5c bc 20 70 75 c0`))
	ietf := "Any submission to the IETF intended by the Contributor for publication as all or part of an IETF Internet-Draft or RFC and any statement made within the context of an IETF activity is considered an \"IETF Contribution\". Such statements include oral statements in IETF sessions, as well as written and electronic communications made at any time or place, which are addressed to"
	cases := []struct {
		name      string
		key       *[KeySize]byte
		nonce     string
		counter   uint32
		plaintext []byte
		want      string
	}{
		{"2.4.2", seqKey(), "000000000000004a00000000", 1,
			[]byte("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."), `
			6e 2e 35 9a 25 68 f9 80 41 ba 07 28 dd 0d 69 81
			e9 7e 7a ec 1d 43 60 c2 0a 27 af cc fd 9f ae 0b
			f9 1b 65 c5 52 47 33 ab 8f 59 3d ab cd 62 b3 57
			16 39 d6 24 e6 51 52 ab 8f 53 0c 35 9f 08 61 d8
			07 ca 0d bf 50 0d 6a 61 56 a3 8e 08 8a 22 b6 5e
			52 bc 51 4d 16 cc f8 06 81 8c e9 1a b7 79 37 36
			5a f9 0b bf 74 a3 5b e6 b4 0b 8e ed f2 78 5e 42
			87 4d`},
		{"A.2 #1", zero, "000000000000000000000000", 0, make([]byte, 64), `
			76 b8 e0 ad a0 f1 3d 90 40 5d 6a e5 53 86 bd 28
			bd d2 19 b8 a0 8d ed 1a a8 36 ef cc 8b 77 0d c7
			da 41 59 7c 51 57 48 8d 77 24 e0 3f b8 d8 4a 37
			6a 43 b8 f4 15 18 a1 1c c3 87 b6 69 b2 ee 65 86`},
		{"A.2 #2", one, "000000000000000000000002", 1, []byte(ietf), `
			a3 fb f0 7d f3 fa 2f de 4f 37 6c a2 3e 82 73 70
			41 60 5d 9f 4f 4f 57 bd 8c ff 2c 1d 4b 79 55 ec
			2a 97 94 8b d3 72 29 15 c8 f3 d3 37 f7 d3 70 05
			0e 9e 96 d6 47 b7 c3 9f 56 e0 31 ca 5e b6 25 0d
			40 42 e0 27 85 ec ec fa 4b 4b b5 e8 ea d0 44 0e
			20 b6 e8 db 09 d8 81 a7 c6 13 2f 42 0e 52 79 50
			42 bd fa 77 73 d8 a9 05 14 47 b3 29 1c e1 41 1c
			68 04 65 55 2a a6 c4 05 b7 76 4d 5e 87 be a8 5a
			d0 0f 84 49 ed 8f 72 d0 d6 62 ab 05 26 91 ca 66
			42 4b c8 6d 2d f8 0e a4 1f 43 ab f9 37 d3 25 9d
			c4 b2 d0 df b4 8a 6c 91 39 dd d7 f7 69 66 e9 28
			e6 35 55 3b a7 6c 5c 87 9d 7b 35 d4 9e b2 e6 2b
			08 71 cd ac 63 89 39 e2 5e 8a 1e 0e f9 d5 28 0f
			a8 ca 32 8b 35 1c 3c 76 59 89 cb cf 3d aa 8b 6c
			cc 3a af 9f 39 79 c9 2b 37 20 fc 88 dc 95 ed 84
			a1 be 05 9c 64 99 b9 fd a2 36 e7 e8 18 b0 4b 0b
			c3 9c 1e 87 6b 19 3b fe 55 69 75 3f 88 12 8c c0
			8a aa 9b 63 d1 a1 6f 80 ef 25 54 d7 18 9c 41 1f
			58 69 ca 52 c5 b8 3f a3 6f f2 16 b9 c1 d3 00 62
			be bc fd 2d c5 bc e0 91 19 34 fd a7 9a 86 f6 e6
			98 ce d7 59 c3 ff 9b 64 77 33 8f 3d a4 f9 cd 85
			14 ea 99 82 cc af b3 41 b2 38 4d d9 02 f3 d1 ab
			7a c6 1d d2 9c 6f 21 ba 5b 86 2f 37 30 e3 7c fd
			c4 fd 80 6c 22 f2 21`},
		{"A.2 #3", k3, "000000000000000000000002", 42,
			[]byte("'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were the borogoves,\nAnd the mome raths outgrabe."), `
			62 e6 34 7f 95 ed 87 a4 5f fa e7 42 6f 27 a1 df
			5f b6 91 10 04 4c 0d 73 11 8e ff a9 5b 01 e5 cf
			16 6d 3d f2 d7 21 ca f9 b2 1e 5f b1 4c 61 68 71
			fd 84 c5 4f 9d 65 b2 83 19 6c 7f e4 f6 05 53 eb
			f3 9c 64 02 c4 22 34 e3 2a 35 6b 3e 76 43 12 a6
			1a 55 32 05 57 16 ea d6 96 25 68 f8 7d 3f 3f 77
			04 c6 a8 d1 bc d1 bf 4d 50 d6 15 4b 6d a7 31 b1
			87 b5 8d fd 72 8a fa 36 75 7a 79 7a c1 88 d1`},
	}
	for _, c := range cases {
		nonce := (*[NonceSize]byte)(unhex(t, c.nonce))
		want := unhex(t, c.want)
		if len(want) != len(c.plaintext) {
			t.Fatalf("%s: %d plaintext bytes, %d ciphertext bytes", c.name, len(c.plaintext), len(want))
		}
		got := make([]byte, len(c.plaintext))
		XORKeyStream(got, c.plaintext, c.key, nonce, c.counter)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: ciphertext %x, want %x", c.name, got, want)
		}
		// Decryption is the same operation, here in place.
		XORKeyStream(got, got, c.key, nonce, c.counter)
		if !bytes.Equal(got, c.plaintext) {
			t.Errorf("%s: decryption does not give the plaintext back", c.name)
		}
	}
}

// TestSplit checks that the key stream does not depend on how the input is
// cut: encrypting the parts at their block counters gives the whole
// (a reference made of Block calls, for random lengths).
func TestSplit(t *testing.T) {
	r := testutil.Rand(t)
	for range 200 {
		var key [KeySize]byte
		var nonce [NonceSize]byte
		for i := range key {
			key[i] = byte(r.Uint32())
		}
		for i := range nonce {
			nonce[i] = byte(r.Uint32())
		}
		counter := r.Uint32N(1 << 20)
		n := r.IntN(700)
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		// Reference: XOR with Block outputs.
		want := make([]byte, n)
		for j := 0; j*BlockSize < n; j++ {
			var ks [BlockSize]byte
			Block(&ks, &key, &nonce, counter+uint32(j))
			for i := j * BlockSize; i < min(n, (j+1)*BlockSize); i++ {
				want[i] = msg[i] ^ ks[i-j*BlockSize]
			}
		}
		got := make([]byte, n)
		XORKeyStream(got, msg, &key, &nonce, counter)
		if !bytes.Equal(got, want) {
			t.Fatalf("n = %d, counter %d: XORKeyStream differs from the Block reference", n, counter)
		}
		// The same in two parts split at a block boundary.
		cut := (r.IntN(n/BlockSize+1) * BlockSize)
		two := make([]byte, n)
		XORKeyStream(two[:cut], msg[:cut], &key, &nonce, counter)
		XORKeyStream(two[cut:], msg[cut:], &key, &nonce, counter+uint32(cut/BlockSize))
		if !bytes.Equal(two, want) {
			t.Fatalf("n = %d, cut %d: split encryption differs", n, cut)
		}
	}
}

// TestCounterLimits checks the last block counter and the panics that
// guard against a wrapping counter and a short output.
func TestCounterLimits(t *testing.T) {
	key, nonce := seqKey(), new([NonceSize]byte)
	// The last block is allowed.
	var last [BlockSize]byte
	Block(&last, key, nonce, 1<<32-1)
	got := make([]byte, BlockSize)
	XORKeyStream(got, got, key, nonce, 1<<32-1)
	if !bytes.Equal(got, last[:]) {
		t.Fatal("the block at counter 2^32-1 differs")
	}
	if MaxLen(1<<32-1) != BlockSize || MaxLen(0) != 1<<38 {
		t.Fatalf("MaxLen = %d, %d", MaxLen(1<<32-1), MaxLen(0))
	}
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	mustPanic("a wrapping counter", func() {
		b := make([]byte, BlockSize+1)
		XORKeyStream(b, b, key, nonce, 1<<32-1)
	})
	mustPanic("a short output", func() {
		XORKeyStream(make([]byte, 3), make([]byte, 4), key, nonce, 0)
	})
}

// TestNoAlloc checks that XORKeyStream and Block do not allocate.
func TestNoAlloc(t *testing.T) {
	key, nonce := seqKey(), new([NonceSize]byte)
	buf := make([]byte, 1000)
	var out [BlockSize]byte
	if n := testing.AllocsPerRun(10, func() {
		XORKeyStream(buf, buf, key, nonce, 7)
		Block(&out, key, nonce, 7)
	}); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func BenchmarkXORKeyStream(b *testing.B) {
	key, nonce := seqKey(), new([NonceSize]byte)
	buf := make([]byte, 16384)
	b.SetBytes(int64(len(buf)))
	for b.Loop() {
		XORKeyStream(buf, buf, key, nonce, 0)
	}
}
