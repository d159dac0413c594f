//go:build !exhaustive7 && !exhaustive13 && !exhaustive199

package scalar

// The GLV endomorphism of secp256k1: λ·(x, y) = (β·x, y), where λ is a cube
// root of unity mod n and β one mod p. A scalar k is split into
// k = r1 + λ·r2 with |r1|, |r2| < 2^128, so k·P = r1·P + r2·(λ·P) needs half
// as many doublings (Gallant–Lambert–Vanstone 2001; the constants and the
// rounding method are those of libsecp256k1's scalar_split_lambda, derived in
// its scalar_impl.h from the short basis (a1, b1), (a2, b2) of the lattice).

var (
	// lambda = 0x5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72
	lambda = Scalar{l: [4]uint64{0xDF02967C1B23BD72, 0x122E22EA20816678, 0xA5261C028812645A, 0x5363AD4CC05C30E0}}
	// minusLambda = n - lambda
	minusLambda = Scalar{l: [4]uint64{0xE0CFC810B51283CF, 0xA880B9FC8EC739C2, 0x5AD9E3FD77ED9BA4, 0xAC9C52B33FA3CF1F}}
	// minusB1 = -b1 = 0xE4437ED6010E88286F547FA90ABFE4C3
	minusB1 = Scalar{l: [4]uint64{0x6F547FA90ABFE4C3, 0xE4437ED6010E8828, 0, 0}}
	// minusB2 = -b2 mod n
	minusB2 = Scalar{l: [4]uint64{0xD765CDA83DB1562C, 0x8A280AC50774346D, 0xFFFFFFFFFFFFFFFE, 0xFFFFFFFFFFFFFFFF}}
	// g1 = round(2^384·b2/n), g2 = round(2^384·(-b1)/n)
	g1 = Scalar{l: [4]uint64{0xE893209A45DBB031, 0x3DAA8A1471E8CA7F, 0xE86C90E49284EB15, 0x3086D221A7D46BCD}}
	g2 = Scalar{l: [4]uint64{0x1571B4AE8AC47F71, 0x221208AC9DF506C6, 0x6F547FA90ABFE4C4, 0xE4437ED6010E8828}}
)

// Lambda returns λ, the cube root of unity mod n used by the endomorphism.
func Lambda() Scalar { return lambda }

// SplitLambda returns r1, r2 with s = r1 + λ·r2 (mod n), where each of r1 and
// r2 is either below 2^128 or above n - 2^128 (that is, a negative number of
// magnitude below 2^128). It runs in constant time.
func (s *Scalar) SplitLambda() (r1, r2 Scalar) {
	var c1, c2 Scalar
	c1.mulShift384(s, &g1)
	c2.mulShift384(s, &g2)
	c1.Multiply(&c1, &minusB1)
	c2.Multiply(&c2, &minusB2)
	r2.Add(&c1, &c2)
	r1.Multiply(&r2, &minusLambda)
	r1.Add(&r1, s)
	return r1, r2
}

// Split128 returns lo, hi with s = lo + 2^128·hi, both below 2^128.
func (s *Scalar) Split128() (lo, hi Scalar) {
	lo.l = [4]uint64{s.l[0], s.l[1], 0, 0}
	hi.l = [4]uint64{s.l[2], s.l[3], 0, 0}
	return lo, hi
}
