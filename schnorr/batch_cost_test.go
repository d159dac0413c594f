package schnorr

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// costInput is n signatures by n keys, with their parsed keys.
type costInput struct {
	pubs       []*secp256k1.XOnlyPublicKey
	msgs, sigs [][]byte
}

func newCostInput(t testing.TB, r *rand.Rand, n, keys int) *costInput {
	in := &costInput{}
	var privs []*secp256k1.PrivateKey
	for len(privs) < keys {
		var kb [32]byte
		for j := range kb {
			kb[j] = byte(r.Uint32())
		}
		if k, err := secp256k1.NewPrivateKey(kb[:]); err == nil {
			privs = append(privs, k)
		}
	}
	for i := range n {
		k := privs[i%keys]
		m := []byte(fmt.Sprintf("message %d", i))
		aux := make([]byte, 32)
		aux[0], aux[1] = byte(i), byte(i>>8)
		sig, err := SignWithAux(k, m, aux)
		if err != nil {
			t.Fatal(err)
		}
		x, _ := k.PublicKey().XOnly()
		in.pubs, in.msgs, in.sigs = append(in.pubs, x), append(in.msgs, m), append(in.sigs, sig)
	}
	return in
}

// corrupt returns a copy of in with the signatures at bad made invalid
// (one bit of the message flipped: Add accepts them).
func (in *costInput) corrupt(bad []int) *costInput {
	out := &costInput{pubs: in.pubs, msgs: slices.Clone(in.msgs), sigs: in.sigs}
	for _, i := range bad {
		m := slices.Clone(out.msgs[i])
		m[0] ^= 1
		out.msgs[i] = m
	}
	return out
}

func (in *costInput) fill(b *BatchVerifier) {
	b.Reset()
	for i := range in.pubs {
		b.Add(in.pubs[i], in.msgs[i], in.sigs[i])
	}
}

// placements returns where k invalid signatures of n go: spread evenly,
// clustered at the start, in the middle and at the end, and at random.
func placements(r *rand.Rand, n, k int) map[string][]int {
	p := map[string][]int{}
	if k == 0 {
		p["none"] = nil
		return p
	}
	var spread, start, mid, end []int
	for i := range k {
		spread = append(spread, i*n/k)
		start = append(start, i)
		mid = append(mid, (n-k)/2+i)
		end = append(end, n-k+i)
	}
	random := r.Perm(n)[:k]
	slices.Sort(random)
	p["spread"], p["clustered-start"], p["clustered-mid"], p["clustered-end"], p["random"] = spread, start, mid, end, random
	return p
}

// cpuTime returns the CPU time the calling thread has used, or the wall
// clock where the OS does not say.
func cpuTime() time.Duration {
	if t := testutil.ThreadCPUTime(); t >= 0 {
		return time.Duration(t)
	}
	return time.Duration(time.Now().UnixNano())
}

var (
	costRounds = flag.Int("batchcost.rounds", 0, "TestBatchInvalidCost: rounds of the cost table (0: skip)")
	costN      = flag.Int("batchcost.n", 1024, "TestBatchInvalidCost: batch size")
)

