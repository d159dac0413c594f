package ecmult

import (
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// ctWindows signed 5-bit windows cover the 128-bit GLV halves (130 bits).
const ctWindows = 26

// ScalarMult sets out = k·P and returns out, in constant time with respect
// to k. P is public (a parsed public key: finite and on the curve).
//
// k is split with the GLV endomorphism into k = k1 + λ·k2 with |k1|, |k2| <
// 2^128. With s1, s2 the signs of k1 and k2, k·P = |k1|·(s1·P) + |k2|·(s2·λP).
// Both magnitudes are recoded into 26 signed Booth digits in [-16, 16]. The
// tables hold 1..16 times P and λP in effective-affine form (affine on an
// isomorphic curve, with one global Z, see oddMultiplesGlobalZ); they depend
// only on the public P and are built with variable-time formulas and no
// inversion. The
// secret digits pick an entry by a full masked scan, its sign is applied
// with a constant-time negation, and the sum is accumulated with the
// constant-time Jacobian formulas (group.Jacobian.Double and AddAffine,
// which handle every special case without branching); a zero digit keeps the
// accumulator by a masked select.
//
// The multiplication is blinded (blind.go): the global Z of the tables is
// multiplied by a fresh random u from crypto/rand, so the table entries and
// every accumulator value are random representations, and so is the Z of
// the result. It does not allocate.
func ScalarMult(out *group.Jacobian, k *scalar.Scalar, p *group.Affine) *group.Jacobian {
	var u field.Element
	randomZ(&u)
	scalarMultZ(out, k, p, &u)
	u.Zero()
	return out
}

// scalarMultZ is ScalarMult with the blinding u (non-zero) given.
func scalarMultZ(out *group.Jacobian, k *scalar.Scalar, p *group.Affine, u *field.Element) *group.Jacobian {
	var t1, t2 [16][8]uint64
	var zg field.Element
	multiplesTable(&t1, &t2, &zg, p, u)
	scalarMultTables(out, k, &t1, &t2)
	out.Z.Multiply(&out.Z, &zg) // back from the isomorphic curve; Z = 0 stays 0
	return out
}

// ScalarMultSecretPoint is ScalarMult for a point that is secret too (the
// public curve.Point API, where the caller's point may be anything): the
// table of multiples is built in constant time as well, with the
// constant-time Jacobian formulas and one constant-time inversion, at the
// cost of about one microsecond. P must be finite and on the curve (the
// caller selects a stand-in for the identity in constant time).
//
// It is blinded like ScalarMult: P is first mapped to the isomorphic curve
// y² = x³ + 7u⁶ by (x, y) → (u²·x, u³·y) for a fresh random u, so that the
// table is built, looked up and accumulated on random representations, and
// the result is mapped back by multiplying its Z by u (the formulas for
// a = 0 do not use b). It does not allocate.
func ScalarMultSecretPoint(out *group.Jacobian, k *scalar.Scalar, p *group.Affine) *group.Jacobian {
	var u field.Element
	randomZ(&u)
	scalarMultSecretPointZ(out, k, p, &u)
	u.Zero()
	return out
}

// scalarMultSecretPointZ is ScalarMultSecretPoint with the blinding u
// (non-zero) given.
func scalarMultSecretPointZ(out *group.Jacobian, k *scalar.Scalar, p *group.Affine, u *field.Element) *group.Jacobian {
	var pu group.Affine
	var u2, u3 field.Element
	u2.Square(u)
	u3.Multiply(&u2, u)
	pu.X.Multiply(&p.X, &u2)
	pu.Y.Multiply(&p.Y, &u3)
	var t1, t2 [16][8]uint64
	multiplesTableConstTime(&t1, &t2, &pu)
	scalarMultTables(out, k, &t1, &t2)
	out.Z.Multiply(&out.Z, u) // back from the isomorphic curve; Z = 0 stays 0
	return out
}

// scalarMultTables is the constant-time loop of ScalarMult over the tables
// of (j+1)·P and (j+1)·λP.
func scalarMultTables(out *group.Jacobian, k *scalar.Scalar, t1, t2 *[16][8]uint64) *group.Jacobian {
	k1, k2 := k.SplitLambda()
	a1, n1 := k1.AbsHalf()
	a2, n2 := k2.AbsHalf()

	var acc, sum group.Jacobian
	var e group.Affine
	acc.SetInfinity()
	for i := ctWindows - 1; i >= 0; i-- {
		if i != ctWindows-1 {
			for range 5 {
				acc.Double(&acc)
			}
		}
		for h := range 2 {
			a, sign, tbl := &a1, n1, t1
			if h == 1 {
				a, sign, tbl = &a2, n2, t2
			}
			var in uint32
			if i == 0 {
				in = a.Bits(0, 5) << 1
			} else {
				in = a.Bits(uint(5*i-1), 6)
			}
			d, neg := boothW5(in)
			lookupAffine(&e, tbl[:], d)
			e.Y.CondNegate(&e.Y, neg^sign)
			sum.AddAffine(&acc, &e)
			acc.Select(&acc, &sum, isZero32(d))
		}
	}
	return out.Set(&acc)
}

// multiplesTable sets t1[j] = (j+1)·P and t2[j] = (j+1)·λP = (β·x, y) of
// t1[j], as limbs (x0..x3, y0..y3) in effective-affine form: entry (X, Y)
// stands for the point (X/zg², Y/zg³). The multiples are chained by
// additions of P that record the ratio of consecutive Z coordinates
// (AddMixedZRatioVarTime), then scaled to the Z of the last one, so no
// inversion is needed; a sum of entries computed as if they were affine is
// the true sum with its Z divided by zg (the formulas for a = 0 do not
// depend on b). The scale starts at u rather than 1, so zg carries the
// blinding u (1 for no blinding) and every entry is a random representation.
// P is public: this runs in variable time with respect to P (u is only
// multiplied).
func multiplesTable(t1, t2 *[16][8]uint64, zg *field.Element, p *group.Affine, u *field.Element) {
	var jac [16]group.Jacobian
	var zr [16]field.Element
	jac[0].SetAffine(p)
	jac[1].DoubleVarTime(&jac[0])
	zr[1].Set(&jac[1].Z) // Z(2P)/Z(P) with Z(P) = 1
	for j := 2; j < 16; j++ {
		if !jac[j].AddMixedZRatioVarTime(&jac[j-1], p, &zr[j]) {
			// (j-1)·P = ±P needs n <= j: impossible for the prime order n
			// of a finite point.
			panic("ecmult: internal error: degenerate multiples table")
		}
	}
	var aff [16]group.Affine
	var s, s2, s3 field.Element
	s.Set(u)
	for j := 15; j >= 0; j-- {
		if j < 15 {
			s.Multiply(&s, &zr[j+1])
		}
		s2.Square(&s)
		s3.Multiply(&s2, &s)
		aff[j].X.Multiply(&jac[j].X, &s2)
		aff[j].Y.Multiply(&jac[j].Y, &s3)
	}
	zg.Multiply(&jac[15].Z, u)
	tablesFromAffine(t1, t2, &aff)
}

// multiplesTableConstTime is multiplesTable in constant time: P finite and
// on the curve, the multiples 2..16 from the constant-time doubling and
// unified mixed addition, and Montgomery's batch inversion around one
// constant-time inversion (no Z is zero: P has prime order n > 16).
func multiplesTableConstTime(t1, t2 *[16][8]uint64, p *group.Affine) {
	var jac [16]group.Jacobian
	jac[0].X.Set(&p.X)
	jac[0].Y.Set(&p.Y)
	jac[0].Z.One()
	jac[1].Double(&jac[0])
	for j := 2; j < 16; j++ {
		jac[j].AddAffine(&jac[j-1], p)
	}
	// prefix[j] = Z0·…·Zj; then walk back with the inverse of the product.
	var prefix [16]field.Element
	prefix[0].Set(&jac[0].Z)
	for j := 1; j < 16; j++ {
		prefix[j].Multiply(&prefix[j-1], &jac[j].Z)
	}
	var inv field.Element
	inv.Invert(&prefix[15])
	var aff [16]group.Affine
	for j := 15; j >= 0; j-- {
		var zi, z2, z3 field.Element
		if j > 0 {
			zi.Multiply(&inv, &prefix[j-1])
			inv.Multiply(&inv, &jac[j].Z)
		} else {
			zi.Set(&inv)
		}
		z2.Square(&zi)
		z3.Multiply(&z2, &zi)
		aff[j].X.Multiply(&jac[j].X, &z2)
		aff[j].Y.Multiply(&jac[j].Y, &z3)
	}
	tablesFromAffine(t1, t2, &aff)
}

// tablesFromAffine writes the affine multiples (j+1)·P to t1 and their
// images (β·x, y) = (j+1)·λP to t2, as limbs (x0..x3, y0..y3).
func tablesFromAffine(t1, t2 *[16][8]uint64, aff *[16]group.Affine) {
	beta := group.Beta()
	for j := range aff {
		x, y := aff[j].X.Limbs(), aff[j].Y.Limbs()
		var bx field.Element
		bx.Multiply(&aff[j].X, &beta)
		lx := bx.Limbs()
		copy(t1[j][:4], x[:])
		copy(t1[j][4:], y[:])
		copy(t2[j][:4], lx[:])
		copy(t2[j][4:], y[:])
	}
}
