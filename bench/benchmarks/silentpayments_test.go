package benchmarks

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	secp "github.com/p256k1/secp256k1"
	sp "github.com/p256k1/secp256k1/silentpayments"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
	"github.com/p256k1/secp256k1/bench/internal/providers"
)

// The silent-payment cases: p256k1's silentpayments against libsecp256k1
// 0.8's silentpayments module (in-process: a second build of the reference
// sources with ENABLE_MODULE_SILENTPAYMENTS, see providers/libsecp_sp.go),
// on transactions built from the benchmark dataset (seed 42), spSets of
// them per case. What one call does:
//
//	send_10: one taproot and one plain input key, two outpoints, 10
//	  recipients with distinct scan keys -> the 10 x-only output keys.
//	  p256k1: CreateOutputs (the input keys know their public keys, as a
//	  wallet's do; the smallest outpoint is found in the call);
//	  libsecp256k1: sender_create_outputs with a key pair and a secret key,
//	  the recipients parsed beforehand and outpoint_L given.
//	scan_100: a transaction of 100 taproot outputs, none paying the
//	  receiver, one taproot input; the receiver scans for its address and
//	  its change label, as libsecp256k1's own benchmark
//	  (silentpayments_scan_nomatch) does. p256k1: Receiver.Scan on the
//	  input key, the outpoint and the 32-byte outputs; libsecp256k1:
//	  prevouts_summary_create and scan_outputs with a label lookup, on
//	  outputs and key parsed beforehand (p256k1 needs no parsed outputs).
//	scan_100_k10: the same, with 10 of the outputs paying the change
//	  label (k = 0 to 9, in reverse order at the end), as libsecp256k1's
//	  worst-case benchmark shapes its matches.
//
// Before anything is timed both libraries' outputs are compared: the sent
// outputs byte for byte, and the found outputs and tweaks of each scan.
//
//	go test -run '^$' -bench SilentPayments -count 6 ./bench/benchmarks   # testing.B
//	go test -run TestSilentPaymentsRatios ./bench/benchmarks -sp.ratios  # interleaved per-call medians and ratios

var spRatios = flag.Bool("sp.ratios", false, "run TestSilentPaymentsRatios: interleaved per-call medians of the silent-payment cases and their ratios to libsecp256k1 0.8")

const spSets = 16

type spSend struct {
	inputs     []sp.SenderInput
	outpoints  []sp.Outpoint
	recipients []*sp.Address
	lib        *providers.SPSend
}

type spScan struct {
	r         *sp.Receiver
	keys      []*secp.PublicKey
	outpoints []sp.Outpoint
	outputs   [][]byte
	matches   int
	lib       *providers.SPScan
}

type spSetup struct {
	send   []spSend
	scan   [2][]spScan // no match, 10 matches
	lib    *providers.SilentPaymentsRef
	libErr error
}

