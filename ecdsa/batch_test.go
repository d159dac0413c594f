package ecdsa_test

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/testutil"
)

type ecdsaBatch struct {
	pubs   []*secp256k1.PublicKey
	hashes [][]byte
	sigs   []*ecdsa.Signature
}

func newECDSABatch(t testing.TB, n int, seed byte) *ecdsaBatch {
	b := &ecdsaBatch{}
	for i := range n {
		kb := sha256.Sum256([]byte{seed, byte(i), byte(i >> 8), 1})
		k, err := secp256k1.NewPrivateKey(kb[:])
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256([]byte(fmt.Sprintf("message %d", i)))
		sig, err := ecdsa.Sign(k, h[:])
		if err != nil {
			t.Fatal(err)
		}
		b.pubs = append(b.pubs, k.PublicKey())
		b.hashes = append(b.hashes, h[:])
		b.sigs = append(b.sigs, sig)
	}
	return b
}

func (b *ecdsaBatch) singleInvalid() []int {
	var out []int
	for i := range b.pubs {
		if !ecdsa.Verify(b.pubs[i], b.hashes[i], b.sigs[i]) {
			out = append(out, i)
		}
	}
	return out
}

func (b *ecdsaBatch) check(t *testing.T, name string) {
	t.Helper()
	want := b.singleInvalid()
	for _, w := range []int{0, 1, 2, 5} {
		v := ecdsa.BatchVerifier{Workers: w}
		for i := range b.pubs {
			if err := v.Add(b.pubs[i], b.hashes[i], b.sigs[i]); err != nil {
				t.Fatal(err)
			}
		}
		if v.Len() != len(b.pubs) {
			t.Fatalf("%s: Len", name)
		}
		if v.Verify() != (len(want) == 0) || !slices.Equal(v.Invalid(), want) {
			t.Errorf("%s (workers %d): Verify %v, Invalid %v, want %v", name, w, v.Verify(), v.Invalid(), want)
		}
	}
	if ecdsa.VerifyMany(b.pubs, b.hashes, b.sigs) != (len(want) == 0) {
		t.Errorf("%s: VerifyMany", name)
	}
}

// highSSig returns the high-S twin of sig, which Verify rejects.
func highSSig(t *testing.T, sig *ecdsa.Signature) *ecdsa.Signature {
	h, err := ecdsa.ParseCompactSignature(highS(t, sig))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestBatchVerifier(t *testing.T) {
	r := testutil.Rand(t)
	for _, n := range []int{0, 1, 2, 3, 65, 300} {
		b := newECDSABatch(t, n, byte(n))
		b.check(t, fmt.Sprintf("valid n=%d", n))
		if n == 0 {
			continue
		}
		for _, bad := range []int{1, 3, n / 2} {
			b := newECDSABatch(t, n, byte(n))
			for _, pos := range r.Perm(n)[:min(bad, n)] {
				switch r.IntN(3) {
				case 0:
					b.hashes[pos] = append(slices.Clone(b.hashes[pos][:31]), b.hashes[pos][31]^1)
				case 1:
					b.sigs[pos] = highSSig(t, b.sigs[pos])
				case 2:
					b.pubs[pos] = b.pubs[(pos+1)%n]
					if n == 1 {
						b.sigs[pos] = highSSig(t, b.sigs[pos])
					}
				}
			}
			b.check(t, fmt.Sprintf("%d invalid of %d", bad, n))
		}
	}
}

func TestBatchVerifierMisuse(t *testing.T) {
	b := newECDSABatch(t, 3, 9)
	var v ecdsa.BatchVerifier
	for _, k := range []*secp256k1.PublicKey{nil, new(secp256k1.PublicKey)} {
		if err := v.Add(k, b.hashes[0], b.sigs[0]); !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
			t.Errorf("Add(invalid key) = %v", err)
		}
		if ecdsa.VerifyMany([]*secp256k1.PublicKey{b.pubs[0], k}, b.hashes[:2], b.sigs[:2]) {
			t.Error("VerifyMany with an invalid key")
		}
	}
	for _, s := range []*ecdsa.Signature{nil, new(ecdsa.Signature)} {
		if err := v.Add(b.pubs[0], b.hashes[0], s); !errors.Is(err, ecdsa.ErrInvalidSignature) {
			t.Errorf("Add(invalid signature) = %v", err)
		}
	}
	// The rejected entries stay, as known-invalid ones.
	if v.Len() != 4 || v.Verify() || !slices.Equal(v.Invalid(), []int{0, 1, 2, 3}) {
		t.Errorf("rejected entries: Len %d, Verify %v, Invalid %v", v.Len(), v.Verify(), v.Invalid())
	}
	v.Reset()
	if ecdsa.VerifyMany(b.pubs, b.hashes[:2], b.sigs) || !ecdsa.VerifyMany(nil, nil, nil) {
		t.Error("VerifyMany lengths")
	}
	// Reset and reuse; the hash is copied.
	h := slices.Clone(b.hashes[1])
	if err := v.Add(b.pubs[1], h, b.sigs[1]); err != nil {
		t.Fatal(err)
	}
	h[0] ^= 1
	if !v.Verify() {
		t.Error("Add retained the hash")
	}
	v.Reset()
	if v.Len() != 0 || !v.Verify() {
		t.Error("Reset")
	}
}

// BenchmarkVerifyMany measures VerifyMany of 1024 signatures on 1 and 2
// workers, and a single Verify, per signature.
func BenchmarkVerifyMany(b *testing.B) {
	in := newECDSABatch(b, 1024, 1)
	b.Run("single", func(b *testing.B) {
		i := 0
		for b.Loop() {
			ecdsa.Verify(in.pubs[i%1024], in.hashes[i%1024], in.sigs[i%1024])
			i++
		}
	})
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("n=1024/workers=%d", w), func(b *testing.B) {
			v := ecdsa.BatchVerifier{Workers: w}
			for b.Loop() {
				v.Reset()
				for i := range in.pubs {
					v.Add(in.pubs[i], in.hashes[i], in.sigs[i])
				}
				if !v.Verify() {
					b.Fatal("invalid")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1024, "ns/sig")
		})
	}
}
