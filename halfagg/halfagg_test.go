package halfagg_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/halfagg"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// batch is n signed triples: keys parsed and as bytes.
type batch struct {
	keys            []*secp256k1.XOnlyPublicKey
	pks, msgs, sigs [][]byte
}

// randBytes returns n bytes from rng.
func randBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// newBatch signs n random 32-byte messages with random keys. Some entries
// reuse an earlier key, message or whole triple (BIP-458 allows them).
func newBatch(t testing.TB, rng *rand.Rand, n int) *batch {
	t.Helper()
	b := &batch{}
	var privs []*secp256k1.PrivateKey
	for i := range n {
		if i > 0 && rng.IntN(8) == 0 { // the same triple again
			j := rng.IntN(i)
			b.add(b.keys[j], b.pks[j], b.msgs[j], b.sigs[j])
			continue
		}
		var priv *secp256k1.PrivateKey
		if len(privs) > 0 && rng.IntN(4) == 0 {
			priv = privs[rng.IntN(len(privs))]
		}
		for priv == nil {
			k, err := secp256k1.NewPrivateKey(randBytes(rng, 32))
			if err == nil {
				priv = k
				privs = append(privs, k)
			}
		}
		msg := randBytes(rng, 32)
		if i > 0 && rng.IntN(8) == 0 {
			msg = b.msgs[rng.IntN(i)]
		}
		x, _ := priv.PublicKey().XOnly()
		sig, err := schnorr.SignWithAux(priv, msg, randBytes(rng, 32))
		if err != nil {
			t.Fatal(err)
		}
		b.add(x, x.Bytes(), msg, sig)
	}
	return b
}

func (b *batch) add(k *secp256k1.XOnlyPublicKey, pk, msg, sig []byte) {
	b.keys = append(b.keys, k)
	b.pks = append(b.pks, pk)
	b.msgs = append(b.msgs, msg)
	b.sigs = append(b.sigs, sig)
}

// parseKeys parses 32-byte keys, nil for those that do not parse.
func parseKeys(pks [][]byte) []*secp256k1.XOnlyPublicKey {
	keys := make([]*secp256k1.XOnlyPublicKey, len(pks))
	for i, pk := range pks {
		keys[i], _ = secp256k1.NewXOnlyPublicKey(pk)
	}
	return keys
}

func TestAggregateMatchesReference(t *testing.T) {
	rng := testutil.Rand(t)
	for iter := range 40 {
		n := rng.IntN(14)
		b := newBatch(t, rng, n)
		agg, err := halfagg.Aggregate(b.keys, b.msgs, b.sigs)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if want := refAggregate(b.pks, b.msgs, b.sigs); !bytes.Equal(agg, want) {
			t.Fatalf("n=%d: Aggregate = %x, reference %x", n, agg, want)
		}
		if len(agg) != 32*(n+1) {
			t.Fatalf("n=%d: length %d", n, len(agg))
		}
		if !halfagg.VerifyAggregate(agg, b.keys, b.msgs) {
			t.Fatalf("n=%d: a fresh aggregate does not verify", n)
		}
		if !refVerifyCurve(agg, b.pks, b.msgs) {
			t.Fatalf("n=%d: refVerifyCurve rejects a fresh aggregate", n)
		}
		if iter < 6 && n <= 4 && !refVerifyBig(agg, b.pks, b.msgs) {
			t.Fatalf("n=%d: refVerifyBig rejects a fresh aggregate", n)
		}
	}
}

// TestIncAggregateSplits: aggregating in steps (random splits, every step
// from the previous aggregate) gives Aggregate's result on the whole.
func TestIncAggregateSplits(t *testing.T) {
	rng := testutil.Rand(t)
	for range 30 {
		n := rng.IntN(12)
		b := newBatch(t, rng, n)
		want, err := halfagg.Aggregate(b.keys, b.msgs, b.sigs)
		if err != nil {
			t.Fatal(err)
		}
		agg := make([]byte, 32)
		for v := 0; v < n || v == 0; {
			u := rng.IntN(n - v + 1) // may add nothing
			next, err := halfagg.IncAggregate(agg, b.keys[:v], b.msgs[:v], b.keys[v:v+u], b.msgs[v:v+u], b.sigs[v:v+u])
			if err != nil {
				t.Fatalf("n=%d, %d+%d: %v", n, v, u, err)
			}
			if u == 0 && !bytes.Equal(next, agg) {
				t.Fatalf("n=%d: adding nothing changed the aggregate", n)
			}
			if len(agg) > 0 && &next[0] == &agg[0] {
				t.Fatal("IncAggregate returned its input's memory")
			}
			if !halfagg.VerifyAggregate(next, b.keys[:v+u], b.msgs[:v+u]) {
				t.Fatalf("n=%d: the aggregate of %d does not verify", n, v+u)
			}
			agg, v = next, v+u
			if n == 0 {
				break
			}
		}
		if !bytes.Equal(agg, want) {
			t.Fatalf("n=%d: stepwise %x, at once %x", n, agg, want)
		}
	}
}

