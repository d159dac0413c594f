//go:build exhaustive7 || exhaustive13 || exhaustive199

package secp256k1_test

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/exhaustive"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The exhaustive tests of the key API (doc/assurance.md, "Exhaustive
// tests"), libsecp256k1's test_exhaustive_extrakeys and more: parsing,
// encodings, x-only keys and their parity, negation, every tweak and key
// combination, for every key and tweak, against brute force. Helpers carry
// an exh prefix so that they cannot collide with those of other test files
// of the package.

var exhN = exhaustive.N

func exhMod(i int) int { return ((i % exhN) + exhN) % exhN }

func exhBe32Int(v int) []byte {
	var b [32]byte
	big.NewInt(int64(v)).FillBytes(b[:])
	return b[:]
}

// compressed returns the 33-byte encoding of i·G.
func exhCompressed(i int) []byte {
	pt := exhaustive.Points[exhMod(i)]
	var b [33]byte
	b[0] = 2 + byte(pt.Y.Bit(0))
	pt.X.FillBytes(b[1:])
	return b[:]
}

// evenIndex returns i or N - i, whichever point has even y.
func exhEvenIndex(i int) int {
	if exhaustive.Points[exhMod(i)].Y.Bit(0) == 0 {
		return exhMod(i)
	}
	return exhMod(-i)
}

func exhPrivKey(t *testing.T, d int) *secp256k1.PrivateKey {
	t.Helper()
	k, err := secp256k1.NewPrivateKey(exhBe32Int(d))
	if err != nil {
		t.Fatalf("NewPrivateKey(%d): %v", d, err)
	}
	return k
}

func exhIsPub(t *testing.T, what string, k *secp256k1.PublicKey, err error, want int) {
	t.Helper()
	if exhMod(want) == 0 {
		if k != nil || err == nil {
			t.Fatalf("%s = %x, %v; want an error (the point at infinity)", what, k.BytesCompressed(), err)
		}
		return
	}
	if err != nil || !bytes.Equal(k.BytesCompressed(), exhCompressed(want)) {
		t.Fatalf("%s = %x, %v; want %d·G", what, k.BytesCompressed(), err, exhMod(want))
	}
}

// TestExhaustiveKeys checks every private key value (0 and N included),
// its public key in both encodings, the parse of those encodings, its
// x-only key and parity, and negation.
func TestExhaustiveKeys(t *testing.T) {
	for d := 0; d <= exhN+1; d++ {
		k, err := secp256k1.NewPrivateKey(exhBe32Int(d))
		if (err == nil) != (d >= 1 && d < exhN) {
			t.Fatalf("NewPrivateKey(%d): %v", d, err)
		}
		if err != nil {
			continue
		}
		if !bytes.Equal(k.Bytes(), exhBe32Int(d)) {
			t.Fatalf("Bytes(%d) = %x", d, k.Bytes())
		}
		pub := k.PublicKey()
		exhIsPub(t, "PublicKey", pub, nil, d)
		pt := exhaustive.Points[d]
		unc := append([]byte{4}, append(pt.X.FillBytes(make([]byte, 32)), pt.Y.FillBytes(make([]byte, 32))...)...)
		if !bytes.Equal(pub.BytesUncompressed(), unc) {
			t.Fatalf("BytesUncompressed(%d·G) = %x", d, pub.BytesUncompressed())
		}
		for _, enc := range [][]byte{exhCompressed(d), unc} {
			p, err := secp256k1.NewPublicKey(enc)
			if err != nil || !p.Equal(pub) {
				t.Fatalf("NewPublicKey(%x): %v", enc, err)
			}
		}
		x, odd := pub.XOnly()
		if odd != (pt.Y.Bit(0) == 1) || !bytes.Equal(x.Bytes(), exhCompressed(d)[1:]) {
			t.Fatalf("XOnly(%d·G) = %x, %v", d, x.Bytes(), odd)
		}
		xp, err := secp256k1.NewXOnlyPublicKey(x.Bytes())
		if err != nil || !xp.Equal(x) {
			t.Fatalf("NewXOnlyPublicKey(x of %d·G): %v", d, err)
		}
		exhIsPub(t, "XOnly.PublicKey", xp.PublicKey(), nil, exhEvenIndex(d))
		exhIsPub(t, "PrivateKey.Negate.PublicKey", k.Negate().PublicKey(), nil, -d)
		exhIsPub(t, "PublicKey.Negate", pub.Negate(), nil, -d)
	}
	for _, x := range exhaustive.NoPointX(4) {
		var b [33]byte
		b[0] = 2
		x.FillBytes(b[1:])
		if _, err := secp256k1.NewPublicKey(b[:]); err == nil {
			t.Fatalf("NewPublicKey accepted x = %v, which has no point", x)
		}
	}
}

