package modinv

import (
	"testing"

	"github.com/p256k1/secp256k1/internal/testutil"
)

// divsteps59Ref is the unpacked form of divsteps59, one divstep at a time
// on four matrix words, as in libsecp256k1's modinv64_divsteps_59.
func divsteps59Ref(zeta int64, f0, g0 uint64) (zetaOut, tu, tv, tq, tr int64) {
	u, v, q, r := uint64(8), uint64(0), uint64(0), uint64(8)
	f, g := f0, g0
	for range 59 {
		c1 := uint64(zeta >> 63)
		c2 := -(g & 1)
		x := (f ^ c1) - c1
		y := (u ^ c1) - c1
		z := (v ^ c1) - c1
		g += x & c2
		q += y & c2
		r += z & c2
		c1 &= c2
		zeta = (zeta ^ int64(c1)) - 1
		f += g & c1
		u += q & c1
		v += r & c1
		g >>= 1
		u <<= 1
		v <<= 1
	}
	return zeta, int64(u), int64(v), int64(q), int64(r)
}

// divstepsSlow runs n divsteps one at a time with the textbook definition
// on the low 64 bits of f and g (all the matrix depends on), and returns the
// new delta and the matrix scaled by 2^n. delta is passed doubled (delta2 =
// 2·delta) so that the constant-time variant's half-integer delta fits.
func divstepsSlow(n int, delta2 int64, f0, g0 uint64) (int64, [4]uint64) {
	f, g := f0, g0
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	for range n {
		switch {
		case delta2 > 0 && g&1 == 1:
			delta2, f, g, u, v, q, r = 2-delta2, g, g-f, 2*q, 2*r, q-u, r-v
		case g&1 == 1:
			delta2, g, u, v, q, r = 2+delta2, g+f, 2*u, 2*v, q+u, r+v
		default:
			delta2, u, v = 2+delta2, 2*u, 2*v
		}
		g >>= 1
	}
	return delta2, [4]uint64{u, v, q, r}
}

func TestDivsteps59(t *testing.T) {
	r := testutil.Rand(t)
	for range testutil.Iters(20000, 200000) {
		zeta := int64(r.IntN(1200)) - 600
		f, g := r.Uint64()|1, r.Uint64()
		if r.IntN(4) == 0 {
			g &= ^uint64(0) << r.IntN(64) // trailing zeros
		}
		a0, a1, a2, a3, a4 := divsteps59(zeta, f, g)
		b0, b1, b2, b3, b4 := divsteps59Ref(zeta, f, g)
		if a0 != b0 || a1 != b1 || a2 != b2 || a3 != b3 || a4 != b4 {
			t.Fatalf("divsteps59(%d, %x, %x) = %d %d %d %d %d, reference %d %d %d %d %d",
				zeta, f, g, a0, a1, a2, a3, a4, b0, b1, b2, b3, b4)
		}
		// zeta = -(delta + 1/2): 2·delta = -2·zeta - 1.
		d2, m := divstepsSlow(59, -2*zeta-1, f, g)
		if a0 != -(d2+1)/2 || uint64(a1) != m[0]<<3 || uint64(a2) != m[1]<<3 || uint64(a3) != m[2]<<3 || uint64(a4) != m[3]<<3 {
			t.Fatalf("divsteps59(%d, %x, %x) differs from the textbook divsteps", zeta, f, g)
		}
	}
}

func TestDivsteps62Var(t *testing.T) {
	r := testutil.Rand(t)
	for range testutil.Iters(20000, 200000) {
		eta := int64(r.IntN(1200)) - 600
		f, g := r.Uint64()|1, r.Uint64()
		if r.IntN(4) == 0 {
			g &= ^uint64(0) << r.IntN(64)
		}
		// eta = -delta.
		e, u, v, q, rr := divsteps62Var(eta, f, g)
		d2, m := divstepsSlow(62, -2*eta, f, g)
		if e != -d2/2 || uint64(u) != m[0] || uint64(v) != m[1] || uint64(q) != m[2] || uint64(rr) != m[3] {
			t.Fatalf("divsteps62Var(%d, %x, %x) differs from the textbook divsteps", eta, f, g)
		}
	}
}

