package difftest

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/musig2"
	"github.com/p256k1/secp256k1/schnorr"

	"github.com/p256k1/secp256k1/bench/internal/providers"
)

// The MuSig2 call-sequence target: key aggregation caches that are tweaked
// in place and copied, and signing sessions opened on them at different
// times and used (signing, partial verification, aggregation) in any order,
// after later tweaks of their cache too (a session copies its cache). Every
// answer is compared with libsecp256k1 0.8's musig module on a cache
// aggregated afresh with the same tweaks (FuzzMuSig2 in musig2_test.go
// compares single random sessions).

// seqCache is a p256k1 cache and the tweaks applied to it so far.
type seqCache struct {
	c      *musig2.KeyAggCache
	tweaks [][]byte
	xonly  []bool
}

// libCache aggregates the keys afresh in libsecp256k1 with c's tweaks.
func (c *seqCache) libCache(t *testing.T, m *providers.MuSigRef, pks [][]byte) (*providers.MuSigCache, []byte) {
	t.Helper()
	lc, lpk, ok := m.KeyAgg(pks, c.tweaks, c.xonly)
	if !ok {
		t.Fatalf("libsecp256k1 rejects the tweaks %x that p256k1 applied", c.tweaks)
	}
	return lc, lpk
}

// seqSession is a session in both libraries, with each signer's nonces and
// partial signature (nil until it signs).
type seqSession struct {
	p      *musig2.Session
	lc     *providers.MuSigCache
	ls     *providers.MuSigSession
	aggX   []byte
	msg    []byte
	sns    []*musig2.SecretNonce
	lsns   []*providers.MuSigSecNonce
	pns    [][]byte
	psigs  [][]byte
	signed int
}

