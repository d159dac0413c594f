package benchmarks

import (
	"bytes"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/musig2"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
	"github.com/p256k1/secp256k1/bench/internal/providers"
)

// The MuSig2 cases: p256k1's musig2 against libsecp256k1 0.8's musig
// module (in-process, the build of the libsecp256k1 provider), on 2-of-2
// sessions built from the benchmark dataset (seed 42): signer i is item i,
// its co-signer item i+1, the message item i's hash. What one call does:
//
//	key_agg_n2, key_agg_n100: 2 or 100 compressed keys (items i, i+1, ...)
//	  -> the x-only aggregate key (32 bytes); both parse the keys in the
//	  call (p256k1's KeyAgg takes bytes; libsecp256k1: ec_pubkey_parse of
//	  each key, musig_pubkey_agg, xonly_pubkey_serialize).
//	nonce_gen: secret key, public key, 32-byte message, key aggregation
//	  cache and 32 bytes of randomness -> the 66-byte public nonce
//	  (libsecp256k1: musig_nonce_gen with the parsed public key, then
//	  pubnonce_serialize).
//	partial_sign: a fresh secret nonce (made before the call, untimed),
//	  the key (pair), cache and session -> the 32-byte partial signature.
//	partial_verify: partial signature, public nonce and public key ->
//	  bool. p256k1 takes the three as bytes and parses them in the call;
//	  libsecp256k1 gets them parsed beforehand (its API takes parsed
//	  objects), so it is spared two point decompressions and a scalar
//	  parse.
//	aggregate: the session and 2 partial signatures -> the 64-byte BIP-340
//	  signature (p256k1 parses the 32-byte partial signatures in the call,
//	  libsecp256k1 gets them parsed).
//
// Before anything is timed the outputs of both libraries are compared on
// every session (byte-identical: aggregate keys, public nonces, partial
// signatures, signatures), and the partial signatures verify in both.
//
//	go test -run '^$' -bench MuSig2 -count 6 ./bench/benchmarks    # testing.B, for benchstat -col /provider
//	go test -run TestMuSig2Ratios -musig.ratios ./bench/benchmarks  # interleaved per-call medians and ratios

var musigRatios = flag.Bool("musig.ratios", false, "run TestMuSig2Ratios: interleaved per-call medians of the MuSig2 cases and their ratios to libsecp256k1 0.8")

// musigSetup is the prepared state of the MuSig2 cases.
type musigSetup struct {
	items []h.Item
	n     int
	flat  []byte // the compressed keys of all items, concatenated (with the first 100 repeated at the end)
	privs []*secp.PrivateKey
	pks   [][]byte
	cache []*musig2.KeyAggCache
	aggpk [][]byte
	sess  []*musig2.Session
	pn    [][]byte    // signer's public nonce
	psig  [][2][]byte // the two partial signatures
	lib   *providers.MuSigRef
	lb    []*providers.MuSigBench
	lsn   []*providers.MuSigSecNonce // signer's libsecp256k1 secret nonce template
}

// sessionRand is the nonce randomness of item i's signer (k = 0) or
// co-signer (k = 1): the item's aux, with the last byte changed.
func sessionRand(it *h.Item, k byte) []byte {
	r := bytes.Clone(it.Aux[:])
	r[31] ^= 0x5a + k
	return r
}

