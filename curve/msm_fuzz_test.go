package curve

import (
	"crypto/sha256"
	"testing"
)

// FuzzMSMSequence replays a sequence of VarTimeMultiScalarMult and
// VarTimeDoubleScalarBaseMult calls decoded from the input, in order, in
// one process (sharing the scratch pool with each other and with earlier
// inputs), and checks each result against naiveMSM or naiveDouble.
//
// The input is a list of operations. An operation byte op chooses
// VarTimeDoubleScalarBaseMult (op%3 == 0: a scalar, a point, a scalar) or
// VarTimeMultiScalarMult (otherwise: a count byte, below 48 unless op has
// its top bit set, then that many scalar and point pairs). A scalar is a
// selector byte: 0, 1, n−1, 2^128, a small value, or 32 bytes hashed from
// the next 8 input bytes. A point is a selector byte: the identity (from
// NewIdentityPoint or the zero value), G, m·G for the next byte m, or one
// built from a point of the same input: the same *Point again, its
// negation, a sum of two, a double (the last two left in non-normalized
// projective form).
func FuzzMSMSequence(f *testing.F) {
	// The reproduction of the identity-flag bug: [1]·[O], then [1]·[G].
	f.Add([]byte{1, 1, 1, 0, 1, 1, 1, 2})
	// The forgery shape: a call with the identity at index 2, then
	// s·G − R − c·X with s = 5, R = 5·G, X = 77·G.
	f.Add([]byte{1, 3, 1, 2, 1, 2, 1, 0, 1, 3, 5<<3 | 4, 2, 2, 3, 5, 5, 1, 2, 3, 4, 5, 6, 7, 8, 3, 77})
	// a·O + b·G, then a·P + 0·G.
	f.Add([]byte{0, 5, 1, 1, 1, 1, 1, 1, 1, 1, 0, 6, 2, 2, 2, 2, 2, 2, 2, 2, 0, 3, 200, 0})
	// A Pippenger-sized call with identities and repeats, then small ones.
	big := []byte{0x81, 60}
	for i := range 60 {
		big = append(big, byte(5+i%3), byte(i), byte(i*3), byte(i*5), byte(i*7), byte(i*11), byte(i*13), byte(i*17), byte(i*19), byte(8*(i%4)+i%8))
	}
	f.Add(append(big, 1, 2, 1, 0, 1, 2, 1, 2, 4, 1, 2, 3, 4, 5, 6, 7, 8, 3, 42, 1, 2, 4))
	mixed := make([]byte, 400)
	for i := range mixed {
		mixed[i] = byte(i * 7)
	}
	f.Add(mixed)

	f.Fuzz(func(t *testing.T, data []byte) {
		d := &fuzzSeq{data: data}
		for op := 0; op < 64 && d.terms < 256 && len(d.data) > 0; op++ {
			o := d.byte()
			if o%3 == 0 {
				a, A, b := d.scalar(), d.point(), d.scalar()
				got := new(Point).VarTimeDoubleScalarBaseMult(a, A, b)
				if got.Equal(naiveDouble(a, A, b)) != 1 {
					t.Fatalf("operation %d: VarTimeDoubleScalarBaseMult mismatch", op)
				}
				continue
			}
			n := int(d.byte())
			if o&0x80 == 0 {
				n %= 48
			}
			n = min(n, 256-d.terms)
			d.terms += n
			ss, ps := make([]*Scalar, n), make([]*Point, n)
			for i := range n {
				ss[i], ps[i] = d.scalar(), d.point()
			}
			got := new(Point).VarTimeMultiScalarMult(ss, ps)
			if got.Equal(naiveMSM(ss, ps)) != 1 {
				t.Fatalf("operation %d: VarTimeMultiScalarMult of %d terms mismatch", op, n)
			}
		}
	})
}

// fuzzSeq decodes FuzzMSMSequence's input; past its end it reads zeros.
type fuzzSeq struct {
	data  []byte
	seen  []*Point
	terms int
}

func (d *fuzzSeq) byte() byte {
	if len(d.data) == 0 {
		return 0
	}
	b := d.data[0]
	d.data = d.data[1:]
	return b
}

func (d *fuzzSeq) scalar() *Scalar {
	sel := d.byte()
	switch sel % 8 {
	case 0:
		return NewScalar()
	case 1:
		return new(Scalar).SetUint64(1)
	case 2:
		return new(Scalar).Set(seqNMinus1)
	case 3:
		return new(Scalar).Set(seqTwo128)
	case 4:
		return new(Scalar).SetUint64(uint64(sel >> 3))
	}
	var in [8]byte
	for i := range in {
		in[i] = d.byte()
	}
	h := sha256.Sum256(in[:])
	s, _ := new(Scalar).SetBytes(h[:])
	return s
}

func (d *fuzzSeq) point() *Point {
	sel := d.byte()
	var p *Point
	k := len(d.seen)
	pick := func() *Point { return d.seen[int(sel>>3)%k] }
	switch c := sel % 8; {
	case c == 0:
		p = NewIdentityPoint()
	case c == 1:
		p = new(Point)
	case c == 2 || k == 0:
		p = NewGeneratorPoint()
	case c == 3:
		p = new(Point).ScalarBaseMult(new(Scalar).SetUint64(uint64(d.byte())))
	case c == 4:
		p = pick()
	case c == 5:
		p = new(Point).Negate(pick())
	case c == 6:
		p = new(Point).Add(pick(), d.seen[k-1])
	default:
		p = new(Point).Double(pick())
	}
	if k < 32 {
		d.seen = append(d.seen, p)
	}
	return p
}
