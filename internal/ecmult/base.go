package ecmult

import (
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// BaseMult sets out = k·G and returns out, in constant time.
//
// k is recoded into 43 signed Booth digits of 6 bits, d_i in [-32, 32], with
// k = Σ d_i·2^(6i). baseTable holds |d|·2^(6i)·G for |d| in [1, 32], so
// k·G = Σ ±baseTable[i][|d_i|-1]: 43 mixed additions and no doublings. Each
// lookup reads all 32 entries of its window and keeps one with masks, so
// neither branches nor memory addresses depend on k; a zero digit adds an
// arbitrary entry and then selects the old accumulator.
//
// The multiplication is blinded (blind.go): it computes (k − b)·G + B for
// the process's secret random b and B = b·G (with a random projective Z),
// so the digits above are those of k − b and the accumulator starts at B.
// The representation of the result (its Z) is therefore random; the point
// is k·G. It does not allocate.
func BaseMult(out *group.Projective, k *scalar.Scalar) *group.Projective {
	var kb scalar.Scalar
	var acc group.Projective
	baseBlinding(&kb, &acc) // kb = −b, acc = B
	kb.Add(&kb, k)
	baseMultFrom(&acc, &kb)
	kb.Zero()
	return out.Set(&acc)
}

// baseMultFrom sets acc = acc + k·G with the 43 masked table lookups and
// complete additions of BaseMult, without blinding, in constant time.
func baseMultFrom(acc *group.Projective, k *scalar.Scalar) {
	var e group.Affine
	for i := range len(baseTable) {
		d, neg := baseDigit(k, i)
		lookupAffineNeg(&e, baseTable[i][:], d, neg)
		acc.AddAffineIf(acc, &e, 1-isZero32(d))
	}
}

// baseDigit returns the magnitude and sign of k's signed Booth digit
// number i (of 43, 6 bits each), as boothW6 does. Constant time.
func baseDigit(k *scalar.Scalar, i int) (mag uint32, neg int) {
	if i == 0 {
		return boothW6(k.Bits(0, 6) << 1)
	}
	return boothW6(k.Bits(uint(6*i-1), 7))
}

// boothW6 turns a 7-bit window (6 digit bits plus the top bit of the
// previous window) into a signed digit: it returns the magnitude in [0, 32]
// and 1 if the digit is negative. Constant time.
func boothW6(in uint32) (mag uint32, neg int) {
	s := ^((in >> 6) - 1) // all ones if the sign bit is set
	d := (1<<7 - 1) - in
	d = (d & s) | (in &^ s)
	d = (d >> 1) + (d & 1)
	return d, int(s & 1)
}

// boothW5 is boothW6 for 6-bit windows (5 digit bits plus the previous
// window's top bit): magnitude in [0, 16] and sign.
func boothW5(in uint32) (mag uint32, neg int) {
	s := ^((in >> 5) - 1)
	d := (1<<6 - 1) - in
	d = (d & s) | (in &^ s)
	d = (d >> 1) + (d & 1)
	return d, int(s & 1)
}

// isZero32 returns 1 if x is 0 and 0 otherwise, in constant time.
func isZero32(x uint32) int {
	return int((uint64(x) - 1) >> 63)
}

// lookupAffine sets e to row[mag-1] (x and y), scanning the whole row with
// masks. For mag = 0 e is set to (0, 0), which callers never use. The
// accumulators are eight scalar variables, so that they live in registers
// for the whole scan (an array accumulator is kept in memory).
//
// Both scans, the Go loop and with AVX2 (useAVX2, lookup_amd64.s), write the
// limbs into e's coordinates in place (group.Affine.FiniteLimbs), without a
// reduction: every row holds reduced coordinates (the generated table, and
// the limbs multiplesTable copies from field elements).
func lookupAffine(e *group.Affine, row [][8]uint64, mag uint32) {
	if useAVX2 {
		lookupAffineAVX2(e.FiniteLimbs(), row, mag, 0)
		return
	}
	var a0, a1, a2, a3, a4, a5, a6, a7 uint64
	for j := range row {
		r := &row[j]
		mask := -uint64(isZero32(uint32(j+1) ^ mag))
		a0 |= r[0] & mask
		a1 |= r[1] & mask
		a2 |= r[2] & mask
		a3 |= r[3] & mask
		a4 |= r[4] & mask
		a5 |= r[5] & mask
		a6 |= r[6] & mask
		a7 |= r[7] & mask
	}
	*e.FiniteLimbs() = [8]uint64{a0, a1, a2, a3, a4, a5, a6, a7}
}

// BaseMultVarTime sets out = k·G and returns out, for a public k (public-key
// tweaks). It walks the same signed Booth digits and table as BaseMult but
// indexes the table directly and skips zero digits: at most 43 variable-time
// mixed additions. Execution time depends on k.
func BaseMultVarTime(out *group.Jacobian, k *scalar.Scalar) *group.Jacobian {
	out.SetInfinity()
	var e group.Affine
	for i := range len(baseTable) {
		d, neg := baseDigit(k, i)
		if d == 0 {
			continue
		}
		e.SetLimbs(&baseTable[i][d-1])
		if neg == 1 {
			e.Y.Negate(&e.Y)
		}
		out.AddMixedVarTime(out, &e)
	}
	return out
}
