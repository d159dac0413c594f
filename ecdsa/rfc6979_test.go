package ecdsa

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// testCurveOrder is the secp256k1 group order n, big-endian (SEC 2, 2.4.1),
// written out independently of the scalar package the code under test uses.
var testCurveOrder = [32]byte{
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
	0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b,
	0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
}

var rfc6979TestOrder = new(big.Int).SetBytes(testCurveOrder[:])

// rfc6979GenericCandidates is a direct reading of RFC 6979 section 3.2 for
// qlen = hlen = 256 with HMAC-SHA256 (crypto/hmac), plus the additional data
// k' of section 3.6. It returns the first count candidates T that step h
// produces, whether or not they are in [1, n): after each one it continues
// with K = HMAC_K(V ‖ 0x00), V = HMAC_K(V) as step h.3 prescribes.
//
// key must be below n; msg is the hash h1.
func rfc6979GenericCandidates(key, msg *[32]byte, extra []byte, count int) [][32]byte {
	mac := func(k []byte, parts ...[]byte) []byte {
		m := hmac.New(sha256.New, k)
		for _, p := range parts {
			m.Write(p)
		}
		return m.Sum(nil)
	}
	x := key[:] // int2octets(x)
	// bits2octets(h1) = int2octets(bits2int(h1) mod q); bits2int is the
	// identity for a 256-bit hash and a 256-bit q.
	h := new(big.Int).SetBytes(msg[:])
	h.Mod(h, rfc6979TestOrder)
	h1 := h.FillBytes(make([]byte, 32))

	v := make([]byte, 32) // b. V = 0x01 0x01 …
	for i := range v {
		v[i] = 0x01
	}
	k := make([]byte, 32)                     // c. K = 0x00 0x00 …
	k = mac(k, v, []byte{0x00}, x, h1, extra) // d.
	v = mac(k, v)                             // e.
	k = mac(k, v, []byte{0x01}, x, h1, extra) // f.
	v = mac(k, v)                             // g.
	var out [][32]byte
	for len(out) < count {
		// h.1 and h.2: tlen = 0 < qlen, one block fills T.
		v = mac(k, v)
		out = append(out, [32]byte(v)) // h.3: k = bits2int(T) = T
		k = mac(k, v, []byte{0x00})
		v = mac(k, v)
	}
	return out
}

// rfc6979RandomScalar returns a uniformly random value in [1, n).
func rfc6979RandomScalar(rng *rand.Rand) [32]byte {
	for {
		var v [32]byte
		for i := range v {
			v[i] = byte(rng.Uint32())
		}
		if v != ([32]byte{}) && derLessThanOrder(&v) {
			return v
		}
	}
}

func rfc6979Hex32(tb testing.TB, s string) [32]byte {
	tb.Helper()
	if len(s)%2 == 1 {
		s = "0" + s
	}
	return der32(tb, testutil.MustHex(tb, s))
}

func TestRFC6979ReduceOrder(t *testing.T) {
	n := rfc6979TestOrder
	var values []*big.Int
	for _, d := range []int64{-2, -1, 0, 1, 2} {
		values = append(values, new(big.Int).Add(n, big.NewInt(d)))
	}
	max := new(big.Int).Lsh(big.NewInt(1), 256)
	for _, d := range []int64{1, 2} {
		values = append(values, new(big.Int).Sub(max, big.NewInt(d)))
	}
	values = append(values, big.NewInt(0), big.NewInt(1))
	rng := rand.New(rand.NewPCG(7, 8))
	for range 1000 {
		var b [32]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		values = append(values, new(big.Int).SetBytes(b[:]))
	}
	for _, x := range values {
		in := [32]byte(x.FillBytes(make([]byte, 32)))
		want := [32]byte(new(big.Int).Mod(x, n).FillBytes(make([]byte, 32)))
		var got [32]byte
		rfc6979ReduceOrder(&got, &in)
		if got != want {
			t.Fatalf("%x mod n = %x, want %x", in, got, want)
		}
		rfc6979ReduceOrder(&in, &in)
		if in != want {
			t.Fatalf("aliased reduction differs")
		}
	}
}

