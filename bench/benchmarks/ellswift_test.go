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
	"github.com/p256k1/secp256k1/ellswift"
	"github.com/p256k1/secp256k1/internal/testutil"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
	"github.com/p256k1/secp256k1/bench/internal/providers"
)

// The ElligatorSwift cases: p256k1's ellswift against libsecp256k1 0.8's
// ellswift module (in-process, the build of the libsecp256k1 provider), on
// the benchmark dataset (seed 42, at most 256 items). Item i's key is its
// secret key, its randomness the item's aux; the peer of XDH is item i+1.
// What one call does:
//
//	encode: a parsed public key and 32 bytes of randomness -> the 64-byte
//	  encoding (p256k1: Encode with a reader over the 32 bytes;
//	  libsecp256k1: ellswift_encode with the key parsed beforehand).
//	create: the 32 secret bytes and 32 bytes of auxiliary randomness ->
//	  the 64-byte encoding of the key's public key, which both compute
//	  (p256k1: NewPrivateKey, EncodeSecretWithAux; libsecp256k1:
//	  ellswift_create).
//	decode: a 64-byte encoding -> the public key, serialized compressed
//	  (p256k1: Decode, BytesCompressed; libsecp256k1: ellswift_decode,
//	  ec_pubkey_serialize).
//	xdh: the 32 secret bytes, our encoding and the peer's -> the 32-byte
//	  BIP-324 shared secret, the roles alternating with i (p256k1:
//	  NewPrivateKey, XDH; libsecp256k1: ellswift_xdh with
//	  ellswift_xdh_hash_function_bip324).
//
// Before anything is timed the outputs of both libraries are compared on
// every item, byte for byte.
//
//	go test -run '^$' -bench EllSwift -count 6 ./bench/benchmarks     # testing.B (ns/op and cpu-ns/op), for benchstat -col /provider
//	go test -run TestEllSwiftRatios -ellswift.ratios ./bench/benchmarks  # interleaved medians and ratios

var (
	ellswiftRatios = flag.Bool("ellswift.ratios", false, "run TestEllSwiftRatios: interleaved medians of the ElligatorSwift cases and their ratios to libsecp256k1 0.8")
	ellswiftRounds = flag.Int("ellswift.rounds", 8, "TestEllSwiftRatios: interleaved rounds per case")
	ellswiftSlice  = flag.Duration("ellswift.slice", 250*time.Millisecond, "TestEllSwiftRatios: time per provider and round")
	ellswiftMax    = flag.Float64("ellswift.max", 0, "TestEllSwiftRatios: fail if a case's CPU-time ratio to libsecp256k1 0.8 is above this (0: report only)")
)

// ellswiftSetup is the prepared state of the ElligatorSwift cases.
type ellswiftSetup struct {
	n    int
	sk   [][32]byte
	aux  [][32]byte
	pub  []*secp.PublicKey
	ell  [][64]byte // item i's encoding (EncodeSecretWithAux with its aux)
	lib  *providers.EllSwiftRef
	lpub []*providers.EllSwiftPubkey
}

func newEllswiftSetup(t testing.TB, ds *h.Dataset, e *providers.EllSwiftRef) *ellswiftSetup {
	n := min(ds.Len(), 256)
	s := &ellswiftSetup{n: n, lib: e}
	for i := range n {
		it := &ds.Items[i]
		k, err := secp.NewPrivateKey(it.Seckey[:])
		if err != nil {
			t.Fatal(err)
		}
		enc, err := ellswift.EncodeSecretWithAux(k, it.Aux[:])
		if err != nil {
			t.Fatal(err)
		}
		s.sk = append(s.sk, it.Seckey)
		s.aux = append(s.aux, it.Aux)
		s.pub = append(s.pub, k.PublicKey())
		s.ell = append(s.ell, [64]byte(enc))
	}
	if e == nil {
		return s
	}
	// The same outputs from libsecp256k1, byte for byte.
	for i := range n {
		lpk, ok := e.ParsePubkey(s.pub[i].BytesCompressed())
		if !ok {
			t.Fatalf("item %d: libsecp256k1 rejects the public key", i)
		}
		s.lpub = append(s.lpub, lpk)
		for _, c := range ellswiftCases {
			a, b := c.p256k1(s)(i), c.ls(s)(i)
			if a == nil || b == nil || !bytes.Equal(a, b) {
				t.Fatalf("%s, item %d: p256k1 %x, libsecp256k1 %x", c.name, i, a, b)
			}
		}
	}
	return s
}