// TestBatchInvalidCost prints the cost of Verify+Invalid on one core for
// k invalid signatures among n (default 1024), for every k in 0, 1, 2, 4,
// ..., n and several placements, as a ratio to n single Verify calls:
// rounds of (a) n calls of Verify and (b) Verify+Invalid of every case
// alternate in one process, each timed in CPU time of the thread, and the
// table gives the median ratio over the rounds. Run it with
//
//	go test ./schnorr -run TestBatchInvalidCost -batchcost.rounds 5 -v
func TestBatchInvalidCost(t *testing.T) {
	if *costRounds <= 0 {
		t.Skip("the cost table runs with -batchcost.rounds N")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r := testutil.Rand(t)
	n := *costN
	in := newCostInput(t, r, n, n)
	var ks []int
	for k := 0; k <= n; k = max(1, 2*k) {
		ks = append(ks, k)
	}
	type kase struct {
		k     int
		place string
		in    *costInput
		want  []int
	}
	var cases []kase
	for _, k := range ks {
		pl := placements(r, n, k)
		names := make([]string, 0, len(pl))
		for name := range pl {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			cases = append(cases, kase{k, name, in.corrupt(pl[name]), pl[name]})
		}
	}
	b := &BatchVerifier{Workers: 1}
	single := func() time.Duration {
		t0 := cpuTime()
		for i := range in.pubs {
			if !Verify(in.pubs[i], in.msgs[i], in.sigs[i]) {
				t.Fatal("Verify")
			}
		}
		return cpuTime() - t0
	}
	ratios := make([][]float64, len(cases))
	for range *costRounds {
		for ci, c := range cases {
			a := single()
			t0 := cpuTime()
			c.in.fill(b)
			ok := b.Verify()
			got := b.Invalid()
			d := cpuTime() - t0
			if ok != (c.k == 0) || !slices.Equal(got, c.want) {
				t.Fatalf("k=%d %s: Verify %v, Invalid %v", c.k, c.place, ok, got)
			}
			ratios[ci] = append(ratios[ci], float64(d)/float64(a))
		}
	}
	median := func(x []float64) float64 {
		x = slices.Clone(x)
		sort.Float64s(x)
		return x[len(x)/2]
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "Verify+Invalid / %d × Verify, Workers = 1, median of %d rounds\n", n, *costRounds)
	fmt.Fprintf(&sb, "%6s  %-6s %-16s %s\n", "k", "worst", "(placement)", "all placements")
	for _, k := range ks {
		worst, wname := 0.0, ""
		var all []string
		for ci, c := range cases {
			if c.k != k {
				continue
			}
			m := median(ratios[ci])
			all = append(all, fmt.Sprintf("%s %.2f", c.place, m))
			if m > worst {
				worst, wname = m, c.place
			}
		}
		fmt.Fprintf(&sb, "%6d  %.2f   %-16s %s\n", k, worst, "("+wname+")", strings.Join(all, ", "))
	}
	t.Log("\n" + sb.String())
}

// TestBatchTestCostModel prints the measured cost of rangePoint, per
// 128-bit half and in single verifications, beside testCost's model, for
// ranges of 2^j signatures by distinct keys: the calibration of
// searchTestHalfCost. Run it with
//
//	go test ./schnorr -run TestBatchTestCostModel -batchcost.rounds 3 -v
func TestBatchTestCostModel(t *testing.T) {
	if *costRounds <= 0 {
		t.Skip("the calibration runs with -batchcost.rounds N")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r := testutil.Rand(t)
	n := max(*costN, 1024)
	in := newCostInput(t, r, n, n)
	b := &BatchVerifier{Workers: 1}
	in.fill(b)
	if !b.Verify() {
		t.Fatal("batch does not verify")
	}
	var sizes []int
	for m := 2; m <= n; m *= 2 {
		sizes = append(sizes, m)
	}
	per := make([][]float64, len(sizes))
	var singles []float64
	for range *costRounds {
		t0 := cpuTime()
		for i := range 256 {
			Verify(in.pubs[i], in.msgs[i], in.sigs[i])
		}
		unit := float64(cpuTime()-t0) / 256
		t0 = cpuTime()
		for i := range 256 {
			if !b.singleValid(i) {
				t.Fatal("singleValid")
			}
		}
		singles = append(singles, float64(cpuTime()-t0)/256/unit)
		for j, m := range sizes {
			reps := max(1, 2048/m)
			t0 := cpuTime()
			for k := range reps {
				lo := (k * m) % (n - m + 1)
				var q group.Jacobian
				if !b.rangePoint(&q, lo, lo+m, 1) {
					t.Fatal("rangePoint")
				}
			}
			per[j] = append(per[j], float64(cpuTime()-t0)/float64(reps)/unit)
		}
	}
	median := func(x []float64) float64 {
		x = slices.Clone(x)
		sort.Float64s(x)
		return x[len(x)/2]
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "single verification (singleValid): %.3f of Verify\n", median(singles))
	fmt.Fprintf(&sb, "%6s %6s %10s %10s %10s %8s\n", "m", "halves", "measured", "per half", "model", "model/measured")
	for j, m := range sizes {
		h := 3*m + 2
		c := median(per[j])
		fmt.Fprintf(&sb, "%6d %6d %10.2f %10.4f %10.2f %8.2f\n", m, h, c, c/float64(h), testCost(h), testCost(h)/c)
	}
	t.Log("\n" + sb.String())
}
