package nostr_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	gonostr "github.com/nbd-wtf/go-nostr"
	fast "github.com/p256k1/secp256k1/nostr"
)

// burst returns n events signed by 50 authors (NIP-01 notes with a tag or
// two), of which forged are forged (a flipped signature digit).
func burst(tb testing.TB, n, forged int) []*gonostr.Event {
	r := rand.New(rand.NewPCG(uint64(n), uint64(forged)))
	var sks []string
	for range 50 {
		sks = append(sks, randSecret(r))
	}
	events := make([]*gonostr.Event, n)
	for i := range events {
		evt := &gonostr.Event{
			CreatedAt: gonostr.Timestamp(1700000000 + i),
			Kind:      1,
			Tags:      gonostr.Tags{{"e", strings.Repeat("ab", 32)}, {"p", strings.Repeat("cd", 32)}},
			Content:   fmt.Sprintf("note %d: %s", i, strings.Repeat("lorem ipsum ", 1+r.IntN(20))),
		}
		if err := fast.Sign(evt, sks[r.IntN(len(sks))]); err != nil {
			tb.Fatal(err)
		}
		events[i] = evt
	}
	for i := 0; i < forged; i++ {
		e := events[(i*7919)%n]
		e.Sig = flipHex(r, e.Sig[:64]) + e.Sig[64:]
	}
	return events
}

// goNostrCheck is what a go-nostr relay runs per event.
func goNostrCheck(events []*gonostr.Event) int {
	bad := 0
	for _, e := range events {
		if !e.CheckID() {
			bad++
			continue
		}
		if ok, err := e.CheckSignature(); !ok || err != nil {
			bad++
		}
	}
	return bad
}

func fastCheck(c *fast.Checker, events []*gonostr.Event) int {
	bad := 0
	for _, r := range c.Check(events) {
		if !r.OK() {
			bad++
		}
	}
	return bad
}

func BenchmarkRelayBurst(b *testing.B) {
	for _, forged := range []int{0, 50} {
		events := burst(b, 5000, forged)
		b.Run(fmt.Sprintf("forged=%d/go-nostr", forged), func(b *testing.B) {
			for b.Loop() {
				goNostrCheck(events)
			}
		})
		b.Run(fmt.Sprintf("forged=%d/p256k1", forged), func(b *testing.B) {
			var c fast.Checker
			for b.Loop() {
				fastCheck(&c, events)
			}
		})
	}
}

var burstRounds = flag.Int("burst.rounds", 0, "TestRelayBurstRatios: interleaved rounds (0: skip)")

// TestRelayBurstRatios times a relay burst of 5,000 events by 50 authors,
// with 0 % and 1 % forged, checked by go-nostr (CheckID and CheckSignature
// per event) and by Checker.Check (Workers 1 and GOMAXPROCS), interleaved;
// it prints medians and ratios. Run with
//
//	cd nostr && go test -run TestRelayBurstRatios -burst.rounds 5 -v
func TestRelayBurstRatios(t *testing.T) {
	if *burstRounds == 0 {
		t.Skip("needs -burst.rounds N")
	}
	for _, forged := range []int{0, 50} {
		events := burst(t, 5000, forged)
		var c1, cN fast.Checker
		c1.Workers = 1
		var tg, t1, tN []time.Duration
		timeIt := func(f func() int) time.Duration {
			t0 := time.Now()
			if bad := f(); bad != forged {
				t.Fatalf("%d invalid, want %d", bad, forged)
			}
			return time.Since(t0)
		}
		for range *burstRounds {
			tg = append(tg, timeIt(func() int { return goNostrCheck(events) }))
			t1 = append(t1, timeIt(func() int { return fastCheck(&c1, events) }))
			tN = append(tN, timeIt(func() int { return fastCheck(&cN, events) }))
		}
		med := func(d []time.Duration) float64 {
			sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
			return float64(d[len(d)/2].Microseconds()) / 5000
		}
		g, a, b := med(tg), med(t1), med(tN)
		t.Logf("5000 events, %d forged: go-nostr %.1f µs/event, p256k1 1 worker %.1f (%.2fx), all cores %.1f (%.2fx)", forged, g, a, a/g, b, b/g)
	}
}
