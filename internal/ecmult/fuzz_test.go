package ecmult

import (
	"sync"
	"testing"

	"github.com/p256k1/secp256k1/internal/ecmult/tablegen"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// FuzzMultiScalarMult compares Strauss, Pippenger (two window widths, affine
// and Jacobian buckets) and the reference (Σ kᵢ·mᵢ + g)·G, on inputs decoded from the fuzz
// data: each 33-byte record is a scalar k and a point selector (an odd
// multiple mᵢ·G, often repeated or negated, so that buckets see doublings
// and cancellations).
func FuzzMultiScalarMult(f *testing.F) {
	f.Add([]byte{}, false)
	f.Add(make([]byte, 33*3), true)
	seed := make([]byte, 33*20)
	for i := range seed {
		seed[i] = byte(i * 7)
	}
	f.Add(seed, true)
	f.Fuzz(func(t *testing.T, data []byte, withG bool) {
		if len(data) > 33*64 {
			return
		}
		c := msmCase{}
		var sum scalar.Scalar // Σ kᵢ·mᵢ (+ g): the result is sum·G
		for len(data) >= 33 {
			var b [32]byte
			copy(b[:], data[:32])
			var k scalar.Scalar
			k.SetBytes(&b)
			sel := data[32]
			data = data[33:]
			var m scalar.Scalar
			m.SetUint64(2*uint64(sel&0x7f) + 1)
			p := fuzzMultiples()[sel&0x7f]
			if sel&0x80 != 0 {
				p.Negate(&p)
				m.Negate(&m)
			}
			if sel == 0xff {
				p = group.Affine{Infinity: true}
				m.Zero()
			}
			m.Multiply(&m, &k)
			sum.Add(&sum, &m)
			c.ks = append(c.ks, k)
			c.ps = append(c.ps, p)
		}
		if withG {
			var b [32]byte
			copy(b[:], data)
			var g scalar.Scalar
			g.SetBytes(&b)
			c.g = &g
			sum.Add(&sum, &g)
		}
		var pp group.Projective
		var want group.Affine
		want.SetProjective(BaseMult(&pp, &sum))
		terms := c.terms()
		for name, alg := range msmAlgorithms() {
			var out group.Jacobian
			alg(&out, c.g, terms)
			var got group.Affine
			got.SetJacobianVarTime(&out)
			if got.Equal(&want) != 1 {
				t.Fatalf("%s mismatch (n=%d)", name, len(c.ks))
			}
		}
	})
}

// fuzzMultiples returns (2j+1)·G for j < 128.
var fuzzMultiples = sync.OnceValue(func() []group.Affine {
	g := group.Generator()
	return tablegen.OddMultiples(&g, 128)
})
