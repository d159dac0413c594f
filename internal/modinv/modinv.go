// Package modinv implements modular inversion for odd moduli below 2^256
// with the Bernstein–Yang "safegcd" algorithm (Bernstein and Yang, "Fast
// constant-time gcd computation and modular inversion", 2019), in the batched
// form designed for libsecp256k1 by Peter Dettman and Pieter Wuille (see its
// doc/safegcd_implementation.md and src/modinv64_impl.h).
//
// Numbers are held as five signed 62-bit limbs (signed62). Each batch runs a
// number of divsteps on the low 64 bits of f and g only, collecting them in a
// 2×2 transition matrix scaled by 2^62, and then applies that matrix to the
// full-size f, g (updateFG) and to the Bézout coefficients d, e (updateDE),
// the latter modulo the modulus, with a multiple of the modulus added so that
// the division by 2^62 is exact.
//
// Invert runs a fixed 590 divsteps (10 batches of 59), enough for any input
// below 2^256, with no branch or memory index depending on the input.
// InvertVarTime runs batches of 62 divsteps that skip runs of zeros, stops as
// soon as g = 0, and shortens f and g as they shrink; on amd64 (useAsm) it
// runs the constant-time assembly divsteps instead, which are faster, with
// the same early exit and shortening.
package modinv

import "math/bits"

// mask62 keeps the low 62 bits of a limb.
const mask62 = 1<<62 - 1

// signed62 is the integer v[0] + v[1]·2^62 + ... + v[4]·2^248. Outside the
// modulus itself, v[0..3] are kept in [0, 2^62) and only v[4] carries the
// sign.
type signed62 [5]int64

// Modulus holds an odd modulus m < 2^256 and the constants its inversions
// need. It is read-only once built and may be shared between goroutines.
type Modulus struct {
	// bal is m with limbs in (-2^61, 2^61] (the top one non-negative): for
	// the secp256k1 field prime and group order most of them are zero, and
	// updateDE skips the products with zero limbs.
	bal signed62
	// pos is m with limbs in [0, 2^62): the starting value of f, so that the
	// low limbs of f are non-negative from the first update on.
	pos signed62
	// inv62 is m^-1 mod 2^62.
	inv62 uint64
}

// New returns the precomputed constants for the odd modulus m (little-endian
// 64-bit limbs). It panics if m is even or m < 3.
func New(m *[4]uint64) *Modulus {
	if m[0]&1 == 0 || (m[0] < 3 && m[1]|m[2]|m[3] == 0) {
		panic("modinv: modulus must be odd and at least 3")
	}
	md := &Modulus{}
	from4(&md.pos, m)
	var carry int64
	for i := range 4 {
		x := md.pos[i] + carry
		carry = 0
		if x > 1<<61 {
			x -= 1 << 62
			carry = 1
		}
		md.bal[i] = x
	}
	md.bal[4] = md.pos[4] + carry

	// Newton iteration for the inverse mod 2^64: x = m is right mod 2^3 for
	// odd m, and each step doubles the number of correct bits.
	x := m[0]
	for range 5 {
		x *= 2 - m[0]*x
	}
	md.inv62 = x & mask62
	return md
}

// from4 converts the little-endian 64-bit limbs of x into signed62 form with
// all limbs in [0, 2^62).
func from4(r *signed62, x *[4]uint64) {
	r[0] = int64(x[0] & mask62)
	r[1] = int64((x[0]>>62 | x[1]<<2) & mask62)
	r[2] = int64((x[1]>>60 | x[2]<<4) & mask62)
	r[3] = int64((x[2]>>58 | x[3]<<6) & mask62)
	r[4] = int64(x[3] >> 56)
}

// to4 converts a signed62 value with all limbs in [0, 2^62) and below 2^256
// to little-endian 64-bit limbs.
func to4(out *[4]uint64, r *signed62) {
	out[0] = uint64(r[0]) | uint64(r[1])<<62
	out[1] = uint64(r[1])>>2 | uint64(r[2])<<60
	out[2] = uint64(r[2])>>4 | uint64(r[3])<<58
	out[3] = uint64(r[3])>>6 | uint64(r[4])<<56
}

// The 128-bit signed accumulators below are (hi, lo) pairs of uint64 read as
// the two's complement integer hi·2^64 + lo.

// mulSS returns a·b for signed a and b.
func mulSS(a, b int64) (hi, lo uint64) {
	hi, lo = bits.Mul64(uint64(a), uint64(b))
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	return hi, lo
}