// mutation changes a valid (aggsig, keys, messages) into input that must
// not verify.
type mutation struct {
	name  string
	minN  int
	apply func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte)
}

var mutations = []mutation{
	{"swap two messages", 2, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		if i, j := twoDistinct(rng, msgs); i >= 0 {
			msgs[i], msgs[j] = msgs[j], msgs[i]
		}
		return agg, pks, msgs
	}},
	{"swap two pairs", 2, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		if i, j := twoDistinctPairs(rng, pks, msgs); i >= 0 {
			pks[i], pks[j] = pks[j], pks[i]
			msgs[i], msgs[j] = msgs[j], msgs[i]
		}
		return agg, pks, msgs
	}},
	{"reverse the pairs", 2, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		slices.Reverse(pks)
		slices.Reverse(msgs)
		return agg, pks, msgs
	}},
	{"flip a bit of the aggregate", 0, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		bit := rng.IntN(8 * len(agg))
		agg[bit/8] ^= 1 << (bit % 8)
		return agg, pks, msgs
	}},
	{"flip a bit of a message", 1, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		i, bit := rng.IntN(len(msgs)), rng.IntN(256)
		msgs[i] = bytes.Clone(msgs[i])
		msgs[i][bit/8] ^= 1 << (bit % 8)
		return agg, pks, msgs
	}},
	{"flip a bit of a key", 1, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		i, bit := rng.IntN(len(pks)), rng.IntN(256)
		pks[i] = bytes.Clone(pks[i])
		pks[i][bit/8] ^= 1 << (bit % 8)
		return agg, pks, msgs
	}},
	{"s + 1", 0, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		s := agg[len(agg)-32:]
		for i := 31; i >= 0; i-- { // +1 (s < n - 1 with overwhelming probability)
			s[i]++
			if s[i] != 0 {
				break
			}
		}
		return agg, pks, msgs
	}},
	{"drop the last pair", 1, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		return agg, pks[:len(pks)-1], msgs[:len(msgs)-1]
	}},
	{"drop the last pair and its r", 1, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		n := len(pks)
		agg = append(agg[:32*(n-1)], agg[32*n:]...)
		return agg, pks[:n-1], msgs[:n-1]
	}},
	{"append a pair", 0, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		// Key and r both G's x: they lift, and the equation gains a term.
		n := len(pks)
		gx := testutil.Gx.FillBytes(make([]byte, 32))
		a := append(append(append([]byte(nil), agg[:32*n]...), gx...), agg[32*n:]...)
		return a, append(pks, gx), append(msgs, randBytes(rng, 32))
	}},
	{"replace a message", 1, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		msgs[rng.IntN(len(msgs))] = randBytes(rng, 32)
		return agg, pks, msgs
	}},
	{"truncate", 0, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		return agg[:len(agg)-1-rng.IntN(len(agg))], pks, msgs
	}},
	{"extend", 0, func(rng *rand.Rand, agg []byte, pks, msgs [][]byte) ([]byte, [][]byte, [][]byte) {
		return append(agg, randBytes(rng, 1+rng.IntN(64))...), pks, msgs
	}},
}

// twoDistinct returns i != j with different items (a batch may repeat
// one).
func twoDistinct(rng *rand.Rand, items [][]byte) (int, int) {
	for range 100 {
		i, j := rng.IntN(len(items)), rng.IntN(len(items))
		if !bytes.Equal(items[i], items[j]) {
			return i, j
		}
	}
	return -1, -1
}

