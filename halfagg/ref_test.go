package halfagg_test

import (
	"crypto/sha256"
	"math/big"

	"github.com/p256k1/secp256k1/curve"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// Two references for BIP-458, written from the draft's pseudocode and
// independent of the package: the randomizer of every entry is hashed
// anew from its whole prefix (quadratic, where the package streams one
// SHA-256 state), and keys and messages are plain bytes. refVerifyBig
// computes the verification equation with math/big (textbook affine
// arithmetic, testutil's reference curve); refVerifyCurve with one
// constant-time curve.Point.ScalarMult per term and plain additions, no
// multi-scalar multiplication. Both reject malformed input with false.

const refTag = "HalfAgg/randomizer" // the draft revision of the vectors

// refTagged returns hash_tag(parts...) as BIP-340 defines tagged hashes.
func refTagged(tag string, parts ...[]byte) []byte {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

// refInt returns int(b) mod n.
func refInt(b []byte) *big.Int {
	v := new(big.Int).SetBytes(b)
	return v.Mod(v, testutil.N)
}

// refRandomizers returns z_0 = 1 and z_i = int(hash(r_0‖pk_0‖m_0‖…‖r_i‖pk_i‖m_i)) mod n,
// every prefix hashed from the start.
func refRandomizers(rs, pks, msgs [][]byte) []*big.Int {
	z := make([]*big.Int, len(rs))
	for i := range rs {
		if i == 0 {
			z[i] = big.NewInt(1)
			continue
		}
		var parts [][]byte
		for j := 0; j <= i; j++ {
			parts = append(parts, rs[j], pks[j], msgs[j])
		}
		z[i] = refInt(refTagged(refTag, parts...))
	}
	return z
}

// refAggregate returns Aggregate's result from the pseudocode, or nil
// where the draft fails (an s ≥ n; lengths are the caller's).
func refAggregate(pks, msgs, sigs [][]byte) []byte {
	rs := make([][]byte, len(sigs))
	for i, sig := range sigs {
		rs[i] = sig[:32]
	}
	z := refRandomizers(rs, pks, msgs)
	s := new(big.Int)
	var out []byte
	for i, sig := range sigs {
		si := new(big.Int).SetBytes(sig[32:])
		if si.Cmp(testutil.N) >= 0 {
			return nil
		}
		s.Add(s, si.Mul(si, z[i]))
		out = append(out, rs[i]...)
	}
	s.Mod(s, testutil.N)
	return append(out, s.FillBytes(make([]byte, 32))...)
}

// refLiftX returns the point with x = int(b) and even y, or nil.
func refLiftX(b []byte) *testutil.Point {
	x := new(big.Int).SetBytes(b)
	if x.Cmp(testutil.P) >= 0 {
		return nil
	}
	c := new(big.Int).Exp(x, big.NewInt(3), testutil.P)
	c.Add(c, big.NewInt(7)).Mod(c, testutil.P)
	e := new(big.Int).Add(testutil.P, big.NewInt(1))
	e.Rsh(e, 2)
	y := new(big.Int).Exp(c, e, testutil.P)
	if new(big.Int).Exp(y, big.NewInt(2), testutil.P).Cmp(c) != 0 {
		return nil
	}
	if y.Bit(0) == 1 {
		y.Sub(testutil.P, y)
	}
	return &testutil.Point{X: x, Y: y}
}

// refParse splits aggsig for len(pks) pairs and computes the challenges
// and randomizers; ok is false where the draft fails before the equation
// (lengths, s ≥ n, messages not 32 bytes).
func refParse(aggsig []byte, pks, msgs [][]byte) (rs [][]byte, s *big.Int, e, z []*big.Int, ok bool) {
	n := len(pks)
	if len(msgs) != n || len(aggsig) != 32*(n+1) {
		return nil, nil, nil, nil, false
	}
	for i := range n {
		if len(pks[i]) != 32 || len(msgs[i]) != 32 {
			return nil, nil, nil, nil, false
		}
		rs = append(rs, aggsig[32*i:32*i+32])
		e = append(e, refInt(refTagged("BIP0340/challenge", rs[i], pks[i], msgs[i])))
	}
	s = new(big.Int).SetBytes(aggsig[32*n:])
	if s.Cmp(testutil.N) >= 0 {
		return nil, nil, nil, nil, false
	}
	return rs, s, e, refRandomizers(rs, pks, msgs), true
}

// refVerifyBig is VerifyAggregate in math/big.
func refVerifyBig(aggsig []byte, pks, msgs [][]byte) bool {
	rs, s, e, z, ok := refParse(aggsig, pks, msgs)
	if !ok {
		return false
	}
	var rhs *testutil.Point
	for i := range pks {
		P, R := refLiftX(pks[i]), refLiftX(rs[i])
		if P == nil || R == nil {
			return false
		}
		t := testutil.Add(R, testutil.Mul(e[i], P))
		rhs = testutil.Add(rhs, testutil.Mul(z[i], t))
	}
	return testutil.Mul(s, testutil.G()).Equal(rhs)
}

// refVerifyCurve is VerifyAggregate with one curve.Point.ScalarMult per
// term: s·G == Σ z_i·R_i + Σ (z_i·e_i)·P_i.
func refVerifyCurve(aggsig []byte, pks, msgs [][]byte) bool {
	rs, s, e, z, ok := refParse(aggsig, pks, msgs)
	if !ok {
		return false
	}
	scalar := func(v *big.Int) *curve.Scalar {
		k, err := curve.NewScalar().SetCanonicalBytes(new(big.Int).Mod(v, testutil.N).FillBytes(make([]byte, 32)))
		if err != nil {
			panic(err)
		}
		return k
	}
	lift := func(x []byte) *curve.Point {
		p, err := curve.NewIdentityPoint().SetBytes(append([]byte{2}, x...))
		if err != nil {
			return nil
		}
		return p
	}
	sum := curve.NewIdentityPoint()
	for i := range pks {
		P, R := lift(pks[i]), lift(rs[i])
		if P == nil || R == nil {
			return false
		}
		ze := new(big.Int).Mul(z[i], e[i])
		sum.Add(sum, new(curve.Point).ScalarMult(scalar(z[i]), R))
		sum.Add(sum, new(curve.Point).ScalarMult(scalar(ze), P))
	}
	return new(curve.Point).ScalarBaseMult(scalar(s)).Equal(sum) == 1
}