// mulSU returns a·b for signed a and b >= 0.
func mulSU(a, b int64) (hi, lo uint64) {
	hi, lo = bits.Mul64(uint64(a), uint64(b))
	hi -= uint64(a>>63) & uint64(b)
	return hi, lo
}

// macSS returns (hi, lo) + a·b for signed a and b.
func macSS(hi, lo uint64, a, b int64) (uint64, uint64) {
	ph, pl := mulSS(a, b)
	var c uint64
	lo, c = bits.Add64(lo, pl, 0)
	return hi + ph + c, lo
}

// macSU returns (hi, lo) + a·b for signed a and b >= 0.
func macSU(hi, lo uint64, a, b int64) (uint64, uint64) {
	ph, pl := mulSU(a, b)
	var c uint64
	lo, c = bits.Add64(lo, pl, 0)
	return hi + ph + c, lo
}

// shr62 returns (hi, lo) >> 62, an arithmetic shift.
func shr62(hi, lo uint64) (uint64, uint64) {
	return uint64(int64(hi) >> 62), lo>>62 | hi<<2
}

// normalize takes r in (-2m, m) with limbs in (-2^62, 2^62), negates it if
// sign < 0, and brings it to [0, m) with limbs in [0, 2^62). It runs in
// constant time.
func (m *Modulus) normalize(r *signed62, sign int64) {
	r0, r1, r2, r3, r4 := r[0], r[1], r[2], r[3], r[4]

	// Add m if r is negative: r is now in (-m, m).
	add := r4 >> 63
	r0 += m.bal[0] & add
	r1 += m.bal[1] & add
	r2 += m.bal[2] & add
	r3 += m.bal[3] & add
	r4 += m.bal[4] & add
	// Negate if asked to.
	neg := sign >> 63
	r0 = (r0 ^ neg) - neg
	r1 = (r1 ^ neg) - neg
	r2 = (r2 ^ neg) - neg
	r3 = (r3 ^ neg) - neg
	r4 = (r4 ^ neg) - neg
	// Carry so that the low limbs are in [0, 2^62) again.
	r1 += r0 >> 62
	r0 &= mask62
	r2 += r1 >> 62
	r1 &= mask62
	r3 += r2 >> 62
	r2 &= mask62
	r4 += r3 >> 62
	r3 &= mask62

	// Add m once more if r is still negative: r is now in [0, m).
	add = r4 >> 63
	r0 += m.bal[0] & add
	r1 += m.bal[1] & add
	r2 += m.bal[2] & add
	r3 += m.bal[3] & add
	r4 += m.bal[4] & add
	r1 += r0 >> 62
	r0 &= mask62
	r2 += r1 >> 62
	r1 &= mask62
	r3 += r2 >> 62
	r2 &= mask62
	r4 += r3 >> 62
	r3 &= mask62

	r[0], r[1], r[2], r[3], r[4] = r0, r1, r2, r3, r4
}

// updateDE sets [d, e] = t·[d, e] / 2^62 mod m, where t = [u v; q r] is a
// transition matrix scaled by 2^62 (|u|+|v| <= 2^62, |q|+|r| <= 2^62). On
// input and output d and e are in (-2m, m), with limbs 0..3 in [0, 2^62).
// It runs in constant time (the branches only look at the public modulus).
// On amd64 it runs in assembly (updateDEAsm, selected by useAsm).
func (m *Modulus) updateDE(d, e *signed62, u, v, q, r int64) {
	if useAsm {
		updateDEAsm((*[5]int64)(d), (*[5]int64)(e), u, v, q, r, (*[5]int64)(&m.bal), m.inv62)
		return
	}
	m.updateDEGeneric(d, e, u, v, q, r)
}

