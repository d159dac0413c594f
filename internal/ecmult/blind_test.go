package ecmult

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Tests of the blinding (blind.go): results are right under every blinding
// and across refreshes, on several goroutines at once; the blinding does
// change the digits that drive k·G's table lookups and the representation
// of k·P; and the published pair (−b, B) is never torn.

// setRefreshMask sets blindRefreshMask for the test (0: every BaseMult
// draws a fresh blinding) and restores it afterwards.
func setRefreshMask(t *testing.T, m uint32) {
	old := blindRefreshMask
	blindRefreshMask = m
	t.Cleanup(func() { blindRefreshMask = old })
}

// baseDigits returns the 43 signed digits BaseMult's lookups read for k.
func baseDigits(k *scalar.Scalar) [43]int {
	var d [43]int
	for i := range d {
		m, neg := baseDigit(k, i)
		d[i] = int(m)
		if neg == 1 {
			d[i] = -d[i]
		}
	}
	return d
}

// differentDigits counts the windows where a and b differ.
func differentDigits(a, b [43]int) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// publishedBaseMult returns what BaseMult computes for k under the
// published blinding (−b, B), coordinate for coordinate: B + (k − b)·G by
// baseMultFrom, together with k − b, the scalar whose digits drive its
// table lookups.
func publishedBaseMult(t *testing.T, k *scalar.Scalar) (group.Projective, scalar.Scalar) {
	t.Helper()
	var kb scalar.Scalar
	var acc group.Projective
	if !loadBaseBlinding(&kb, &acc) {
		t.Fatal("no blinding published")
	}
	checkBlindingPair(t, &kb, &acc)
	kb.Add(&kb, k)
	baseMultFrom(&acc, &kb)
	return acc, kb
}

// sameRepresentation reports whether p and q have the same projective
// coordinates (not only the same point).
func sameRepresentation(p, q *group.Projective) bool {
	return p.X.Equal(&q.X)&p.Y.Equal(&q.Y)&p.Z.Equal(&q.Z) == 1
}

// TestBaseMultBlindedDigits checks that BaseMult's table lookups are driven
// by k − b, not k, and that a refresh changes them: the same k under four
// blindings reads four unrelated digit sequences, none of them k's. With a
// refresh at every call, the pair a call used is the one published after
// it; that the call computed B + (k − b)·G with it is checked on the
// result's coordinates, which are those of no other computation of k·G
// (its Z is random). Random digit sequences agree in a window with
// probability about 1/64, so at least 20 of 43 windows differing fails with
// negligible probability when the blinding works, and always without it.
func TestBaseMultBlindedDigits(t *testing.T) {
	r := testutil.Rand(t)
	setRefreshMask(t, 0)
	g := group.Generator()
	k := randScalar(r)
	want := refMul(&k, &g)
	dk := baseDigits(&k)
	var seen [][43]int
	for i := range 4 {
		var p group.Projective
		if got := projAffine(BaseMult(&p, &k)); got.Equal(&want) != 1 {
			t.Fatal("BaseMult mismatch")
		}
		ref, kb := publishedBaseMult(t, &k)
		if !sameRepresentation(&p, &ref) {
			t.Fatalf("call %d: the result is not B + (k − b)·G for the published (−b, B)", i)
		}
		di := baseDigits(&kb)
		if n := differentDigits(di, dk); n < 20 {
			t.Errorf("call %d: only %d of 43 digits differ from k's", i, n)
		}
		for j := range seen {
			if n := differentDigits(di, seen[j]); n < 20 {
				t.Errorf("calls %d and %d: only %d of 43 digits differ", j, i, n)
			}
		}
		seen = append(seen, di)
	}
}

// TestBaseMultBlindingEpoch checks that without a refresh the blinding
// stays (calls share b) and that the offset the lookups see is the
// published −b: both results are B + (k − b)·G, coordinate for
// coordinate, with (−b, B) the current pair, B = b·G.
func TestBaseMultBlindingEpoch(t *testing.T) {
	r := testutil.Rand(t)
	setRefreshMask(t, 1<<32-1) // no refresh but the first
	k1, k2 := randScalar(r), randScalar(r)
	var p1, p2 group.Projective
	BaseMult(&p1, &k1)
	BaseMult(&p2, &k2)
	for i, c := range []struct {
		k *scalar.Scalar
		p *group.Projective
	}{{&k1, &p1}, {&k2, &p2}} {
		if ref, _ := publishedBaseMult(t, c.k); !sameRepresentation(c.p, &ref) {
			t.Fatalf("call %d: the result is not B + (k − b)·G for the published (−b, B)", i)
		}
	}
}

