package keys

import (
	"bytes"
	"math/big"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// refPublic returns d·G computed with the math/big reference, as the
// independent check of the lazy public key.
func refPublic(t *testing.T, d *scalar.Scalar) group.Affine {
	t.Helper()
	var b [32]byte
	d.PutBytes(&b)
	q := testutil.Mul(new(big.Int).SetBytes(b[:]), testutil.G())
	var a group.Affine
	var x, y [32]byte
	q.X.FillBytes(x[:])
	q.Y.FillBytes(y[:])
	if a.X.SetCanonicalBytes(&x) != 1 || a.Y.SetCanonicalBytes(&y) != 1 {
		t.Fatal("reference point out of range")
	}
	return a
}

// checkPublic fails the test unless k's public key is d·G for k's secret,
// by the reference.
func checkPublic(t *testing.T, what string, k *Private) {
	t.Helper()
	p, err := k.Public()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if want := refPublic(t, &k.d); p.p.Equal(&want) != 1 {
		t.Fatalf("%s: the public key is not d·G", what)
	}
}

// copyBytes copies k's bytes into c, as a racy struct copy made while
// another goroutine uses k does (without go vet's copylocks report).
// heapKeys makes the keys a test appends to it escape to the heap.
var heapKeys []*Private

func copyBytes(c, k *Private) {
	const size = unsafe.Sizeof(Private{})
	*(*[size]byte)(unsafe.Pointer(c)) = *(*[size]byte)(unsafe.Pointer(k))
}

// publicWithin returns k.Public(), failing the test if the call does not
// return within the timeout (the goroutine of a call that hangs is left
// behind).
func publicWithin(t *testing.T, k *Private, timeout time.Duration) *Public {
	t.Helper()
	done := make(chan *Public, 1)
	go func() {
		p, err := k.Public()
		if err != nil {
			t.Error(err)
		}
		done <- p
	}()
	select {
	case p := <-done:
		return p
	case <-time.After(timeout):
		t.Fatalf("Public did not return within %v", timeout)
		return nil
	}
}

// markWriting puts k in the state of a key whose public key a goroutine is
// storing.
func markWriting(k *Private) { k.pubAt.Store(k.addr() | pubWriting) }

// TestPublicOfCopyMidWrite checks that a key copied while another goroutine
// is storing its public key does not wait for a store that will never
// happen in the copy: the copy computes and stores its own public key. The
// original, whose store here never completes, gets its key after a bounded
// wait, as a separate copy. (The former state word made both wait forever.)
func TestPublicOfCopyMidWrite(t *testing.T) {
	k := newKey(t, 0x55)
	want := refPublic(t, &k.d)
	markWriting(k) // as if a goroutine were storing k's public key now
	var c Private
	copyBytes(&c, k)
	p := publicWithin(t, &c, 10*time.Second)
	if p.p.Equal(&want) != 1 {
		t.Fatal("the copy's public key is wrong")
	}
	if p != &c.pub || c.cachedPublic() != p {
		t.Fatal("the copy did not store its own public key")
	}
	p = publicWithin(t, k, 10*time.Second)
	if p.p.Equal(&want) != 1 {
		t.Fatal("the original's public key is wrong")
	}
	if p == &k.pub || k.cachedPublic() != nil {
		t.Fatal("the original's key was stored by a call that found a store under way")
	}
}

// TestPublicOfTornCopy checks that a copy of a key whose public key is
// stored does not trust the pub it copied (a racy copy may catch it half
// written): it computes and stores its own.
func TestPublicOfTornCopy(t *testing.T) {
	k := newKey(t, 0x66)
	checkPublic(t, "original", k)
	// The copy lives on the heap: a copy on this goroutine's stack may be
	// moved by a stack growth inside checkPublic, and a moved key rightly
	// forgets its stored key (TestPublicAfterStackMove), which is not what
	// this test checks.
	c := new(Private)
	heapKeys = append(heapKeys, c)
	defer func() { heapKeys = heapKeys[:0] }()
	copyBytes(c, k)
	other, _ := newKey(t, 0x77).Public()
	c.pub = *other // a stale or torn pub, with the stored state of k
	checkPublic(t, "copy", c)
	if c.cachedPublic() != &c.pub {
		t.Fatal("the copy did not store its own public key")
	}
}

// growStack recurses with large frames, so that the goroutine's stack
// grows and is moved.
//
//go:noinline
func growStack(n int) byte {
	var buf [1024]byte
	buf[n%len(buf)] = byte(n)
	if n == 0 {
		return buf[0]
	}
	return growStack(n-1) + buf[n%len(buf)]
}

// TestPublicAfterStackMove checks a key on a goroutine stack that the
// runtime moves after its public key was stored: its state names the old
// address, and the key computes its public key again, correctly.
func TestPublicAfterStackMove(t *testing.T) {
	done := make(chan struct{})
	go func() { // a fresh goroutine has a small stack
		defer close(done)
		var k Private
		if err := k.SetBytes(bytes.Repeat([]byte{0x44}, 32)); err != nil {
			t.Error(err)
			return
		}
		if _, err := k.Public(); err != nil {
			t.Error(err)
			return
		}
		before := k.addr()
		growStack(256)
		if k.addr() == before {
			t.Error("the stack did not move; the test does not test anything")
			return
		}
		if k.cachedPublic() != nil {
			t.Error("a moved key trusts the state of its old address")
			return
		}
		p, err := k.Public()
		if want := refPublic(t, &k.d); err != nil || p.p.Equal(&want) != 1 {
			t.Error("the public key of a moved key is wrong")
		}
	}()
	<-done
}

// TestPublicConcurrent runs many goroutines over fresh keys at once, each
// calling Public and deriving keys from the shared key into keys of its
// own, and compares every result with the reference (run with -race).
func TestPublicConcurrent(t *testing.T) {
	r := testutil.Rand(t)
	rounds, workers := 16, 16
	if testing.Short() {
		rounds = 4
	}
	for range rounds {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		b[0] &= 0x7f
		k := new(Private)
		if err := k.SetBytes(b[:]); err != nil {
			t.Fatal(err)
		}
		want := refPublic(t, &k.d)
		var neg group.Affine
		neg.Negate(&want)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				var n, c Private
				switch w % 3 {
				case 0:
					p, err := k.Public()
					if err != nil || p.p.Equal(&want) != 1 {
						t.Error("Public is wrong")
					}
				case 1:
					if err := n.EvenY(k); err != nil {
						t.Error(err)
					}
					q, err := n.Public()
					if err != nil || q.p.X.Equal(&want.X) != 1 || q.p.Y.IsOdd() != 0 {
						t.Error("EvenY of a shared key is wrong")
					}
				default:
					if err := n.Negate(k); err != nil {
						t.Error(err)
					}
					if err := c.Set(k); err != nil {
						t.Error(err)
					}
					p, err1 := n.Public()
					q, err2 := c.Public()
					if err1 != nil || err2 != nil || p.p.Equal(&neg) != 1 || q.p.Equal(&want) != 1 {
						t.Error("Negate or Set of a shared key is wrong")
					}
				}
			})
		}
		wg.Wait()
		if p := k.cachedPublic(); p == nil || p.p.Equal(&want) != 1 {
			t.Fatal("the shared key did not store its public key")
		}
	}
}

