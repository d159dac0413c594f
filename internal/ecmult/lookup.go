package ecmult

import "github.com/p256k1/secp256k1/internal/group"

// lookupAffineNeg sets e to row[mag-1] with its y negated if neg is 1:
// lookupAffine followed by e.Y.CondNegate(&e.Y, neg), in constant time. With
// AVX2 the negation is done inside the assembly scan, which saves the two Go
// calls of CondNegate.
func lookupAffineNeg(e *group.Affine, row [][8]uint64, mag uint32, neg int) {
	if useAVX2 {
		lookupAffineAVX2(e.FiniteLimbs(), row, mag, neg)
		return
	}
	lookupAffine(e, row, mag)
	e.Y.CondNegate(&e.Y, neg)
}