// updateDEGeneric is updateDE in Go.
func (m *Modulus) updateDEGeneric(d, e *signed62, u, v, q, r int64) {
	d0, d1, d2, d3, d4 := d[0], d[1], d[2], d[3], d[4]
	e0, e1, e2, e3, e4 := e[0], e[1], e[2], e[3], e[4]

	// md, me start as the multiples of m that make the results non-negative
	// for negative d and e: u (resp. q) if d < 0, plus v (resp. r) if e < 0.
	sd := d4 >> 63
	se := e4 >> 63
	md := (u & sd) + (v & se)
	me := (q & sd) + (r & se)

	// Limb 0 of t·[d, e].
	cdh, cdl := mulSU(u, d0)
	cdh, cdl = macSU(cdh, cdl, v, e0)
	ceh, cel := mulSU(q, d0)
	ceh, cel = macSU(ceh, cel, r, e0)
	// Adjust md, me so that t·[d, e] + m·[md, me] is divisible by 2^62.
	md -= int64((m.inv62*cdl + uint64(md)) & mask62)
	me -= int64((m.inv62*cel + uint64(me)) & mask62)
	cdh, cdl = macSS(cdh, cdl, m.bal[0], md)
	ceh, cel = macSS(ceh, cel, m.bal[0], me)
	// The low 62 bits are now zero: drop them.
	cdh, cdl = shr62(cdh, cdl)
	ceh, cel = shr62(ceh, cel)

	// Limb 1, stored as limb 0.
	cdh, cdl = macSU(cdh, cdl, u, d1)
	cdh, cdl = macSU(cdh, cdl, v, e1)
	ceh, cel = macSU(ceh, cel, q, d1)
	ceh, cel = macSU(ceh, cel, r, e1)
	if m.bal[1] != 0 {
		cdh, cdl = macSS(cdh, cdl, m.bal[1], md)
		ceh, cel = macSS(ceh, cel, m.bal[1], me)
	}
	d[0] = int64(cdl & mask62)
	e[0] = int64(cel & mask62)
	cdh, cdl = shr62(cdh, cdl)
	ceh, cel = shr62(ceh, cel)

	// Limb 2, stored as limb 1.
	cdh, cdl = macSU(cdh, cdl, u, d2)
	cdh, cdl = macSU(cdh, cdl, v, e2)
	ceh, cel = macSU(ceh, cel, q, d2)
	ceh, cel = macSU(ceh, cel, r, e2)
	if m.bal[2] != 0 {
		cdh, cdl = macSS(cdh, cdl, m.bal[2], md)
		ceh, cel = macSS(ceh, cel, m.bal[2], me)
	}
	d[1] = int64(cdl & mask62)
	e[1] = int64(cel & mask62)
	cdh, cdl = shr62(cdh, cdl)
	ceh, cel = shr62(ceh, cel)

	// Limb 3, stored as limb 2.
	cdh, cdl = macSU(cdh, cdl, u, d3)
	cdh, cdl = macSU(cdh, cdl, v, e3)
	ceh, cel = macSU(ceh, cel, q, d3)
	ceh, cel = macSU(ceh, cel, r, e3)
	if m.bal[3] != 0 {
		cdh, cdl = macSS(cdh, cdl, m.bal[3], md)
		ceh, cel = macSS(ceh, cel, m.bal[3], me)
	}
	d[2] = int64(cdl & mask62)
	e[2] = int64(cel & mask62)
	cdh, cdl = shr62(cdh, cdl)
	ceh, cel = shr62(ceh, cel)

	// Limb 4 (signed), stored as limb 3; the carry out is limb 4.
	cdh, cdl = macSS(cdh, cdl, u, d4)
	cdh, cdl = macSS(cdh, cdl, v, e4)
	ceh, cel = macSS(ceh, cel, q, d4)
	ceh, cel = macSS(ceh, cel, r, e4)
	cdh, cdl = macSU(cdh, cdl, md, m.bal[4])
	ceh, cel = macSU(ceh, cel, me, m.bal[4])
	d[3] = int64(cdl & mask62)
	e[3] = int64(cel & mask62)
	_, cdl = shr62(cdh, cdl)
	_, cel = shr62(ceh, cel)
	d[4] = int64(cdl)
	e[4] = int64(cel)
}

// updateFG sets [f, g] = t·[f, g] / 2^62 on all five limbs, where t is a
// transition matrix scaled by 2^62 whose divsteps make the division exact.
// Limbs 0..3 of f and g are in [0, 2^62) on input and output. It runs in
// constant time; on amd64 in assembly (updateFGAsm, selected by useAsm).
func updateFG(f, g *signed62, u, v, q, r int64) {
	if useAsm {
		updateFGAsm((*[5]int64)(f), (*[5]int64)(g), u, v, q, r)
		return
	}
	updateFGGeneric(f, g, u, v, q, r)
}

