package frost

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Session is one signing session: the signers context, the tweaks, and
// BIP-445's session values computed from them, the aggregate nonce and the
// message (get_session_values): the nonce coefficient b, the final nonce R
// (its x and the parity of its y) and the challenge e. Every signer and
// the coordinator make the same Session with NewSession; signers sign with
// Sign, the coordinator checks partial signatures with PartialVerify and
// aggregates them with Aggregate.
//
// A Session holds only public data and is immutable: it is safe for
// concurrent use. The zero value and nil are invalid (ErrInvalidSession,
// or false from PartialVerify).
type Session struct {
	sc    *SignersContext
	tc    TweakContext  // a copy of the tweak context
	b, e  scalar.Scalar // nonce coefficient, challenge
	rx    [32]byte      // x of the final nonce R
	rOdd  int           // 1 when R has odd y
	sPart scalar.Scalar // e·g·tacc, added to the partial signatures
	valid bool
}

func (s *Session) ok() bool { return s != nil && s.valid }

// NewSession starts a signing session of msg (any length) by the signers
// of sc, for their threshold key after the tweaks of tc (nil: no tweaks;
// the session copies it), with the 66-byte aggregate nonce from NonceAgg.
// It computes BIP-445's session values, with the BIP's rule that a final
// nonce at infinity is replaced by G.
//
// Errors: ErrInvalidSignersContext for a nil or zero-value sc,
// ErrInvalidTweakContext for a zero-value tc, ErrTweakContextMismatch when
// tc tweaks another key than sc's, and an *InvalidContributionError with
// NoSigner and ContribAggNonce for an invalid aggregate nonce (the
// coordinator misbehaved). Variable time (public data).
func NewSession(sc *SignersContext, tc *TweakContext, aggnonce, msg []byte) (*Session, error) {
	s := &Session{sc: sc}
	if err := s.init(tc); err != nil {
		return nil, err
	}
	var r1, r2 group.Affine
	if len(aggnonce) != AggNonceSize || !parsePointExt(&r1, aggnonce[:33]) || !parsePointExt(&r2, aggnonce[33:]) {
		return nil, contribErr(NoSigner, ContribAggNonce)
	}
	s.process(aggnonce, &r1, &r2, msg)
	return s, nil
}

// init checks the contexts and copies the tweak context (or makes an
// untweaked one) into s.
func (s *Session) init(tc *TweakContext) error {
	if !s.sc.ok() {
		return ErrInvalidSignersContext
	}
	switch {
	case tc == nil:
		s.tc = TweakContext{base: s.sc.threshPK, q: s.sc.q, valid: true}
	case !tc.ok():
		return ErrInvalidTweakContext
	case tc.base != s.sc.threshPK:
		return ErrTweakContextMismatch
	default:
		s.tc = *tc
	}
	return nil
}

// process computes the session values from the parsed aggregate nonce
// (R1, R2) and marks s valid.
func (s *Session) process(aggnonce []byte, r1, r2 *group.Affine, msg []byte) {
	var qx [32]byte
	s.tc.q.X.PutBytes(&qx)
	// b = hash_BIP0445/noncecoef(len(ser_ids) (4 bytes) ‖ ser_ids ‖
	// aggnonce ‖ xbytes(Q) ‖ m) mod n
	var pre [4]byte
	binary.BigEndian.PutUint32(pre[:], uint32(len(s.sc.serIDs)))
	buf := make([]byte, 0, 4+len(s.sc.serIDs)+AggNonceSize+32)
	buf = append(buf, pre[:]...)
	buf = append(buf, s.sc.serIDs...)
	buf = append(buf, aggnonce...)
	buf = append(buf, qx[:]...)
	hashToScalar(&s.b, &tagNonceCoef, buf, msg, nil)
	// R = R1 + b·R2, or G at infinity.
	var rj group.Jacobian
	rj.SetInfinity()
	if !r2.Infinity {
		var zero scalar.Scalar
		ecmult.DoubleMultVarTime(&rj, &s.b, r2, &zero)
	}
	rj.AddMixedVarTime(&rj, r1)
	var r group.Affine
	r.SetJacobianVarTime(&rj)
	if r.Infinity {
		r = group.Generator()
	}
	r.X.PutBytes(&s.rx)
	s.rOdd = r.Y.IsOdd()
	// e = hash_BIP0340/challenge(xbytes(R) ‖ xbytes(Q) ‖ m) mod n
	hashToScalar(&s.e, &tagChallenge, s.rx[:], qx[:], msg)
	// The aggregate signature gets e·g·tacc.
	s.sPart.Multiply(&s.e, &s.tc.tacc)
	s.sPart.CondNegate(&s.sPart, s.tc.q.Y.IsOdd())
	s.valid = true
}

// Sign makes the 32-byte partial signature of the signer with identifier
// myID and secret share secshare, with the secret nonce sn: BIP-445's Sign.
// It consumes sn first, whatever happens next: sn can never sign again,
// even if this call fails.
//
// It runs in constant time with respect to the secret share and the nonce.
// Errors: ErrInvalidSecretNonce for a nil, zero-value or consumed nonce,
// ErrInvalidSession, ErrInvalidSecretShare for a nil or zero-value share,
// ErrPubShareNotInSigners when the share's public share is not one of the
// signers', ErrIDNotInSigners when myID is not, ErrShareIDMismatch when
// both are but at different positions, and ErrNonceShareMismatch when sn
// was generated for another public share.
func (s *Session) Sign(sn *SecretNonce, secshare *secp256k1.PrivateKey, myID int) ([]byte, error) {
	var k1, k2 scalar.Scalar
	defer k1.Zero()
	defer k2.Zero()
	var npk [33]byte
	if err := sn.take(&k1, &k2, &npk); err != nil {
		return nil, err
	}
	psig := make([]byte, PartialSigSize)
	if err := s.sign(psig, &k1, &k2, &npk, secshare, myID); err != nil {
		return nil, err
	}
	return psig, nil
}

