package difftest

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ellswift"

	"github.com/p256k1/secp256k1/bench/internal/providers"
)

// The ElligatorSwift differential test: p256k1's ellswift against
// libsecp256k1 0.8's ellswift module (built in-process from secp256k1-sys,
// see bench/README.md) on random keys, randomness and encodings. Every
// function is deterministic given its inputs, so every output must be
// byte-identical: Encode with the same 32 bytes of randomness
// (ellswift_encode), EncodeSecretWithAux with and without auxiliary
// randomness (ellswift_create), Decode (ellswift_decode, compared as the
// compressed key) on random 64-byte strings and on the special inputs of
// the map (u or t 0 mod p, values >= p, u³ + t² + 7 = 0), and the BIP-324
// shared secret of XDH in both roles (ellswift_xdh with the BIP-324 hash),
// against encodings made by either library and against arbitrary 64-byte
// strings.

// ellswiftRef returns libsecp256k1 0.8's ellswift module, or skips the test.
func ellswiftRef(t testing.TB) *providers.EllSwiftRef {
	t.Helper()
	e, err := providers.LibsecpRefs()[0].EllSwift()
	if err != nil {
		t.Skipf("libsecp256k1 0.8 not available, ElligatorSwift not compared: %v", err)
	}
	return e
}

// put32 writes v (0 <= v < 2^256) big-endian into b.
func put32(b []byte, v *big.Int) { v.FillBytes(b[:32]) }

// specialEncoding returns a 64-byte string that exercises a special case of
// the decoder, chosen by k, with the other half from r: u = 0, t = 0, u = p,
// t = p, u = t = 0, u and t near 2^256, and u³ + t² + 7 = 0 (t = ±sqrt of
// -(u³ + 7) for a random u that has one), with u and t also given as their
// values + p where that stays below 2^256.
func specialEncoding(r *rand.Rand, k int) []byte {
	enc := rbytes(r, 64)
	switch k % 8 {
	case 0:
		clear(enc[:32])
	case 1:
		clear(enc[32:])
	case 2:
		put32(enc[:32], fieldP)
	case 3:
		put32(enc[32:], fieldP)
	case 4:
		clear(enc)
	case 5:
		for i := range enc {
			enc[i] = 0xff
		}
	default:
		// u³ + t² + 7 = 0: t² = -(u³ + 7), which has a root for half of u.
		for {
			u := new(big.Int).Mod(new(big.Int).SetBytes(rbytes(r, 32)), fieldP)
			if k%8 == 7 {
				u.SetInt64(1 + r.Int64N(0x3d0)) // u + p is below 2^256
			}
			w := new(big.Int).Exp(u, big.NewInt(3), fieldP)
			w.Add(w, big.NewInt(7)).Neg(w).Mod(w, fieldP)
			t := new(big.Int).ModSqrt(w, fieldP)
			if t == nil {
				continue
			}
			if r.IntN(2) == 0 {
				t.Sub(fieldP, t).Mod(t, fieldP)
			}
			if k%8 == 7 {
				u.Add(u, fieldP) // read as u mod p
			}
			put32(enc[:32], u)
			put32(enc[32:], t)
			return enc
		}
	}
	return enc
}