// checkBlindingPair checks B = b·G for nb = −b, with the reference
// multiplication, and that B's Z is not zero unless b is.
func checkBlindingPair(t testing.TB, nb *scalar.Scalar, B *group.Projective) {
	t.Helper()
	if msg := blindingPairError(nb, B); msg != "" {
		t.Fatal(msg)
	}
}

func blindingPairError(nb *scalar.Scalar, B *group.Projective) string {
	var b scalar.Scalar
	b.Negate(nb)
	g := group.Generator()
	want := refMul(&b, &g)
	if got := projAffine(B); got.Equal(&want) != 1 {
		return fmt.Sprintf("B ≠ b·G for b = %x", b.Bytes())
	}
	return ""
}

// TestBaseMultRefreshes runs BaseMult with a fresh blinding at every call
// and then one in four, on edge and random scalars, against the reference.
func TestBaseMultRefreshes(t *testing.T) {
	r := testutil.Rand(t)
	g := group.Generator()
	for _, mask := range []uint32{0, 3} {
		setRefreshMask(t, mask)
		for i, k := range testScalars(t, r, testutil.Iters(5, 20)) {
			want := refMul(&k, &g)
			var p group.Projective
			if got := projAffine(BaseMult(&p, &k)); got.Equal(&want) != 1 {
				t.Fatalf("mask %d scalar %d (%x): BaseMult mismatch", mask, i, k.Bytes())
			}
		}
	}
}

// TestBlindingPairConcurrent has goroutines refresh and read the published
// blinding at once: every pair read must satisfy B = b·G, whatever refresh
// ran in between (a torn read would mix two pairs).
func TestBlindingPairConcurrent(t *testing.T) {
	r := testutil.Rand(t)
	iters := testutil.Iters(10, 40)
	testutil.RunGoroutines(t, r, 4, func(gi int, r *rand.Rand) error {
		for i := range iters {
			var nb scalar.Scalar
			var B group.Projective
			if r.IntN(2) == 0 {
				if !refreshBaseBlinding(&nb, &B) {
					continue // another goroutine is refreshing
				}
			} else if !loadBaseBlinding(&nb, &B) {
				continue // none published yet
			}
			if msg := blindingPairError(&nb, &B); msg != "" {
				return fmt.Errorf("step %d: %s", i, msg)
			}
		}
		return nil
	})
}

// TestScalarMultBlinded checks that k·P's representation is random (two
// calls with the same k and P return different Z, and so different X) while
// the point is k·P, and that the multiplication is right for any blinding
// u, 1 (no blinding) and −1 included.
func TestScalarMultBlinded(t *testing.T) {
	r := testutil.Rand(t)
	p := randPoint(r)
	k := randScalar(r)
	want := refMul(&k, &p)
	for name, f := range map[string]func(*group.Jacobian, *scalar.Scalar, *group.Affine) *group.Jacobian{
		"ScalarMult":            ScalarMult,
		"ScalarMultSecretPoint": ScalarMultSecretPoint,
	} {
		var q1, q2 group.Jacobian
		f(&q1, &k, &p)
		f(&q2, &k, &p)
		if q1.Z.Equal(&q2.Z) == 1 || q1.X.Equal(&q2.X) == 1 {
			t.Errorf("%s: two calls returned the same representation", name)
		}
		for i, q := range []*group.Jacobian{&q1, &q2} {
			if got := jacAffine(q); got.Equal(&want) != 1 {
				t.Errorf("%s call %d: wrong point", name, i)
			}
		}
	}

	var one, minusOne, two field.Element
	one.One()
	minusOne.Negate(&one)
	two.SetUint64(2)
	us := []field.Element{one, minusOne, two}
	for range 3 {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		var u field.Element
		nonZeroFromBytes(&u, &b)
		us = append(us, u)
	}
	g := group.Generator()
	points := []group.Affine{g, p}
	for ui, u := range us {
		for pi, p := range points {
			for i, k := range testScalars(t, r, 2) {
				want := refMul(&k, &p)
				var q group.Jacobian
				if got := jacAffine(scalarMultZ(&q, &k, &p, &u)); got.Equal(&want) != 1 {
					t.Fatalf("u %d point %d scalar %d (%x): scalarMultZ mismatch", ui, pi, i, k.Bytes())
				}
				if got := jacAffine(scalarMultSecretPointZ(&q, &k, &p, &u)); got.Equal(&want) != 1 {
					t.Fatalf("u %d point %d scalar %d (%x): scalarMultSecretPointZ mismatch", ui, pi, i, k.Bytes())
				}
			}
		}
	}
}

