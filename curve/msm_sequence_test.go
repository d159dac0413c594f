package curve

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Sequence tests of the variable-time multiplications (doc/state.md):
// random sequences of calls, on several goroutines at once, every result
// compared with a naive reference built from the constant-time single
// multiplications and Add.

// naiveMSM is Σ scalars[i]·points[i] by ScalarMult and Add.
func naiveMSM(scalars []*Scalar, points []*Point) *Point {
	sum := NewIdentityPoint()
	for i := range scalars {
		sum.Add(sum, new(Point).ScalarMult(scalars[i], points[i]))
	}
	return sum
}

// naiveDouble is a·A + b·G by ScalarMult, ScalarBaseMult and Add.
func naiveDouble(a *Scalar, A *Point, b *Scalar) *Point {
	p := new(Point).ScalarMult(a, A)
	return p.Add(p, new(Point).ScalarBaseMult(b))
}

// seqGen draws the inputs of a call sequence: scalars with the edge values
// 0, 1, 2 and n−1 often, and points that are often the identity (both the
// zero value and NewIdentityPoint), G, −G, a point drawn before (the same
// *Point, or an equal one), its negation, or a sum or double left in
// non-normalized projective form.
type seqGen struct {
	r    *rand.Rand
	seen []*Point // points drawn so far, for repeats and negations
}

var (
	seqNMinus1 = scalarFromBig(new(big.Int).Sub(bigN, big.NewInt(1)))
	seqTwo128  = scalarFromBig(new(big.Int).Lsh(big.NewInt(1), 128))
)

func (g *seqGen) scalar() *Scalar {
	switch g.r.IntN(12) {
	case 0:
		return NewScalar()
	case 1:
		return new(Scalar).SetUint64(1)
	case 2:
		return new(Scalar).SetUint64(2)
	case 3:
		return new(Scalar).Set(seqNMinus1)
	case 4:
		return new(Scalar).Set(seqTwo128)
	default:
		return scalarFromBig(randBig(g.r, bigN))
	}
}

func (g *seqGen) point() *Point {
	var p *Point
	k := len(g.seen)
	switch c := g.r.IntN(16); {
	case c == 0:
		p = NewIdentityPoint()
	case c == 1:
		p = new(Point) // the zero value
	case c == 2:
		p = NewGeneratorPoint()
	case c == 3:
		p = new(Point).Negate(NewGeneratorPoint())
	case c == 4 && k > 0:
		p = g.seen[g.r.IntN(k)] // the same *Point again
	case c == 5 && k > 0:
		p = new(Point).Negate(g.seen[g.r.IntN(k)])
	case c == 6 && k > 0:
		q := g.seen[g.r.IntN(k)] // an equal point, normalized
		p, _ = new(Point).SetBytes(q.BytesUncompressed())
	case c == 7 && k > 0:
		p = new(Point).Add(g.seen[g.r.IntN(k)], g.seen[g.r.IntN(k)])
	case c == 8 && k > 0:
		p = new(Point).Double(g.seen[g.r.IntN(k)])
	default:
		p = new(Point).ScalarBaseMult(scalarFromBig(randBig(g.r, bigN)))
	}
	if len(g.seen) < 64 {
		g.seen = append(g.seen, p)
	} else {
		g.seen[g.r.IntN(len(g.seen))] = p
	}
	return p
}

// size returns a number of terms: a few, about the Strauss–Pippenger
// crossover (40 non-zero 128-bit halves, about 20 terms), or up to max.
func (g *seqGen) size(max int) int {
	switch g.r.IntN(10) {
	case 0, 1, 2:
		return g.r.IntN(5)
	case 3, 4, 5:
		return 12 + g.r.IntN(20)
	default:
		return g.r.IntN(max + 1)
	}
}