// ellswiftTrial compares one random key pair's encodings, a decoding and
// the shared secrets of both roles.
func ellswiftTrial(t *testing.T, e *providers.EllSwiftRef, r *rand.Rand) {
	t.Helper()
	var keys [2]*secp.PrivateKey
	var sks [2][32]byte
	var ells [2][64]byte
	for i := range keys {
		k, err := secp.GenerateKey(rngReader{r})
		if err != nil {
			t.Fatal(err)
		}
		keys[i] = k
		copy(sks[i][:], k.Bytes())
		pub := k.PublicKey()

		// Encode with caller randomness.
		var rnd [32]byte
		copy(rnd[:], rbytes(r, 32))
		got, err := ellswift.Encode(pub, bytes.NewReader(rnd[:]))
		if err != nil {
			t.Fatal(err)
		}
		lpk, ok := e.ParsePubkey(pub.BytesCompressed())
		var want [64]byte
		if !ok || !e.Encode(lpk, &rnd, &want) {
			t.Fatal("libsecp256k1: ellswift_encode failed")
		}
		if !bytes.Equal(got, want[:]) {
			t.Fatalf("Encode(%x, rnd %x) = %x, libsecp256k1 %x", pub.BytesCompressed(), rnd, got, want)
		}

		// EncodeSecretWithAux, with 32 bytes or none.
		var aux *[32]byte
		var auxb []byte
		if r.IntN(4) > 0 {
			aux = new([32]byte)
			copy(aux[:], rbytes(r, 32))
			auxb = aux[:]
		}
		got, err = ellswift.EncodeSecretWithAux(k, auxb)
		if err != nil {
			t.Fatal(err)
		}
		if !e.Create(&sks[i], aux, &ells[i]) {
			t.Fatal("libsecp256k1: ellswift_create failed")
		}
		if !bytes.Equal(got, ells[i][:]) {
			t.Fatalf("EncodeSecretWithAux(aux %x) = %x, libsecp256k1 %x", auxb, got, ells[i])
		}

		// Both encodings decode to the key, in both libraries.
		for _, enc := range [][]byte{want[:], ells[i][:]} {
			compareDecode(t, e, enc)
			d, _ := ellswift.Decode(enc)
			if !bytes.Equal(d.BytesCompressed(), pub.BytesCompressed()) {
				t.Fatalf("Decode(%x) is not the encoded key", enc)
			}
		}
	}

	// Decoding of an arbitrary or special 64-byte string.
	if r.IntN(2) == 0 {
		compareDecode(t, e, rbytes(r, 64))
	} else {
		compareDecode(t, e, specialEncoding(r, r.IntN(8)))
	}

	// XDH in both roles, with the pair's encodings: all four secrets equal.
	var secrets [][]byte
	for i, role := range []ellswift.Role{ellswift.Initiator, ellswift.Responder} {
		s, err := ellswift.XDH(keys[i], ells[i][:], ells[1-i][:], role)
		if err != nil {
			t.Fatal(err)
		}
		var want [32]byte
		if !e.XDH(&ells[0], &ells[1], &sks[i], i == 1, &want) {
			t.Fatal("libsecp256k1: ellswift_xdh failed")
		}
		if !bytes.Equal(s, want[:]) {
			t.Fatalf("XDH(role %d) = %x, libsecp256k1 %x", role, s, want)
		}
		secrets = append(secrets, s)
	}
	if !bytes.Equal(secrets[0], secrets[1]) {
		t.Fatalf("the initiator's secret %x differs from the responder's %x", secrets[0], secrets[1])
	}

	// XDH against an arbitrary or special encoding of the peer, and ours
	// arbitrary too (it is only hashed).
	var ours, theirs [64]byte
	copy(ours[:], rbytes(r, 64))
	if r.IntN(2) == 0 {
		copy(theirs[:], rbytes(r, 64))
	} else {
		copy(theirs[:], specialEncoding(r, r.IntN(8)))
	}
	compareXDH(t, e, keys[0], &sks[0], &ours, &theirs)
}

// compareDecode checks Decode(enc) against ellswift_decode.
func compareDecode(t *testing.T, e *providers.EllSwiftRef, enc []byte) {
	t.Helper()
	k, err := ellswift.Decode(enc)
	if err != nil {
		t.Fatalf("Decode(%x): %v", enc, err)
	}
	var want [33]byte
	if !e.Decode((*[64]byte)(enc), &want) {
		t.Fatalf("libsecp256k1: ellswift_decode(%x) failed", enc)
	}
	if got := k.BytesCompressed(); !bytes.Equal(got, want[:]) {
		t.Fatalf("Decode(%x) = %x, libsecp256k1 %x", enc, got, want)
	}
}