// TestExhaustiveTweaks checks every private and public tweak (add, mul,
// x-only add and its check) and every pairwise key combination, for every
// key d and tweak t in [0, N] (t = N is never reduced: an error), and ECDH
// where k·P is tested (orders above 16, see internal/ecmult's exhaustive
// tests). At order 199, 20 random keys.
func TestExhaustiveTweaks(t *testing.T) {
	keys := make([]int, 0, exhN)
	for d := 1; d < exhN; d++ {
		keys = append(keys, d)
	}
	if exhN > 100 {
		// Order 199: 20 keys spread over the group, every tweak and peer.
		r := testutil.Rand(t)
		r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		keys = keys[:20]
	}
	for _, d := range keys {
		k := exhPrivKey(t, d)
		pub := k.PublicKey()
		x, _ := pub.XOnly()
		de := exhEvenIndex(d)
		for tw := 0; tw <= exhN; tw++ {
			tb := exhBe32Int(tw)
			inRange := tw < exhN

			sum, err := k.TweakAdd(tb)
			if wantOK := inRange && exhMod(d+tw) != 0; (err == nil) != wantOK {
				t.Fatalf("TweakAdd(%d, %d): %v", d, tw, err)
			} else if wantOK && !bytes.Equal(sum.Bytes(), exhBe32Int(exhMod(d+tw))) {
				t.Fatalf("TweakAdd(%d, %d) = %x", d, tw, sum.Bytes())
			}
			ps, err := pub.TweakAdd(tb)
			if inRange {
				exhIsPub(t, "PublicKey.TweakAdd", ps, err, d+tw)
			} else if err == nil || !errors.Is(err, secp256k1.ErrInvalidTweak) {
				t.Fatalf("PublicKey.TweakAdd(%d, %d = N): %v", d, tw, err)
			}

			prod, err := k.TweakMul(tb)
			if wantOK := inRange && tw != 0; (err == nil) != wantOK {
				t.Fatalf("TweakMul(%d, %d): %v", d, tw, err)
			} else if wantOK && !bytes.Equal(prod.Bytes(), exhBe32Int(d*tw%exhN)) {
				t.Fatalf("TweakMul(%d, %d) = %x", d, tw, prod.Bytes())
			}
			pp, err := pub.TweakMul(tb)
			if wantOK := inRange && tw != 0; wantOK {
				exhIsPub(t, "PublicKey.TweakMul", pp, err, d*tw)
			} else if err == nil {
				t.Fatalf("PublicKey.TweakMul(%d, %d) succeeded", d, tw)
			}

			xs, err := k.XOnlyTweakAdd(tb)
			if wantOK := inRange && exhMod(de+tw) != 0; (err == nil) != wantOK {
				t.Fatalf("XOnlyTweakAdd(%d, %d): %v", d, tw, err)
			} else if wantOK && !bytes.Equal(xs.Bytes(), exhBe32Int(exhMod(de+tw))) {
				t.Fatalf("XOnlyTweakAdd(%d, %d) = %x", d, tw, xs.Bytes())
			}
			xq, err := x.TweakAdd(tb)
			if inRange {
				exhIsPub(t, "XOnlyPublicKey.TweakAdd", xq, err, de+tw)
			} else if err == nil {
				t.Fatalf("XOnlyPublicKey.TweakAdd(%d, %d = N) succeeded", d, tw)
			}
			if inRange && exhMod(de+tw) != 0 {
				q := exhaustive.Points[exhMod(de+tw)]
				qx := q.X.FillBytes(make([]byte, 32))
				if !x.TweakAddCheck(qx, q.Y.Bit(0) == 1, tb) || x.TweakAddCheck(qx, q.Y.Bit(0) == 0, tb) {
					t.Fatalf("TweakAddCheck(%d, %d) wrong", d, tw)
				}
			}
		}
		for e := 1; e < exhN; e++ {
			c, err := secp256k1.CombinePublicKeys(pub, exhPrivKey(t, e).PublicKey())
			exhIsPub(t, "CombinePublicKeys", c, err, d+e)
			if exhN > 16 {
				// k·P in constant time: see TestExhaustiveScalarMult.
				s, err := k.ECDHPoint(exhPrivKey(t, e).PublicKey())
				exhIsPub(t, "ECDHPoint", s, err, d*e)
				raw, err := k.ECDH(exhPrivKey(t, e).PublicKey())
				if err != nil || !bytes.Equal(raw, exhCompressed(d * e)[1:]) {
					t.Fatalf("ECDH(%d, %d·G) = %x, %v", d, e, raw, err)
				}
			}
		}
	}
}