func spKey(t testing.TB, ds *h.Dataset, i int) *secp.PrivateKey {
	k, err := secp.NewPrivateKey(ds.Items[i%ds.Len()].Seckey[:])
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func spOutpoints(ds *h.Dataset, i, n int) []sp.Outpoint {
	ops := make([]sp.Outpoint, n)
	for j := range ops {
		ops[j].Hash = ds.Items[(i+j)%ds.Len()].Hash
		ops[j].Index = uint32(j)
	}
	return ops
}

func spSmallest(ops []sp.Outpoint) []byte {
	var best []byte
	for _, o := range ops {
		s := binary.LittleEndian.AppendUint32(bytes.Clone(o.Hash[:]), o.Index)
		if best == nil || bytes.Compare(s, best) < 0 {
			best = s
		}
	}
	return best
}

func newSPSetup(t testing.TB, ds *h.Dataset, lib *providers.SilentPaymentsRef) *spSetup {
	s := &spSetup{lib: lib}
	item := 0
	next := func() *secp.PrivateKey { item++; return spKey(t, ds, item) }
	for i := range spSets {
		// send_10
		tap, pl := next(), next()
		tap.PublicKey()
		pl.PublicKey()
		snd := spSend{inputs: []sp.SenderInput{{Key: tap, Taproot: true}, {Key: pl}}, outpoints: spOutpoints(ds, i, 2)}
		lrec := make([][2][]byte, 10)
		for j := range 10 {
			a := &sp.Address{ScanKey: next().PublicKey(), SpendKey: next().PublicKey()}
			snd.recipients = append(snd.recipients, a)
			lrec[j] = [2][]byte{a.ScanKey.BytesCompressed(), a.SpendKey.BytesCompressed()}
		}
		outs, err := sp.CreateOutputs(snd.inputs, snd.outpoints, snd.recipients)
		if err != nil {
			t.Fatal(err)
		}
		if lib != nil {
			if snd.lib, err = lib.NewSend(lrec, spSmallest(snd.outpoints), [][]byte{tap.Bytes()}, [][]byte{pl.Bytes()}); err != nil {
				t.Fatal(err)
			}
			if !snd.lib.Run() {
				t.Fatal("libsecp256k1: create_outputs failed")
			}
			for j, o := range snd.lib.Outputs() {
				if !bytes.Equal(o, outs[j].Bytes()) {
					t.Fatalf("send %d, output %d: libsecp256k1 %x, p256k1 %x", i, j, o, outs[j].Bytes())
				}
			}
		}
		s.send = append(s.send, snd)

		// scan_100 and scan_100_k10
		for c, matches := range []int{0, 10} {
			scanKey, spendKey, in := next(), next(), next()
			r, err := sp.NewReceiver(scanKey, spendKey.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			x, _ := in.PublicKey().XOnly()
			sc := spScan{r: r, keys: []*secp.PublicKey{x.PublicKey()}, outpoints: spOutpoints(ds, i+7, 1), matches: matches}
			for range 100 - matches {
				ox, _ := next().PublicKey().XOnly()
				sc.outputs = append(sc.outputs, ox.Bytes())
			}
			if matches > 0 {
				change, _ := r.LabeledAddress(sp.Mainnet, 0)
				rec := make([]*sp.Address, matches)
				for j := range rec {
					rec[j] = change
				}
				paid, err := sp.CreateOutputs([]sp.SenderInput{{Key: in, Taproot: true}}, sc.outpoints, rec)
				if err != nil {
					t.Fatal(err)
				}
				for j := matches - 1; j >= 0; j-- {
					sc.outputs = append(sc.outputs, paid[j].Bytes())
				}
			}
			found, err := r.Scan(sc.keys, sc.outpoints, sc.outputs)
			if err != nil || len(found) != matches {
				t.Fatalf("scan: found %d, %v; want %d", len(found), err, matches)
			}
			if lib != nil {
				if sc.lib, err = lib.NewScan(sc.outputs, scanKey.Bytes(), spSmallest(sc.outpoints), [][]byte{x.Bytes()}, nil, spendKey.PublicKey().BytesCompressed(), []uint32{0}); err != nil {
					t.Fatal(err)
				}
				if n := sc.lib.Run(); n != matches {
					t.Fatalf("libsecp256k1 found %d, want %d", n, matches)
				}
				for j, lf := range sc.lib.Found(matches) {
					if !bytes.Equal(lf.Output[:], sc.outputs[found[j].Index]) || lf.Tweak != found[j].Tweak {
						t.Fatalf("scan %d, output %d differs", i, j)
					}
				}
			}
			s.scan[c] = append(s.scan[c], sc)
		}
	}
	return s
}

type spCase struct {
	name       string
	p256k1, ls func(s *spSetup) func(i int) bool
}

var spSink byte

func spScanCase(c int) (func(s *spSetup) func(i int) bool, func(s *spSetup) func(i int) bool) {
	return func(s *spSetup) func(i int) bool {
			return func(i int) bool {
				sc := &s.scan[c][i]
				found, err := sc.r.Scan(sc.keys, sc.outpoints, sc.outputs)
				if len(found) > 0 {
					spSink ^= found[0].Tweak[0]
				}
				return err == nil && len(found) == sc.matches
			}
		}, func(s *spSetup) func(i int) bool {
			return func(i int) bool {
				sc := &s.scan[c][i]
				return sc.lib.Run() == sc.matches
			}
		}
}

var spCases = func() []spCase {
	p0, l0 := spScanCase(0)
	p1, l1 := spScanCase(1)
	return []spCase{
		{"send_10",
			func(s *spSetup) func(i int) bool {
				return func(i int) bool {
					snd := &s.send[i]
					outs, err := sp.CreateOutputs(snd.inputs, snd.outpoints, snd.recipients)
					if err != nil {
						return false
					}
					spSink ^= byte(len(outs))
					return true
				}
			},
			func(s *spSetup) func(i int) bool {
				return func(i int) bool { return s.send[i].lib.Run() }
			}},
		{"scan_100", p0, l0},
		{"scan_100_k10", p1, l1},
	}
}()

var spS *spSetup

func spState(t testing.TB) *spSetup {
	if spS == nil {
		ds, err := h.NewDataset(42, *datasetN)
		if err != nil {
			t.Fatal(err)
		}
		lib, err := providers.LibsecpSilentPayments()
		if err != nil {
			t.Logf("libsecp256k1 0.8 with silentpayments not available, p256k1 only: %v", err)
			lib = nil
		}
		spS = newSPSetup(t, ds, lib)
		spS.libErr = err
	}
	return spS
}

func BenchmarkSilentPayments(b *testing.B) {
	s := spState(b)
	for _, c := range spCases {
		b.Run("case="+c.name, func(b *testing.B) {
			for _, p := range []struct {
				name string
				mk   func(*spSetup) func(i int) bool
			}{{"p256k1", c.p256k1}, {"libsecp256k1", c.ls}} {
				b.Run("provider="+p.name, func(b *testing.B) {
					if p.name == "libsecp256k1" && s.lib == nil {
						b.Skip("libsecp256k1 0.8 with silentpayments not available")
					}
					op := p.mk(s)
					i := 0
					b.ReportAllocs()
					for b.Loop() {
						if !op(i) {
							b.Fatalf("set %d failed", i)
						}
						if i++; i == spSets {
							i = 0
						}
					}
				})
			}
		})
	}
}

// TestSilentPaymentsRatios times every silent-payment case in both
// libraries, each call individually, in interleaved rounds, and prints
// the medians and the ratio p256k1 / libsecp256k1 0.8. It runs only with
// -sp.ratios.
func TestSilentPaymentsRatios(t *testing.T) {
	if !*spRatios {
		t.Skip("run with -sp.ratios")
	}
	s := spState(t)
	if s.lib == nil {
		t.Skip("libsecp256k1 0.8 with silentpayments not available")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const rounds = 8
	slice := 250 * time.Millisecond
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n%s\n| case | p256k1 median | libsecp256k1 0.8 median | ratio |\n|---|---|---|---|\n", s.lib.Describe())
	for _, c := range spCases {
		ops := []func(int) bool{c.p256k1(s), c.ls(s)}
		samples := [2][]int64{}
		for r := range rounds {
			for k := range 2 {
				p := (k + r) % 2
				op := ops[p]
				for i := range 5 {
					op(i % spSets) // untimed warm-up
				}
				i := 0
				end := time.Now().Add(slice)
				for time.Now().Before(end) {
					t0 := time.Now()
					ok := op(i)
					d := time.Since(t0)
					if !ok {
						t.Fatalf("%s: set %d failed", c.name, i)
					}
					samples[p] = append(samples[p], int64(d))
					if i++; i == spSets {
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
