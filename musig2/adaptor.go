package musig2

import (
	"crypto/subtle"
	"fmt"

	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// Adapt turns the 64-byte pre-signature of an adaptor session (its
// Aggregate result) into a valid BIP-340 signature with the 32-byte
// adaptor secret t, the discrete logarithm of the session's adaptor point
// T: s = s' + t, or s' - t when the final nonce R + T has odd y
// (nonceOdd, from Session.NonceParity). libsecp256k1-zkp's musig_adapt.
//
// Adapt does not verify anything: a wrong secret or parity gives an
// invalid signature. It runs in constant time with respect to t (only
// whether t is below n is revealed). Errors: ErrInvalidSignature for a
// pre-signature that is not 64 bytes with s' < n, ErrInvalidAdaptor for a
// secret that is not 32 bytes below n.
func Adapt(preSig, secret []byte, nonceOdd bool) ([]byte, error) {
	var s, t scalar.Scalar
	defer t.Zero()
	if len(preSig) != SignatureSize || s.SetCanonicalBytes((*[32]byte)(preSig[32:])) != 1 {
		return nil, fmt.Errorf("%w: pre-signature", ErrInvalidSignature)
	}
	if len(secret) != 32 {
		return nil, fmt.Errorf("%w: secret of %d bytes, want 32", ErrInvalidAdaptor, len(secret))
	}
	ok := t.SetCanonicalBytes((*[32]byte)(secret))
	ctcheck.Public(&ok)
	if ok != 1 {
		return nil, fmt.Errorf("%w: secret >= n", ErrInvalidAdaptor)
	}
	t.CondNegate(&t, b2i(nonceOdd))
	s.Add(&s, &t)
	sig := make([]byte, SignatureSize)
	copy(sig, preSig[:32])
	s.PutBytes((*[32]byte)(sig[32:]))
	return sig, nil
}

// ExtractAdaptor recovers the 32-byte adaptor secret t from a valid
// signature sig and the pre-signature preSig it was adapted from (both 64
// bytes, sharing their nonce R'): t = s - s', or s' - s when the final
// nonce has odd y (nonceOdd, from Session.NonceParity).
// libsecp256k1-zkp's musig_extract_adaptor.
//
// The result is meaningful only if every partial signature aggregated into
// preSig was verified and sig is valid. It runs in constant time with
// respect to both signatures and t (only their validity is revealed); the
// result is secret. Errors: ErrInvalidSignature for inputs that are not 64
// bytes with s < n, or whose nonces differ.
func ExtractAdaptor(sig, preSig []byte, nonceOdd bool) ([]byte, error) {
	if len(sig) != SignatureSize || len(preSig) != SignatureSize {
		return nil, fmt.Errorf("%w: signatures of %d and %d bytes, want 64", ErrInvalidSignature, len(sig), len(preSig))
	}
	var s, sp, t scalar.Scalar
	defer s.Zero()
	defer sp.Zero()
	defer t.Zero()
	ok := s.SetCanonicalBytes((*[32]byte)(sig[32:])) & sp.SetCanonicalBytes((*[32]byte)(preSig[32:]))
	ok &= subtle.ConstantTimeCompare(sig[:32], preSig[:32])
	ctcheck.Public(&ok)
	if ok != 1 {
		return nil, fmt.Errorf("%w: s >= n, or the nonces differ", ErrInvalidSignature)
	}
	// t = s - s' when R' has even y, s' - s when odd.
	t.Negate(&sp)
	t.Add(&t, &s)
	t.CondNegate(&t, b2i(nonceOdd))
	out := make([]byte, 32)
	t.PutBytes((*[32]byte)(out))
	return out, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