// FuzzMuSig2Seq runs a sequence of up to 48 calls decoded from the input
// on 1 to 4 signers (dataset keys, repeats allowed): plain, x-only and
// BIP-341 taproot tweaks of a cache (the result, or the rejection of a
// tweak >= n and the unchanged cache, must be libsecp256k1's), copies of a
// cache, new sessions on a cache (every public nonce, with each optional
// input present or not, and the aggregate nonce, byte for byte), partial
// signatures (byte for byte; a second Sign with a consumed nonce fails),
// partial verification (of each signature, a changed one, and one of
// another session) and aggregation (byte for byte, and the signature
// verifies under both libraries' BIP-340 verifiers).
func FuzzMuSig2Seq(f *testing.F) {
	m := musigRef(f)
	a := libsecp08(f)
	seqSeeds(f,
		[]byte{1, 0, 1, 4, 0, 0, 0, 5, 0, 0, 5, 0, 1, 6, 0, 7, 0},
		[]byte{2, 0, 1, 2, 0, 0, 7, 0, 1, 9, 1, 3, 0, 3, 0, 4, 1, 0, 5, 0, 0, 5, 0, 1, 5, 0, 2, 7, 0, 0, 0, 9, 6, 0, 7, 0},
		[]byte{3, 3, 3, 3, 1, 0, 10, 4, 0, 0, 0, 8, 0, 5, 0, 0, 5, 0, 1, 5, 0, 2, 5, 0, 3, 7, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		its := items(t)
		s := &stream{data}
		n := 1 + int(s.next()%4)
		privs := make([]*secp.PrivateKey, n)
		pks := make([][]byte, n)
		for i := range privs {
			it := its[int(s.next())%len(its)]
			privs[i], pks[i] = mustPriv(t, it.Seckey[:]), it.Pub[:]
		}
		base, err := musig2.KeyAgg(pks)
		if err != nil {
			t.Fatal(err)
		}
		caches := []*seqCache{{c: base}}
		var sessions []*seqSession
		pickCache := func() *seqCache { return caches[int(s.next())%len(caches)] }
		pickSession := func() *seqSession {
			if len(sessions) == 0 {
				return nil
			}
			return sessions[int(s.next())%len(sessions)]
		}
		for step := 0; step < 48 && !s.done(); step++ {
			switch op := s.next(); op % 8 {
			case 0, 1, 2: // a plain, x-only or taproot tweak
				c := pickCache()
				var tw []byte
				xonly := op%8 != 0
				if op%8 == 2 {
					var merkle []byte
					if s.next()&1 == 1 {
						merkle = s.take(32)
					}
					err = c.c.TaprootTweak(merkle)
					_, lpk := c.libCache(t, m, pks)
					th, _ := a.TaggedSHA256([]byte("TapTweak"), append(bytes.Clone(lpk[1:]), merkle...))
					tw = th
				} else {
					tw = edge32(s.next(), s.take(32))
					if xonly {
						err = c.c.XOnlyTweakAdd(tw)
					} else {
						err = c.c.TweakAdd(tw)
					}
				}
				_, lpk, ok := m.KeyAgg(pks, append(slices.Clone(c.tweaks), tw), append(slices.Clone(c.xonly), xonly))
				if (err == nil) != ok {
					t.Fatalf("step %d: tweak %x (x-only %v) after %x: err %v; libsecp256k1 %v", step, tw, xonly, c.tweaks, err, ok)
				}
				if ok {
					c.tweaks, c.xonly = append(c.tweaks, tw), append(c.xonly, xonly)
				} else {
					_, lpk = c.libCache(t, m, pks) // a failed tweak leaves the cache unchanged
				}
				if got := c.c.PublicKey().BytesCompressed(); !bytes.Equal(got, lpk) {
					t.Fatalf("step %d: aggregate key %x; libsecp256k1 %x", step, got, lpk)
				}
				if got := c.c.XOnlyPublicKey().Bytes(); !bytes.Equal(got, lpk[1:]) {
					t.Fatalf("step %d: x-only aggregate key %x; libsecp256k1 %x", step, got, lpk[1:])
				}
			case 3: // copy a cache
				if len(caches) < 6 {
					c := pickCache()
					cp := *c.c
					caches = append(caches, &seqCache{c: &cp, tweaks: slices.Clone(c.tweaks), xonly: slices.Clone(c.xonly)})
				}
			case 4: // a new session
				if len(sessions) >= 6 {
					continue
				}
				c := pickCache()
				lc, lpk := c.libCache(t, m, pks)
				ss := &seqSession{lc: lc, aggX: lpk[1:], msg: s.take(32),
					sns: make([]*musig2.SecretNonce, n), lsns: make([]*providers.MuSigSecNonce, n),
					pns: make([][]byte, n), psigs: make([][]byte, n)}
				for i := range privs {
					rnd := s.take(32)
					rnd[0] |= 1 // libsecp256k1 calls its illegal callback on all zeros
					inputs := s.next()
					o := &musig2.NonceOptions{Rand: bytes.Clone(rnd)}
					var lsk, lmsg, lextra []byte
					var lcache *providers.MuSigCache
					if inputs&1 != 0 {
						o.SecretKey, lsk = privs[i], privs[i].Bytes()
					}
					if inputs&2 != 0 {
						o.Message, lmsg = ss.msg, ss.msg
					}
					if inputs&4 != 0 {
						o.AggregateKey, lcache = c.c.XOnlyPublicKey().Bytes(), lc
					}
					if inputs&8 != 0 {
						lextra = s.take(32)
						o.ExtraInput = lextra
					}
					var lpn []byte
					var ok bool
					if ss.sns[i], ss.pns[i], err = musig2.NonceGen(pks[i], o); err != nil {
						t.Fatalf("step %d: NonceGen: %v", step, err)
					}
					if ss.lsns[i], lpn, ok = m.NonceGen(rnd, lsk, pks[i], lmsg, lcache, lextra); !ok || !bytes.Equal(ss.pns[i], lpn) {
						t.Fatalf("step %d: signer %d: public nonce %x; libsecp256k1 %x (%v; inputs %04b)", step, i, ss.pns[i], lpn, ok, inputs&15)
					}
				}
				agg, err := musig2.NonceAgg(ss.pns)
				lagg, ok := m.NonceAgg(ss.pns)
				if err != nil || !ok || !bytes.Equal(agg, lagg) {
					t.Fatalf("step %d: aggregate nonce %x (%v); libsecp256k1 %x (%v)", step, agg, err, lagg, ok)
				}
				if ss.p, err = musig2.NewSession(c.c, agg, ss.msg); err != nil {
					t.Fatalf("step %d: NewSession: %v", step, err)
				}
				if ss.ls, ok = m.Session(lc, agg, ss.msg); !ok {
					t.Fatalf("step %d: musig_nonce_process failed", step)
				}
				sessions = append(sessions, ss)
			case 5: // a signer signs
				ss := pickSession()
				if ss == nil {
					continue
				}
				j := int(s.next()) % n
				psig, err := ss.p.Sign(ss.sns[j], privs[j])
				if ss.psigs[j] != nil {
					if !errors.Is(err, musig2.ErrInvalidSecretNonce) {
						t.Fatalf("step %d: a second Sign with a consumed nonce: %x, %v", step, psig, err)
					}
					continue
				}
				lpsig, ok := m.Sign(ss.lsns[j], privs[j].Bytes(), ss.lc, ss.ls)
				if err != nil || !ok || !bytes.Equal(psig, lpsig) {
					t.Fatalf("step %d: signer %d: partial signature %x (%v); libsecp256k1 %x (%v)", step, j, psig, err, lpsig, ok)
				}
				ss.psigs[j] = psig
				ss.signed++
			case 6: // partial verification
				ss, other := pickSession(), pickSession()
				if ss == nil {
					continue
				}
				flip := s.next()
				for j, psig := range ss.psigs {
					if psig == nil {
						continue
					}
					if !ss.p.PartialVerify(psig, ss.pns[j], pks[j]) || !m.Verify(psig, ss.pns[j], pks[j], ss.lc, ss.ls) {
						t.Fatalf("step %d: signer %d's partial signature does not verify", step, j)
					}
					bad := bytes.Clone(psig)
					bad[flip%32] ^= 1 << (flip / 32)
					if got, want := ss.p.PartialVerify(bad, ss.pns[j], pks[j]), m.Verify(bad, ss.pns[j], pks[j], ss.lc, ss.ls); got != want {
						t.Fatalf("step %d: a changed partial signature: PartialVerify %v; libsecp256k1 %v", step, got, want)
					}
					if other != ss && other.psigs[j] != nil {
						got := ss.p.PartialVerify(other.psigs[j], other.pns[j], pks[j])
						if want := m.Verify(other.psigs[j], other.pns[j], pks[j], ss.lc, ss.ls); got != want {
							t.Fatalf("step %d: another session's partial signature: PartialVerify %v; libsecp256k1 %v", step, got, want)
						}
					}
				}
			case 7: // aggregation
				if ss := pickSession(); ss != nil && ss.signed == n {
					aggregateBoth(t, a, m, ss)
				}
			}
		}
		for _, ss := range sessions {
			if ss.signed == n {
				aggregateBoth(t, a, m, ss)
			}
		}
	})
}

// aggregateBoth aggregates a session's partial signatures in both
// libraries, and checks the signature with both BIP-340 verifiers.
func aggregateBoth(t *testing.T, a *providers.LibsecpAPI, m *providers.MuSigRef, ss *seqSession) {
	t.Helper()
	sig, err := ss.p.Aggregate(ss.psigs)
	lsig, ok := m.Aggregate(ss.ls, ss.psigs)
	if err != nil || !ok || !bytes.Equal(sig, lsig) {
		t.Fatalf("signature %x (%v); libsecp256k1 %x (%v)", sig, err, lsig, ok)
	}
	if !a.SchnorrVerify(ss.aggX, ss.msg, sig) || !schnorr.Verify(mustXOnly(t, ss.aggX), ss.msg, sig) {
		t.Fatalf("the MuSig2 signature %x of %x does not verify under %x", sig, ss.msg, ss.aggX)
	}
}

func mustPriv(t *testing.T, b []byte) *secp.PrivateKey {
	k, err := secp.NewPrivateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return k
}
