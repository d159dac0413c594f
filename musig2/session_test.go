package musig2_test

import (
	"bytes"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/musig2"
	"github.com/p256k1/secp256k1/schnorr"
)

type rngReader struct{ r *rand.Rand }

func (x rngReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(x.r.Uint32())
	}
	return len(p), nil
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	rngReader{r}.Read(b)
	return b
}

func randKey(t testing.TB, r *rand.Rand) *secp256k1.PrivateKey {
	t.Helper()
	k, err := secp256k1.GenerateKey(rngReader{r})
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// signer is one party of a test session.
type signer struct {
	priv *secp256k1.PrivateKey
	pk   []byte
	sn   *musig2.SecretNonce
	pn   []byte
	k1   *big.Int // the secret nonce, from the reference
	k2   *big.Int
}

// runSession runs a full session of n signers (keys possibly repeated)
// with random tweaks, nonce options and message, optionally with an
// adaptor, and compares every step with the math/big reference and the
// final signature with schnorr.Verify.
func runSession(t *testing.T, r *rand.Rand, n int, withAdaptor, detLast bool) {
	t.Helper()
	signers := make([]*signer, n)
	for i := range signers {
		if i > 0 && r.IntN(8) == 0 {
			// The same key twice: it signs twice, with two nonces.
			signers[i] = &signer{priv: signers[0].priv, pk: signers[0].pk}
			continue
		}
		priv := randKey(t, r)
		signers[i] = &signer{priv: priv, pk: priv.PublicKey().BytesCompressed()}
	}
	pks := make([][]byte, n)
	for i, s := range signers {
		pks[i] = s.pk
	}
	if r.IntN(2) == 0 {
		musig2.KeySort(pks)
		// Keep signers in the order of their keys.
		for i := range signers {
			for j := i; j < n; j++ {
				if bytes.Equal(signers[j].pk, pks[i]) {
					signers[i], signers[j] = signers[j], signers[i]
					break
				}
			}
		}
	}
	var tweaks [][]byte
	var xonly []bool
	for range r.IntN(4) {
		tweaks = append(tweaks, randBytes(r, 32)) // < n except with probability 2^-128
		xonly = append(xonly, r.IntN(2) == 0)
	}
	cache, err := keyAggAndTweak(pks, tweaks, xonly)
	if err != nil {
		t.Fatal(err)
	}
	ref := refKeyAgg(pks, tweaks, xonly)
	if got := cache.PublicKey().BytesCompressed(); !bytes.Equal(got, refCbytes(ref.q)) {
		t.Fatalf("aggregate key %x, reference %x", got, refCbytes(ref.q))
	}
	msg := randBytes(r, r.IntN(80))
	aggpk := cache.XOnlyPublicKey().Bytes()

	last := n
	if detLast {
		last = n - 1
	}
	for i, s := range signers[:last] {
		o := &musig2.NonceOptions{Rand: randBytes(r, 32)}
		rnd := bytes.Clone(o.Rand)
		var skb, apk, m, extra []byte
		if r.IntN(2) == 0 {
			o.SecretKey, skb = s.priv, s.priv.Bytes()
		}
		if r.IntN(2) == 0 {
			o.AggregateKey, apk = aggpk, aggpk
		}
		if r.IntN(2) == 0 {
			o.Message, m = msg, msg
		}
		if r.IntN(2) == 0 {
			o.ExtraInput = randBytes(r, r.IntN(70))
			extra = o.ExtraInput
		}
		s.sn, s.pn, err = musig2.NonceGen(s.pk, o)
		if err != nil {
			t.Fatalf("signer %d: NonceGen: %v", i, err)
		}
		var wantPN []byte
		s.k1, s.k2, wantPN = refNonceGen(rnd, skb, s.pk, apk, m, extra)
		if !bytes.Equal(s.pn, wantPN) {
			t.Fatalf("signer %d: public nonce %x, reference %x", i, s.pn, wantPN)
		}
		want := append(append(refBytes32(s.k1), refBytes32(s.k2)...), s.pk...)
		if !musig2.SecretNonceEqualForTest(s.sn, want) {
			t.Fatalf("signer %d: secret nonce differs from the reference", i)
		}
	}

	var adaptor []byte
	var adaptorPt refPoint
	var secret []byte
	if withAdaptor {
		tk := randKey(t, r)
		secret, adaptor = tk.Bytes(), tk.PublicKey().BytesCompressed()
		adaptorPt = refCpoint(adaptor)
	}
	newSession := func(agg []byte) *musig2.Session {
		var s *musig2.Session
		var err error
		if withAdaptor {
			s, err = musig2.NewAdaptorSession(cache, agg, msg, adaptor)
		} else {
			s, err = musig2.NewSession(cache, agg, msg)
		}
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	psigs := make([][]byte, n)
	if detLast {
		if withAdaptor {
			t.Fatal("no adaptor with DeterministicSign")
		}
		others := make([][]byte, 0, n-1)
		for _, s := range signers[:n-1] {
			others = append(others, s.pn)
		}
		aggOther, err := musig2.NonceAgg(others)
		if err != nil {
			t.Fatal(err)
		}
		var rnd []byte
		if r.IntN(2) == 0 {
			rnd = randBytes(r, 32)
		}
		s := signers[n-1]
		s.pn, psigs[n-1], err = musig2.DeterministicSign(s.priv, aggOther, cache, msg, rnd)
		if err != nil {
			t.Fatalf("DeterministicSign: %v", err)
		}
	}
	pubnonces := make([][]byte, n)
	var r1, r2 refPoint
	for i, s := range signers {
		pubnonces[i] = s.pn
		r1 = testutil.Add(r1, refCpoint(s.pn[:33]))
		r2 = testutil.Add(r2, refCpoint(s.pn[33:]))
	}
	agg, err := musig2.NonceAgg(pubnonces)
	if err != nil {
		t.Fatal(err)
	}
	if want := append(refCbytesExt(r1), refCbytesExt(r2)...); !bytes.Equal(agg, want) {
		t.Fatalf("aggregate nonce %x, reference %x", agg, want)
	}
	sess := newSession(agg)
	for i, s := range signers[:last] {
		psigs[i], err = sess.Sign(s.sn, s.priv)
		if err != nil {
			t.Fatalf("signer %d: Sign: %v", i, err)
		}
		if want := refSign(ref, s.k1, s.k2, refInt(s.priv.Bytes()), agg, msg, adaptorPt); !bytes.Equal(psigs[i], want) {
			t.Fatalf("signer %d: partial signature %x, reference %x", i, psigs[i], want)
		}
		if _, err := sess.Sign(s.sn, s.priv); !errors.Is(err, musig2.ErrInvalidSecretNonce) {
			t.Fatalf("signer %d: second Sign with the nonce: %v", i, err)
		}
	}
	for i, s := range signers {
		if !sess.PartialVerify(psigs[i], s.pn, s.pk) {
			t.Fatalf("signer %d: PartialVerify = false", i)
		}
		// Another signer's nonce, a changed signature: false.
		o := signers[(i+1)%n]
		if n > 1 && !bytes.Equal(o.pn, s.pn) && sess.PartialVerify(psigs[i], o.pn, s.pk) {
			t.Fatalf("signer %d: PartialVerify with signer %d's nonce = true", i, (i+1)%n)
		}
		bad := bytes.Clone(psigs[i])
		bad[31] ^= 1
		if sess.PartialVerify(bad, s.pn, s.pk) {
			t.Fatalf("signer %d: PartialVerify of a changed signature = true", i)
		}
	}
	sig, err := sess.Aggregate(psigs)
	if err != nil {
		t.Fatal(err)
	}
	if want := refAggregate(ref, psigs, agg, msg, adaptorPt); !bytes.Equal(sig, want) {
		t.Fatalf("signature %x, reference %x", sig, want)
	}
	if !withAdaptor {
		if !schnorr.Verify(cache.XOnlyPublicKey(), msg, sig) {
			t.Fatal("schnorr.Verify = false")
		}
		return
	}
	// The pre-signature is not a signature; adapted, it is; the secret
	// comes back out.
	if schnorr.Verify(cache.XOnlyPublicKey(), msg, sig) {
		t.Fatal("the pre-signature verifies")
	}
	odd, err := sess.NonceParity()
	if err != nil {
		t.Fatal(err)
	}
	final, err := musig2.Adapt(sig, secret, odd)
	if err != nil {
		t.Fatal(err)
	}
	if !schnorr.Verify(cache.XOnlyPublicKey(), msg, final) {
		t.Fatal("adapted signature does not verify")
	}
	if wrong, _ := musig2.Adapt(sig, secret, !odd); schnorr.Verify(cache.XOnlyPublicKey(), msg, wrong) {
		t.Fatal("adapted with the wrong parity, the signature verifies")
	}
	got, err := musig2.ExtractAdaptor(final, sig, odd)
	if err != nil || !bytes.Equal(got, secret) {
		t.Fatalf("ExtractAdaptor = %x, %v; want %x", got, err, secret)
	}
}

func iterations(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// TestSession2of2 runs random 2-of-2 sessions.
func TestSession2of2(t *testing.T) {
	r := testutil.Rand(t)
	for range iterations(12, 3) {
		runSession(t, r, 2, false, false)
	}
}

// TestSessionNofN runs random sessions of 1 to 6 signers, with and without
// adaptor, and with DeterministicSign for the last signer.
func TestSessionNofN(t *testing.T) {
	r := testutil.Rand(t)
	for range iterations(12, 3) {
		n := 1 + r.IntN(6)
		runSession(t, r, n, false, false)
		runSession(t, r, n, true, false)
		if n > 1 {
			runSession(t, r, n, false, true)
		}
	}
}

// TestPartialVerifyRejects changes each part of a valid partial
// signature's inputs: the first nonce point is checked by its x and the
// parity of its y (it is never decompressed), so a flipped prefix, an x
// off the curve or >= p, and a changed second point must all fail.
func TestPartialVerifyRejects(t *testing.T) {
	f := newFixture(t)
	psig, err := f.sess.Sign(f.sn[0], f.priv[0])
	if err != nil || !f.sess.PartialVerify(psig, f.pn[0], f.pks[0]) {
		t.Fatalf("valid partial signature rejected: %v", err)
	}
	offCurve := testutil.MustHex(t, "0000000000000000000000000000000000000000000000000000000000000005")
	aboveP := testutil.MustHex(t, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30")
	for name, mutate := range map[string]func(pn []byte){
		"R1 prefix flipped": func(pn []byte) { pn[0] ^= 1 },
		"R1 prefix 04":      func(pn []byte) { pn[0] = 4 },
		"R1 x off curve":    func(pn []byte) { copy(pn[1:33], offCurve) },
		"R1 x >= p":         func(pn []byte) { copy(pn[1:33], aboveP) },
		"R1 x changed":      func(pn []byte) { pn[32] ^= 1 },
		"R2 prefix flipped": func(pn []byte) { pn[33] ^= 1 },
		"R2 x off curve":    func(pn []byte) { copy(pn[34:], offCurve) },
		"R1 and R2 swapped": func(pn []byte) {
			var tmp [33]byte
			copy(tmp[:], pn[:33])
			copy(pn[:33], pn[33:])
			copy(pn[33:], tmp[:])
		},
	} {
		pn := bytes.Clone(f.pn[0])
		mutate(pn)
		if f.sess.PartialVerify(psig, pn, f.pks[0]) {
			t.Errorf("%s: PartialVerify = true", name)
		}
	}
}
