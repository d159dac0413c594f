package musig2

import (
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Session is one signing session: the key aggregation cache, and BIP-327's
// session values computed from it, the aggregate nonce and the message
// (GetSessionValues): the nonce coefficient b, the final nonce R (its x
// and the parity of its y) and the challenge e. Every signer and the
// aggregator of the partial signatures makes the same Session with
// NewSession (or NewAdaptorSession), signs with Sign, checks the others'
// partial signatures with PartialVerify and aggregates them with
// Aggregate.
//
// A Session holds only public data and is immutable: it is safe for
// concurrent use. The zero value and nil are invalid (ErrInvalidSession,
// or false from PartialVerify).
type Session struct {
	c     KeyAggCache   // a copy of the cache it was made from
	b, e  scalar.Scalar // nonce coefficient, challenge
	rx    [32]byte      // x of the final nonce R
	rOdd  int           // 1 when R has odd y
	sPart scalar.Scalar // e·g·tacc, added to the partial signatures
	valid bool
}

func (s *Session) ok() bool { return s != nil && s.valid }

// NewSession starts a signing session of msg (any length) for the key
// aggregation cache (which must hold every tweak: the session copies it)
// and the 66-byte aggregate nonce from NonceAgg. It computes BIP-327's
// session values (libsecp256k1's secp256k1_musig_nonce_process), with the
// BIP's rule that a final nonce at infinity is replaced by G.
//
// An invalid aggregate nonce returns an *InvalidContributionError with
// NoSigner and ContribAggNonce (the aggregator misbehaved); a nil or
// zero-value cache ErrInvalidKeyAggCache. Variable time (public data).
func NewSession(cache *KeyAggCache, aggnonce []byte, msg []byte) (*Session, error) {
	return newSession(cache, aggnonce, msg, nil)
}

// NewAdaptorSession starts a signing session, as NewSession does, whose
// final nonce is R' = R + T for the adaptor point T (33 bytes, compressed),
// as libsecp256k1-zkp's musig_nonce_process with an adaptor does: the
// nonce coefficient b is the same as without T, and the challenge commits
// to R'. The partial signatures are made and verified as usual, but
// Aggregate returns a pre-signature, which Adapt turns into a valid BIP-340
// signature with the discrete logarithm t of T, and from which and the
// final signature ExtractAdaptor recovers t. Both need NonceParity.
//
// Verify every partial signature of an adaptor session before relying on
// the pre-signature. Errors as NewSession, and ErrInvalidAdaptor for an
// invalid adaptor point.
func NewAdaptorSession(cache *KeyAggCache, aggnonce []byte, msg []byte, adaptor []byte) (*Session, error) {
	var t group.Affine
	if !parsePoint(&t, adaptor) {
		return nil, fmt.Errorf("%w: adaptor point", ErrInvalidAdaptor)
	}
	return newSession(cache, aggnonce, msg, &t)
}

func newSession(cache *KeyAggCache, aggnonce, msg []byte, t *group.Affine) (*Session, error) {
	if !cache.ok() {
		return nil, ErrInvalidKeyAggCache
	}
	var r1, r2 group.Affine
	if len(aggnonce) != AggNonceSize || !parsePointExt(&r1, aggnonce[:33]) || !parsePointExt(&r2, aggnonce[33:]) {
		return nil, contribErr(NoSigner, ContribAggNonce)
	}
	s := &Session{c: *cache}
	var qx [32]byte
	s.c.q.X.PutBytes(&qx)
	// b = hash_MuSig/noncecoef(aggnonce ‖ xbytes(Q) ‖ m) mod n
	hashToScalar(&s.b, &tagNonceCoef, aggnonce, qx[:], msg)
	// R = R1 + b·R2 (+ T), or G at infinity.
	var rj group.Jacobian
	rj.SetInfinity()
	if !r2.Infinity {
		var zero scalar.Scalar
		ecmult.DoubleMultVarTime(&rj, &s.b, &r2, &zero)
	}
	rj.AddMixedVarTime(&rj, &r1)
	if t != nil {
		rj.AddMixedVarTime(&rj, t)
	}
	var r group.Affine
	if rj.IsInfinity() == 1 {
		r = group.Generator()
	} else {
		r.SetJacobianVarTime(&rj)
	}
	r.X.PutBytes(&s.rx)
	s.rOdd = r.Y.IsOdd()
	// e = hash_BIP0340/challenge(xbytes(R) ‖ xbytes(Q) ‖ m) mod n
	hashToScalar(&s.e, &tagChallenge, s.rx[:], qx[:], msg)
	// The aggregate signature gets e·g·tacc.
	s.sPart.Multiply(&s.e, &s.c.tacc)
	s.sPart.CondNegate(&s.sPart, s.c.q.Y.IsOdd())
	s.valid = true
	return s, nil
}

// NonceParity reports whether the session's final nonce (R + T in an
// adaptor session) has odd y: the nonce_parity that Adapt and
// ExtractAdaptor need. A nil or zero-value session returns
// ErrInvalidSession.
func (s *Session) NonceParity() (odd bool, err error) {
	if !s.ok() {
		return false, ErrInvalidSession
	}
	return s.rOdd == 1, nil
}

// Sign makes the signer's 32-byte partial signature with the secret nonce
// sn and the secret key priv: BIP-327's Sign (libsecp256k1's
// secp256k1_musig_partial_sign). It consumes sn first, whatever happens
// next: sn can never sign again, even if this call fails.
//
// It runs in constant time with respect to the secret key and the nonce.
// Errors: ErrInvalidSecretNonce for a nil, zero-value or consumed nonce,
// ErrInvalidSession, an error wrapping ErrInvalidPrivateKey for a nil or
// zero-value key, ErrNonceKeyMismatch when sn was generated for another
// public key, ErrSignerNotInKeys when priv's public key is not one of the
// aggregated keys.
func (s *Session) Sign(sn *SecretNonce, priv *secp256k1.PrivateKey) ([]byte, error) {
	var k1, k2 scalar.Scalar
	defer k1.Zero()
	defer k2.Zero()
	var npk [33]byte
	if err := sn.take(&k1, &k2, &npk); err != nil {
		return nil, err
	}
	psig := make([]byte, PartialSigSize)
	if err := s.sign(psig, &k1, &k2, &npk, priv); err != nil {
		return nil, err
	}
	return psig, nil
}

// sign writes the partial signature s = k1 + b·k2 + e·a·d to out, where
// the nonce scalars are negated if R has odd y and d = g·gacc·d'. It
// checks the session, the key, and that the nonce's key npk is priv's.
func (s *Session) sign(out []byte, k1, k2 *scalar.Scalar, npk *[33]byte, priv *secp256k1.PrivateKey) error {
	if !s.ok() {
		return ErrInvalidSession
	}
	kp := (*keys.Private)(priv)
	d, err := kp.Scalar()
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidPrivateKey, err)
	}
	pub, err := kp.Public()
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidPrivateKey, err)
	}
	var pk [33]byte
	if err := pub.PutCompressed(&pk); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidPrivateKey, err)
	}
	if pk != *npk {
		return ErrNonceKeyMismatch
	}
	if !s.c.hasKey(pk[:]) {
		return ErrSignerNotInKeys
	}
	var a, ea, sum, dd scalar.Scalar
	defer sum.Zero()
	defer dd.Zero()
	s.c.coef(&a, pk[:])
	dd.CondNegate(d, s.c.negateSecret())
	k1.CondNegate(k1, s.rOdd)
	k2.CondNegate(k2, s.rOdd)
	ea.Multiply(&s.e, &a)
	sum.Multiply(&ea, &dd)
	k2.Multiply(k2, &s.b)
	sum.Add(&sum, k2)
	sum.Add(&sum, k1)
	sum.PutBytes((*[32]byte)(out))
	ctcheck.PublicSlice(out)
	return nil
}

