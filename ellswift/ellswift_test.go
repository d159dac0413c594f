package ellswift_test

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ellswift"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// randField returns a random 32-byte value: uniform, or one of the values
// the map treats specially (0, p, small, >= p, all ones).
func randField(r *rand.Rand) []byte {
	b := make([]byte, 32)
	switch r.IntN(16) {
	case 0:
		// 0
	case 1:
		refP.FillBytes(b) // p ≡ 0
	case 2:
		new(big.Int).Add(refP, big.NewInt(int64(r.IntN(1000)))).FillBytes(b) // >= p
	case 3:
		b[31] = byte(r.IntN(256)) // small
	case 4:
		for i := range b {
			b[i] = 0xff
		}
	default:
		for i := range b {
			b[i] = byte(r.Uint32())
		}
	}
	return b
}

func randPrivateKey(t *testing.T, r *rand.Rand) *secp256k1.PrivateKey {
	t.Helper()
	for {
		b := make([]byte, 32)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if k, err := secp256k1.NewPrivateKey(b); err == nil {
			return k
		}
	}
}

// pubPoint returns the affine coordinates of a public key.
func pubPoint(t *testing.T, pub *secp256k1.PublicKey) *testutil.Point {
	t.Helper()
	b := pub.BytesUncompressed()
	if b == nil {
		t.Fatal("invalid public key")
	}
	return &testutil.Point{X: new(big.Int).SetBytes(b[1:33]), Y: new(big.Int).SetBytes(b[33:])}
}

// TestConstants checks sqrt(-3) of the reference and the tags against the
// midstates libsecp256k1 hard-codes (secp256k1_ellswift_sha256_init_*), so
// that a misspelled tag cannot go unnoticed in the byte-for-byte
// comparisons with the reference below.
func TestConstants(t *testing.T) {
	if fmul(refC0, refC0).Cmp(fneg(big.NewInt(3))) != 0 {
		t.Fatal("c0² != -3")
	}
	for tag, want := range map[string]string{
		"secp256k1_ellswift_encode":  "d1a6524b028594b396e42f4e1037a1771b8fcb8b560238852560ede1d626b715",
		"secp256k1_ellswift_create":  "d29e1bf5f7025f429b024773094cb7d5e59ed78903bc978668335b354e363b53",
		"bip324_ellswift_xonly_ecdh": "8c12d730827bd3929e4fb2ee207b373e2292bd7aaa5441bc15c3779fcfb52549",
	} {
		th := sha256.Sum256([]byte(tag))
		h := sha256.New()
		h.Write(th[:])
		h.Write(th[:])
		state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		// crypto/sha256's state: "sha\x03", then the eight words big-endian.
		if got := hex.EncodeToString(state[4:36]); got != want {
			t.Errorf("tag %q: midstate %s, libsecp256k1 has %s", tag, got, want)
		}
	}
}

// TestXSwiftECReference compares XSwiftEC and Decode with the reference on
// random inputs, the special values among them, and on the pairs with u³ +
// t² + 7 = 0 (the t = 2t rule).
func TestXSwiftECReference(t *testing.T) {
	r := testutil.Rand(t)
	n := 300
	if testing.Short() {
		n = 40
	}
	check := func(u, tt []byte) {
		t.Helper()
		want := refXSwiftEC(new(big.Int).SetBytes(u), new(big.Int).SetBytes(tt))
		x, err := ellswift.XSwiftEC(u, tt)
		if err != nil {
			t.Fatalf("XSwiftEC(%x, %x): %v", u, tt, err)
		}
		if !bytes.Equal(x, fillBytes(want)) {
			t.Fatalf("XSwiftEC(%x, %x) = %x, want %x", u, tt, x, fillBytes(want))
		}
		enc := append(append([]byte{}, u...), tt...)
		pub, err := ellswift.Decode(enc)
		if err != nil {
			t.Fatalf("Decode(%x): %v", enc, err)
		}
		if got, want := pubPoint(t, pub), refDecode(enc); !got.Equal(want) {
			t.Fatalf("Decode(%x) = (%x, %x), want (%x, %x)", enc, got.X, got.Y, want.X, want.Y)
		}
	}
	for range n {
		check(randField(r), randField(r))
	}
	// u³ + t² + 7 = 0: t = ±sqrt(-(u³ + 7)), for u where that exists.
	found := 0
	for found < n/10+2 {
		u := randField(r)
		uv := fmod(new(big.Int).SetBytes(u))
		if uv.Sign() == 0 {
			continue
		}
		tv := fsqrt(fneg(fadd(fpow(uv, 3), big.NewInt(7))))
		if tv == nil {
			continue
		}
		found++
		check(u, fillBytes(tv))
		check(u, fillBytes(fneg(tv)))
		// t >= p with the same value mod p, where it fits in 32 bytes.
		if tp := new(big.Int).Add(tv, refP); tp.BitLen() <= 256 {
			check(u, fillBytes(tp))
		}
	}
}

