package ecdsa_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// TestBatchRejectedEntriesStay: an entry that Add rejects (a nil or
// zero-value key or signature) stays in the batch as a known-invalid slot,
// so that a caller who ignores Add's error still gets Verify() == false
// and Invalid indices that line up with its own list.
func TestBatchRejectedEntriesStay(t *testing.T) {
	r := testutil.Rand(t)
	rejects := []struct {
		name   string
		mutate func(b *ecdsaBatch, i int)
		err    error
	}{
		{"nil key", func(b *ecdsaBatch, i int) { b.pubs[i] = nil }, secp256k1.ErrInvalidPublicKey},
		{"zero-value key", func(b *ecdsaBatch, i int) { b.pubs[i] = new(secp256k1.PublicKey) }, secp256k1.ErrInvalidPublicKey},
		{"nil signature", func(b *ecdsaBatch, i int) { b.sigs[i] = nil }, ecdsa.ErrInvalidSignature},
		{"zero-value signature", func(b *ecdsaBatch, i int) { b.sigs[i] = new(ecdsa.Signature) }, ecdsa.ErrInvalidSignature},
	}
	for _, n := range []int{1, 3, 40} {
		for _, rj := range rejects {
			in := newECDSABatch(t, n, byte(n))
			pos := r.IntN(n)
			rj.mutate(in, pos)
			want := []int{pos}
			if n > 2 {
				bad := (pos + 1 + r.IntN(n-1)) % n
				in.hashes[bad] = append(slices.Clone(in.hashes[bad][:31]), in.hashes[bad][31]^1)
				want = append(want, bad)
				slices.Sort(want)
			}
			if got := in.singleInvalid(); !slices.Equal(got, want) {
				t.Fatalf("%s: single verification gives %v, want %v", rj.name, got, want)
			}
			for _, w := range []int{1, 2} {
				v := ecdsa.BatchVerifier{Workers: w}
				for i := range in.pubs {
					err := v.Add(in.pubs[i], in.hashes[i], in.sigs[i]) // ignored, as a careless caller does
					if i == pos && !errors.Is(err, rj.err) {
						t.Errorf("%s: Add = %v, want %v", rj.name, err, rj.err)
					}
					if i != pos && err != nil {
						t.Fatalf("%s: Add %d: %v", rj.name, i, err)
					}
				}
				name := fmt.Sprintf("%s at %d of %d (workers %d)", rj.name, pos, n, w)
				if v.Len() != n {
					t.Errorf("%s: Len = %d, want %d", name, v.Len(), n)
				}
				if v.Verify() {
					t.Errorf("%s: Verify() = true for a batch holding a rejected entry", name)
				}
				if got := v.Invalid(); !slices.Equal(got, want) {
					t.Errorf("%s: Invalid() = %v, want %v", name, got, want)
				}
			}
			if ecdsa.VerifyMany(in.pubs, in.hashes, in.sigs) {
				t.Errorf("%s: VerifyMany accepts it", rj.name)
			}
		}
	}
}

// TestBatchNil: a nil BatchVerifier's Add returns an error wrapping
// ErrInvalidSignature, and nothing panics.
func TestBatchNil(t *testing.T) {
	var v *ecdsa.BatchVerifier
	if err := v.Add(nil, nil, nil); !errors.Is(err, ecdsa.ErrInvalidSignature) {
		t.Errorf("Add on nil = %v", err)
	}
	if v.Len() != 0 || v.Verify() || v.Invalid() != nil {
		t.Error("nil BatchVerifier")
	}
	v.Reset()
}