// sign writes the partial signature s = k1 + b·k2 + e·λ·d to out, where
// the nonce scalars are negated if R has odd y and d = g·gacc·d'. It checks
// the session, the share and the identifier, and that the nonce's bound
// public share npk (zeros: none) is the share's.
func (s *Session) sign(out []byte, k1, k2 *scalar.Scalar, npk *[33]byte, secshare *secp256k1.PrivateKey, myID int) error {
	if !s.ok() {
		return ErrInvalidSession
	}
	var pk [33]byte
	d, err := shareScalar(secshare, &pk)
	if err != nil {
		return err
	}
	if s.sc.shareIndex(pk[:]) < 0 {
		return ErrPubShareNotInSigners
	}
	k := s.sc.index(myID)
	if k < 0 {
		return ErrIDNotInSigners
	}
	if !bytes.Equal(s.sc.pubshares[33*k:33*k+33], pk[:]) {
		return ErrShareIDMismatch
	}
	if *npk != zeroCompressed && *npk != pk {
		return ErrNonceShareMismatch
	}
	var ea, sum, dd scalar.Scalar
	defer sum.Zero()
	defer dd.Zero()
	dd.CondNegate(d, s.tc.negateSecret())
	k1.CondNegate(k1, s.rOdd)
	k2.CondNegate(k2, s.rOdd)
	ea.Multiply(&s.e, &s.sc.lambda[k])
	sum.Multiply(&ea, &dd)
	k2.Multiply(k2, &s.b)
	sum.Add(&sum, k2)
	sum.Add(&sum, k1)
	sum.PutBytes((*[32]byte)(out))
	ctcheck.PublicSlice(out)
	return nil
}

// PartialVerify reports whether psig is a valid partial signature of the
// signer at position i of the signers context, whose 66-byte public nonce
// is pubnonce, in this session: BIP-445's partial_sig_verify_internal with
// that signer's identifier and public share. It returns false for
// malformed inputs (including psig >= n and a pubnonce that is not two
// compressed points), for an i out of range, and for a nil or zero-value
// session. Variable time (public data): one multi-scalar multiplication of
// two points and G.
//
// (BIP-445's partial_sig_verify also aggregates all public nonces and
// raises an InvalidContributionError for an invalid one: NonceAgg does that
// part.)
func (s *Session) PartialVerify(psig, pubnonce []byte, i int) bool {
	if !s.ok() || i < 0 || i >= len(s.sc.ids) || len(psig) != PartialSigSize || len(pubnonce) != PubNonceSize {
		return false
	}
	var sc scalar.Scalar
	if sc.SetCanonicalBytes((*[32]byte)(psig)) != 1 {
		return false
	}
	// R1 is not decompressed: the check below compares x and the parity
	// of y, which also rejects an x that is not on the curve.
	var r1x field.Element
	if (pubnonce[0] != 2 && pubnonce[0] != 3) || r1x.SetCanonicalBytes((*[32]byte)(pubnonce[1:33])) != 1 {
		return false
	}
	var r2 group.Affine
	if !parsePoint(&r2, pubnonce[33:]) {
		return false
	}
	// s·G = ε·(R1 + b·R2) + e·λ·g'·P, with ε = -1 if R has odd y and
	// g' = g·gacc, checked as X = s·G - e·λ·g'·P - ε·b·R2 = ε·R1: X has
	// R1's x, and the parity of R1's y, flipped when ε = -1.
	var c, mb scalar.Scalar
	c.Multiply(&s.e, &s.sc.lambda[i])
	c.CondNegate(&c, 1^s.tc.negateSecret())
	mb.CondNegate(&s.b, 1^s.rOdd)
	var terms [2]ecmult.Term
	terms[0].Set(&c, &s.sc.pts[i])
	terms[1].Set(&mb, &r2)
	var x group.Jacobian
	ecmult.MultiScalarMultVarTime(&x, &sc, terms[:], nil)
	if x.IsInfinity() == 1 || x.EqualXVarTime(&r1x) != 1 {
		return false
	}
	var xa group.Affine
	xa.SetJacobianVarTime(&x)
	return xa.Y.IsOdd() == int(pubnonce[0]&1)^s.rOdd
}

// Aggregate sums the signers' 32-byte partial signatures, one per signer in
// the order of the signers context, into the 64-byte BIP-340 signature of
// the session's message under the tweaked threshold key
// (TweakContext.XOnlyPublicKey): BIP-445's partial_sig_agg.
//
// It does not verify the partial signatures (PartialVerify does). A list
// whose length is not the number of signers returns ErrLengthMismatch; a
// malformed partial signature (not 32 bytes, or >= n) an
// *InvalidContributionError naming its index and ContribPartialSig.
func (s *Session) Aggregate(psigs [][]byte) ([]byte, error) {
	if !s.ok() {
		return nil, ErrInvalidSession
	}
	if len(psigs) != len(s.sc.ids) {
		return nil, fmt.Errorf("%w: %d psigs, %d ids", ErrLengthMismatch, len(psigs), len(s.sc.ids))
	}
	sum := s.sPart
	var si scalar.Scalar
	for i, p := range psigs {
		if len(p) != PartialSigSize || si.SetCanonicalBytes((*[32]byte)(p)) != 1 {
			return nil, contribErr(i, ContribPartialSig)
		}
		sum.Add(&sum, &si)
	}
	sig := make([]byte, SignatureSize)
	copy(sig, s.rx[:])
	sum.PutBytes((*[32]byte)(sig[32:]))
	return sig, nil
}