// ellswiftOp is one timed call on item i; it returns the output (a view
// valid until the next call) or nil on failure.
type ellswiftOp func(i int) []byte

type ellswiftCase struct {
	name       string
	p256k1, ls func(s *ellswiftSetup) ellswiftOp
}

// fixedReader reads its 32 bytes, again on every Read, without allocating.
type fixedReader struct{ b *[32]byte }

func (r fixedReader) Read(p []byte) (int, error) { return copy(p, r.b[:]), nil }

var ellswiftCases = []ellswiftCase{
	{"encode",
		func(s *ellswiftSetup) ellswiftOp {
			return func(i int) []byte {
				enc, err := ellswift.Encode(s.pub[i], fixedReader{&s.aux[i]})
				if err != nil {
					return nil
				}
				return enc
			}
		},
		func(s *ellswiftSetup) ellswiftOp {
			var out [64]byte
			return func(i int) []byte {
				if !s.lib.Encode(s.lpub[i], &s.aux[i], &out) {
					return nil
				}
				return out[:]
			}
		}},
	{"create",
		func(s *ellswiftSetup) ellswiftOp {
			return func(i int) []byte {
				k, err := secp.NewPrivateKey(s.sk[i][:])
				if err != nil {
					return nil
				}
				enc, err := ellswift.EncodeSecretWithAux(k, s.aux[i][:])
				if err != nil {
					return nil
				}
				return enc
			}
		},
		func(s *ellswiftSetup) ellswiftOp {
			var out [64]byte
			return func(i int) []byte {
				if !s.lib.Create(&s.sk[i], &s.aux[i], &out) {
					return nil
				}
				return out[:]
			}
		}},
	{"decode",
		func(s *ellswiftSetup) ellswiftOp {
			return func(i int) []byte {
				k, err := ellswift.Decode(s.ell[i][:])
				if err != nil {
					return nil
				}
				return k.BytesCompressed()
			}
		},
		func(s *ellswiftSetup) ellswiftOp {
			var out [33]byte
			return func(i int) []byte {
				if !s.lib.Decode(&s.ell[i], &out) {
					return nil
				}
				return out[:]
			}
		}},
	{"xdh",
		func(s *ellswiftSetup) ellswiftOp {
			return func(i int) []byte {
				j := (i + 1) % s.n
				role := ellswift.Initiator
				if i&1 == 1 {
					role = ellswift.Responder
				}
				k, err := secp.NewPrivateKey(s.sk[i][:])
				if err != nil {
					return nil
				}
				x, err := ellswift.XDH(k, s.ell[i][:], s.ell[j][:], role)
				if err != nil {
					return nil
				}
				return x
			}
		},
		func(s *ellswiftSetup) ellswiftOp {
			var out [32]byte
			return func(i int) []byte {
				j := (i + 1) % s.n
				a, b := &s.ell[i], &s.ell[j]
				if i&1 == 1 {
					a, b = b, a
				}
				if !s.lib.XDH(a, b, &s.sk[i], i&1 == 1, &out) {
					return nil
				}
				return out[:]
			}
		}},
}

var ellswiftS *ellswiftSetup

// ellswiftState builds the setup once (the dataset of the other
// benchmarks: seed 42, -bench.n items; at most 256 are used).
func ellswiftState(t testing.TB) *ellswiftSetup {
	if ellswiftS == nil {
		ds, err := h.NewDataset(42, *datasetN)
		if err != nil {
			t.Fatal(err)
		}
		var e *providers.EllSwiftRef
		if le, err := providers.LibsecpRefs()[0].EllSwift(); err == nil {
			e = le
		} else {
			t.Logf("libsecp256k1 0.8 not available, p256k1 only: %v", err)
		}
		ellswiftS = newEllswiftSetup(t, ds, e)
	}
	return ellswiftS
}

// TestEllSwiftBenchCases runs the setup (which compares both libraries on
// every item) and each case once per item, in plain go test.
func TestEllSwiftBenchCases(t *testing.T) {
	s := ellswiftState(t)
	for _, c := range ellswiftCases {
		op := c.p256k1(s)
		for i := range s.n {
			if op(i) == nil {
				t.Fatalf("%s: item %d failed", c.name, i)
			}
		}
	}
}

