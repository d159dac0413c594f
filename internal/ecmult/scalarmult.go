package ecmult

import (
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// ctWindows signed 5-bit windows cover the 128-bit GLV halves (130 bits).
const ctWindows = 26

// ScalarMult sets out = k·P and returns out, in constant time with respect
// to k (P is treated as public but is also handled without branches; P must
// be a finite point, as every parsed public key is).
//
// k is split with the GLV endomorphism into k = k1 + λ·k2 with |k1|, |k2| <
// 2^128. With s1, s2 the signs of k1 and k2, k·P = |k1|·(s1·P) + |k2|·(s2·λP).
// Both magnitudes are recoded into 26 signed Booth digits in [-16, 16]; the
// tables hold 1..16 times s1·P and s2·λP in projective form, are read by
// full masked scans, and are combined with complete additions, so there are
// no secret-dependent branches or memory addresses.
func ScalarMult(out *group.Projective, k *scalar.Scalar, p *group.Affine) *group.Projective {
	k1, k2 := k.SplitLambda()
	a1, n1 := k1.AbsHalf()
	a2, n2 := k2.AbsHalf()

	// t1[j] = (j+1)·s1·P, t2[j] = (j+1)·s2·λP = λ·((j+1)·s2·P).
	var t1, t2 [16]group.Projective
	t1[0].SetAffine(p)
	t1[1].Double(&t1[0])
	for j := 2; j < 16; j++ {
		t1[j].AddAffine(&t1[j-1], p)
	}
	beta := group.Beta()
	for j := range t1 {
		t2[j].X.Multiply(&t1[j].X, &beta)
		t2[j].Y.CondNegate(&t1[j].Y, n2)
		t2[j].Z.Set(&t1[j].Z)
		t1[j].Y.CondNegate(&t1[j].Y, n1)
	}

	var acc, e group.Projective
	acc.SetInfinity()
	for i := ctWindows - 1; i >= 0; i-- {
		if i != ctWindows-1 {
			for range 5 {
				acc.Double(&acc)
			}
		}
		for h, tbl := range [2]*[16]group.Projective{&t1, &t2} {
			a := &a1
			if h == 1 {
				a = &a2
			}
			var in uint32
			if i == 0 {
				in = a.Bits(0, 5) << 1
			} else {
				in = a.Bits(uint(5*i-1), 6)
			}
			d, neg := boothW5(in)
			lookupProjective(&e, tbl, d)
			e.Y.CondNegate(&e.Y, neg)
			acc.Add(&acc, &e)
		}
	}
	return out.Set(&acc)
}

// lookupProjective sets e to tbl[mag-1], or to the point at infinity if mag
// is 0, scanning the whole table with constant-time selects.
func lookupProjective(e *group.Projective, tbl *[16]group.Projective, mag uint32) {
	e.SetInfinity()
	for j := range tbl {
		e.Select(&tbl[j], e, isZero32(uint32(j+1)^mag))
	}
}
