package schnorr_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/testutil"
	"github.com/p256k1/secp256k1/schnorr"
)

// rejects are the inputs Add rejects: each replaces entry i's key or
// signature and names the error Add must return.
var rejects = []struct {
	name   string
	mutate func(in *batchInput, i int)
	err    error
}{
	{"63-byte signature", func(in *batchInput, i int) { in.sigs[i] = in.sigs[i][:63] }, schnorr.ErrInvalidSignature},
	{"65-byte signature", func(in *batchInput, i int) { in.sigs[i] = append(bytes.Clone(in.sigs[i]), 0) }, schnorr.ErrInvalidSignature},
	{"nil signature", func(in *batchInput, i int) { in.sigs[i] = nil }, schnorr.ErrInvalidSignature},
	{"r = p", func(in *batchInput, i int) {
		in.sigs[i] = append(testutil.P.FillBytes(make([]byte, 32)), in.sigs[i][32:]...)
	}, schnorr.ErrInvalidSignature},
	{"s = n", func(in *batchInput, i int) {
		in.sigs[i] = append(bytes.Clone(in.sigs[i][:32]), testutil.N.FillBytes(make([]byte, 32))...)
	}, schnorr.ErrInvalidSignature},
	{"nil key", func(in *batchInput, i int) { in.pubs[i] = nil }, secp256k1.ErrInvalidPublicKey},
	{"zero-value key", func(in *batchInput, i int) { in.pubs[i] = new(secp256k1.XOnlyPublicKey) }, secp256k1.ErrInvalidPublicKey},
}

// TestBatchRejectedEntriesStay: an entry that Add rejects stays in the
// batch as a known-invalid slot, so that a caller who ignores Add's error
// still gets Verify() == false and Invalid indices that line up with its
// own list.
func TestBatchRejectedEntriesStay(t *testing.T) {
	r := testutil.Rand(t)
	for _, n := range []int{1, 2, 5, 80} {
		for _, rj := range rejects {
			in := randBatch(t, r, n, 0, 0)
			// One rejected entry, and (for n > 2) an invalid one after it
			// that Add accepts, whose index must not shift.
			pos := r.IntN(n)
			rj.mutate(in, pos)
			want := []int{pos}
			if n > 2 {
				bad := (pos + 1 + r.IntN(n-1)) % n
				defects["wrong message"](r, in, bad)
				want = append(want, bad)
				slices.Sort(want)
			}
			if got := in.singleInvalid(); !slices.Equal(got, want) {
				t.Fatalf("%s: single verification gives %v, want %v", rj.name, got, want)
			}
			for _, w := range []int{1, 2} {
				b := &schnorr.BatchVerifier{Workers: w}
				for i := range in.pubs {
					err := b.Add(in.pubs[i], in.msgs[i], in.sigs[i]) // the error ignored, as a careless caller does
					if i == pos && !errors.Is(err, rj.err) {
						t.Errorf("%s: Add = %v, want %v", rj.name, err, rj.err)
					}
					if i != pos && err != nil {
						t.Fatalf("%s: Add %d: %v", rj.name, i, err)
					}
				}
				name := fmt.Sprintf("%s at %d of %d (workers %d)", rj.name, pos, n, w)
				if b.Len() != n {
					t.Errorf("%s: Len = %d, want %d", name, b.Len(), n)
				}
				if b.Verify() {
					t.Errorf("%s: Verify() = true for a batch holding a rejected entry", name)
				}
				if got := b.Invalid(); !slices.Equal(got, want) {
					t.Errorf("%s: Invalid() = %v, want %v", name, got, want)
				}
			}
			if schnorr.VerifyBatch(in.pubs, in.msgs, in.sigs) {
				t.Errorf("%s: VerifyBatch accepts it", rj.name)
			}
		}
	}
}

// TestBatchOnlyRejected: a batch of nothing but rejected entries.
func TestBatchOnlyRejected(t *testing.T) {
	var b schnorr.BatchVerifier
	for range 3 {
		if b.Add(nil, nil, nil) == nil {
			t.Fatal("Add(nil, nil, nil) succeeded")
		}
	}
	if b.Len() != 3 || b.Verify() || !slices.Equal(b.Invalid(), []int{0, 1, 2}) {
		t.Errorf("Len %d, Verify %v, Invalid %v", b.Len(), b.Verify(), b.Invalid())
	}
	b.Reset()
	if b.Len() != 0 || !b.Verify() || b.Invalid() != nil {
		t.Error("after Reset")
	}
}

// TestBatchNil: a nil BatchVerifier's Add returns an error wrapping
// ErrInvalidSignature, and nothing panics.
func TestBatchNil(t *testing.T) {
	var b *schnorr.BatchVerifier
	if err := b.Add(nil, nil, nil); !errors.Is(err, schnorr.ErrInvalidSignature) {
		t.Errorf("Add on nil = %v", err)
	}
	if b.Len() != 0 || b.Verify() || b.Invalid() != nil {
		t.Error("nil BatchVerifier")
	}
	b.Reset()
}