func TestNonZeroFromBytes(t *testing.T) {
	var zero, p [32]byte
	pl := [4]uint64{0xFFFFFFFEFFFFFC2F, ^uint64(0), ^uint64(0), ^uint64(0)}
	for i := range 4 {
		for j := range 8 {
			p[31-8*i-j] = byte(pl[i] >> (8 * j))
		}
	}
	for name, b := range map[string]*[32]byte{"0": &zero, "p": &p} {
		var e field.Element
		nonZeroFromBytes(&e, b)
		var one field.Element
		one.One()
		if e.Equal(&one) != 1 {
			t.Errorf("%s: got %x, want 1", name, e.Bytes())
		}
	}
	b := [32]byte{31: 5}
	var e, five field.Element
	nonZeroFromBytes(&e, &b)
	five.SetUint64(5)
	if e.Equal(&five) != 1 {
		t.Errorf("5: got %x", e.Bytes())
	}
}

// TestBlindingSequence is the sequence test of the blinding state
// (doc/state.md): goroutines interleave BaseMult, ScalarMult,
// ScalarMultSecretPoint, forced refreshes and reads of the published pair,
// with a refresh one BaseMult in four on average, and check every result
// against the reference multiplication.
func TestBlindingSequence(t *testing.T) {
	r := testutil.Rand(t)
	setRefreshMask(t, 3)
	edges := edgeScalars(t)
	calls := testutil.Iters(15, 60)
	testutil.RunGoroutines(t, r, 4, func(_ int, r *rand.Rand) error {
		if msg := blindSequence(r, edges, calls); msg != "" {
			return fmt.Errorf("%s", msg)
		}
		return nil
	})
}

// FuzzBlindingSequence replays a sequence of blinded multiplications and
// refreshes read from the input (see blindSequence), on one goroutine with
// a refresh one BaseMult in four on average.
func FuzzBlindingSequence(f *testing.F) {
	edges := edgeScalars(f)
	f.Add([]byte{})
	for seed := range uint64(3) {
		rec := &recordSource{r: rand.New(rand.NewPCG(seed, 11))}
		blindSequence(rec, edges, 20)
		f.Add(rec.out)
	}
	var mu sync.Mutex // blindRefreshMask is set per input
	f.Fuzz(func(t *testing.T, data []byte) {
		mu.Lock()
		defer mu.Unlock()
		setRefreshMask(t, 3)
		if msg := blindSequence(&fuzzSource{data: data}, edges, 40); msg != "" {
			t.Fatal(msg)
		}
	})
}

