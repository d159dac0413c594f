package frost

import (
	"fmt"
	"io"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// MaxDealerParticipants is the largest n DealerKeyGen accepts: it makes n
// secret shares in memory, one constant-time base-point multiplication
// each.
const MaxDealerParticipants = 1 << 16

// DealerOutput is the key material of a trusted-dealer split: every
// participant's secret share, and the public data every participant needs.
// Participant i (0 <= i < N) has identifier i, secret share
// SecretShares[i] and public share PublicShares[i]; the dealer sends each
// participant its own secret share (over a secure channel) and the public
// data to all of them.
type DealerOutput struct {
	// T is the threshold, N the number of participants.
	T, N int
	// ThresholdPublicKey is the 33-byte compressed threshold public key
	// (the shared secret's public key), before any tweak.
	ThresholdPublicKey []byte
	// PublicShares holds the N 33-byte compressed public shares.
	PublicShares [][]byte
	// SecretShares holds the N secret shares f(i+1). Wipe each with Zero
	// once it is handed over.
	SecretShares []*secp256k1.PrivateKey
	// Commitment is the verifiable secret sharing commitment: the T
	// 33-byte compressed points a_j·G for the coefficients a_j of the
	// dealer's polynomial f(x) = a_0 + a_1·x + ... + a_{T-1}·x^{T-1}
	// (Commitment[0] is the threshold public key). VerifyShare checks a
	// secret share against it.
	Commitment [][]byte
}

// DealerKeyGen splits a secret key into n Shamir shares with threshold t,
// as a trusted dealer does (RFC 9591 appendix C, with BIP-445's
// identifiers: participant i, 0 <= i < n, gets f(i+1) for a polynomial f of
// degree t-1 with f(0) = secret and the other coefficients drawn uniformly
// at random). secret nil draws the secret key at random too; rand nil uses
// crypto/rand. Any t of the shares sign for the threshold key with this
// package; fewer reveal nothing about the secret.
//
// A dealer is a single point of failure: it knows the secret key. Use it
// for tests and for setups that trust it, and ChillDKG (package
// frost/chilldkg) otherwise.
//
// It runs in constant time with respect to the secret and the polynomial.
// Errors: ErrInvalidThreshold unless 1 <= t <= n <= MaxDealerParticipants,
// ErrInvalidSecretShare for a zero-value secret, an error from rand.
func DealerKeyGen(t, n int, secret *secp256k1.PrivateKey, rand io.Reader) (*DealerOutput, error) {
	if t < 1 || t > n || n > MaxDealerParticipants {
		return nil, fmt.Errorf("%w (t = %d, n = %d, dealer maximum %d)", ErrInvalidThreshold, t, n, MaxDealerParticipants)
	}
	coeffs := make([]scalar.Scalar, t)
	defer func() {
		for i := range coeffs {
			coeffs[i].Zero()
		}
	}()
	var k keys.Private
	defer k.Wipe()
	if secret != nil {
		d, err := (*keys.Private)(secret).Scalar()
		if err != nil {
			return nil, fmt.Errorf("%w: the dealer's secret: %w", ErrInvalidSecretShare, err)
		}
		coeffs[0].Set(d)
	}
	for j := range coeffs {
		if j == 0 && secret != nil {
			continue
		}
		if err := k.Generate(rand); err != nil {
			return nil, fmt.Errorf("frost: dealer: %w", err)
		}
		d, _ := k.Scalar()
		coeffs[j].Set(d)
	}

	out := &DealerOutput{
		T: t, N: n,
		PublicShares: make([][]byte, n),
		SecretShares: make([]*secp256k1.PrivateKey, n),
		Commitment:   make([][]byte, t),
	}
	for j := range coeffs {
		out.Commitment[j] = basePoint(&coeffs[j])
	}
	out.ThresholdPublicKey = out.Commitment[0]
	var y, x scalar.Scalar
	defer y.Zero()
	var b [32]byte
	defer clear(b[:])
	for i := range n {
		x.SetUint64(uint64(i) + 1)
		polyEval(&y, coeffs, &x)
		y.PutBytes(&b)
		share := new(keys.Private)
		if err := share.SetBytes(b[:]); err != nil {
			// f(i+1) = 0: probability about n·2^-256.
			return nil, fmt.Errorf("frost: dealer: a share is zero, try again: %w", err)
		}
		out.SecretShares[i] = (*secp256k1.PrivateKey)(share)
		out.PublicShares[i] = out.SecretShares[i].PublicKey().BytesCompressed()
	}
	return out, nil
}

// polyEval sets y = f(x) for the polynomial with the given coefficients
// (coeffs[j] is the coefficient of x^j), by Horner's rule, in constant time
// with respect to the coefficients (x is public).
func polyEval(y *scalar.Scalar, coeffs []scalar.Scalar, x *scalar.Scalar) {
	y.Zero()
	for j := len(coeffs) - 1; j >= 0; j-- {
		y.Multiply(y, x)
		y.Add(y, &coeffs[j])
	}
}

// basePoint returns the compressed encoding of k·G for a secret non-zero
// k, computed in constant time; the result is public.
func basePoint(k *scalar.Scalar) []byte {
	var p group.Projective
	var a group.Affine
	ecmult.BaseMult(&p, k)
	a.SetProjective(&p)
	out := make([]byte, 33)
	putPoint(out, &a)
	ctcheck.PublicSlice(out)
	return out
}

// VerifyShare reports whether the secret share of the participant with
// identifier id matches the dealer's commitment (RFC 9591's vss_verify):
// share·G = Σ_j (id+1)^j·C_j. A participant checks its share with it
// before use. It returns false for a malformed commitment (not 1 to
// MaxDealerParticipants 33-byte compressed points), an id outside
// [0, MaxParticipants-1], and a nil or zero-value share. The share's
// public key is computed in constant time; the rest handles public data.
func VerifyShare(commitment [][]byte, id int, share *secp256k1.PrivateKey) bool {
	if len(commitment) == 0 || len(commitment) > MaxDealerParticipants || id < 0 || uint64(id) > MaxParticipants-1 {
		return false
	}
	pub, err := (*keys.Private)(share).Public()
	if err != nil {
		return false
	}
	terms := make([]ecmult.Term, len(commitment))
	var x, pw scalar.Scalar
	x.SetUint64(uint64(id) + 1)
	pw.One()
	for j, c := range commitment {
		var p group.Affine
		if !parsePoint(&p, c) {
			return false
		}
		terms[j].Set(&pw, &p)
		pw.Multiply(&pw, &x)
	}
	var sum group.Jacobian
	ecmult.MultiScalarMultVarTime(&sum, nil, terms, nil)
	var sa group.Affine
	sa.SetJacobianVarTime(&sum)
	pp, err := pub.Point()
	if err != nil || sa.Infinity {
		return false
	}
	return sa.X.Equal(&pp.X) == 1 && sa.Y.Equal(&pp.Y) == 1
}