func BenchmarkEllSwift(b *testing.B) {
	s := ellswiftState(b)
	for _, c := range ellswiftCases {
		b.Run("case="+c.name, func(b *testing.B) {
			for _, p := range []struct {
				name string
				mk   func(*ellswiftSetup) ellswiftOp
			}{{"p256k1", c.p256k1}, {"libsecp256k1", c.ls}} {
				b.Run("provider="+p.name, func(b *testing.B) {
					if p.name == "libsecp256k1" && s.lib == nil {
						b.Skip("libsecp256k1 0.8 not available")
					}
					op := p.mk(s)
					i := 0
					t := testutil.StartCPUTimer(b)
					for b.Loop() {
						out := op(i)
						if out == nil {
							b.Fatalf("item %d failed", i)
						}
						sink ^= out[0]
						if i++; i == s.n {
							i = 0
						}
					}
					t.Stop()
				})
			}
		})
	}
}

// ellswiftBatch is the number of calls timed together in
// TestEllSwiftRatios. The cost of a call varies with its input (the
// encoders' number of attempts, the decoder's candidate), so that the
// median of single calls would fall between the modes of the distribution;
// the median of batches of consecutive items estimates the mean cost and
// still discards the batches a burst of load hit. (The thread's CPU time is
// a system call, too slow to read around each call anyway.)
const ellswiftBatch = 16

// TestEllSwiftRatios times every ElligatorSwift case in both libraries in
// interleaved rounds (as secp256k1-bench does: in each round each provider
// runs one slice, the order alternating) and prints the medians per call
// and the ratios p256k1 / libsecp256k1 0.8: the medians over batches of 16
// consecutive calls (ellswiftBatch) of the wall-clock time and of the
// thread's CPU time per call (on a shared machine the CPU time leaves out
// the time the thread waited for a core).
// It runs only with -ellswift.ratios; -ellswift.max fails it when a CPU-time
// ratio is above the bound.
func TestEllSwiftRatios(t *testing.T) {
	if !*ellswiftRatios {
		t.Skip("run with -ellswift.ratios")
	}
	s := ellswiftState(t)
	if s.lib == nil {
		t.Skip("libsecp256k1 0.8 not available")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := testutil.ThreadCPUTime() >= 0
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n%d rounds of %v per provider and case, %d items; medians over batches of %d calls, per call\n", *ellswiftRounds, *ellswiftSlice, s.n, ellswiftBatch)
	fmt.Fprintf(&sb, "| case | p256k1 wall | libsecp256k1 0.8 wall | ratio | p256k1 CPU | libsecp256k1 0.8 CPU | ratio |\n|---|---|---|---|---|---|---|\n")
	var over []string
	for _, c := range ellswiftCases {
		ops := []ellswiftOp{c.p256k1(s), c.ls(s)}
		var wall, cput [2][]int64
		for r := range *ellswiftRounds {
			for k := range 2 {
				p := (k + r) % 2
				op := ops[p]
				i := 0
				for range 20 { // untimed warm-up
					op(i)
				}
				end := time.Now().Add(*ellswiftSlice)
				for time.Now().Before(end) {
					c0 := testutil.ThreadCPUTime()
					t0 := time.Now()
					for range ellswiftBatch {
						out := op(i)
						if out == nil {
							t.Fatalf("%s: item %d failed", c.name, i)
						}
						sink ^= out[0]
						if i++; i == s.n {
							i = 0
						}
					}
					wall[p] = append(wall[p], int64(time.Since(t0))/ellswiftBatch)
					cput[p] = append(cput[p], (testutil.ThreadCPUTime()-c0)/ellswiftBatch)
				}
			}
		}
		med := func(v []int64) float64 { slices.Sort(v); return float64(v[len(v)/2]) }
		wa, wb := med(wall[0]), med(wall[1])
		line := fmt.Sprintf("| %s | %s | %s | %.2f |", c.name, fmtNs(wa), fmtNs(wb), wa/wb)
		if cpu {
			ca, cb := med(cput[0]), med(cput[1])
			line += fmt.Sprintf(" %s | %s | %.2f |", fmtNs(ca), fmtNs(cb), ca/cb)
			if *ellswiftMax > 0 && ca/cb > *ellswiftMax {
				over = append(over, fmt.Sprintf("%s %.2f", c.name, ca/cb))
			}
		} else {
			line += " - | - | - |"
		}
		fmt.Fprintln(&sb, line)
	}
	t.Log(sb.String())
	if len(over) > 0 {
		t.Errorf("CPU-time ratio above %.2f: %s", *ellswiftMax, strings.Join(over, ", "))
	}
}
