package frost_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/frost"
	"github.com/p256k1/secp256k1/internal/testutil"
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

// dealer returns a t-of-n dealer split from r.
func dealer(t testing.TB, r *rand.Rand, thr, n int) *frost.DealerOutput {
	t.Helper()
	d, err := frost.DealerKeyGen(thr, n, nil, rngReader{r})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// pickSigners returns u distinct identifiers of 0..n-1 in random order.
func pickSigners(r *rand.Rand, n, u int) []int {
	return r.Perm(n)[:u]
}

// runSession runs one signing session of u random signers of a t-of-n
// dealer split, with random tweaks and message, every signer with a
// different way of making its nonce (NonceGen with all options, NonceGen
// with none, a test nonce, DeterministicSign for the last one when
// detLast), and compares every step with the math/big reference and the
// signature with schnorr.Verify.
func runSession(t *testing.T, r *rand.Rand, thr, n, u int, detLast bool) {
	t.Helper()
	d := dealer(t, r, thr, n)
	ids := pickSigners(r, n, u)
	pubshares := make([][]byte, u)
	for i, id := range ids {
		pubshares[i] = d.PublicShares[id]
	}
	sc, err := frost.NewSignersContext(n, thr, ids, pubshares, d.ThresholdPublicKey)
	if err != nil {
		t.Fatal(err)
	}
	nt := r.IntN(4)
	tweaks := make([][]byte, nt)
	xonly := make([]bool, nt)
	for i := range tweaks {
		tweaks[i], xonly[i] = randBytes(r, 32), r.IntN(2) == 0
	}
	tc, err := frost.NewTweakContext(d.ThresholdPublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := tc.ApplyTweaks(tweaks, xonly); err != nil {
		t.Fatal(err)
	}
	ref := refTweak(d.ThresholdPublicKey, tweaks, xonly)
	if !bytes.Equal(tc.PublicKey().BytesCompressed(), refCbytes(ref.q)) {
		t.Fatal("tweaked key differs from the reference")
	}
	tpk := tc.XOnlyPublicKey().Bytes()
	msg := randBytes(r, r.IntN(40))

	sns := make([]*frost.SecretNonce, u)
	pns := make([][]byte, u)
	ks := make([][2]*big.Int, u)
	last := u
	if detLast {
		last = u - 1
	}
	for i := range last {
		share := d.SecretShares[ids[i]]
		switch i % 3 {
		case 0: // NonceGen with every option
			rnd := randBytes(r, 32)
			extra := randBytes(r, r.IntN(10))
			k1, k2, wantPN := refNonceGen(rnd, share.Bytes(), pubshares[i], tpk, msg, extra)
			sns[i], pns[i], err = frost.NonceGen(&frost.NonceOptions{SecretShare: share, PublicShare: pubshares[i], ThresholdKey: tpk, Message: msg, ExtraInput: extra, Rand: rnd})
			if err != nil || !bytes.Equal(pns[i], wantPN) {
				t.Fatalf("signer %d: NonceGen = %x, %v; want %x", i, pns[i], err, wantPN)
			}
			if !bytes.Equal(rnd, make([]byte, 32)) {
				t.Error("NonceGen did not zero Rand")
			}
			ks[i] = [2]*big.Int{k1, k2}
		case 1: // NonceGen with no option but Rand
			rnd := randBytes(r, 32)
			k1, k2, wantPN := refNonceGen(rnd, nil, nil, nil, nil, nil)
			sns[i], pns[i], err = frost.NonceGen(&frost.NonceOptions{Rand: rnd})
			if err != nil || !bytes.Equal(pns[i], wantPN) {
				t.Fatalf("signer %d: NonceGen = %x, %v; want %x", i, pns[i], err, wantPN)
			}
			ks[i] = [2]*big.Int{k1, k2}
		default: // a nonce the test picks
			k := randBytes(r, 64)
			k1, k2 := refModN(k[:32]), refModN(k[32:])
			copy(k, append(refBytes32(k1), refBytes32(k2)...))
			sns[i], pns[i] = frost.SecretNonceFromBytesForTest(k), refPubNonce(k1, k2)
			ks[i] = [2]*big.Int{k1, k2}
		}
	}
	psigs := make([][]byte, u)
	if detLast {
		i := u - 1
		share := d.SecretShares[ids[i]]
		var aggOther []byte
		if u > 1 {
			if aggOther, err = frost.NonceAgg(pns[:i]); err != nil {
				t.Fatal(err)
			}
		}
		aux := randBytes(r, 32)
		if r.IntN(2) == 0 {
			aux = nil
		}
		k1, k2 := refDetNonce(share.Bytes(), ids[i], ids, aggOther, tpk, msg, aux)
		pns[i], psigs[i], err = frost.DeterministicSign(share, ids[i], aggOther, sc, tc, msg, aux)
		if err != nil || !bytes.Equal(pns[i], refPubNonce(k1, k2)) {
			t.Fatalf("DeterministicSign = %x, %v", pns[i], err)
		}
		ks[i] = [2]*big.Int{k1, k2}
	}
	agg, err := frost.NonceAgg(pns)
	if err != nil || !bytes.Equal(agg, refNonceAgg(pns)) {
		t.Fatalf("NonceAgg = %x, %v; want %x", agg, err, refNonceAgg(pns))
	}
	s, err := frost.NewSession(sc, tc, agg, msg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range u {
		share := d.SecretShares[ids[i]]
		if i < last {
			if psigs[i], err = s.Sign(sns[i], share, ids[i]); err != nil {
				t.Fatalf("signer %d: Sign: %v", i, err)
			}
			if again, err := s.Sign(sns[i], share, ids[i]); again != nil || !errors.Is(err, frost.ErrInvalidSecretNonce) {
				t.Fatalf("signer %d: second Sign = %x, %v", i, again, err)
			}
		}
		want := refSign(ref, ids, ids[i], ks[i][0], ks[i][1], refInt(share.Bytes()), agg, msg)
		if !bytes.Equal(psigs[i], want) {
			t.Fatalf("signer %d: partial signature %x, reference %x", i, psigs[i], want)
		}
		if !s.PartialVerify(psigs[i], pns[i], i) {
			t.Fatalf("signer %d: PartialVerify = false", i)
		}
		if u > 1 && s.PartialVerify(psigs[i], pns[(i+1)%u], (i+1)%u) {
			t.Fatalf("signer %d: the partial signature verifies for signer %d", i, (i+1)%u)
		}
		bad := refInt(psigs[i])
		bad.Add(bad, big.NewInt(1)).Mod(bad, testutil.N)
		if s.PartialVerify(refBytes32(bad), pns[i], i) {
			t.Fatalf("signer %d: psig+1 verifies", i)
		}
	}
	sig, err := s.Aggregate(psigs)
	if err != nil || !bytes.Equal(sig, refAggregate(ref, ids, psigs, agg, msg)) {
		t.Fatalf("Aggregate = %x, %v; reference %x", sig, err, refAggregate(ref, ids, psigs, agg, msg))
	}
	if !schnorr.Verify(tc.XOnlyPublicKey(), msg, sig) {
		t.Fatal("the FROST signature does not verify under the tweaked threshold key")
	}
}

func TestSessionRandom(t *testing.T) {
	r := testutil.Rand(t)
	cases := [][3]int{{1, 1, 1}, {1, 3, 1}, {1, 3, 3}, {2, 2, 2}, {2, 3, 2}, {2, 3, 3}, {3, 5, 3}, {3, 5, 4}, {5, 7, 6}, {11, 15, 11}}
	iters := 3
	if testing.Short() {
		iters = 1
	}
	for _, c := range cases {
		if testing.Short() && c[1] > 5 {
			continue
		}
		for it := range iters {
			for _, det := range []bool{false, true} {
				t.Run(fmt.Sprintf("%dof%d/u%d/det=%v/%d", c[0], c[1], c[2], det, it), func(t *testing.T) {
					runSession(t, r, c[0], c[1], c[2], det)
				})
			}
		}
	}
}

// fixture is a 2-of-3 dealer split and a session of signers 0 and 2.
type fixture struct {
	d    *frost.DealerOutput
	ids  []int
	sc   *frost.SignersContext
	tc   *frost.TweakContext
	msg  []byte
	sn   []*frost.SecretNonce
	pn   [][]byte
	agg  []byte
	sess *frost.Session
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	f := &fixture{d: dealer(t, r, 2, 3), ids: []int{0, 2}, msg: []byte("fixture message")}
	var err error
	f.sc, err = frost.NewSignersContext(3, 2, f.ids, [][]byte{f.d.PublicShares[0], f.d.PublicShares[2]}, f.d.ThresholdPublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if f.tc, err = frost.NewTweakContext(f.d.ThresholdPublicKey); err != nil {
		t.Fatal(err)
	}
	if err := f.tc.TaprootTweak(nil); err != nil {
		t.Fatal(err)
	}
	for _, id := range f.ids {
		sn, pn, err := frost.NonceGen(&frost.NonceOptions{SecretShare: f.d.SecretShares[id], Message: f.msg})
		if err != nil {
			t.Fatal(err)
		}
		f.sn, f.pn = append(f.sn, sn), append(f.pn, pn)
	}
	if f.agg, err = frost.NonceAgg(f.pn); err != nil {
		t.Fatal(err)
	}
	if f.sess, err = frost.NewSession(f.sc, f.tc, f.agg, f.msg); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestNonceBoundToShare(t *testing.T) {
	f := newFixture(t)
	// Signer 0's nonce (bound to its share through SecretShare) with
	// signer 2's share and id.
	psig, err := f.sess.Sign(f.sn[0], f.d.SecretShares[2], 2)
	if psig != nil || !errors.Is(err, frost.ErrNonceShareMismatch) {
		t.Fatalf("Sign with another share = %x, %v; want ErrNonceShareMismatch", psig, err)
	}
	// The nonce was consumed by the failed call.
	if psig, err := f.sess.Sign(f.sn[0], f.d.SecretShares[0], 0); psig != nil || !errors.Is(err, frost.ErrInvalidSecretNonce) {
		t.Fatalf("Sign after a failed Sign = %x, %v; want ErrInvalidSecretNonce", psig, err)
	}
	// Bound through PublicShare only.
	sn, _, err := frost.NonceGen(&frost.NonceOptions{PublicShare: f.d.PublicShares[0]})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.sess.Sign(sn, f.d.SecretShares[2], 2); !errors.Is(err, frost.ErrNonceShareMismatch) {
		t.Fatalf("Sign = %v; want ErrNonceShareMismatch", err)
	}
	// SecretShare and PublicShare disagree.
	if _, _, err := frost.NonceGen(&frost.NonceOptions{SecretShare: f.d.SecretShares[0], PublicShare: f.d.PublicShares[1]}); !errors.Is(err, frost.ErrNonceShareMismatch) {
		t.Fatalf("NonceGen = %v; want ErrNonceShareMismatch", err)
	}
}

func TestShareIDMismatch(t *testing.T) {
	f := newFixture(t)
	// Signer 0's share with signer 2's identifier: both are in the
	// context, at different positions.
	sn, _, err := frost.NonceGen(nil)
	if err != nil {
		t.Fatal(err)
	}
	if psig, err := f.sess.Sign(sn, f.d.SecretShares[0], 2); psig != nil || !errors.Is(err, frost.ErrShareIDMismatch) {
		t.Fatalf("Sign = %x, %v; want ErrShareIDMismatch", psig, err)
	}
	// Share 1 is not in the context.
	sn, _, _ = frost.NonceGen(nil)
	if _, err := f.sess.Sign(sn, f.d.SecretShares[1], 0); !errors.Is(err, frost.ErrPubShareNotInSigners) {
		t.Fatalf("Sign = %v; want ErrPubShareNotInSigners", err)
	}
}

func TestTweakContextMismatch(t *testing.T) {
	f := newFixture(t)
	other := dealer(t, rand.New(rand.NewPCG(3, 4)), 2, 3)
	tc, err := frost.NewTweakContext(other.ThresholdPublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := frost.NewSession(f.sc, tc, f.agg, f.msg); s != nil || !errors.Is(err, frost.ErrTweakContextMismatch) {
		t.Fatalf("NewSession = %v, %v; want ErrTweakContextMismatch", s, err)
	}
	if _, _, err := frost.DeterministicSign(f.d.SecretShares[0], 0, f.pn[1], f.sc, tc, f.msg, nil); !errors.Is(err, frost.ErrTweakContextMismatch) {
		t.Fatalf("DeterministicSign = %v; want ErrTweakContextMismatch", err)
	}
}

// TestSignConcurrent signs with one nonce from many goroutines: exactly
// one call may succeed.
func TestSignConcurrent(t *testing.T) {
	f := newFixture(t)
	var ok atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := f.sess.Sign(f.sn[0], f.d.SecretShares[0], 0); err == nil {
				ok.Add(1)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 1 {
		t.Fatalf("%d Sign calls succeeded with one nonce, want 1", ok.Load())
	}
}

func TestSecretNonceNotPrinted(t *testing.T) {
	sn, _, err := frost.NonceGen(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"%v", "%+v", "%#v", "%x", "%s", "%d", "%q"} {
		if got := fmt.Sprintf(verb, sn); got != "frost.SecretNonce{…}" {
			t.Errorf("Sprintf(%q) = %q", verb, got)
		}
	}
}

// TestDeterministicSignSoleSigner: a 1-of-n signer alone signs without
// other nonces, and a nil aggOtherNonce with more signers is rejected.
func TestDeterministicSignSoleSigner(t *testing.T) {
	r := testutil.Rand(t)
	d := dealer(t, r, 1, 3)
	sc, err := frost.NewSignersContext(3, 1, []int{1}, [][]byte{d.PublicShares[1]}, d.ThresholdPublicKey)
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("sole")
	pn, psig, err := frost.DeterministicSign(d.SecretShares[1], 1, nil, sc, nil, msg, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := frost.NewSession(sc, nil, pn, msg)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := s.Aggregate([][]byte{psig})
	x, _ := secp256k1.NewPublicKey(d.ThresholdPublicKey)
	xo, _ := x.XOnly()
	if err != nil || !schnorr.Verify(xo, msg, sig) {
		t.Fatalf("sole signer: %x, %v", sig, err)
	}
	sc2, err := frost.NewSignersContext(3, 1, []int{0, 1}, [][]byte{d.PublicShares[0], d.PublicShares[1]}, d.ThresholdPublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := frost.DeterministicSign(d.SecretShares[1], 1, nil, sc2, nil, msg, nil); !errors.Is(err, frost.ErrInvalidInput) {
		t.Fatalf("nil aggOtherNonce with two signers: %v, want ErrInvalidInput", err)
	}
}
