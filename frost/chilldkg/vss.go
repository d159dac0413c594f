package chilldkg

import (
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Feldman verifiable secret sharing, as ChillDKG's VSS and VSSCommitment:
// a polynomial f of degree t-1 with coefficients derived from a seed, the
// shares f(i+1) of participants 0..n-1, and the commitment to the
// coefficients, t points (the point at infinity allowed, so that no
// participant can make a sum of commitments unencodable).

var errNegligible = fmt.Errorf("%w: a hash fell outside the scalar range (probability about 2^-128); retry with fresh randomness", ErrInvalidInput)

// vssGenerate sets coeffs[i] = hash_vss coeffs(seed ‖ i (4 bytes)), which
// must be below n, for i < len(coeffs) (VSS.generate). Constant time with
// respect to the seed; only the validity is revealed.
func vssGenerate(coeffs []scalar.Scalar, seed *[32]byte) error {
	var buf [36]byte
	defer clear(buf[:])
	copy(buf[:], seed[:])
	var h [32]byte
	defer clear(h[:])
	for i := range coeffs {
		binary.BigEndian.PutUint32(buf[32:], uint32(i))
		tagVSSCoeffs.Sum(&h, buf[:], nil, nil)
		ok := coeffs[i].SetCanonicalBytes(&h)
		ctcheck.Public(&ok)
		if ok != 1 {
			return errNegligible
		}
	}
	return nil
}

// polyEval sets y = f(x) for the coefficients of f (coeffs[j] of x^j), by
// Horner's rule, in constant time with respect to the coefficients.
func polyEval(y *scalar.Scalar, coeffs []scalar.Scalar, x uint64) {
	var xs scalar.Scalar
	xs.SetUint64(x)
	y.Zero()
	for j := len(coeffs) - 1; j >= 0; j-- {
		y.Multiply(y, &xs)
		y.Add(y, &coeffs[j])
	}
}

// baseMult sets a = k·G in constant time with respect to k and
// declassifies it (the caller's result is public).
func baseMult(a *group.Affine, k *scalar.Scalar) {
	var p group.Projective
	ecmult.BaseMult(&p, k)
	a.SetProjective(&p)
	ctcheck.Public(a)
}

// matchesSecret reports whether k·G = p, computing k·G in constant time
// with respect to k; only the result is revealed.
func matchesSecret(k *scalar.Scalar, p *group.Affine) bool {
	var kp group.Projective
	var ka group.Affine
	ecmult.BaseMult(&kp, k)
	ka.SetProjective(&kp)
	eq := (1 ^ kp.IsInfinity()) & ka.X.Equal(&p.X) & ka.Y.Equal(&p.Y)
	if p.Infinity {
		eq = kp.IsInfinity()
	}
	ctcheck.Public(&eq)
	return eq == 1
}

// comPubshare returns the commitment's value at participant i: Σ_j
// (i+1)^j·com[j], the public share of the shared polynomial (the point at
// infinity possible). Variable time (public data).
func comPubshare(com []group.Affine, i int) group.Affine {
	terms := make([]ecmult.Term, 0, len(com))
	var x, pw scalar.Scalar
	x.SetUint64(uint64(i) + 1)
	pw.One()
	for j := range com {
		if !com[j].Infinity {
			terms = append(terms, ecmult.Term{})
			terms[len(terms)-1].Set(&pw, &com[j])
		}
		pw.Multiply(&pw, &x)
	}
	var sum group.Jacobian
	sum.SetInfinity()
	if len(terms) > 0 {
		ecmult.MultiScalarMultVarTime(&sum, nil, terms, nil)
	}
	var out group.Affine
	out.SetJacobianVarTime(&sum)
	return out
}

// sumPoints returns Σ pts (the point at infinity possible). Variable time.
func sumPoints(pts []group.Affine) group.Affine {
	var sum group.Jacobian
	sum.SetInfinity()
	for i := range pts {
		if !pts[i].Infinity {
			sum.AddMixedVarTime(&sum, &pts[i])
		}
	}
	var out group.Affine
	out.SetJacobianVarTime(&sum)
	return out
}

// taprootCommit is VSSCommitment.invalid_taproot_commit: it returns the
// commitment with tweak·G added to its constant term, where tweak =
// hash_TapTweak(x(com[0])) commits the threshold key to an unspendable
// BIP-341 script path, and the tweak, which every secret share gets added.
// A constant term at infinity (the participants' commitments cancel, which
// a rushing participant can arrange) is an error.
func taprootCommit(com []group.Affine) ([]group.Affine, scalar.Scalar, error) {
	var tweak scalar.Scalar
	if com[0].Infinity {
		return nil, tweak, fmt.Errorf("%w: the commitments to the secrets sum to the point at infinity", ErrProtocol)
	}
	var x, h [32]byte
	com[0].X.PutBytes(&x)
	tagTapTweak.Sum(&h, x[:], nil, nil)
	if tweak.SetCanonicalBytes(&h) != 1 {
		return nil, tweak, fmt.Errorf("%w: the taproot tweak is not below n", ErrProtocol)
	}
	out := make([]group.Affine, len(com))
	copy(out, com)
	var j group.Jacobian
	ecmult.BaseMultVarTime(&j, &tweak)
	j.AddMixedVarTime(&j, &com[0])
	out[0].SetJacobianVarTime(&j)
	if out[0].Infinity {
		return nil, tweak, fmt.Errorf("%w: the tweaked threshold key is the point at infinity", ErrProtocol)
	}
	return out, tweak, nil
}
