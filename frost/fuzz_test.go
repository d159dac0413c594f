package frost_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/secp256k1/frost"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The parsers of the package, fuzzed against the math/big reference of
// ref_test.go: a public nonce (NonceAgg of one nonce), an aggregate nonce
// (NewSession), a partial signature (Aggregate and PartialVerify), a
// signers context (identifiers and public shares) and a tweak. None may
// panic, and each must accept exactly the encodings the reference
// decodes.

func FuzzPubNonce(f *testing.F) {
	fx := newFixture(f)
	f.Add(fx.pn[0])
	f.Add(fx.agg)
	f.Add(make([]byte, 66))
	f.Add(bytes.Repeat([]byte{0xff}, 66))
	f.Fuzz(func(t *testing.T, b []byte) {
		agg, err := frost.NonceAgg([][]byte{b})
		want := len(b) == 66 && refCpoint(b[:33]) != nil && refCpoint(b[33:]) != nil
		if (err == nil) != want {
			t.Fatalf("NonceAgg(%x): %v, reference valid %v", b, err, want)
		}
		if err == nil && !bytes.Equal(agg, b) {
			t.Fatalf("NonceAgg of one nonce %x = %x", b, agg)
		}
		// As a signer's nonce in partial verification: never a panic.
		fx.sess.PartialVerify(make([]byte, 32), b, 0)
	})
}

func FuzzAggNonce(f *testing.F) {
	fx := newFixture(f)
	f.Add(fx.agg, fx.msg)
	f.Add(make([]byte, 66), []byte{})
	f.Add(append(make([]byte, 33), fx.pn[0][33:]...), []byte("m"))
	f.Add(bytes.Repeat([]byte{0xff}, 66), []byte(nil))
	f.Fuzz(func(t *testing.T, b, msg []byte) {
		s, err := frost.NewSession(fx.sc, fx.tc, b, msg)
		want := len(b) == 66
		if want {
			ok1 := bytes.Equal(b[:33], make([]byte, 33)) || refCpoint(b[:33]) != nil
			ok2 := bytes.Equal(b[33:], make([]byte, 33)) || refCpoint(b[33:]) != nil
			want = ok1 && ok2
		}
		if (err == nil) != want || (s != nil) != want {
			t.Fatalf("NewSession(%x): %v, reference valid %v", b, err, want)
		}
		// As the other signers' aggregate in deterministic signing.
		pn, psig, err := frost.DeterministicSign(fx.d.SecretShares[0], 0, b, fx.sc, fx.tc, msg, nil)
		want = len(b) == 66 && refCpoint(b[:33]) != nil && refCpoint(b[33:]) != nil
		if (err == nil) != want || (pn != nil) != want || (psig != nil) != want {
			t.Fatalf("DeterministicSign(%x): %v, reference valid %v", b, err, want)
		}
	})
}

