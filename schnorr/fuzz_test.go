package schnorr_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/schnorr"
)

func FuzzSignVerify(f *testing.F) {
	f.Add(bytes.Repeat([]byte{3}, 32), []byte("message"), make([]byte, 32))
	f.Fuzz(func(t *testing.T, key, msg, aux []byte) {
		k, err := secp256k1.NewPrivateKey(key)
		if err != nil || len(aux) != 32 {
			return
		}
		sig, err := schnorr.SignWithAux(k, msg, aux)
		if err != nil {
			t.Fatal(err)
		}
		x, _ := k.PublicKey().XOnly()
		if !schnorr.Verify(x, msg, sig) {
			t.Fatal("signature does not verify")
		}
		sig[63] ^= 1
		if schnorr.Verify(x, msg, sig) {
			t.Fatal("corrupted signature verifies")
		}
	})
}

func FuzzVerify(f *testing.F) {
	f.Add(make([]byte, 32), []byte("m"), make([]byte, 64))
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		x, err := secp256k1.NewXOnlyPublicKey(pub)
		if err != nil {
			return
		}
		schnorr.Verify(x, msg, sig) // must not panic
	})
}

// FuzzBatchVerify compares batch and single verification on batches built
// from a few valid signatures, mutated by the fuzz input.
func FuzzBatchVerify(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 2))
	base := randBatch(f, r, 6, 0, 0)
	f.Add([]byte{0, 0, 0}, uint8(6))
	f.Add([]byte{1, 40, 0x80, 3, 63, 1}, uint8(3))
	f.Fuzz(func(t *testing.T, muts []byte, n uint8) {
		in := &batchInput{}
		for i := range int(n%6) + 1 {
			in.pubs = append(in.pubs, base.pubs[i])
			in.msgs = append(in.msgs, base.msgs[i])
			in.sigs = append(in.sigs, bytes.Clone(base.sigs[i]))
		}
		// Each mutation is (entry, byte offset, xor value).
		for len(muts) >= 3 {
			i, off, x := int(muts[0])%len(in.sigs), int(muts[1]), muts[2]
			muts = muts[3:]
			if off < 64 {
				in.sigs[i][off] ^= x
			} else {
				in.msgs[i] = append(bytes.Clone(in.msgs[i]), x)
			}
		}
		// Add keeps what it rejects, as a known-invalid entry: the batch
		// answers for every index, as single verification does.
		var b schnorr.BatchVerifier
		for i := range in.sigs {
			if b.Add(in.pubs[i], in.msgs[i], in.sigs[i]) != nil && schnorr.Verify(in.pubs[i], in.msgs[i], in.sigs[i]) {
				t.Fatalf("Add rejects signature %d, which Verify accepts", i)
			}
		}
		want := in.singleInvalid()
		if got := b.Invalid(); !slices.Equal(got, want) {
			t.Fatalf("Invalid = %v, want %v", got, want)
		}
		if b.Len() != len(in.sigs) || b.Verify() != (len(want) == 0) {
			t.Fatal("Verify disagrees with single verification")
		}
		if schnorr.VerifyBatch(in.pubs, in.msgs, in.sigs) != (len(want) == 0) {
			t.Fatal("VerifyBatch disagrees with single verification")
		}
	})
}
