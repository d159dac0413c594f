package musig2_test

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/musig2"
	"github.com/p256k1/secp256k1/schnorr"
)

// TestKeyAggManyKeys aggregates up to 40 random keys (with repeats)
// against the math/big reference: the multi-scalar multiplication takes
// its Pippenger path above about 20 keys.
func TestKeyAggManyKeys(t *testing.T) {
	r := testutil.Rand(t)
	for _, n := range []int{1, 2, 3, 17, iterations(40, 20)} {
		pks := make([][]byte, n)
		for i := range pks {
			if i > 0 && r.IntN(5) == 0 {
				pks[i] = pks[r.IntN(i)]
				continue
			}
			pks[i] = randKey(t, r).PublicKey().BytesCompressed()
		}
		c, err := musig2.KeyAgg(pks)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := c.PublicKey().BytesCompressed(), refCbytes(refKeyAgg(pks, nil, nil).q); !bytes.Equal(got, want) {
			t.Fatalf("%d keys: %x, reference %x", n, got, want)
		}
	}
}

// TestTweakFailureLeavesCache: a rejected tweak changes nothing, and a
// copy of a cache is tweaked independently.
func TestTweakFailureLeavesCache(t *testing.T) {
	f := newFixture(t)
	before := *f.cache
	n := testutil.MustHex(t, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")
	for _, tw := range [][]byte{nil, {}, make([]byte, 31), make([]byte, 33), n} {
		if err := f.cache.TweakAdd(tw); !errors.Is(err, musig2.ErrInvalidTweak) {
			t.Errorf("TweakAdd(%x): %v", tw, err)
		}
		if err := f.cache.XOnlyTweakAdd(tw); !errors.Is(err, musig2.ErrInvalidTweak) {
			t.Errorf("XOnlyTweakAdd(%x): %v", tw, err)
		}
	}
	if !f.cache.PublicKey().Equal(before.PublicKey()) {
		t.Fatal("a failed tweak changed the key")
	}
	// key_agg_vectors' key 6 aggregates (alone) to -t·G for its tweak 1:
	// the plain tweak reaches infinity, and of the x-only tweaks t and
	// n - t exactly one does (which one depends on the parity of Q).
	g, err := musig2.KeyAgg([][]byte{testutil.MustHex(t, "03935F972DA013F80AE011890FA89B67A27B7BE6CCB24D3274D18B2D4067F261A9")})
	if err != nil {
		t.Fatal(err)
	}
	tw := testutil.MustHex(t, "252E4BD67410A76CDF933D30EAA1608214037F1B105A013ECCD3C5C184A6110B")
	if err := g.TweakAdd(tw); !errors.Is(err, musig2.ErrTweakInfinity) {
		t.Fatalf("plain tweak to infinity: %v, want ErrTweakInfinity", err)
	}
	negTw := new(big.Int).Sub(testutil.N, refInt(tw)).FillBytes(make([]byte, 32))
	g1, g2 := *g, *g
	e1, e2 := g1.XOnlyTweakAdd(tw), g2.XOnlyTweakAdd(negTw)
	if errors.Is(e1, musig2.ErrTweakInfinity) == errors.Is(e2, musig2.ErrTweakInfinity) {
		t.Fatalf("x-only tweaks t and n-t: %v, %v; want exactly one ErrTweakInfinity", e1, e2)
	}
	one := testutil.MustHex(t, "0000000000000000000000000000000000000000000000000000000000000001")
	cp := *f.cache
	if err := cp.TweakAdd(one); err != nil {
		t.Fatal(err)
	}
	if cp.PublicKey().Equal(f.cache.PublicKey()) {
		t.Fatal("tweaking a copy changed the original")
	}
}

// TestTaprootTweak: the cache's TaprootTweak gives the BIP-341 output key
// of the untweaked aggregate, for key-path-only and script trees.
func TestTaprootTweak(t *testing.T) {
	f := newFixture(t)
	for _, root := range [][]byte{nil, bytes.Repeat([]byte{0xab}, 32)} {
		c := *f.cache
		if err := c.TaprootTweak(root); err != nil {
			t.Fatal(err)
		}
		want, _, err := secp256k1.TaprootOutputKey(f.cache.XOnlyPublicKey(), root)
		if err != nil {
			t.Fatal(err)
		}
		if !c.XOnlyPublicKey().Equal(want) {
			t.Fatalf("root %x: output key differs from TaprootOutputKey", root)
		}
	}
	c := *f.cache
	if err := c.TaprootTweak(make([]byte, 31)); !errors.Is(err, musig2.ErrInvalidTweak) {
		t.Fatalf("TaprootTweak with a 31-byte root: %v", err)
	}
}

// TestDeriveChildSign: BIP-328 derivation on the cache gives the BIP-32
// child of the synthetic xpub, and a session on the derived cache signs
// for the child key. Tweaks other than DeriveChild end the derivation.
func TestDeriveChildSign(t *testing.T) {
	r := testutil.Rand(t)
	f := newFixture(t)
	c := *f.cache
	xk, err := c.ExtendedKey()
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []uint32{0, 7, 1<<31 - 1} {
		child, tweak, err := xk.Child(i)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.DeriveChild(i); err != nil {
			t.Fatal(err)
		}
		got, err := c.ExtendedKey()
		if err != nil || *got != *child {
			t.Fatalf("DeriveChild(%d): %+v, %v; want %+v", i, got, err, child)
		}
		// The child tweak is the plain tweak from parent to child.
		p := *f.cache
		if i == 0 {
			if err := p.TweakAdd(tweak); err != nil || !bytes.Equal(p.PublicKey().BytesCompressed(), child.Key[:]) {
				t.Fatalf("TweakAdd(I_L) does not give the child key: %v", err)
			}
		}
		xk = child
	}
	if err := c.DeriveChild(1 << 31); !errors.Is(err, musig2.ErrNotExtendable) {
		t.Fatalf("hardened DeriveChild: %v", err)
	}
	// Sign for the derived key, taproot-tweaked.
	if err := c.TaprootTweak(nil); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ExtendedKey(); !errors.Is(err, musig2.ErrNotExtendable) {
		t.Fatalf("ExtendedKey after a taproot tweak: %v", err)
	}
	if err := c.DeriveChild(0); !errors.Is(err, musig2.ErrNotExtendable) {
		t.Fatalf("DeriveChild after a taproot tweak: %v", err)
	}
	msg := randBytes(r, 32)
	sig := signAll(t, &c, f.priv[:], msg)
	if !schnorr.Verify(c.XOnlyPublicKey(), msg, sig) {
		t.Fatal("signature for the derived key does not verify")
	}
}

// signAll runs a whole session of the given signers (in the cache's key
// order) and returns the signature.
func signAll(t testing.TB, c *musig2.KeyAggCache, privs []*secp256k1.PrivateKey, msg []byte) []byte {
	t.Helper()
	sns := make([]*musig2.SecretNonce, len(privs))
	pns := make([][]byte, len(privs))
	for i, p := range privs {
		var err error
		sns[i], pns[i], err = musig2.NonceGen(p.PublicKey().BytesCompressed(), &musig2.NonceOptions{SecretKey: p, Message: msg})
		if err != nil {
			t.Fatal(err)
		}
	}
	agg, err := musig2.NonceAgg(pns)
	if err != nil {
		t.Fatal(err)
	}
	s, err := musig2.NewSession(c, agg, msg)
	if err != nil {
		t.Fatal(err)
	}
	psigs := make([][]byte, len(privs))
	for i, p := range privs {
		if psigs[i], err = s.Sign(sns[i], p); err != nil {
			t.Fatal(err)
		}
		if !s.PartialVerify(psigs[i], pns[i], p.PublicKey().BytesCompressed()) {
			t.Fatalf("partial signature %d does not verify", i)
		}
	}
	sig, err := s.Aggregate(psigs)
	if err != nil {
		t.Fatal(err)
	}
	return sig
}

// TestSessionInfinityNonce: an aggregate nonce of 66 zero bytes makes the
// final nonce G (BIP-327's fallback), and the signature still verifies.
func TestSessionInfinityNonce(t *testing.T) {
	f := newFixture(t)
	zero := make([]byte, 66)
	s, err := musig2.NewSession(f.cache, zero, f.msg)
	if err != nil {
		t.Fatal(err)
	}
	odd, err := s.NonceParity()
	if err != nil || odd {
		t.Fatalf("NonceParity = %v, %v; G has even y", odd, err)
	}
	// With nonces that cancel, the signers' k sum to 0 and R = G: the
	// partial signatures aggregate to a signature with r = G.x. Only the
	// vectors can build such nonces; here check the session values.
	sig, err := s.Aggregate([][]byte{make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	gx := testutil.MustHex(t, "79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798")
	if !bytes.Equal(sig[:32], gx) {
		t.Fatalf("R.x = %x, want G.x", sig[:32])
	}
}
