package benchmarks

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/frost"
	"github.com/p256k1/secp256k1/musig2"
	"github.com/p256k1/secp256k1/schnorr"
)

// The FROST cases: p256k1's frost (BIP-445) next to its musig2 (BIP-327),
// both in process, on sessions built from a fixed seed. FROST t-of-n
// sessions have t signers (participants 0..t-1 of a trusted-dealer split);
// MuSig2 sessions are compared twice, with as many signers as the FROST
// session (n = t: the same signing work) and with n signers (n the FROST
// group size). What one call does:
//
//	session: signers (or key aggregation) context, tweaks, 66-byte
//	  aggregate nonce and 32-byte message -> the session (FROST:
//	  frost.NewSession, hashing the signer set into the nonce coefficient;
//	  MuSig2: musig2.NewSession on its KeyAggCache)
//	partial_sign: a fresh secret nonce (made before the call, untimed),
//	  the signer's secret share or key, and the session -> the 32-byte
//	  partial signature (frost: Lagrange coefficient precomputed by
//	  NewSignersContext)
//	partial_verify: partial signature, public nonce and signer -> bool
//	aggregate: the session and the t (or n) partial signatures -> the
//	  64-byte BIP-340 signature
//
// The signatures are checked with schnorr.Verify before anything is timed.
//
//	go test -run '^$' -bench FROST -count 6 ./bench/benchmarks              # testing.B, for benchstat
//	go test -run TestFROSTRatios -v ./bench/benchmarks -args -frost.ratios  # interleaved per-call medians and ratios

var frostRatios = flag.Bool("frost.ratios", false, "run TestFROSTRatios: interleaved per-call medians of FROST and MuSig2 signing and their ratios")

const frostSessions = 32

// frostSetup is FROST t-of-n and the MuSig2 comparisons, frostSessions
// sessions each.
type frostSetup struct {
	t, n   int
	frost  *frostGroup
	musigT *musigGroup // t signers
	musigN *musigGroup // n signers
}

type frostGroup struct {
	d     *frost.DealerOutput
	ids   []int
	sc    *frost.SignersContext
	tc    *frost.TweakContext
	msgs  [][]byte
	aggs  [][]byte
	sess  []*frost.Session
	pns   [][][]byte // [session][signer]
	psigs [][][]byte
}

type musigGroup struct {
	privs []*secp.PrivateKey
	pks   [][]byte
	cache *musig2.KeyAggCache
	msgs  [][]byte
	aggs  [][]byte
	sess  []*musig2.Session
	pns   [][][]byte
	psigs [][][]byte
}

type seededReader struct{ r *rand.Rand }

func (s seededReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(s.r.Uint32())
	}
	return len(p), nil
}

func newFrostGroup(tb testing.TB, r *rand.Rand, t, n int) *frostGroup {
	d, err := frost.DealerKeyGen(t, n, nil, seededReader{r})
	if err != nil {
		tb.Fatal(err)
	}
	g := &frostGroup{d: d}
	pubs := make([][]byte, t)
	for i := range t {
		g.ids = append(g.ids, i)
		pubs[i] = d.PublicShares[i]
	}
	if g.sc, err = frost.NewSignersContext(n, t, g.ids, pubs, d.ThresholdPublicKey); err != nil {
		tb.Fatal(err)
	}
	if g.tc, err = frost.NewTweakContext(d.ThresholdPublicKey); err != nil {
		tb.Fatal(err)
	}
	if err := g.tc.TaprootTweak(nil); err != nil {
		tb.Fatal(err)
	}
	for k := range frostSessions {
		msg := sha256.Sum256([]byte(fmt.Sprintf("frost %d-of-%d session %d", t, n, k)))
		sns := make([]*frost.SecretNonce, t)
		pns := make([][]byte, t)
		for i, id := range g.ids {
			if sns[i], pns[i], err = frost.NonceGen(&frost.NonceOptions{SecretShare: d.SecretShares[id], Message: msg[:]}); err != nil {
				tb.Fatal(err)
			}
		}
		agg, err := frost.NonceAgg(pns)
		if err != nil {
			tb.Fatal(err)
		}
		s, err := frost.NewSession(g.sc, g.tc, agg, msg[:])
		if err != nil {
			tb.Fatal(err)
		}
		psigs := make([][]byte, t)
		for i, id := range g.ids {
			if psigs[i], err = s.Sign(sns[i], d.SecretShares[id], id); err != nil {
				tb.Fatal(err)
			}
		}
		sig, err := s.Aggregate(psigs)
		if err != nil || !schnorr.Verify(g.tc.XOnlyPublicKey(), msg[:], sig) {
			tb.Fatalf("FROST %d-of-%d: the signature does not verify (%v)", t, n, err)
		}
		g.msgs, g.aggs, g.sess = append(g.msgs, msg[:]), append(g.aggs, agg), append(g.sess, s)
		g.pns, g.psigs = append(g.pns, pns), append(g.psigs, psigs)
	}
	return g
}

