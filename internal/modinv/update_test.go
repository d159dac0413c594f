package modinv

import (
	"math/rand/v2"
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// randSigned62 returns limbs 0..3 in [0, 2^62) and any limb 4, the domain
// of updateFG and updateDE (besides their bounds on the matrix, which the
// kernels do not rely on: both wrap their 128-bit sums alike).
func randSigned62(r *rand.Rand) signed62 {
	var x signed62
	for i := range 4 {
		x[i] = int64(r.Uint64() & mask62)
		switch r.IntN(8) {
		case 0:
			x[i] = 0
		case 1:
			x[i] = mask62
		}
	}
	x[4] = int64(r.Uint64())
	switch r.IntN(4) {
	case 0:
		x[4] = int64(r.IntN(512)) - 256
	case 1:
		x[4] = []int64{0, -1, 1 << 62, -1 << 62, 1<<63 - 1, -1 << 63}[r.IntN(6)]
	}
	return x
}

// randMatrix returns a transition matrix: from divsteps59 on random input
// (the real ones), or edge and random words.
func randMatrix(r *rand.Rand) (u, v, q, rr int64) {
	if r.IntN(2) == 0 {
		_, u, v, q, rr = divsteps59(int64(r.IntN(1200))-600, r.Uint64()|1, r.Uint64())
		return u, v, q, rr
	}
	edge := []int64{0, 1, -1, 1 << 62, -1 << 62, 1<<62 - 1, 1<<63 - 1, -1 << 63}
	pick := func() int64 {
		if r.IntN(2) == 0 {
			return edge[r.IntN(len(edge))]
		}
		return int64(r.Uint64())
	}
	return pick(), pick(), pick(), pick()
}

func TestUpdateFGAsmVsGeneric(t *testing.T) {
	if !hasAsm {
		t.Skip("no assembly kernels in this build")
	}
	r := testutil.Rand(t)
	for range testutil.Iters(20000, 200000) {
		f, g := randSigned62(r), randSigned62(r)
		u, v, q, rr := randMatrix(r)
		f1, g1, f2, g2 := f, g, f, g
		updateFGAsm((*[5]int64)(&f1), (*[5]int64)(&g1), u, v, q, rr)
		updateFGGeneric(&f2, &g2, u, v, q, rr)
		if f1 != f2 || g1 != g2 {
			t.Fatalf("updateFGAsm(%x, %x, %d, %d, %d, %d) = %x, %x; Go %x, %x", f, g, u, v, q, rr, f1, g1, f2, g2)
		}
	}
}

// updateModuli are the moduli of the update tests: p, n, and odd ones with
// other zero and nonzero balanced limbs.
func updateModuli(r *rand.Rand) []*Modulus {
	ms := []*Modulus{
		New(&[4]uint64{0xFFFFFFFEFFFFFC2F, ^uint64(0), ^uint64(0), ^uint64(0)}),
		New(&[4]uint64{0xBFD25E8CD0364141, 0xBAAEDCE6AF48A03B, 0xFFFFFFFFFFFFFFFE, ^uint64(0)}),
		New(&[4]uint64{3, 0, 0, 0}),
		New(&[4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}),
	}
	for range 4 {
		ms = append(ms, New(&[4]uint64{r.Uint64() | 1, r.Uint64(), r.Uint64(), r.Uint64()}))
	}
	return ms
}

func TestUpdateDEAsmVsGeneric(t *testing.T) {
	if !hasAsm {
		t.Skip("no assembly kernels in this build")
	}
	r := testutil.Rand(t)
	ms := updateModuli(r)
	for range testutil.Iters(20000, 200000) {
		m := ms[r.IntN(len(ms))]
		d, e := randSigned62(r), randSigned62(r)
		u, v, q, rr := randMatrix(r)
		d1, e1, d2, e2 := d, e, d, e
		updateDEAsm((*[5]int64)(&d1), (*[5]int64)(&e1), u, v, q, rr, (*[5]int64)(&m.bal), m.inv62)
		m.updateDEGeneric(&d2, &e2, u, v, q, rr)
		if d1 != d2 || e1 != e2 {
			t.Fatalf("updateDEAsm(%x, %x, %d, %d, %d, %d; bal %x) = %x, %x; Go %x, %x", d, e, u, v, q, rr, m.bal, d1, e1, d2, e2)
		}
	}
}

// FuzzUpdateAsm checks updateFGAsm and updateDEAsm against the Go code on
// fuzzed limbs and matrices, for p and n.
func FuzzUpdateAsm(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint64(3), uint64(4), int64(-1), int64(1<<62), int64(0), int64(-1<<62), int64(5), false)
	f.Add(^uint64(0), uint64(0), ^uint64(0), uint64(1), int64(1<<63-1), int64(-1<<63), int64(1), int64(-1), int64(-1), true)
	ms := []*Modulus{
		New(&[4]uint64{0xFFFFFFFEFFFFFC2F, ^uint64(0), ^uint64(0), ^uint64(0)}),
		New(&[4]uint64{0xBFD25E8CD0364141, 0xBAAEDCE6AF48A03B, 0xFFFFFFFFFFFFFFFE, ^uint64(0)}),
	}
	f.Fuzz(func(t *testing.T, a, b, c, d uint64, top, u, v, q, rr int64, order bool) {
		if !hasAsm {
			t.Skip("no assembly kernels in this build")
		}
		// Limbs 0..3 in [0, 2^62) from the fuzzed words.
		x := signed62{int64(a & mask62), int64(b & mask62), int64(c & mask62), int64(d & mask62), top}
		y := signed62{int64(d & mask62), int64(a>>2 ^ c&mask62), int64(b >> 2), int64(^a & mask62), ^top ^ u}
		x1, y1, x2, y2 := x, y, x, y
		updateFGAsm((*[5]int64)(&x1), (*[5]int64)(&y1), u, v, q, rr)
		updateFGGeneric(&x2, &y2, u, v, q, rr)
		if x1 != x2 || y1 != y2 {
			t.Fatalf("updateFGAsm(%x, %x, %d, %d, %d, %d) = %x, %x; Go %x, %x", x, y, u, v, q, rr, x1, y1, x2, y2)
		}
		m := ms[0]
		if order {
			m = ms[1]
		}
		x1, y1, x2, y2 = x, y, x, y
		updateDEAsm((*[5]int64)(&x1), (*[5]int64)(&y1), u, v, q, rr, (*[5]int64)(&m.bal), m.inv62)
		m.updateDEGeneric(&x2, &y2, u, v, q, rr)
		if x1 != x2 || y1 != y2 {
			t.Fatalf("updateDEAsm(%x, %x, %d, %d, %d, %d) = %x, %x; Go %x, %x", x, y, u, v, q, rr, x1, y1, x2, y2)
		}
	})
}