func newMusigSetup(t testing.TB, ds *h.Dataset, m *providers.MuSigRef) *musigSetup {
	n := min(ds.Len(), 256)
	s := &musigSetup{items: ds.Items, n: n, lib: m}
	for i := range ds.Len() + 100 {
		s.flat = append(s.flat, ds.Items[i%ds.Len()].Pub[:]...)
	}
	for i := range ds.Len() {
		k, err := secp.NewPrivateKey(ds.Items[i].Seckey[:])
		if err != nil {
			t.Fatal(err)
		}
		s.privs = append(s.privs, k)
		s.pks = append(s.pks, ds.Items[i].Pub[:])
	}
	for i := range n {
		j := (i + 1) % ds.Len()
		it, jt := &ds.Items[i], &ds.Items[j]
		keys := [][]byte{s.pks[i], s.pks[j]}
		c, err := musig2.KeyAgg(keys)
		if err != nil {
			t.Fatal(err)
		}
		aggpk := c.XOnlyPublicKey().Bytes()
		msg := it.Hash[:]
		snA, pnA, err := musig2.NonceGen(keys[0], &musig2.NonceOptions{SecretKey: s.privs[i], AggregateKey: aggpk, Message: msg, Rand: sessionRand(it, 0)})
		if err != nil {
			t.Fatal(err)
		}
		snB, pnB, err := musig2.NonceGen(keys[1], &musig2.NonceOptions{SecretKey: s.privs[j], AggregateKey: aggpk, Message: msg, Rand: sessionRand(it, 1)})
		if err != nil {
			t.Fatal(err)
		}
		agg, err := musig2.NonceAgg([][]byte{pnA, pnB})
		if err != nil {
			t.Fatal(err)
		}
		sess, err := musig2.NewSession(c, agg, msg)
		if err != nil {
			t.Fatal(err)
		}
		psA, errA := sess.Sign(snA, s.privs[i])
		psB, errB := sess.Sign(snB, s.privs[j])
		if errA != nil || errB != nil || !sess.PartialVerify(psA, pnA, keys[0]) {
			t.Fatalf("session %d: %v %v", i, errA, errB)
		}
		s.cache = append(s.cache, c)
		s.aggpk = append(s.aggpk, aggpk)
		s.sess = append(s.sess, sess)
		s.pn = append(s.pn, pnA)
		s.psig = append(s.psig, [2][]byte{psA, psB})

		if m == nil {
			continue
		}
		// The same session in libsecp256k1, compared byte for byte.
		lc, lagg, ok := m.KeyAgg(keys, nil, nil)
		if !ok || !bytes.Equal(lagg, c.PublicKey().BytesCompressed()) {
			t.Fatalf("session %d: libsecp256k1 aggregate key %x, p256k1 %x", i, lagg, c.PublicKey().BytesCompressed())
		}
		lsnA, lpnA, okA := m.NonceGen(sessionRand(it, 0), it.Seckey[:], keys[0], msg, lc, nil)
		lsnB, lpnB, okB := m.NonceGen(sessionRand(it, 1), jt.Seckey[:], keys[1], msg, lc, nil)
		if !okA || !okB || !bytes.Equal(lpnA, pnA) || !bytes.Equal(lpnB, pnB) {
			t.Fatalf("session %d: libsecp256k1 public nonces differ", i)
		}
		ls, ok := m.Session(lc, agg, msg)
		if !ok {
			t.Fatalf("session %d: libsecp256k1 nonce_process failed", i)
		}
		lpsA, okA := m.Sign(lsnA, it.Seckey[:], lc, ls)
		lpsB, okB := m.Sign(lsnB, jt.Seckey[:], lc, ls)
		if !okA || !okB || !bytes.Equal(lpsA, psA) || !bytes.Equal(lpsB, psB) {
			t.Fatalf("session %d: libsecp256k1 partial signatures differ", i)
		}
		sig, err := sess.Aggregate([][]byte{psA, psB})
		lsig, ok := m.Aggregate(ls, [][]byte{psA, psB})
		if err != nil || !ok || !bytes.Equal(sig, lsig) {
			t.Fatalf("session %d: libsecp256k1 signature differs", i)
		}
		b, err := m.NewBench(it.Seckey[:], keys[0], msg, pnA, [2][]byte{psA, psB}, lc, ls)
		if err != nil {
			t.Fatal(err)
		}
		if !b.Verify() {
			t.Fatalf("session %d: libsecp256k1 rejects the partial signature", i)
		}
		s.lb = append(s.lb, b)
		s.lsn = append(s.lsn, lsnA)
	}
	return s
}