// TestNonceRFC6979Generic compares nonceRFC6979 with the direct reading of
// RFC 6979: counter c must give the (c+1)-th candidate.
func TestNonceRFC6979Generic(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	n := testCurveOrder
	nMinus1, nPlus1 := n, n
	nMinus1[31]--
	nPlus1[31]++
	var ones [32]byte
	for i := range ones {
		ones[i] = 0xff
	}
	edgeMsgs := [][32]byte{{}, nMinus1, n, nPlus1, ones}
	edgeKeys := [][32]byte{{31: 1}, nMinus1}

	iters := 1000
	if testing.Short() {
		iters = 100
	}
	const counters = 4
	for i := range iters {
		key := rfc6979RandomScalar(rng)
		if i < len(edgeKeys) {
			key = edgeKeys[i]
		}
		var msg [32]byte
		for j := range msg {
			msg[j] = byte(rng.Uint32())
		}
		if i < len(edgeMsgs)*len(edgeKeys) {
			msg = edgeMsgs[i%len(edgeMsgs)]
		}
		var extra *[32]byte
		var extraBytes []byte
		if i%2 == 1 {
			e := rfc6979RandomScalar(rng)
			extra, extraBytes = &e, e[:]
		}
		want := rfc6979GenericCandidates(&key, &msg, extraBytes, counters)
		for c := range uint32(counters) {
			var got [32]byte
			nonceRFC6979(&got, &key, &msg, extra, c)
			if got != want[c] {
				t.Fatalf("key %x msg %x extra %x counter %d: nonce %x, want %x", key, msg, extraBytes, c, got, want[c])
			}
		}
	}
}

// TestNonceRFC6979Vectors checks the nonces published with bitcoinjs-lib
// (the classic bitcointalk RFC 6979 vectors): the message is hashed with
// SHA-256 and the nonce is the first, second and sixteenth candidate.
func TestNonceRFC6979Vectors(t *testing.T) {
	var f struct {
		Valid struct {
			ECDSA []struct {
				D, K, Message string
			} `json:"ecdsa"`
			RFC6979 []struct {
				Message, D, K0, K1, K15 string
			} `json:"rfc6979"`
		} `json:"valid"`
	}
	testutil.LoadJSON(t, "testdata/"+"bitcoinjs-lib/ecdsa.json", &f)
	if len(f.Valid.ECDSA) != 7 || len(f.Valid.RFC6979) != 10 {
		t.Fatalf("bitcoinjs-lib/ecdsa.json: %d ecdsa and %d rfc6979 cases, want 7 and 10", len(f.Valid.ECDSA), len(f.Valid.RFC6979))
	}
	checks := 0
	check := func(d, message string, counter uint32, k string) {
		t.Helper()
		key := rfc6979Hex32(t, d)
		msg := sha256.Sum256([]byte(message))
		want := rfc6979Hex32(t, k)
		var got [32]byte
		nonceRFC6979(&got, &key, &msg, nil, counter)
		if got != want {
			t.Errorf("d = %s, message %q, counter %d: nonce %x, want %x", d, message, counter, got, want)
		}
		checks++
	}
	for _, tc := range f.Valid.ECDSA {
		check(tc.D, tc.Message, 0, tc.K)
	}
	for _, tc := range f.Valid.RFC6979 {
		check(tc.D, tc.Message, 0, tc.K0)
		check(tc.D, tc.Message, 1, tc.K1)
		check(tc.D, tc.Message, 15, tc.K15)
	}
	t.Logf("bitcoinjs-lib: %d nonces checked", checks)
}

func TestNonceRFC6979Aliasing(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	key, msg, extra := rfc6979RandomScalar(rng), rfc6979RandomScalar(rng), rfc6979RandomScalar(rng)
	var want [32]byte
	nonceRFC6979(&want, &key, &msg, &extra, 1)

	k, m, e := key, msg, extra
	nonceRFC6979(&k, &k, &msg, &extra, 1)
	nonceRFC6979(&m, &key, &m, &extra, 1)
	nonceRFC6979(&e, &key, &msg, &e, 1)
	if k != want || m != want || e != want {
		t.Errorf("aliased output differs")
	}
}

func TestNonceRFC6979Allocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	key := [32]byte{31: 1}
	msg := sha256.Sum256([]byte("Satoshi Nakamoto"))
	extra := [32]byte{0: 0xaa}
	var out [32]byte
	allocs := testing.AllocsPerRun(100, func() {
		nonceRFC6979(&out, &key, &msg, nil, 0)
		nonceRFC6979(&out, &key, &msg, &extra, 2)
	})
	if allocs != 0 {
		t.Errorf("nonceRFC6979 allocates: %v allocs/op", allocs)
	}
}

func BenchmarkNonceRFC6979(b *testing.B) {
	key := [32]byte{31: 1}
	msg := sha256.Sum256([]byte("Satoshi Nakamoto"))
	var out [32]byte
	b.ReportAllocs()
	for b.Loop() {
		nonceRFC6979(&out, &key, &msg, nil, 0)
	}
	_ = hex.EncodeToString(out[:])
}
