package keys

import (
	"testing"
	"time"
	"unsafe"
)

// copyBytes copies k's bytes into c, as a racy struct copy made while
// another goroutine uses k does (without go vet's copylocks report).
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

// TestPublicOfCopyMidWrite checks that a key copied while another goroutine
// is storing its public key does not wait for a store that will never
// happen in the copy: the copy computes its own public key. The original,
// whose store here never completes, gets its key after a bounded wait.
func TestPublicOfCopyMidWrite(t *testing.T) {
	k := newKey(t, 0x55)
	want := baseMult(&k.d)
	markWriting(k) // as if a goroutine were storing k's public key now
	var c Private
	copyBytes(&c, k)
	if p := publicWithin(t, &c, 10*time.Second); p.p.Equal(&want) != 1 {
		t.Fatal("the copy's public key is wrong")
	}
	if p := publicWithin(t, k, 10*time.Second); p.p.Equal(&want) != 1 {
		t.Fatal("the original's public key is wrong")
	}
}

// markWriting puts k in the state of a key whose public key a goroutine is
// storing.
func markWriting(k *Private) { k.pubAt.Store(k.addr() | pubWriting) }