// twoDistinctPairs returns i != j whose (key, message) pairs differ.
func twoDistinctPairs(rng *rand.Rand, pks, msgs [][]byte) (int, int) {
	for range 100 {
		i, j := rng.IntN(len(pks)), rng.IntN(len(pks))
		if !bytes.Equal(pks[i], pks[j]) || !bytes.Equal(msgs[i], msgs[j]) {
			return i, j
		}
	}
	return -1, -1
}

// TestVerifyNegative: every mutation of a valid aggregate is rejected, by
// VerifyAggregate and by the references.
func TestVerifyNegative(t *testing.T) {
	rng := testutil.Rand(t)
	for iter := range 12 {
		n := rng.IntN(10)
		b := newBatch(t, rng, n)
		agg, err := halfagg.Aggregate(b.keys, b.msgs, b.sigs)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mutations {
			if n < m.minN {
				continue
			}
			pks, msgs := slices.Clone(b.pks), slices.Clone(b.msgs)
			a, pks, msgs := m.apply(rng, bytes.Clone(agg), pks, msgs)
			if slices.Contains([]string{"swap two messages", "swap two pairs", "reverse the pairs"}, m.name) &&
				slices.EqualFunc(pks, b.pks, bytes.Equal) && slices.EqualFunc(msgs, b.msgs, bytes.Equal) {
				continue // all pairs equal: nothing changed
			}
			if halfagg.VerifyAggregate(a, parseKeys(pks), msgs) {
				t.Errorf("n=%d, %s: VerifyAggregate accepts", n, m.name)
			}
			if refVerifyCurve(a, pks, msgs) {
				t.Errorf("n=%d, %s: refVerifyCurve accepts", n, m.name)
			}
			if iter < 2 && n <= 3 && refVerifyBig(a, pks, msgs) {
				t.Errorf("n=%d, %s: refVerifyBig accepts", n, m.name)
			}
		}
	}
}

// TestVerifyAgreesWithReference: random aggregates, valid ones and ones
// with random r values (some of them x coordinates of points), random s
// and random keys: VerifyAggregate and refVerifyCurve give the same answer.
func TestVerifyAgreesWithReference(t *testing.T) {
	rng := testutil.Rand(t)
	for range 60 {
		n := rng.IntN(6)
		b := newBatch(t, rng, n)
		agg, _ := halfagg.Aggregate(b.keys, b.msgs, b.sigs)
		pks := slices.Clone(b.pks)
		for i := range n {
			switch rng.IntN(6) {
			case 0:
				copy(agg[32*i:], randBytes(rng, 32))
			case 1:
				pks[i] = randBytes(rng, 32)
			case 2:
				copy(agg[32*i:], bytes.Repeat([]byte{0xff}, 32)) // r >= p
			}
		}
		if rng.IntN(3) == 0 {
			copy(agg[32*n:], randBytes(rng, 32))
		}
		got := halfagg.VerifyAggregate(agg, parseKeys(pks), b.msgs)
		if want := refVerifyCurve(agg, pks, b.msgs); got != want {
			t.Fatalf("n=%d: VerifyAggregate = %v, reference %v (agg %x)", n, got, want, agg)
		}
	}
}

// TestVerifyLarge: aggregates large enough for Pippenger's method and for
// several workers, checked against the per-term reference, valid and with
// two messages swapped, with 1, 2, 4 and all workers.
func TestVerifyLarge(t *testing.T) {
	rng := testutil.Rand(t)
	sizes := []int{40, 150, 300}
	if testing.Short() {
		sizes = []int{40, 100}
	}
	for _, n := range sizes {
		b := newBatch(t, rng, n)
		agg, err := halfagg.Aggregate(b.keys, b.msgs, b.sigs)
		if err != nil {
			t.Fatal(err)
		}
		bad := slices.Clone(b.msgs)
		i, j := twoDistinct(rng, bad)
		bad[i], bad[j] = bad[j], bad[i]
		if !refVerifyCurve(agg, b.pks, b.msgs) || refVerifyCurve(agg, b.pks, bad) {
			t.Fatalf("n=%d: the reference disagrees with itself", n)
		}
		for _, w := range []int{1, 2, 4, 0} {
			v := &halfagg.Verifier{Workers: w}
			if !v.Verify(agg, b.keys, b.msgs) {
				t.Errorf("n=%d, %d workers: a valid aggregate is rejected", n, w)
			}
			if v.Verify(agg, b.keys, bad) {
				t.Errorf("n=%d, %d workers: swapped messages are accepted", n, w)
			}
		}
	}
}
