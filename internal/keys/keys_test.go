package keys

import (
	"bytes"
	"sync"
	"testing"

	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

func newKey(t *testing.T, b byte) *Private {
	t.Helper()
	k := new(Private)
	if err := k.SetBytes(bytes.Repeat([]byte{b}, 32)); err != nil {
		t.Fatal(err)
	}
	return k
}

// baseMult returns d·G computed directly, as the reference for the lazy
// public key.
func baseMult(d *scalar.Scalar) group.Affine {
	var p group.Projective
	ecmult.BaseMult(&p, d)
	var a group.Affine
	a.SetProjective(&p)
	return a
}

// TestLazyPublic checks that parsing and generating do not compute the
// public key, that Public does and stores it, and that concurrent first
// calls agree (run with -race).
func TestLazyPublic(t *testing.T) {
	k := newKey(t, 0x11)
	if k.cachedPublic() != nil {
		t.Fatal("SetBytes computed the public key")
	}
	var g Private
	if err := g.Generate(nil); err != nil {
		t.Fatal(err)
	}
	if g.cachedPublic() != nil {
		t.Fatal("Generate computed the public key")
	}
	want := baseMult(&k.d)
	var wg sync.WaitGroup
	got := make([]*Public, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := k.Public()
			if err != nil {
				t.Error(err)
			}
			got[i] = p
		}()
	}
	wg.Wait()
	// Each call returns the stored key, or (after a bounded wait for
	// another goroutine's store) an equal copy.
	for _, p := range got {
		if p.p.Equal(&want) != 1 {
			t.Fatal("concurrent Public calls disagree or are wrong")
		}
	}
	if p := k.cachedPublic(); p == nil || p.p.Equal(&want) != 1 {
		t.Fatal("concurrent Public calls did not store the key")
	}
	// A new secret forgets the old public key.
	if err := k.SetBytes(bytes.Repeat([]byte{0x22}, 32)); err != nil {
		t.Fatal(err)
	}
	if k.cachedPublic() != nil {
		t.Fatal("SetBytes kept the previous public key")
	}
	p, _ := k.Public()
	if want := baseMult(&k.d); p.p.Equal(&want) != 1 {
		t.Fatal("public key of the new secret is wrong")
	}
}

// TestNegateSetEvenY checks the key copies: Negate carries over a computed
// public key negated, Set copies it, EvenY gives the even-y key, and all of
// them agree with d·G computed afresh, with out aliasing the receiver or
// not.
func TestNegateSetEvenY(t *testing.T) {
	r := testutil.Rand(t)
	for i := range 16 {
		var b [32]byte
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		b[0] &= 0x7f
		k := new(Private)
		if err := k.SetBytes(b[:]); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			k.Public() // cached or not
		}
		var n, c, e Private
		if err := n.Negate(k); err != nil {
			t.Fatal(err)
		}
		if err := n.Set(&n); err != nil {
			t.Fatal("Set onto itself:", err)
		}
		if err := c.Set(k); err != nil {
			t.Fatal(err)
		}
		if err := e.EvenY(k); err != nil {
			t.Fatal(err)
		}
		for _, kk := range []*Private{k, &n, &c, &e} {
			want := baseMult(&kk.d)
			p, err := kk.Public()
			if err != nil || p.p.Equal(&want) != 1 {
				t.Fatalf("case %d: public key does not match the secret", i)
			}
		}
		var sum scalar.Scalar
		if sum.Add(&k.d, &n.d); sum.IsZero() != 1 || c.d.Equal(&k.d) != 1 {
			t.Fatalf("case %d: Negate or Set has the wrong secret", i)
		}
		if p, _ := e.Public(); p.p.Y.IsOdd() != 0 {
			t.Fatalf("case %d: EvenY gave an odd key", i)
		}
		// In place.
		kp, _ := k.Public()
		x := kp.p.X
		if err := k.EvenY(k); err != nil {
			t.Fatal(err)
		}
		if p, _ := k.Public(); p.p.Y.IsOdd() != 0 || p.p.X.Equal(&x) != 1 {
			t.Fatalf("case %d: EvenY in place", i)
		}
	}
}

func TestWipe(t *testing.T) {
	k := newKey(t, 0x33)
	k.Public()
	k.Wipe()
	if k.Valid() || k.cachedPublic() != nil || k.d != (scalar.Scalar{}) {
		t.Fatal("Wipe left key material")
	}
	if _, err := k.Public(); err == nil {
		t.Fatal("a wiped key has a public key")
	}
}

func TestZeroAllocs(t *testing.T) {
	testutil.SkipAllocsUnderRace(t)
	k := newKey(t, 0x44)
	pub, _ := k.Public()
	var out [32]byte
	var b [33]byte
	var x XOnly
	n := testing.AllocsPerRun(20, func() {
		var g Private
		if g.Generate(nil) != nil {
			panic("Generate")
		}
		if ECDHSHA256(&out, k, pub) != nil || ECDH(&out, k, pub) != nil || pub.PutCompressed(&b) != nil {
			panic("ECDH")
		}
		if _, err := x.SetPublic(pub); err != nil {
			panic("XOnly")
		}
	})
	if n != 0 {
		t.Fatalf("%v allocations per run, want 0", n)
	}
}