// step makes one random call and checks it; it returns a description of
// the call if the result is wrong.
func (g *seqGen) step(maxSize int) string {
	switch g.r.IntN(8) {
	case 0: // a·A + b·G
		a, A, b := g.scalar(), g.point(), g.scalar()
		want := naiveDouble(a, A, b)
		got := new(Point).VarTimeDoubleScalarBaseMult(a, A, b)
		if got == nil || got.Equal(want) != 1 {
			return fmt.Sprintf("VarTimeDoubleScalarBaseMult (A identity: %d, a zero: %d, b zero: %d)", A.IsIdentity(), a.IsZero(), b.IsZero())
		}
	case 1: // rejected arguments leave the receiver alone
		v := NewGeneratorPoint()
		n := 1 + g.r.IntN(4)
		ss, ps := make([]*Scalar, n), make([]*Point, n)
		for i := range n {
			ss[i], ps[i] = g.scalar(), g.point()
		}
		var got *Point
		if g.r.IntN(2) == 0 {
			got = v.VarTimeMultiScalarMult(ss, ps[:n-1])
		} else {
			ss[g.r.IntN(n)] = nil
			got = v.VarTimeMultiScalarMult(ss, ps)
		}
		if got != nil || v.Equal(NewGeneratorPoint()) != 1 {
			return "VarTimeMultiScalarMult with bad arguments"
		}
	default: // Σ k·P, the receiver sometimes one of the points
		n := g.size(maxSize)
		ss, ps := make([]*Scalar, n), make([]*Point, n)
		for i := range n {
			ss[i], ps[i] = g.scalar(), g.point()
		}
		want := naiveMSM(ss, ps)
		v := new(Point)
		if n > 0 && g.r.IntN(4) == 0 {
			v = ps[g.r.IntN(n)]
		}
		got := v.VarTimeMultiScalarMult(ss, ps)
		if got != v || got.Equal(want) != 1 {
			ids, zeros := 0, 0
			for i := range n {
				ids += ps[i].IsIdentity()
				zeros += ss[i].IsZero()
			}
			return fmt.Sprintf("VarTimeMultiScalarMult of %d terms (%d identities, %d zero scalars)", n, ids, zeros)
		}
	}
	return ""
}

// TestVarTimeSequence runs random sequences of VarTimeMultiScalarMult and
// VarTimeDoubleScalarBaseMult on several goroutines at once (they share the
// scratch pool). The seed of the test reproduces every goroutine's
// sequence, though not their interleaving.
func TestVarTimeSequence(t *testing.T) {
	r := testutil.Rand(t)
	goroutines, calls, maxSize := 4, 40, 300
	if testing.Short() {
		goroutines, calls, maxSize = 3, 5, 48
	}
	testutil.RunGoroutines(t, r, goroutines, func(_ int, r *rand.Rand) error {
		g := &seqGen{r: r}
		for call := range calls {
			if msg := g.step(maxSize); msg != "" {
				return fmt.Errorf("call %d: %s: wrong result", call, msg)
			}
		}
		return nil
	})
}

// TestMSMDirtyScratch runs VarTimeMultiScalarMult on scratch memory filled
// with garbage (terms at infinity or at random finite points, with random
// scalars; random field elements), as an earlier call could leave it: the
// result must not change.
func TestMSMDirtyScratch(t *testing.T) {
	r := testutil.Rand(t)
	g := &seqGen{r: r}
	s := new(msmScratch)
	for _, n := range []int{1, 3, 19, 40, 90, 7, 0, 2} {
		ss, ps := make([]*Scalar, n), make([]*Point, n)
		for i := range n {
			ss[i], ps[i] = g.scalar(), g.point()
		}
		want := naiveMSM(ss, ps)
		dirtyMSMScratch(r, s, 100)
		got := new(Point).varTimeMultiScalarMult(ss, ps, s)
		if got.Equal(want) != 1 {
			t.Errorf("n=%d: wrong result on dirty scratch", n)
		}
	}
}

// dirtyMSMScratch fills s's slices to their capacity (at least n) with
// garbage.
func dirtyMSMScratch(r *rand.Rand, s *msmScratch, n int) {
	if cap(s.terms) < n {
		s.terms = make([]ecmult.Term, n)
		s.z = make([]field.Element, n)
		s.tmp = make([]field.Element, n)
	}
	terms := s.terms[:cap(s.terms)]
	for i := range terms {
		k := scalarFromBig(randBig(r, bigN))
		p := new(Point).ScalarBaseMult(k).affine()
		if i%2 == 0 {
			p = group.Affine{Infinity: true}
		}
		terms[i].Set(&k.s, &p)
	}
	for _, fe := range [][]field.Element{s.z[:cap(s.z)], s.tmp[:cap(s.tmp)]} {
		for i := range fe {
			var b [32]byte
			for j := range b {
				b[j] = byte(r.Uint32())
			}
			fe[i].SetBytes(&b)
		}
	}
}