// updateFGGeneric is updateFG in Go.
func updateFGGeneric(f, g *signed62, u, v, q, r int64) {
	f0, f1, f2, f3, f4 := f[0], f[1], f[2], f[3], f[4]
	g0, g1, g2, g3, g4 := g[0], g[1], g[2], g[3], g[4]

	cfh, cfl := mulSU(u, f0)
	cfh, cfl = macSU(cfh, cfl, v, g0)
	cgh, cgl := mulSU(q, f0)
	cgh, cgl = macSU(cgh, cgl, r, g0)
	cfh, cfl = shr62(cfh, cfl)
	cgh, cgl = shr62(cgh, cgl)

	cfh, cfl = macSU(cfh, cfl, u, f1)
	cfh, cfl = macSU(cfh, cfl, v, g1)
	cgh, cgl = macSU(cgh, cgl, q, f1)
	cgh, cgl = macSU(cgh, cgl, r, g1)
	f[0] = int64(cfl & mask62)
	g[0] = int64(cgl & mask62)
	cfh, cfl = shr62(cfh, cfl)
	cgh, cgl = shr62(cgh, cgl)

	cfh, cfl = macSU(cfh, cfl, u, f2)
	cfh, cfl = macSU(cfh, cfl, v, g2)
	cgh, cgl = macSU(cgh, cgl, q, f2)
	cgh, cgl = macSU(cgh, cgl, r, g2)
	f[1] = int64(cfl & mask62)
	g[1] = int64(cgl & mask62)
	cfh, cfl = shr62(cfh, cfl)
	cgh, cgl = shr62(cgh, cgl)

	cfh, cfl = macSU(cfh, cfl, u, f3)
	cfh, cfl = macSU(cfh, cfl, v, g3)
	cgh, cgl = macSU(cgh, cgl, q, f3)
	cgh, cgl = macSU(cgh, cgl, r, g3)
	f[2] = int64(cfl & mask62)
	g[2] = int64(cgl & mask62)
	cfh, cfl = shr62(cfh, cfl)
	cgh, cgl = shr62(cgh, cgl)

	cfh, cfl = macSS(cfh, cfl, u, f4)
	cfh, cfl = macSS(cfh, cfl, v, g4)
	cgh, cgl = macSS(cgh, cgl, q, f4)
	cgh, cgl = macSS(cgh, cgl, r, g4)
	f[3] = int64(cfl & mask62)
	g[3] = int64(cgl & mask62)
	_, cfl = shr62(cfh, cfl)
	_, cgl = shr62(cgh, cgl)
	f[4] = int64(cfl)
	g[4] = int64(cgl)
}

// updateFGVar is updateFG on the low n limbs of f and g (1 <= n <= 5), of
// which only limb n-1 may be negative. Execution time depends on n.
func updateFGVar(n int, f, g *signed62, u, v, q, r int64) {
	if n == 1 {
		// f and g fit in one signed limb.
		cfh, cfl := mulSS(u, f[0])
		cfh, cfl = macSS(cfh, cfl, v, g[0])
		cgh, cgl := mulSS(q, f[0])
		cgh, cgl = macSS(cgh, cgl, r, g[0])
		_, cfl = shr62(cfh, cfl)
		_, cgl = shr62(cgh, cgl)
		f[0] = int64(cfl)
		g[0] = int64(cgl)
		return
	}
	cfh, cfl := mulSU(u, f[0])
	cfh, cfl = macSU(cfh, cfl, v, g[0])
	cgh, cgl := mulSU(q, f[0])
	cgh, cgl = macSU(cgh, cgl, r, g[0])
	cfh, cfl = shr62(cfh, cfl)
	cgh, cgl = shr62(cgh, cgl)
	for i := 1; i < n-1; i++ {
		fi, gi := f[i], g[i]
		cfh, cfl = macSU(cfh, cfl, u, fi)
		cfh, cfl = macSU(cfh, cfl, v, gi)
		cgh, cgl = macSU(cgh, cgl, q, fi)
		cgh, cgl = macSU(cgh, cgl, r, gi)
		f[i-1] = int64(cfl & mask62)
		g[i-1] = int64(cgl & mask62)
		cfh, cfl = shr62(cfh, cfl)
		cgh, cgl = shr62(cgh, cgl)
	}
	fi, gi := f[n-1], g[n-1]
	cfh, cfl = macSS(cfh, cfl, u, fi)
	cfh, cfl = macSS(cfh, cfl, v, gi)
	cgh, cgl = macSS(cgh, cgl, q, fi)
	cgh, cgl = macSS(cgh, cgl, r, gi)
	f[n-2] = int64(cfl & mask62)
	g[n-2] = int64(cgl & mask62)
	_, cfl = shr62(cfh, cfl)
	_, cgl = shr62(cgh, cgl)
	f[n-1] = int64(cfl)
	g[n-1] = int64(cgl)
}

