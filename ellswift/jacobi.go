package ellswift

import (
	"math/bits"

	"github.com/p256k1/secp256k1/internal/field"
)

// A variable-time quadratic-residue test for field elements, which the
// field package does not have: libsecp256k1's secp256k1_jacobi64_maybe_var
// (src/modinv64_impl.h), the Jacobi symbol read off a binary gcd. It
// batches 62 "positive divsteps" at a time on the low 64 bits of f and g
// (posdivsteps62), tracking the sign changes of the symbol from f mod 8 and
// g mod 4, and applies the resulting matrix to the full values (updateFG).
// A test costs about one variable-time inversion, a fraction of the
// exponentiation that Sqrt is.

// s62 is the integer v[0] + v[1]·2^62 + ... + v[4]·2^248 with v[0..3] in
// [0, 2^62) and the sign in v[4].
type s62 [5]int64

const mask62 = 1<<62 - 1

// from4 converts little-endian 64-bit limbs to s62.
func from4(r *s62, x *[4]uint64) {
	r[0] = int64(x[0] & mask62)
	r[1] = int64((x[0]>>62 | x[1]<<2) & mask62)
	r[2] = int64((x[1]>>60 | x[2]<<4) & mask62)
	r[3] = int64((x[2]>>58 | x[3]<<6) & mask62)
	r[4] = int64(x[3] >> 56)
}

// fieldP is p in s62 form.
var fieldP = func() s62 {
	var r s62
	from4(&r, &[4]uint64{0xFFFFFFFEFFFFFC2F, ^uint64(0), ^uint64(0), ^uint64(0)})
	return r
}()

// jacobiIterations bounds the batches of isSquareVarTime: 25 batches of 62
// posdivsteps (1550) almost always reach gcd 1 (about 750 are typical);
// otherwise the test falls back to an exponentiation.
var jacobiIterations = 25 // a variable for the test of the fallback

// isSquareVarTime reports whether a is a square modulo p (0 counts as a
// square), as a.Sqrt's result does. Execution time depends on a.
func isSquareVarTime(a *field.Element) bool {
	if a.IsZero() == 1 {
		return true
	}
	l := a.Limbs()
	var g s62
	from4(&g, &l)
	f := fieldP
	n := 5
	eta := int64(-1) // eta = -delta, delta = 1
	jac := 0
	for range jacobiIterations {
		var u, v, q, r int64
		eta, u, v, q, r = posdivsteps62(eta, uint64(f[0])|uint64(f[1])<<62, uint64(g[0])|uint64(g[1])<<62, &jac)
		updateFG(n, &f, &g, u, v, q, r)
		// Done when f = 1: the symbol (g | 1) is 1, so the sign is jac's.
		if f[0] == 1 {
			rest := int64(0)
			for j := 1; j < n; j++ {
				rest |= f[j]
			}
			if rest == 0 {
				return jac&1 == 0
			}
		}
		if n > 1 && f[n-1] == 0 && g[n-1] == 0 {
			n--
		}
	}
	var r field.Element
	return r.Sqrt(a) == 1
}

// posdivsteps62 runs 62 positive divsteps on the low 64 bits f0, g0 of f
// and g (both odd, f0 and g0 exact mod 2^64 so that f mod 8 is known),
// starting from eta, and returns the new eta and the transition matrix
// [u v; q r] scaled by 2^62. Bit 0 of jac is flipped each time the Jacobi
// symbol (g | f) changes sign: when g is divided by an odd power of 2 while
// f is 3 or 5 mod 8, and when f and g, both 3 mod 4, are swapped. Several
// steps are done at once: all the halvings a run of zero bits of g allows,
// and the additions of a multiple of f that clear up to 6 (or 4) low bits
// of g. Execution time depends on the inputs.
func posdivsteps62(eta int64, f0, g0 uint64, jac *int) (etaOut, tu, tv, tq, tr int64) {
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	f, g := f0, g0
	i := 62
	j := *jac
	for {
		// Halve g as often as it has trailing zeros, up to i steps.
		zeros := bits.TrailingZeros64(g | ^uint64(0)<<(uint(i)&63))
		g >>= uint(zeros) & 63
		u <<= uint(zeros) & 63
		v <<= uint(zeros) & 63
		eta -= int64(zeros)
		i -= zeros
		j ^= zeros & int((f>>1)^(f>>2))
		if i == 0 {
			break
		}
		var m, w uint64
		if eta < 0 {
			eta = -eta
			f, g = g, f
			u, q = q, u
			v, r = r, v
			j ^= int((f & g) >> 1)
			limit := min(int(eta)+1, i)
			// Cancel up to 6 low bits of g with a multiple of f.
			m = (^uint64(0) >> (uint(64-limit) & 63)) & 63
			w = (f * g * (f*f - 2)) & m
		} else {
			// Up to 4 bits (eta tends to be small here).
			limit := min(int(eta)+1, i)
			m = (^uint64(0) >> (uint(64-limit) & 63)) & 15
			w = f + (((f + 1) & 4) << 1)
			w = (-w * g) & m
		}
		g += f * w
		q += u * w
		r += v * w
	}
	*jac = j
	return eta, int64(u), int64(v), int64(q), int64(r)
}

// The 128-bit signed accumulators of updateFG are (hi, lo) pairs read as
// the two's complement integer hi·2^64 + lo.

// mulSS returns a·b for signed a and b.
func mulSS(a, b int64) (hi, lo uint64) {
	hi, lo = bits.Mul64(uint64(a), uint64(b))
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	return hi, lo
}

// macSS returns (hi, lo) + a·b for signed a and b.
func macSS(hi, lo uint64, a, b int64) (uint64, uint64) {
	ph, pl := mulSS(a, b)
	var c uint64
	lo, c = bits.Add64(lo, pl, 0)
	return hi + ph + c, lo
}

// shr62 returns (hi, lo) >> 62, an arithmetic shift.
func shr62(hi, lo uint64) (uint64, uint64) {
	return uint64(int64(hi) >> 62), lo>>62 | hi<<2
}

// updateFG sets (f, g) = [u v; q r]·(f, g) / 2^62 on the low n limbs of f
// and g (1 <= n <= 5; the division is exact). Execution time depends on n.
func updateFG(n int, f, g *s62, u, v, q, r int64) {
	cfh, cfl := mulSS(u, f[0])
	cfh, cfl = macSS(cfh, cfl, v, g[0])
	cgh, cgl := mulSS(q, f[0])
	cgh, cgl = macSS(cgh, cgl, r, g[0])
	cfh, cfl = shr62(cfh, cfl)
	cgh, cgl = shr62(cgh, cgl)
	for i := 1; i < n; i++ {
		fi, gi := f[i], g[i]
		cfh, cfl = macSS(cfh, cfl, u, fi)
		cfh, cfl = macSS(cfh, cfl, v, gi)
		cgh, cgl = macSS(cgh, cgl, q, fi)
		cgh, cgl = macSS(cgh, cgl, r, gi)
		f[i-1] = int64(cfl & mask62)
		g[i-1] = int64(cgl & mask62)
		cfh, cfl = shr62(cfh, cfl)
		cgh, cgl = shr62(cgh, cgl)
	}
	f[n-1] = int64(cfl)
	g[n-1] = int64(cgl)
}
