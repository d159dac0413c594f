package frost_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/frost"
)

// benchGroup is a t-of-n dealer split and the signers context of
// participants 0..t-1.
func benchGroup(b *testing.B, t, n int) (*frost.DealerOutput, *frost.SignersContext, []int, [][]byte) {
	d := dealer(b, rand.New(rand.NewPCG(uint64(t), uint64(n))), t, n)
	ids := make([]int, t)
	pubs := make([][]byte, t)
	for i := range ids {
		ids[i], pubs[i] = i, d.PublicShares[i]
	}
	sc, err := frost.NewSignersContext(n, t, ids, pubs, d.ThresholdPublicKey)
	if err != nil {
		b.Fatal(err)
	}
	return d, sc, ids, pubs
}

var benchSizes = [][2]int{{2, 3}, {11, 15}}

func BenchmarkNewSignersContext(b *testing.B) {
	for _, sz := range benchSizes {
		b.Run(fmt.Sprintf("%dof%d", sz[0], sz[1]), func(b *testing.B) {
			d, _, ids, pubs := benchGroup(b, sz[0], sz[1])
			b.ReportAllocs()
			for b.Loop() {
				if _, err := frost.NewSignersContext(sz[1], sz[0], ids, pubs, d.ThresholdPublicKey); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkNonceGen(b *testing.B) {
	d, _, _, _ := benchGroup(b, 2, 3)
	msg := []byte("message")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := frost.NonceGen(&frost.NonceOptions{SecretShare: d.SecretShares[0], Message: msg}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDeterministicSign(b *testing.B) {
	d, sc, _, _ := benchGroup(b, 2, 3)
	_, pn, err := frost.NonceGen(nil)
	if err != nil {
		b.Fatal(err)
	}
	msg := []byte("message")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := frost.DeterministicSign(d.SecretShares[1], 1, pn, sc, nil, msg, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDealerKeyGen(b *testing.B) {
	for _, sz := range benchSizes {
		b.Run(fmt.Sprintf("%dof%d", sz[0], sz[1]), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := frost.DealerKeyGen(sz[0], sz[1], nil, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