func newMusigGroup(tb testing.TB, r *rand.Rand, n int) *musigGroup {
	g := &musigGroup{}
	for range n {
		k, err := secp.GenerateKey(seededReader{r})
		if err != nil {
			tb.Fatal(err)
		}
		g.privs = append(g.privs, k)
		g.pks = append(g.pks, k.PublicKey().BytesCompressed())
	}
	var err error
	if g.cache, err = musig2.KeyAgg(g.pks); err != nil {
		tb.Fatal(err)
	}
	if err := g.cache.TaprootTweak(nil); err != nil {
		tb.Fatal(err)
	}
	for k := range frostSessions {
		msg := sha256.Sum256([]byte(fmt.Sprintf("musig2 n=%d session %d", n, k)))
		sns := make([]*musig2.SecretNonce, n)
		pns := make([][]byte, n)
		for i := range n {
			if sns[i], pns[i], err = musig2.NonceGen(g.pks[i], &musig2.NonceOptions{SecretKey: g.privs[i], Message: msg[:]}); err != nil {
				tb.Fatal(err)
			}
		}
		agg, err := musig2.NonceAgg(pns)
		if err != nil {
			tb.Fatal(err)
		}
		s, err := musig2.NewSession(g.cache, agg, msg[:])
		if err != nil {
			tb.Fatal(err)
		}
		psigs := make([][]byte, n)
		for i := range n {
			if psigs[i], err = s.Sign(sns[i], g.privs[i]); err != nil {
				tb.Fatal(err)
			}
		}
		sig, err := s.Aggregate(psigs)
		if err != nil || !schnorr.Verify(g.cache.XOnlyPublicKey(), msg[:], sig) {
			tb.Fatalf("MuSig2 n=%d: the signature does not verify (%v)", n, err)
		}
		g.msgs, g.aggs, g.sess = append(g.msgs, msg[:]), append(g.aggs, agg), append(g.sess, s)
		g.pns, g.psigs = append(g.pns, pns), append(g.psigs, psigs)
	}
	return g
}

var frostSetups = map[[2]int]*frostSetup{}

func frostState(tb testing.TB, t, n int) *frostSetup {
	key := [2]int{t, n}
	if s := frostSetups[key]; s != nil {
		return s
	}
	r := rand.New(rand.NewPCG(uint64(t), uint64(n)))
	s := &frostSetup{t: t, n: n, frost: newFrostGroup(tb, r, t, n), musigT: newMusigGroup(tb, r, t), musigN: newMusigGroup(tb, r, n)}
	frostSetups[key] = s
	return s
}

// frostOp is one timed call on session k; pre, when set, runs before it,
// untimed.
type frostOp struct {
	pre func(k int)
	op  func(k int) bool
}

var frostSink byte

func frostOps(g *frostGroup) map[string]frostOp {
	var sn *frost.SecretNonce
	ps := make([][]byte, len(g.ids))
	share := g.d.SecretShares[g.ids[0]]
	return map[string]frostOp{
		"session": {op: func(k int) bool {
			s, err := frost.NewSession(g.sc, g.tc, g.aggs[k], g.msgs[k])
			return err == nil && s != nil
		}},
		"partial_sign": {
			pre: func(int) {
				var err error
				if sn, _, err = frost.NonceGen(&frost.NonceOptions{SecretShare: share}); err != nil {
					panic(err)
				}
			},
			op: func(k int) bool {
				p, err := g.sess[k].Sign(sn, share, g.ids[0])
				if err != nil {
					return false
				}
				frostSink ^= p[0]
				return true
			}},
		"partial_verify": {op: func(k int) bool { return g.sess[k].PartialVerify(g.psigs[k][0], g.pns[k][0], 0) }},
		"aggregate": {op: func(k int) bool {
			copy(ps, g.psigs[k])
			sig, err := g.sess[k].Aggregate(ps)
			if err != nil {
				return false
			}
			frostSink ^= sig[0]
			return true
		}},
	}
}