// compareXDH checks XDH of key (bytes sk) in both roles against
// ellswift_xdh, the peer's encoding theirs and ours.
func compareXDH(t *testing.T, e *providers.EllSwiftRef, key *secp.PrivateKey, sk *[32]byte, ours, theirs *[64]byte) {
	t.Helper()
	for _, role := range []ellswift.Role{ellswift.Initiator, ellswift.Responder} {
		s, err := ellswift.XDH(key, ours[:], theirs[:], role)
		if err != nil {
			t.Fatal(err)
		}
		a, b := ours, theirs
		if role == ellswift.Responder {
			a, b = theirs, ours
		}
		var want [32]byte
		if !e.XDH(a, b, sk, role == ellswift.Responder, &want) {
			t.Fatal("libsecp256k1: ellswift_xdh failed")
		}
		if !bytes.Equal(s, want[:]) {
			t.Fatalf("XDH(theirs %x, role %d) = %x, libsecp256k1 %x", theirs[:], role, s, want)
		}
	}
}

// TestEllSwiftVsLibsecp compares random keys, randomness and encodings
// (seeded: -seed is not available in this module, so the seed is fixed and
// the fuzz target below explores others), and every special encoding.
func TestEllSwiftVsLibsecp(t *testing.T) {
	e := ellswiftRef(t)
	trials := 300
	if testing.Short() {
		trials = 30
	}
	r := rand.New(rand.NewPCG(42, 324))
	for k := range 64 {
		compareDecode(t, e, specialEncoding(r, k))
	}
	for range trials {
		ellswiftTrial(t, e, r)
	}
}

// TestEllSwiftXDHInvalidKey checks that both libraries refuse a secret key
// of 0 or >= n in XDH and in the encoder of one's own key (libsecp256k1
// returns 0 from ellswift_xdh and ellswift_create; p256k1 does not make
// such a key).
func TestEllSwiftXDHInvalidKey(t *testing.T) {
	e := ellswiftRef(t)
	n := curveN
	var ell [64]byte
	for _, v := range []*big.Int{big.NewInt(0), n, new(big.Int).Add(n, big.NewInt(1)), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))} {
		var sk [32]byte
		put32(sk[:], v)
		if _, err := secp.NewPrivateKey(sk[:]); err == nil {
			t.Fatalf("NewPrivateKey(%x) accepted", sk)
		}
		var out [32]byte
		var enc [64]byte
		if e.XDH(&ell, &ell, &sk, false, &out) || e.Create(&sk, nil, &enc) {
			t.Fatalf("libsecp256k1 accepts the secret key %x", sk)
		}
	}
}

// FuzzEllSwift runs one random trial per fuzz input (a seed), and decodes
// the input itself and uses it as the peer's encoding in XDH.
func FuzzEllSwift(f *testing.F) {
	for _, s := range []uint64{0, 1, 324, 1 << 40} {
		f.Add(binary.BigEndian.AppendUint64(nil, s))
	}
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Add(make([]byte, 64))
	f.Fuzz(func(t *testing.T, data []byte) {
		e := ellswiftRef(t)
		var s [16]byte
		copy(s[:], data)
		r := rand.New(rand.NewPCG(binary.BigEndian.Uint64(s[:8]), binary.BigEndian.Uint64(s[8:])))
		var enc [64]byte
		copy(enc[:], data)
		compareDecode(t, e, enc[:])
		k, err := secp.GenerateKey(rngReader{r})
		if err != nil {
			t.Fatal(err)
		}
		var sk [32]byte
		var ours [64]byte
		copy(sk[:], k.Bytes())
		copy(ours[:], rbytes(r, 64))
		compareXDH(t, e, k, &sk, &ours, &enc)
		ellswiftTrial(t, e, r)
	})
}