// TestXSwiftECInvReference compares XSwiftECInv with the reference for all
// eight cases at random points and u, and checks that every preimage maps
// back to x.
func TestXSwiftECInvReference(t *testing.T) {
	r := testutil.Rand(t)
	n := 60
	if testing.Short() {
		n = 8
	}
	found := 0
	for i := range n {
		pub := randPrivateKey(t, r).PublicKey()
		x := pubPoint(t, pub).X
		xb := fillBytes(x)
		u := randField(r)
		if i%4 == 0 {
			// Edge values: u = x gives s = x - u = 0 (cases 2, 3, 6, 7),
			// u = -2x gives -x-u = x, a valid x-coordinate (cases 0, 1,
			// 4, 5 fail), and u = -x gives -x-u = 0.
			switch i % 3 {
			case 0:
				u = xb
			case 1:
				u = fillBytes(fneg(fmul(x, bigTwo)))
			case 2:
				u = fillBytes(fneg(x))
			}
		}
		uv := new(big.Int).SetBytes(u)
		for c := range 8 {
			got, err := ellswift.XSwiftECInv(xb, u, c)
			var want *big.Int
			if fmod(uv).Sign() != 0 {
				want = refXSwiftECInv(x, uv, c)
			}
			if want == nil {
				if !errors.Is(err, ellswift.ErrNoPreimage) {
					t.Fatalf("XSwiftECInv(%x, %x, %d) = %x, %v; want ErrNoPreimage", xb, u, c, got, err)
				}
				continue
			}
			found++
			if err != nil || !bytes.Equal(got, fillBytes(want)) {
				t.Fatalf("XSwiftECInv(%x, %x, %d) = %x, %v; want %x", xb, u, c, got, err, fillBytes(want))
			}
			back, err := ellswift.XSwiftEC(u, got)
			if err != nil || !bytes.Equal(back, xb) {
				t.Fatalf("XSwiftEC(%x, XSwiftECInv(...)) = %x, %v; want %x", u, back, err, xb)
			}
		}
	}
	if found == 0 {
		t.Fatal("no case had a preimage")
	}
	t.Logf("%d of %d cases had a preimage", found, 8*n)
}

// TestXSwiftECInvZeroU: u ≡ 0 has no preimage here (the forward map reads it
// as 1), though the BIP's formulas would return a t for some cases.
func TestXSwiftECInvZeroU(t *testing.T) {
	x := fillBytes(testutil.Gx)
	for _, u := range [][]byte{make([]byte, 32), fillBytes(refP)} {
		for c := range 8 {
			if _, err := ellswift.XSwiftECInv(x, u, c); !errors.Is(err, ellswift.ErrNoPreimage) {
				t.Errorf("u = %x, case %d: error %v, want ErrNoPreimage", u, c, err)
			}
		}
	}
	// The formulas themselves have a preimage for some case: without the
	// check a t would come back that does not map to x.
	some := false
	for c := range 8 {
		some = some || refXSwiftECInv(testutil.Gx, big.NewInt(0), c) != nil
	}
	if !some {
		t.Fatal("the reference has no preimage for u = 0 at G either; pick another x")
	}
}

