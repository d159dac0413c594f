package ecmult

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/p256k1/secp256k1/internal/scalar"
)

// FuzzScratchSequence replays a sequence of MultiScalarMultVarTime calls
// on one Scratch, the choices of TestScratchSequence (sizes, scalars,
// points, g, Workers, Pippenger's variants) read from the input instead of
// a random generator, and checks each result against (Σ ±k·m + g)·G. The
// seed corpus holds random sequences recorded as such inputs.
func FuzzScratchSequence(f *testing.F) {
	edges := edgeScalars(f)
	f.Add([]byte{})
	// Sequence 10 has Pippenger calls with fewer workers than the one
	// before, an event the others lack.
	seeds := []uint64{10, 3, 0, 1, 2}
	if testing.Short() {
		seeds = seeds[:2]
	}
	for _, seed := range seeds {
		rec := &recordSource{r: rand.New(rand.NewPCG(seed, 7))}
		scratchSequence(rec, edges)
		f.Add(rec.out)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if msg := scratchSequence(&fuzzSource{data: data}, edges); msg != "" {
			t.Fatal(msg)
		}
	})
}

// scratchSequence makes up to 12 calls of at most 640 terms in all on one
// Scratch, drawn from src until it runs dry, and returns a description of
// the first wrong result, or "".
func scratchSequence(src seqSource, edges []scalar.Scalar) string {
	g := &seqGen{src: src, pool: fuzzSeqPoints(), edges: edges}
	var s Scratch
	terms := 0
	for i := 0; i < 12 && terms < 640 && !dry(src); i++ {
		conf := g.configure(&s)
		n := min(g.size(80, 600), 640-terms)
		terms += n
		c := g.call(n)
		if !c.run(&s) {
			return fmt.Sprintf("call %d (%s; %s): wrong result", i, c.desc, conf)
		}
	}
	return ""
}

// dry reports whether src is a fuzz input that has been read to its end.
func dry(src seqSource) bool {
	f, ok := src.(*fuzzSource)
	return ok && len(f.data) == 0
}

// fuzzSource is a seqSource that reads the fuzz input; past its end it
// reads zeros.
type fuzzSource struct{ data []byte }

func (s *fuzzSource) byte() byte {
	if len(s.data) == 0 {
		return 0
	}
	b := s.data[0]
	s.data = s.data[1:]
	return b
}

// IntN reads one byte, or two (big-endian) for n above 256.
func (s *fuzzSource) IntN(n int) int {
	v := int(s.byte())
	if n > 256 {
		v = v<<8 | int(s.byte())
	}
	return v % n
}

// Uint64 reads eight bytes, big-endian.
func (s *fuzzSource) Uint64() uint64 {
	var v uint64
	for range 8 {
		v = v<<8 | uint64(s.byte())
	}
	return v
}

// recordSource takes its choices from r and records them as the input
// that makes fuzzSource repeat them (n is at most 65536).
type recordSource struct {
	r   *rand.Rand
	out []byte
}

func (s *recordSource) IntN(n int) int {
	v := s.r.IntN(n)
	if n > 256 {
		s.out = append(s.out, byte(v>>8))
	}
	s.out = append(s.out, byte(v))
	return v
}

func (s *recordSource) Uint64() uint64 {
	v := s.r.Uint64()
	for i := 7; i >= 0; i-- {
		s.out = append(s.out, byte(v>>(8*i)))
	}
	return v
}

// fuzzSeqPoints is a fixed pool of points with known logarithms.
var fuzzSeqPoints = sync.OnceValue(func() *seqPoints {
	return newSeqPoints(rand.New(rand.NewPCG(1, 2)), 24)
})