// divsteps59 runs 59 constant-time divsteps on the low 64 bits f0, g0 of f
// and g, starting from zeta = -(delta + 1/2), and returns the new zeta and
// the transition matrix [u v; q r] scaled by 2^62 (2^59 from the divsteps,
// times 8). Every step is computed with masks (in Go) or CMOV (in assembly):
// no branch or index depends on f, g or zeta.
//
// The steps run in two halves of 30 and 29. Within a half the matrix entries
// stay below 2^30 in magnitude, so each row is packed into one word as
// u + v·2^32 (every operation on a row is linear: add, negate, double) and a
// step updates two words instead of four. The two half matrices are then
// unpacked and multiplied.
//
// On amd64 the steps run in assembly (divsteps59Asm, selected by
// useAsm), which returns the same packed matrices as the Go code.
func divsteps59(zeta int64, f0, g0 uint64) (zetaOut, tu, tv, tq, tr int64) {
	var uv1, qr1, uv2, qr2 uint64
	if useAsm {
		zeta, uv1, qr1, uv2, qr2 = divsteps59Asm(zeta, f0, g0)
	} else {
		zeta, uv1, qr1, uv2, qr2 = divsteps59Generic(zeta, f0, g0)
	}
	u1, v1 := unpack(uv1)
	q1, r1 := unpack(qr1)
	u2, v2 := unpack(uv2)
	q2, r2 := unpack(qr2)
	tu = (u2*u1 + v2*q1) << 3
	tv = (u2*v1 + v2*r1) << 3
	tq = (q2*u1 + r2*q1) << 3
	tr = (q2*v1 + r2*r1) << 3
	return zeta, tu, tv, tq, tr
}

// divsteps59Generic runs the two halves of divsteps59 in Go and returns the
// new zeta and the two packed matrices (see divstepsPacked).
func divsteps59Generic(zeta int64, f0, g0 uint64) (zetaOut int64, uv1, qr1, uv2, qr2 uint64) {
	f, g := f0, g0
	zeta, f, g, uv1, qr1 = divstepsPacked(30, zeta, f, g)
	zeta, _, _, uv2, qr2 = divstepsPacked(29, zeta, f, g)
	return zeta, uv1, qr1, uv2, qr2
}

// divstepsPacked runs n <= 30 constant-time divsteps (see divsteps59) and
// returns the new zeta, f, g and the rows of the transition matrix (scaled
// by 2^n), packed as u + v·2^32 and q + r·2^32.
func divstepsPacked(n int, zeta int64, f, g uint64) (int64, uint64, uint64, uint64, uint64) {
	uv, qr := uint64(1), uint64(1)<<32
	for range n {
		// c1: zeta < 0 (delta > 0); c2: g is odd.
		c1 := uint64(zeta >> 63)
		c2 := -(g & 1)
		// If g is odd, add f (or -f if delta > 0) to g, and likewise the
		// first matrix row to the second.
		x := (f ^ c1) - c1
		y := (uv ^ c1) - c1
		g += x & c2
		qr += y & c2
		// If delta > 0 and g was odd, the step swaps: f += g - f, so f gets
		// the old g, and zeta becomes -zeta - 2; otherwise zeta - 1.
		c1 &= c2
		zeta = (zeta ^ int64(c1)) - 1
		f += g & c1
		uv += qr & c1
		// Halve g (double the first row instead, to keep it integral).
		g >>= 1
		uv <<= 1
	}
	return zeta, f, g, uv, qr
}

// unpack splits a packed row p = lo + hi·2^32 with |lo| < 2^31.
func unpack(p uint64) (lo, hi int64) {
	lo = int64(int32(p))
	hi = (int64(p) - lo) >> 32
	return lo, hi
}