// musigOp is one timed call on session i; pre, when set, runs before it,
// untimed (the fresh secret nonce of partial_sign).
type musigOp struct {
	pre func(i int)
	op  func(i int) bool
}

type musigCase struct {
	name       string
	p256k1, ls func(s *musigSetup) musigOp
}

var musigSink byte

var musigCases = []musigCase{
	{"key_agg_n2", keyAggP256k1(2), keyAggLibsecp(2)},
	{"key_agg_n100", keyAggP256k1(100), keyAggLibsecp(100)},
	{"nonce_gen",
		func(s *musigSetup) musigOp {
			var rnd [32]byte
			return musigOp{op: func(i int) bool {
				it := &s.items[i]
				copy(rnd[:], it.Aux[:]) // NonceGen zeroes its Rand
				_, pn, err := musig2.NonceGen(s.pks[i], &musig2.NonceOptions{SecretKey: s.privs[i], AggregateKey: s.aggpk[i], Message: it.Hash[:], Rand: rnd[:]})
				if err != nil {
					return false
				}
				musigSink ^= pn[0]
				return true
			}}
		},
		func(s *musigSetup) musigOp {
			var out [66]byte
			return musigOp{op: func(i int) bool {
				ok := s.lb[i].NonceGen(s.items[i].Aux[:], &out) // copies rand
				musigSink ^= out[0]
				return ok
			}}
		}},
	{"partial_sign",
		func(s *musigSetup) musigOp {
			var sn *musig2.SecretNonce
			return musigOp{
				pre: func(i int) {
					var err error
					if sn, _, err = musig2.NonceGen(s.pks[i], &musig2.NonceOptions{SecretKey: s.privs[i]}); err != nil {
						panic(err)
					}
				},
				op: func(i int) bool {
					ps, err := s.sess[i].Sign(sn, s.privs[i])
					if err != nil {
						return false
					}
					musigSink ^= ps[0]
					return true
				}}
		},
		func(s *musigSetup) musigOp {
			var sn providers.MuSigSecNonce
			var out [32]byte
			return musigOp{
				pre: func(i int) { sn = *s.lsn[i] },
				op: func(i int) bool {
					ok := s.lb[i].Sign(&sn, &out)
					musigSink ^= out[0]
					return ok
				}}
		}},
	{"partial_verify",
		func(s *musigSetup) musigOp {
			return musigOp{op: func(i int) bool { return s.sess[i].PartialVerify(s.psig[i][0], s.pn[i], s.pks[i]) }}
		},
		func(s *musigSetup) musigOp {
			return musigOp{op: func(i int) bool { return s.lb[i].Verify() }}
		}},
	{"aggregate",
		func(s *musigSetup) musigOp {
			ps := make([][]byte, 2)
			return musigOp{op: func(i int) bool {
				ps[0], ps[1] = s.psig[i][0], s.psig[i][1]
				sig, err := s.sess[i].Aggregate(ps)
				if err != nil {
					return false
				}
				musigSink ^= sig[0]
				return true
			}}
		},
		func(s *musigSetup) musigOp {
			var out [64]byte
			return musigOp{op: func(i int) bool {
				ok := s.lb[i].Aggregate(&out)
				musigSink ^= out[0]
				return ok
			}}
		}},
}

func keyAggP256k1(n int) func(s *musigSetup) musigOp {
	return func(s *musigSetup) musigOp {
		keys := make([][]byte, n)
		return musigOp{op: func(i int) bool {
			for k := range keys {
				keys[k] = s.flat[33*(i+k) : 33*(i+k+1)]
			}
			c, err := musig2.KeyAgg(keys)
			if err != nil {
				return false
			}
			musigSink ^= c.XOnlyPublicKey().Bytes()[0]
			return true
		}}
	}
}

