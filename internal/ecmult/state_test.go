package ecmult

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// TestSetShortPanics checks that SetShort refuses every k of 2^128 or more,
// whichever of the upper limbs is set.
func TestSetShortPanics(t *testing.T) {
	g := group.Generator()
	for _, l := range [][4]uint64{{0, 0, 1, 0}, {0, 0, 0, 1}, {0, 0, 1 << 63, 0}, {1, 1, 1, 1}} {
		var b [32]byte
		for i, v := range l {
			for j := range 8 {
				b[31-8*i-j] = byte(v >> (8 * j))
			}
		}
		var k scalar.Scalar
		k.SetBytes(&b)
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, "not below 2^128") {
					t.Errorf("SetShort(limbs %x): panic %q, want not below 2^128", l, msg)
				}
			}()
			var term Term
			term.SetShort(&k, false, &g)
		}()
	}
}

// TestBlindSlotsLoadWaitsForWriter checks that load does not return the
// words of a slot whose seq is odd (a writer is writing it): it waits for
// the write to complete, then returns the new words, never a mix.
func TestBlindSlotsLoadWaitsForWriter(t *testing.T) {
	if runtime.GOARCH == "wasm" {
		t.Skip("one thread: the waiting reader would never let the writer run")
	}
	var bs blindSlots
	var w [blindWords]uint64
	for i := range w {
		w[i] = 1
	}
	bs.publish(&w)
	// A writer caught halfway through the current slot.
	s := &bs.slots[bs.cur.Load()&1]
	q := s.seq.Load()
	s.seq.Store(q | 1)
	for i := range blindWords / 2 {
		s.w[i].Store(2)
	}
	started := make(chan struct{})
	done := make(chan [blindWords]uint64)
	go func() {
		close(started)
		var got [blindWords]uint64
		bs.load(&got)
		done <- got
	}()
	<-started
	select {
	case got := <-done:
		t.Fatalf("load returned %v while the slot was being written", got)
	case <-time.After(50 * time.Millisecond):
	}
	for i := blindWords / 2; i < blindWords; i++ {
		s.w[i].Store(2)
	}
	s.seq.Store((q | 1) + 1)
	got := <-done
	for i, v := range got {
		if v != 2 {
			t.Fatalf("load returned word %d = %d after the write, want 2 (%v)", i, v, got)
		}
	}
}