// blindSequence makes up to n calls drawn from src until it runs dry, and
// returns a description of the first wrong result, or "".
func blindSequence(src seqSource, edges []scalar.Scalar, n int) string {
	sg := &seqGen{src: src, pool: fuzzSeqPoints(), edges: edges}
	g := group.Generator()
	for i := 0; i < n && !dry(src); i++ {
		op := src.IntN(6)
		k := sg.scalar()
		switch op {
		case 0, 1: // BaseMult
			want := refMul(&k, &g)
			var p group.Projective
			if got := projAffine(BaseMult(&p, &k)); got.Equal(&want) != 1 {
				return fmt.Sprintf("call %d: BaseMult(%x) mismatch", i, k.Bytes())
			}
		case 2, 3: // ScalarMult, ScalarMultSecretPoint of a finite point
			p, _ := sg.point()
			if p.Infinity {
				p = g
			}
			want := refMul(&k, &p)
			var q group.Jacobian
			name := "ScalarMult"
			if op == 2 {
				ScalarMult(&q, &k, &p)
			} else {
				name = "ScalarMultSecretPoint"
				ScalarMultSecretPoint(&q, &k, &p)
			}
			if got := jacAffine(&q); got.Equal(&want) != 1 {
				return fmt.Sprintf("call %d: %s(%x) mismatch", i, name, k.Bytes())
			}
		case 4: // a forced refresh
			var nb scalar.Scalar
			var B group.Projective
			if refreshBaseBlinding(&nb, &B) {
				if msg := blindingPairError(&nb, &B); msg != "" {
					return fmt.Sprintf("call %d: refresh: %s", i, msg)
				}
			}
		case 5: // the published pair
			var nb scalar.Scalar
			var B group.Projective
			if !loadBaseBlinding(&nb, &B) {
				continue // none published yet
			}
			if msg := blindingPairError(&nb, &B); msg != "" {
				return fmt.Sprintf("call %d: published pair: %s", i, msg)
			}
		}
	}
	return ""
}

// TestBlindSlotsTorn hammers a blindSlots with writers that publish values
// whose words are all equal and readers that check every value they load
// is one of those: a torn read mixes two values. The writers publish
// without pause (a refresh of the real blinding first computes for
// microseconds), so reads overlap writes all the time.
func TestBlindSlotsTorn(t *testing.T) {
	r := testutil.Rand(t)
	var bs blindSlots
	var w [blindWords]uint64
	if bs.load(&w) {
		t.Fatal("load before any publish succeeded")
	}
	loads := testutil.Iters(2000, 20000)
	var done sync.WaitGroup
	stop := make(chan struct{})
	for range 2 {
		done.Go(func() {
			var v uint64
			for {
				select {
				case <-stop:
					return
				default:
				}
				// Yield every round: on js/wasm one thread runs every
				// goroutine and nothing preempts a loop that never blocks.
				runtime.Gosched()
				if !bs.lock() {
					continue
				}
				v++
				var w [blindWords]uint64
				for i := range w {
					w[i] = v
				}
				bs.publish(&w)
				bs.unlock()
			}
		})
	}
	testutil.RunGoroutines(t, r, 3, func(int, *rand.Rand) error {
		for i := range loads {
			var w [blindWords]uint64
			if !bs.load(&w) {
				continue // no publish yet
			}
			for j := range w {
				if w[j] != w[0] {
					return fmt.Errorf("load %d: torn value %v", i, w)
				}
			}
		}
		return nil
	})
	close(stop)
	done.Wait()
}

// BenchmarkBlinding measures the parts of the blinding's cost: what every
// BaseMult adds (reading the published pair), a refresh (a blinded k·G and
// 64 bytes from crypto/rand, on average once per 256 BaseMult calls) and
// what every k·P adds (32 bytes from crypto/rand for u), in CPU time.
func BenchmarkBlinding(b *testing.B) {
	RefreshBlinding()
	b.Run("Load", func(b *testing.B) {
		var nb scalar.Scalar
		var B group.Projective
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			loadBaseBlinding(&nb, &B)
		}
		t.Stop()
	})
	b.Run("Refresh", func(b *testing.B) {
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			RefreshBlinding()
		}
		t.Stop()
	})
	b.Run("RandomZ", func(b *testing.B) {
		var u field.Element
		t := testutil.StartCPUTimer(b)
		for b.Loop() {
			randomZ(&u)
		}
		t.Stop()
	})
}

// TestBlindingZeroAllocs checks that the blinding allocates nothing, the
// refresh included: k·G with a fresh blinding at every call, and k·P.
func TestBlindingZeroAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	r := testutil.Rand(t)
	setRefreshMask(t, 0)
	k := randScalar(r)
	g := group.Generator()
	var p group.Projective
	var j group.Jacobian
	if n := testing.AllocsPerRun(20, func() {
		BaseMult(&p, &k)
		RefreshBlinding()
		ScalarMult(&j, &k, &g)
		ScalarMultSecretPoint(&j, &k, &g)
	}); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}
