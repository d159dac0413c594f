package crypto_test

import (
	"bytes"
	"crypto/ecdsa"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	gethcrypto "github.com/ethereum/go-ethereum/crypto"

	"github.com/p256k1/secp256k1/geth/crypto"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Benchmarks of go-ethereum's signature API through this package against
// go-ethereum itself, on the same inputs: 64 keys derived from a fixed
// seed, each with a Keccak-256 hash and go-ethereum's signature of it.
// Which go-ethereum backend is compared depends on the build: cgo (its
// default, libsecp256k1) or CGO_ENABLED=0 (decred). What one call does:
//
//	sign: Sign(hash, *ecdsa.PrivateKey) -> 65-byte [R || S || V]
//	ecrecover: Ecrecover(hash, sig) -> 65-byte uncompressed key
//	sigtopub: SigToPub(hash, sig) -> *ecdsa.PublicKey
//	verify: VerifySignature(65-byte key, hash, 64-byte sig) -> bool
//	verify_compressed: VerifySignature(33-byte key, hash, 64-byte sig)
//
//	go test -run '^$' -bench VsGeth -count 6 ./crypto                    # testing.B, for benchstat -col /impl
//	go test -run TestRatiosVsGeth -geth.ratios ./crypto                  # interleaved per-call medians, ratios
//	CGO_ENABLED=0 go test -run TestRatiosVsGeth -geth.ratios ./crypto    # the same against the pure-Go backend
//
// TestRatiosVsGeth fails if, against the cgo backend, a case takes more
// than 0.8 times go-ethereum's time.

var gethRatios = flag.Bool("geth.ratios", false, "run TestRatiosVsGeth: interleaved per-call medians of the drop-in and go-ethereum and their ratios")

// benchItem is one input of the benchmarks.
type benchItem struct {
	ours, theirs *ecdsa.PrivateKey
	hash, sig    []byte
	pubU, pubC   []byte
}

const benchItems = 64

func benchData(tb testing.TB) []benchItem {
	tb.Helper()
	items := make([]benchItem, benchItems)
	seed := gethcrypto.Keccak256([]byte("p256k1 geth bench"))
	for i := range items {
		sk := gethcrypto.Keccak256(seed, []byte{byte(i), 0})
		ours, err := crypto.ToECDSA(sk)
		if err != nil {
			tb.Fatal(err)
		}
		theirs, err := gethcrypto.ToECDSA(sk)
		if err != nil {
			tb.Fatal(err)
		}
		hash := gethcrypto.Keccak256(seed, []byte{byte(i), 1})
		sig, err := gethcrypto.Sign(hash, theirs)
		if err != nil {
			tb.Fatal(err)
		}
		items[i] = benchItem{ours, theirs, hash, sig, gethcrypto.FromECDSAPub(&theirs.PublicKey), gethcrypto.CompressPubkey(&theirs.PublicKey)}
	}
	return items
}

// benchCase is one operation: ours and theirs run it on item i and report
// whether the result is the expected one.
type benchCase struct {
	name         string
	ours, theirs func(it *benchItem) bool
}

var benchCases = []benchCase{
	{"sign",
		func(it *benchItem) bool {
			s, err := crypto.Sign(it.hash, it.ours)
			return err == nil && bytes.Equal(s, it.sig)
		},
		func(it *benchItem) bool {
			s, err := gethcrypto.Sign(it.hash, it.theirs)
			return err == nil && bytes.Equal(s, it.sig)
		}},
	{"ecrecover",
		func(it *benchItem) bool {
			p, err := crypto.Ecrecover(it.hash, it.sig)
			return err == nil && bytes.Equal(p, it.pubU)
		},
		func(it *benchItem) bool {
			p, err := gethcrypto.Ecrecover(it.hash, it.sig)
			return err == nil && bytes.Equal(p, it.pubU)
		}},
	{"sigtopub",
		func(it *benchItem) bool {
			p, err := crypto.SigToPub(it.hash, it.sig)
			return err == nil && p.X.Cmp(it.ours.X) == 0
		},
		func(it *benchItem) bool {
			p, err := gethcrypto.SigToPub(it.hash, it.sig)
			return err == nil && p.X.Cmp(it.ours.X) == 0
		}},
	{"verify",
		func(it *benchItem) bool { return crypto.VerifySignature(it.pubU, it.hash, it.sig[:64]) },
		func(it *benchItem) bool { return gethcrypto.VerifySignature(it.pubU, it.hash, it.sig[:64]) }},
	{"verify_compressed",
		func(it *benchItem) bool { return crypto.VerifySignature(it.pubC, it.hash, it.sig[:64]) },
		func(it *benchItem) bool { return gethcrypto.VerifySignature(it.pubC, it.hash, it.sig[:64]) }},
}

// gethImpl names go-ethereum's implementation in this build.
func gethImpl() string {
	if gethCgo {
		return "geth-cgo"
	}
	return "geth-nocgo"
}

func BenchmarkVsGeth(b *testing.B) {
	items := benchData(b)
	for _, c := range benchCases {
		b.Run("case="+c.name, func(b *testing.B) {
			for _, impl := range []struct {
				name string
				f    func(*benchItem) bool
			}{{"p256k1", c.ours}, {gethImpl(), c.theirs}} {
				b.Run("impl="+impl.name, func(b *testing.B) {
					timer := testutil.StartCPUTimer(b) // cpu-ns/op: less noisy on a shared machine
					i := 0
					for b.Loop() {
						if !impl.f(&items[i]) {
							b.Fatalf("item %d: wrong result", i)
						}
						i = (i + 1) % len(items)
					}
					timer.Stop()
				})
			}
		})
	}
}

// TestBenchCasesCheck runs every case of both implementations once per
// item, so that plain go test checks what the benchmarks time.
func TestBenchCasesCheck(t *testing.T) {
	items := benchData(t)
	for _, c := range benchCases {
		for i := range items {
			if !c.ours(&items[i]) || !c.theirs(&items[i]) {
				t.Fatalf("%s: item %d: wrong result", c.name, i)
			}
		}
	}
}

// TestRatiosVsGeth times every case in both implementations, each call
// individually, in interleaved rounds (the order alternating), and prints
// the medians and the ratio drop-in / go-ethereum. It runs only with
// -geth.ratios.
func TestRatiosVsGeth(t *testing.T) {
	if !*gethRatios {
		t.Skip("run with -geth.ratios")
	}
	items := benchData(t)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const rounds = 8
	slice := 250 * time.Millisecond
	var sb strings.Builder
	fmt.Fprintf(&sb, "\nagainst %s, %s/%s, %d CPUs\n", gethBackend, runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	fmt.Fprintf(&sb, "| case | p256k1 drop-in median | %s median | ratio |\n|---|---|---|---|\n", gethImpl())
	var over []string
	for _, c := range benchCases {
		fs := []func(*benchItem) bool{c.ours, c.theirs}
		var samples [2][]int64
		for r := range rounds {
			for k := range 2 {
				p := (k + r) % 2
				f := fs[p]
				for i := range 20 { // untimed warm-up
					f(&items[i%len(items)])
				}
				i := 0
				for end := time.Now().Add(slice); time.Now().Before(end); {
					t0 := time.Now()
					ok := f(&items[i])
					d := time.Since(t0)
					if !ok {
						t.Fatalf("%s: item %d: wrong result", c.name, i)
					}
					samples[p] = append(samples[p], int64(d))
					i = (i + 1) % len(items)
				}
			}
		}
		med := func(v []int64) float64 { slices.Sort(v); return float64(v[len(v)/2]) }
		a, b := med(samples[0]), med(samples[1])
		fmt.Fprintf(&sb, "| %s | %s | %s | %.2f |\n", c.name, fmtNs(a), fmtNs(b), a/b)
		if gethCgo && a/b > 0.8 {
			over = append(over, fmt.Sprintf("%s %.2f", c.name, a/b))
		}
	}
	t.Log(sb.String())
	if len(over) > 0 {
		t.Errorf("above the 0.8x target against go-ethereum with cgo: %s", strings.Join(over, ", "))
	}
}

func fmtNs(ns float64) string {
	if ns >= 1e3 {
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}