// divsteps62Var runs 62 divsteps on the low 64 bits f0, g0 of f and g,
// starting from eta = -delta, and returns the new eta and the transition
// matrix scaled by 2^62. It handles runs of zeros of g at once and cancels
// several low bits of g per step. Execution time depends on the inputs.
func divsteps62Var(eta int64, f0, g0 uint64) (etaOut, tu, tv, tq, tr int64) {
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	f, g := f0, g0
	i := 62
	for {
		// Divide g by its power of two, up to the i steps left (the sentinel
		// bit stops the count at i).
		zeros := bits.TrailingZeros64(g | (^uint64(0) << uint(i)))
		g >>= uint(zeros)
		u <<= uint(zeros)
		v <<= uint(zeros)
		eta -= int64(zeros)
		i -= zeros
		if i == 0 {
			break
		}
		// g is odd now.
		var w uint64
		if eta < 0 {
			// delta > 0: swap to (g, -f) and flip eta.
			eta = -eta
			f, g = g, -f
			u, q = q, -u
			v, r = r, -v
			// Cancel up to 6 low bits of g with a multiple of f, but no more
			// than the steps left (i) nor than eta+1, after which the sign of
			// eta would flip again. f·(f²-2) is -1/f mod 2^6.
			limit := min(int(eta)+1, i)
			mask := (^uint64(0) >> uint(64-limit)) & 63
			w = (f * g * (f*f - 2)) & mask
		} else {
			// Cancel up to 4 bits, with a cheaper -1/f mod 2^4.
			limit := min(int(eta)+1, i)
			mask := (^uint64(0) >> uint(64-limit)) & 15
			w = f + (((f + 1) & 4) << 1)
			w = (-w * g) & mask
		}
		g += f * w
		q += u * w
		r += v * w
	}
	return eta, int64(u), int64(v), int64(q), int64(r)
}

// Invert sets out = x^-1 mod m, or 0 if x is 0. x must be below m. out is in
// [0, m) and may alias x. It runs in constant time: a fixed sequence of 590
// divsteps and matrix updates, with no branch or memory index depending on x.
func (m *Modulus) Invert(out, x *[4]uint64) {
	d := signed62{}
	e := signed62{1}
	f := m.pos
	var g signed62
	from4(&g, x)
	zeta := int64(-1) // zeta = -(delta + 1/2), delta = 1/2
	for range 10 {
		var u, v, q, r int64
		zeta, u, v, q, r = divsteps59(zeta, uint64(f[0]), uint64(g[0]))
		m.updateDE(&d, &e, u, v, q, r)
		updateFG(&f, &g, u, v, q, r)
	}
	// Now g = 0 and f = ±gcd(m, x) = ±1 (or ±m if x = 0, when d = 0), and
	// d = ±x^-1: fix the sign from f's and reduce.
	m.normalize(&d, f[4])
	to4(out, &d)
}

// InvertVarTime sets out = x^-1 mod m, or 0 if x is 0. x must be below m. out
// is in [0, m) and may alias x. Execution time depends on x.
//
// It runs batches of divsteps62Var, which skip runs of zeros, or with the
// amd64 kernels (useAsm) batches of the constant-time assembly divsteps,
// which are faster there; either way it stops as soon as g = 0 and shortens
// f and g as they shrink.
func (m *Modulus) InvertVarTime(out, x *[4]uint64) {
	if useAsm {
		m.invertVarTime(out, x, divsteps59)
		return
	}
	m.invertVarTime(out, x, divsteps62Var)
}

// invertVarTime is InvertVarTime with the batches of divsteps given: steps
// is divsteps62Var (its state -1 is eta = -delta, delta = 1) or divsteps59
// (its state -1 is zeta = -(delta + 1/2), delta = 1/2). Execution time
// depends on x.
func (m *Modulus) invertVarTime(out, x *[4]uint64, steps func(int64, uint64, uint64) (int64, int64, int64, int64, int64)) {
	d := signed62{}
	e := signed62{1}
	f := m.pos
	var g signed62
	from4(&g, x)
	state := int64(-1)
	n := 5 // limbs of f and g in use
	for {
		var u, v, q, r int64
		state, u, v, q, r = steps(state, uint64(f[0]), uint64(g[0]))
		m.updateDE(&d, &e, u, v, q, r)
		updateFGVar(n, &f, &g, u, v, q, r)
		if g[0] == 0 {
			var any int64
			for j := 1; j < n; j++ {
				any |= g[j]
			}
			if any == 0 {
				break
			}
		}
		// If the top limbs of both f and g are 0 or -1, fold them into the
		// limb below and use one limb fewer.
		fn, gn := f[n-1], g[n-1]
		if n > 1 && (fn^(fn>>63))|(gn^(gn>>63)) == 0 {
			f[n-2] |= fn << 62
			g[n-2] |= gn << 62
			n--
		}
	}
	m.normalize(&d, f[n-1])
	to4(out, &d)
}