// TestEncodeReference compares Encode and EncodeSecretWithAux byte for byte
// with the reference transcription of libsecp256k1's encoders, and checks
// that each encoding decodes to the key.
func TestEncodeReference(t *testing.T) {
	r := testutil.Rand(t)
	n := 20
	if testing.Short() {
		n = 3
	}
	for range n {
		priv := randPrivateKey(t, r)
		pub := priv.PublicKey()
		pt := pubPoint(t, pub)
		rnd := make([]byte, 32)
		for i := range rnd {
			rnd[i] = byte(r.Uint32())
		}

		enc, err := ellswift.Encode(pub, bytes.NewReader(rnd))
		if err != nil {
			t.Fatal(err)
		}
		seed := append(append(pub.BytesCompressed(), make([]byte, 31)...), rnd...)
		if want := refEncode("secp256k1_ellswift_encode", seed, pt.X, pt.Y); !bytes.Equal(enc, want) {
			t.Fatalf("Encode(%x, %x) = %x, want %x", pub.BytesCompressed(), rnd, enc, want)
		}
		checkDecodes(t, enc, pub)

		for _, aux := range [][]byte{nil, rnd} {
			enc, err := ellswift.EncodeSecretWithAux(priv, aux)
			if err != nil {
				t.Fatal(err)
			}
			seed := append(append(priv.Bytes(), make([]byte, 32)...), aux...)
			if want := refEncode("secp256k1_ellswift_create", seed, pt.X, pt.Y); !bytes.Equal(enc, want) {
				t.Fatalf("EncodeSecretWithAux(%x, %x) = %x, want %x", priv.Bytes(), aux, enc, want)
			}
			checkDecodes(t, enc, pub)
		}
		enc, err = ellswift.EncodeSecret(priv, bytes.NewReader(rnd))
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := ellswift.EncodeSecretWithAux(priv, rnd); !bytes.Equal(enc, want) {
			t.Fatalf("EncodeSecret with reader %x differs from EncodeSecretWithAux", rnd)
		}
	}
}

func checkDecodes(t *testing.T, enc []byte, pub *secp256k1.PublicKey) {
	t.Helper()
	got, err := ellswift.Decode(enc)
	if err != nil {
		t.Fatalf("Decode(%x): %v", enc, err)
	}
	if !got.Equal(pub) {
		t.Fatalf("Decode(%x) = %x, want %x", enc, got.BytesCompressed(), pub.BytesCompressed())
	}
}

// TestEncodeRandom: with crypto/rand, encodings of the same key differ and
// decode to it.
func TestEncodeRandom(t *testing.T) {
	priv := randPrivateKey(t, testutil.Rand(t))
	pub := priv.PublicKey()
	seen := map[string]bool{}
	for range 4 {
		a, err := ellswift.Encode(pub, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ellswift.EncodeSecret(priv, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range [][]byte{a, b} {
			checkDecodes(t, e, pub)
			if seen[string(e)] {
				t.Fatalf("encoding %x repeated", e)
			}
			seen[string(e)] = true
		}
	}
}

// TestXDHReference: both parties get the same secret, which is the tagged
// hash of the initiator's encoding, the responder's and the x-coordinate
// of the shared point computed with math/big.
func TestXDHReference(t *testing.T) {
	r := testutil.Rand(t)
	n := 8
	if testing.Short() {
		n = 2
	}
	for range n {
		a, b := randPrivateKey(t, r), randPrivateKey(t, r)
		encA, err := ellswift.EncodeSecret(a, nil)
		if err != nil {
			t.Fatal(err)
		}
		encB, err := ellswift.Encode(b.PublicKey(), nil)
		if err != nil {
			t.Fatal(err)
		}
		sa, err := ellswift.XDH(a, encA, encB, ellswift.Initiator)
		if err != nil {
			t.Fatal(err)
		}
		sb, err := ellswift.XDH(b, encB, encA, ellswift.Responder)
		if err != nil {
			t.Fatal(err)
		}
		shared := testutil.Mul(new(big.Int).SetBytes(a.Bytes()), pubPoint(t, b.PublicKey()))
		want := refTaggedHash("bip324_ellswift_xonly_ecdh", encA, encB, fillBytes(shared.X))
		if !bytes.Equal(sa, want) || !bytes.Equal(sb, want) {
			t.Fatalf("XDH: initiator %x, responder %x, want %x", sa, sb, want)
		}
		// The wrong role for one side gives a different secret.
		sx, err := ellswift.XDH(b, encB, encA, ellswift.Initiator)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(sx, want) {
			t.Fatal("XDH: the responder got the same secret in the initiator role")
		}
	}
}