func musigOps(g *musigGroup) map[string]frostOp {
	var sn *musig2.SecretNonce
	ps := make([][]byte, len(g.privs))
	return map[string]frostOp{
		"session": {op: func(k int) bool {
			s, err := musig2.NewSession(g.cache, g.aggs[k], g.msgs[k])
			return err == nil && s != nil
		}},
		"partial_sign": {
			pre: func(int) {
				var err error
				if sn, _, err = musig2.NonceGen(g.pks[0], &musig2.NonceOptions{SecretKey: g.privs[0]}); err != nil {
					panic(err)
				}
			},
			op: func(k int) bool {
				p, err := g.sess[k].Sign(sn, g.privs[0])
				if err != nil {
					return false
				}
				frostSink ^= p[0]
				return true
			}},
		"partial_verify": {op: func(k int) bool { return g.sess[k].PartialVerify(g.psigs[k][0], g.pns[k][0], g.pks[0]) }},
		"aggregate": {op: func(k int) bool {
			copy(ps, g.psigs[k])
			sig, err := g.sess[k].Aggregate(ps)
			if err != nil {
				return false
			}
			frostSink ^= sig[0]
			return true
		}},
	}
}

var (
	frostSizes     = [][2]int{{2, 3}, {11, 15}}
	frostCaseNames = []string{"session", "partial_sign", "partial_verify", "aggregate"}
)

// frostSchemes returns the three schemes of a size: FROST t-of-n, MuSig2
// with t signers, MuSig2 with n signers.
func frostSchemes(s *frostSetup) []struct {
	name string
	ops  map[string]frostOp
} {
	return []struct {
		name string
		ops  map[string]frostOp
	}{
		{fmt.Sprintf("frost_%dof%d", s.t, s.n), frostOps(s.frost)},
		{fmt.Sprintf("musig2_n%d", s.t), musigOps(s.musigT)},
		{fmt.Sprintf("musig2_n%d", s.n), musigOps(s.musigN)},
	}
}

func BenchmarkFROST(b *testing.B) {
	for _, size := range frostSizes {
		s := frostState(b, size[0], size[1])
		for _, sch := range frostSchemes(s) {
			for _, c := range frostCaseNames {
				o := sch.ops[c]
				b.Run("scheme="+sch.name+"/case="+c, func(b *testing.B) {
					k := 0
					b.ReportAllocs()
					for b.Loop() {
						if o.pre != nil {
							b.StopTimer()
							o.pre(k)
							b.StartTimer()
						}
						if !o.op(k) {
							b.Fatalf("session %d failed", k)
						}
						if k++; k == frostSessions {
							k = 0
						}
					}
				})
			}
		}
	}
}

// TestFROSTRatios times every case of FROST t-of-n and of MuSig2 with t
// and with n signers, each call individually, in interleaved rounds, and
// prints the medians and the ratios FROST / MuSig2. It runs only with
// -frost.ratios.
func TestFROSTRatios(t *testing.T) {
	if !*frostRatios {
		t.Skip("run with -frost.ratios")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const rounds = 8
	slice := 100 * time.Millisecond
	var sb strings.Builder
	for _, size := range frostSizes {
		s := frostState(t, size[0], size[1])
		sch := frostSchemes(s)
		fmt.Fprintf(&sb, "\n| case | %s | %s | %s | ratio to %s | ratio to %s |\n|---|---|---|---|---|---|\n",
			sch[0].name, sch[1].name, sch[2].name, sch[1].name, sch[2].name)
		for _, c := range frostCaseNames {
			samples := make([][]int64, len(sch))
			for r := range rounds {
				for j := range sch {
					p := (j + r) % len(sch)
					o := sch[p].ops[c]
					k := 0
					for range 20 { // untimed warm-up
						if o.pre != nil {
							o.pre(k)
						}
						o.op(k)
					}
					end := time.Now().Add(slice)
					for time.Now().Before(end) {
						if o.pre != nil {
							o.pre(k)
						}
						t0 := time.Now()
						ok := o.op(k)
						d := time.Since(t0)
						if !ok {
							t.Fatalf("%s %s: session %d failed", sch[p].name, c, k)
						}
						samples[p] = append(samples[p], int64(d))
						if k++; k == frostSessions {
							k = 0
						}
					}
				}
			}
			med := func(v []int64) float64 { slices.Sort(v); return float64(v[len(v)/2]) }
			m := []float64{med(samples[0]), med(samples[1]), med(samples[2])}
			fmt.Fprintf(&sb, "| %s | %s | %s | %s | %.2f | %.2f |\n", c, fmtNs(m[0]), fmtNs(m[1]), fmtNs(m[2]), m[0]/m[1], m[0]/m[2])
		}
	}
	t.Log(sb.String())
}