// PartialVerify reports whether psig is a valid partial signature of the
// signer with the 66-byte public nonce pubnonce and the 33-byte public key
// pubkey in this session: BIP-327's PartialSigVerifyInternal
// (libsecp256k1's secp256k1_musig_partial_sig_verify). It returns false
// for malformed inputs (including psig >= n), for a key that is not one of
// the aggregated keys, and for a nil or zero-value session. Variable time
// (public data): one multi-scalar multiplication of two points and G (the
// signer's key is parsed once, by KeyAgg).
func (s *Session) PartialVerify(psig, pubnonce, pubkey []byte) bool {
	if !s.ok() || len(psig) != PartialSigSize || len(pubnonce) != PubNonceSize {
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
	k := s.c.keyIndex(pubkey) // an aggregated key: parsed by KeyAgg
	if k < 0 {
		return false
	}
	p := &s.c.pts[k]
	// s·G = ε·(R1 + b·R2) + e·a·g'·P, with ε = -1 if R has odd y and
	// g' = g·gacc, checked as X = s·G - e·a·g'·P - ε·b·R2 = ε·R1: X has
	// R1's x, and the parity of R1's y, flipped when ε = -1.
	var a, c, mb scalar.Scalar
	s.c.coef(&a, pubkey)
	c.Multiply(&s.e, &a)
	c.CondNegate(&c, 1^s.c.negateSecret())
	mb.CondNegate(&s.b, 1^s.rOdd)
	var terms [2]ecmult.Term
	terms[0].Set(&c, p)
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

// Aggregate sums the signers' 32-byte partial signatures into the 64-byte
// BIP-340 signature of the session's message under the x-only aggregate
// key (KeyAggCache.XOnlyPublicKey): BIP-327's PartialSigAgg
// (libsecp256k1's secp256k1_musig_partial_sig_agg). In an adaptor session
// the result is the pre-signature (see Adapt).
//
// It does not verify the partial signatures (PartialVerify does); a
// malformed one (not 32 bytes, or >= n) returns an *InvalidContributionError
// naming its index and ContribPartialSig. An empty list is ErrInvalidInput.
func (s *Session) Aggregate(psigs [][]byte) ([]byte, error) {
	if !s.ok() {
		return nil, ErrInvalidSession
	}
	if len(psigs) == 0 {
		return nil, fmt.Errorf("%w: no partial signatures", ErrInvalidInput)
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