// TestSettersDropPublic gives every setter a receiver that holds the
// public key of another secret, and checks that the public key afterwards
// is that of the new secret (none survives from the old one), whether the
// argument's public key was stored or not.
func TestSettersDropPublic(t *testing.T) {
	tweak := bytes.Repeat([]byte{0x03}, 32)
	setters := []struct {
		name string
		f    func(out, x *Private) error
	}{
		{"SetBytes", func(out, _ *Private) error { return out.SetBytes(bytes.Repeat([]byte{0x21}, 32)) }},
		{"Generate", func(out, _ *Private) error { return out.Generate(nil) }},
		{"Set", (*Private).Set},
		{"Negate", (*Private).Negate},
		{"EvenY", (*Private).EvenY},
		{"TweakAdd", func(out, x *Private) error { return out.TweakAdd(x, tweak) }},
		{"TweakMul", func(out, x *Private) error { return out.TweakMul(x, tweak) }},
		{"XOnlyTweakAdd", func(out, x *Private) error { return out.XOnlyTweakAdd(x, tweak) }},
		{"TaprootTweak", func(out, x *Private) error { return out.TaprootTweak(x, nil) }},
	}
	for _, s := range setters {
		for _, stored := range []bool{false, true} {
			for _, negate := range []bool{false, true} { // both parities of y
				out := newKey(t, 0x99)
				checkPublic(t, s.name+": before", out) // stored
				x := newKey(t, 0x12)
				if negate {
					x.Negate(x)
				}
				if stored {
					x.Public()
				}
				if err := s.f(out, x); err != nil {
					t.Fatalf("%s: %v", s.name, err)
				}
				checkPublic(t, s.name, out)
			}
		}
	}
	k := newKey(t, 0x99)
	k.Public()
	k.Wipe()
	if k.Valid() || k.cachedPublic() != nil || k.pubAt.Load() != 0 || k.pub.set || k.pub.p != (group.Affine{}) {
		t.Fatal("Wipe left a public key")
	}
}
