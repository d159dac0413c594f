package field

import "math/bits"

// A variable-time quadratic-residue test: libsecp256k1's
// secp256k1_jacobi64_maybe_var (src/modinv64_impl.h), the Jacobi symbol
// (v | p) read off a binary gcd of p and v. It batches 62 "positive
// divsteps" at a time on the low 64 bits of f and g (posdivsteps62VarTime),
// tracking the sign changes of the symbol from f mod 8 and g mod 4, and
// applies the batch's matrix to the full values (updateFGJacobiVarTime). Unlike
// the divsteps of the inversions (internal/modinv), positive divsteps keep
// f and g positive, which the rules of the Jacobi symbol need; they have no
// proven bound on the number of steps, so the test gives up after
// jacobiIterations batches (far more than any input seen needs: about 13
// are typical) and falls back to Sqrt. A test costs about one and a half
// variable-time inversions, two thirds of a Sqrt.

// j62 is the integer v[0] + v[1]·2^62 + ... + v[4]·2^248 with v[0..3] in
// [0, 2^62) and the sign in v[4] (modinv's signed62 form).
type j62 [5]int64

const jMask62 = 1<<62 - 1

// j62From4 converts little-endian 64-bit limbs to j62.
func j62From4(r *j62, x *[4]uint64) {
	r[0] = int64(x[0] & jMask62)
	r[1] = int64((x[0]>>62 | x[1]<<2) & jMask62)
	r[2] = int64((x[1]>>60 | x[2]<<4) & jMask62)
	r[3] = int64((x[2]>>58 | x[3]<<6) & jMask62)
	r[4] = int64(x[3] >> 56)
}

// jacobiP is p in j62 form.
var jacobiP = func() j62 {
	var r j62
	j62From4(&r, &pLimbs)
	return r
}()

// jacobiIterations bounds the batches of IsSquareVarTime: 25 batches of 62
// positive divsteps (1550). A variable so that the test of the fallback can
// lower it.
var jacobiIterations = 25

// IsSquareVarTime returns 1 if v is a square modulo p and 0 otherwise; 0
// counts as a square, as Sqrt reports it. It is about a third faster than
// Sqrt, for tests that do not need the root. Execution time depends on the
// inputs: use it only on public values.
func (v *Element) IsSquareVarTime() int {
	if v.IsZero() == 1 {
		return 1
	}
	var g j62
	j62From4(&g, &v.l)
	f := jacobiP
	n := 5           // limbs of f and g in use
	eta := int64(-1) // eta = -delta, delta = 1
	jac := uint64(0)
	for range jacobiIterations {
		var u, w, q, r int64
		eta, u, w, q, r = posdivsteps62VarTime(eta, uint64(f[0])|uint64(f[1])<<62, uint64(g[0])|uint64(g[1])<<62, &jac)
		updateFGJacobiVarTime(n, &f, &g, u, w, q, r)
		// Done when f = 1 (then g = 0: f = gcd(p, v) = 1): the symbol
		// (g | 1) is 1, so the sign is jac's.
		if f[0] == 1 {
			rest := int64(0)
			for j := 1; j < n; j++ {
				rest |= f[j]
			}
			if rest == 0 {
				return int(1 ^ jac&1)
			}
		}
		if n > 1 && f[n-1] == 0 && g[n-1] == 0 {
			n--
		}
	}
	var r Element
	return r.Sqrt(v)
}

// posdivsteps62VarTime runs 62 positive divsteps on the low 64 bits f0, g0 of f
// and g (both odd and positive, and exact mod 2^64, so that f mod 8 is
// known), starting from eta, and returns the new eta and the transition
// matrix [u v; q r] scaled by 2^62. Bit 0 of jac is flipped each time the
// Jacobi symbol (g | f) changes sign: when g is divided by an odd power of
// 2 while f is 3 or 5 mod 8, and when f and g, both 3 mod 4, are swapped.
// Several steps are done at once: all the halvings that a run of zero bits
// of g allows, and the additions of a multiple of f that clear up to 6 (or
// 4) low bits of g. Execution time depends on the inputs.
func posdivsteps62VarTime(eta int64, f0, g0 uint64, jac *uint64) (etaOut, tu, tv, tq, tr int64) {
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
		j ^= uint64(zeros) & ((f >> 1) ^ (f >> 2))
		if i == 0 {
			break
		}
		var m, w uint64
		if eta < 0 {
			eta = -eta
			f, g = g, f
			u, q = q, u
			v, r = r, v
			j ^= (f & g) >> 1
			limit := min(int(eta)+1, i)
			// Cancel up to 6 low bits of g with a multiple of f:
			// f·(f² - 2) is -1/f mod 2^6.
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

// The 128-bit signed accumulators of updateFGJacobiVarTime are (hi, lo) pairs read
// as the two's complement integer hi·2^64 + lo.

// jMulSS returns a·b for signed a and b.
func jMulSS(a, b int64) (hi, lo uint64) {
	hi, lo = bits.Mul64(uint64(a), uint64(b))
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	return hi, lo
}

// jMacSS returns (hi, lo) + a·b for signed a and b.
func jMacSS(hi, lo uint64, a, b int64) (uint64, uint64) {
	ph, pl := jMulSS(a, b)
	var c uint64
	lo, c = bits.Add64(lo, pl, 0)
	return hi + ph + c, lo
}

// jShr62 returns (hi, lo) >> 62, an arithmetic shift.
func jShr62(hi, lo uint64) (uint64, uint64) {
	return uint64(int64(hi) >> 62), lo>>62 | hi<<2
}

// updateFGJacobiVarTime sets (f, g) = [u v; q r]·(f, g) / 2^62 on the low n limbs
// of f and g (1 <= n <= 5; the division is exact). Execution time depends
// on n.
func updateFGJacobiVarTime(n int, f, g *j62, u, v, q, r int64) {
	cfh, cfl := jMulSS(u, f[0])
	cfh, cfl = jMacSS(cfh, cfl, v, g[0])
	cgh, cgl := jMulSS(q, f[0])
	cgh, cgl = jMacSS(cgh, cgl, r, g[0])
	cfh, cfl = jShr62(cfh, cfl)
	cgh, cgl = jShr62(cgh, cgl)
	for i := 1; i < n; i++ {
		fi, gi := f[i], g[i]
		cfh, cfl = jMacSS(cfh, cfl, u, fi)
		cfh, cfl = jMacSS(cfh, cfl, v, gi)
		cgh, cgl = jMacSS(cgh, cgl, q, fi)
		cgh, cgl = jMacSS(cgh, cgl, r, gi)
		f[i-1] = int64(cfl & jMask62)
		g[i-1] = int64(cgl & jMask62)
		cfh, cfl = jShr62(cfh, cfl)
		cgh, cgl = jShr62(cgh, cgl)
	}
	f[n-1] = int64(cfl)
	g[n-1] = int64(cgl)
}