// divstepsEdges are inputs at the ends of the ranges of zeta, f and g.
var (
	zetaEdges = []int64{-1, 0, 1, -2, 58, -60, 589, -591, 1<<62 - 1, -1 << 62, 1<<63 - 1, -1 << 63}
	fEdges    = []uint64{1, 3, 1<<63 + 1, 1<<63 - 1, ^uint64(0), 0x5555555555555555, 0xFFFFFFFEFFFFFC2F, 0xBFD25E8CD0364141}
	gEdges    = []uint64{0, 1, 2, 1 << 58, 1 << 59, 1 << 63, ^uint64(0), 0xFFFFFFFFFFFFFFFE, 0xAAAAAAAAAAAAAAAA}
)

// checkDivsteps59Asm compares the assembly kernel with the Go halves on one
// input.
func checkDivsteps59Asm(t *testing.T, zeta int64, f, g uint64) {
	t.Helper()
	a0, a1, a2, a3, a4 := divsteps59Asm(zeta, f, g)
	b0, b1, b2, b3, b4 := divsteps59Generic(zeta, f, g)
	if a0 != b0 || a1 != b1 || a2 != b2 || a3 != b3 || a4 != b4 {
		t.Fatalf("divsteps59Asm(%d, %#x, %#x) = %d %#x %#x %#x %#x, Go %d %#x %#x %#x %#x",
			zeta, f, g, a0, a1, a2, a3, a4, b0, b1, b2, b3, b4)
	}
}

// TestDivsteps59AsmVsGeneric checks that the assembly divsteps return
// exactly what the Go code does, on edge and random inputs (TestDivsteps59
// checks divsteps59, whichever runs, against the one-step-at-a-time
// references).
func TestDivsteps59AsmVsGeneric(t *testing.T) {
	if !hasAsm {
		t.Skip("no assembly divsteps in this build")
	}
	for _, z := range zetaEdges {
		for _, f := range fEdges {
			for _, g := range gEdges {
				checkDivsteps59Asm(t, z, f, g)
				checkDivsteps59Asm(t, z, f, g^f)
				checkDivsteps59Asm(t, z, f, -f)
			}
		}
	}
	r := testutil.Rand(t)
	for range testutil.Iters(20000, 200000) {
		zeta := int64(r.IntN(1200)) - 600
		f, g := r.Uint64()|1, r.Uint64()
		switch r.IntN(4) {
		case 0:
			g &= ^uint64(0) << r.IntN(64) // trailing zeros
		case 1:
			zeta = int64(r.Uint64()) // any zeta, wrapping alike
		}
		checkDivsteps59Asm(t, zeta, f, g)
	}
}

// FuzzDivsteps59 checks the assembly kernel against the Go halves and
// divsteps59 against the one-step-at-a-time reference, for odd f.
func FuzzDivsteps59(f *testing.F) {
	f.Add(int64(-1), uint64(0xFFFFFFFEFFFFFC2F), uint64(0x123456789abcdef0))
	f.Add(int64(5), uint64(1), uint64(0))
	f.Add(int64(-7), ^uint64(0), ^uint64(0))
	f.Fuzz(func(t *testing.T, zeta int64, f0, g0 uint64) {
		f0 |= 1
		if hasAsm {
			checkDivsteps59Asm(t, zeta, f0, g0)
		}
		a0, a1, a2, a3, a4 := divsteps59(zeta, f0, g0)
		b0, b1, b2, b3, b4 := divsteps59Ref(zeta, f0, g0)
		if a0 != b0 || a1 != b1 || a2 != b2 || a3 != b3 || a4 != b4 {
			t.Fatalf("divsteps59(%d, %#x, %#x) = %d %d %d %d %d, reference %d %d %d %d %d",
				zeta, f0, g0, a0, a1, a2, a3, a4, b0, b1, b2, b3, b4)
		}
	})
}