func keyAggLibsecp(n int) func(s *musigSetup) musigOp {
	return func(s *musigSetup) musigOp {
		var out [32]byte
		return musigOp{op: func(i int) bool {
			ok := s.lib.KeyAggX(s.flat[33*i:33*(i+n)], n, &out)
			musigSink ^= out[0]
			return ok
		}}
	}
}

var musigS *musigSetup

// musigState builds the sessions once (the dataset of the other
// benchmarks: seed 42, -bench.n items; at most 256 sessions).
func musigState(t testing.TB) *musigSetup {
	if musigS == nil {
		ds, err := h.NewDataset(42, *datasetN)
		if err != nil {
			t.Fatal(err)
		}
		var m *providers.MuSigRef
		if lm, err := providers.LibsecpRefs()[0].MuSig(); err == nil {
			m = lm
		} else {
			t.Logf("libsecp256k1 0.8 not available, p256k1 only: %v", err)
		}
		musigS = newMusigSetup(t, ds, m)
	}
	return musigS
}

func BenchmarkMuSig2(b *testing.B) {
	s := musigState(b)
	for _, c := range musigCases {
		b.Run("case="+c.name, func(b *testing.B) {
			for _, p := range []struct {
				name string
				mk   func(*musigSetup) musigOp
			}{{"p256k1", c.p256k1}, {"libsecp256k1", c.ls}} {
				b.Run("provider="+p.name, func(b *testing.B) {
					if p.name == "libsecp256k1" && s.lib == nil {
						b.Skip("libsecp256k1 0.8 not available")
					}
					o := p.mk(s)
					i := 0
					b.ReportAllocs()
					for b.Loop() {
						if o.pre != nil {
							b.StopTimer()
							o.pre(i)
							b.StartTimer()
						}
						if !o.op(i) {
							b.Fatalf("session %d failed", i)
						}
						if i++; i == s.n {
							i = 0
						}
					}
				})
			}
		})
	}
}

// TestMuSig2Ratios times every MuSig2 case in both libraries, each call
// individually, in interleaved rounds (as secp256k1-bench does), and
// prints the medians and the ratio p256k1 / libsecp256k1 0.8. It runs only
// with -musig.ratios.
func TestMuSig2Ratios(t *testing.T) {
	if !*musigRatios {
		t.Skip("run with -musig.ratios")
	}
	s := musigState(t)
	if s.lib == nil {
		t.Skip("libsecp256k1 0.8 not available")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const rounds = 8
	slice := 250 * time.Millisecond
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n| case | p256k1 median | libsecp256k1 0.8 median | ratio |\n|---|---|---|---|\n")
	for _, c := range musigCases {
		ops := []musigOp{c.p256k1(s), c.ls(s)}
		samples := [2][]int64{}
		for r := range rounds {
			for k := range 2 {
				p := (k + r) % 2
				o := ops[p]
				i := 0
				// Untimed warm-up, then timed calls.
				for range 20 {
					if o.pre != nil {
						o.pre(i)
					}
					o.op(i)
				}
				end := time.Now().Add(slice)
				for time.Now().Before(end) {
					if o.pre != nil {
						o.pre(i)
					}
					t0 := time.Now()
					ok := o.op(i)
					d := time.Since(t0)
					if !ok {
						t.Fatalf("%s: session %d failed", c.name, i)
					}
					samples[p] = append(samples[p], int64(d))
					if i++; i == s.n {
						i = 0
					}
				}
			}
		}
		med := func(v []int64) float64 { slices.Sort(v); return float64(v[len(v)/2]) }
		a, b := med(samples[0]), med(samples[1])
		fmt.Fprintf(&sb, "| %s | %s | %s | %.2f |\n", c.name, fmtNs(a), fmtNs(b), a/b)
	}
	t.Log(sb.String())
}

func fmtNs(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}