func FuzzPartialSig(f *testing.F) {
	fx := newFixture(f)
	f.Add(make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add(testutil.MustHex(f, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140"))
	f.Add(testutil.MustHex(f, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141"))
	f.Fuzz(func(t *testing.T, b []byte) {
		sig, err := fx.sess.Aggregate([][]byte{make([]byte, 32), b})
		want := len(b) == 32 && refInt(b).Cmp(testutil.N) < 0
		if (err == nil) != want || (sig != nil) != want {
			t.Fatalf("Aggregate(%x): %v, reference valid %v", b, err, want)
		}
		if fx.sess.PartialVerify(b, fx.pn[0], 0) {
			t.Fatalf("PartialVerify of the arbitrary %x = true", b)
		}
	})
}

// FuzzSignersContext decodes a signers context from the input: n and t
// (one byte each), then signers of 1 identifier byte and a 33-byte public
// share each. The context must validate exactly when the reference finds
// the identifiers valid and the shares to interpolate to the given key.
func FuzzSignersContext(f *testing.F) {
	fx := newFixture(f)
	enc := func(n, t byte, ids []int, pubs [][]byte) []byte {
		b := []byte{n, t}
		for i, id := range ids {
			b = append(b, byte(id))
			b = append(b, pubs[i]...)
		}
		return b
	}
	pubs := fx.sc.PublicShares()
	f.Add(enc(3, 2, fx.ids, pubs), fx.d.ThresholdPublicKey)
	f.Add(enc(3, 2, []int{2, 0}, pubs), fx.d.ThresholdPublicKey)
	f.Add(enc(3, 2, []int{0, 0}, pubs), fx.d.ThresholdPublicKey)
	f.Add(enc(3, 1, []int{0}, pubs[:1]), pubs[0])
	f.Fuzz(func(t *testing.T, b, tpk []byte) {
		if len(b) < 2 {
			return
		}
		n, thr := int(b[0]), int(b[1])
		var ids []int
		var shares [][]byte
		for rest := b[2:]; len(rest) >= 34; rest = rest[34:] {
			ids = append(ids, int(rest[0]))
			shares = append(shares, rest[1:34])
		}
		sc, err := frost.NewSignersContext(n, thr, ids, shares, tpk)
		want := refSignersValid(n, thr, ids, shares, tpk)
		if (err == nil) != want || (sc != nil) != want {
			t.Fatalf("NewSignersContext(%d, %d, %v, %x, %x): %v, reference valid %v", n, thr, ids, shares, tpk, err, want)
		}
	})
}

// refSignersValid is BIP-445's validate_signers_ctx on the reference.
func refSignersValid(n, t int, ids []int, pubshares [][]byte, tpk []byte) bool {
	if t < 1 || t > n || len(ids) < t || len(ids) > n || len(pubshares) != len(ids) {
		return false
	}
	seen := map[int]bool{}
	for i, id := range ids {
		if id < 0 || id >= n || refCpoint(pubshares[i]) == nil || seen[id] {
			return false
		}
		seen[id] = true
	}
	var q refPoint
	for i, id := range ids {
		q = testutil.Add(q, refMul(refLagrange(ids, id), refCpoint(pubshares[i])))
	}
	return q != nil && bytes.Equal(refCbytes(q), tpk)
}

// FuzzTweak applies a sequence of 32-byte tweaks (one flag byte each: odd
// is x-only) and compares the key with the reference, or the error with
// the reference's range and infinity checks.
func FuzzTweak(f *testing.F) {
	fx := newFixture(f)
	f.Add(append([]byte{1}, make([]byte, 32)...))
	f.Add(append([]byte{0}, testutil.MustHex(f, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")...))
	f.Fuzz(func(t *testing.T, b []byte) {
		var tweaks [][]byte
		var xonly []bool
		for rest := b; len(rest) >= 33 && len(tweaks) < 4; rest = rest[33:] {
			xonly = append(xonly, rest[0]&1 == 1)
			tweaks = append(tweaks, rest[1:33])
		}
		tc, err := frost.NewTweakContext(fx.d.ThresholdPublicKey)
		if err != nil {
			t.Fatal(err)
		}
		err = tc.ApplyTweaks(tweaks, xonly)
		valid := true
		for _, tw := range tweaks {
			if refInt(tw).Cmp(testutil.N) >= 0 {
				valid = false
			}
		}
		if !valid {
			if err == nil {
				t.Fatalf("ApplyTweaks accepted a tweak >= n")
			}
			return
		}
		ref := refTweak(fx.d.ThresholdPublicKey, tweaks, xonly)
		if ref.q == nil {
			if err == nil {
				t.Fatal("ApplyTweaks accepted a result at infinity")
			}
			return
		}
		if err != nil || !bytes.Equal(tc.PublicKey().BytesCompressed(), refCbytes(ref.q)) {
			t.Fatalf("ApplyTweaks: %v, key differs from the reference", err)
		}
	})
}
