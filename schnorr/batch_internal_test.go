package schnorr

import (
	"fmt"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// internalBatch returns a batch of n valid signatures by keys distinct
// keys (entry i signed by key i mod keys), added with AddBytes so that
// prepare lifts the keys, and verified once (so prepared).
func internalBatch(t *testing.T, n, keys int) *BatchVerifier {
	t.Helper()
	r := testutil.Rand(t)
	privs := make([]*secp256k1.PrivateKey, keys)
	for k := range privs {
		var err error
		var sk [32]byte
		for {
			for j := range sk {
				sk[j] = byte(r.Uint32())
			}
			if privs[k], err = secp256k1.NewPrivateKey(sk[:]); err == nil {
				break
			}
		}
	}
	b := new(BatchVerifier)
	for i := range n {
		priv := privs[i%keys]
		msg := []byte(fmt.Sprint("internal batch ", i))
		sig, err := Sign(priv, msg)
		if err != nil {
			t.Fatal(err)
		}
		x, _ := priv.PublicKey().XOnly()
		if err := b.AddBytes(x.Bytes(), msg, sig); err != nil {
			t.Fatal(err)
		}
	}
	if !b.Verify() {
		t.Fatal("a batch of valid signatures does not verify")
	}
	return b
}

// TestBatchSeedCommits checks that the seed of the randomizers changes with
// each entry's key x, r, s and challenge, for entries whose key was lifted
// from bytes too (doc/batch.md: the randomizers depend on everything the
// equation depends on).
func TestBatchSeedCommits(t *testing.T) {
	const n, keys = 6, 3
	b := internalBatch(t, n, keys)
	base := b.seed()
	for i := range n {
		e := &b.entries[i]
		o := &b.entries[(i+1)%n]
		for _, c := range []struct {
			name string
			swap func()
		}{
			{"key x", func() { e.px, o.px = o.px, e.px }},
			{"r", func() { e.r, o.r = o.r, e.r }},
			{"s", func() { e.s, o.s = o.s, e.s }},
			{"challenge", func() { e.e, o.e = o.e, e.e }},
		} {
			if c.name == "key x" && i%keys == (i+1)%keys {
				continue
			}
			c.swap()
			if b.seed() == base {
				t.Errorf("entry %d: the seed does not change with its %s", i, c.name)
			}
			c.swap()
		}
	}
	if b.seed() != base {
		t.Fatal("the seed changed after the entries were restored")
	}
}

// TestBatchOneTermPerKey checks that the batch equation has one term per
// distinct key: rangePoint sums the -a_i·e_i of the entries that share a
// key into one scalar for its point.
func TestBatchOneTermPerKey(t *testing.T) {
	for _, keys := range []int{1, 2, 5} {
		b := internalBatch(t, 20, keys)
		if len(b.klist) != keys || len(b.ksum) != keys {
			t.Errorf("%d keys: rangePoint made %d key terms (%d sums)", keys, len(b.klist), len(b.ksum))
		}
		for k, pos := range b.keyPos {
			if pos != -1 {
				t.Errorf("%d keys: keyPos[%d] = %d after rangePoint, want -1", keys, k, pos)
			}
		}
	}
}

// TestBatchTesterHalves checks the search's cost model of a range, halves:
// one 128-bit half per signature, two per distinct key and two for G,
// counted naively here, and that it leaves keyPos reset.
func TestBatchTesterHalves(t *testing.T) {
	const n, keys = 12, 4
	b := internalBatch(t, n, keys)
	b.findInvalid(nil) // the search's entries: all of them
	tt := (*batchTester)(b)
	for lo := 0; lo < n; lo++ {
		for hi := lo + 1; hi <= n; hi++ {
			distinct := map[int]bool{}
			for i := lo; i < hi; i++ {
				distinct[i%keys] = true
			}
			if got, want := tt.halves(lo, hi), hi-lo+2*len(distinct)+2; got != want {
				t.Errorf("halves(%d, %d) = %d, want %d", lo, hi, got, want)
			}
			for k, pos := range b.keyPos {
				if pos != -1 {
					t.Fatalf("halves(%d, %d) left keyPos[%d] = %d", lo, hi, k, pos)
				}
			}
		}
	}
}

// TestBatchRandomizers checks the randomizers of the batch equation:
// a_0 = 1 and every other a_i below 2^128, none of them 1 or equal to
// another (one a_i = 1 beside a_0 would let two invalid signatures whose
// errors cancel pass). They are read back from the terms, a_i = (a_i·s_i)/s_i.
func TestBatchRandomizers(t *testing.T) {
	const n = 8
	b := internalBatch(t, n, 3)
	seen := map[[32]byte]int{}
	for i := range n {
		var inv, a scalar.Scalar
		inv.Invert(&b.entries[i].s)
		a.Multiply(&b.as[i], &inv)
		l := a.Limbs()
		isOne := l == [4]uint64{1, 0, 0, 0}
		switch {
		case i == 0 && !isOne:
			t.Errorf("a_0 = %x, want 1", a.Bytes())
		case i > 0 && (isOne || l[2]|l[3] != 0):
			t.Errorf("a_%d = %x, want a value below 2^128 other than 1", i, a.Bytes())
		}
		if j, ok := seen[a.Bytes()]; ok {
			t.Errorf("a_%d = a_%d", i, j)
		}
		seen[a.Bytes()] = i
	}
}
