// Package schnorr implements BIP-340 Schnorr signatures over secp256k1:
// 64-byte signatures, 32-byte x-only public keys and messages of any length.
//
// Signing runs in constant time with respect to the private key and the
// nonce; verification handles only public data and runs in variable time.
package schnorr

import (
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// SignatureSize is the length of a BIP-340 signature.
const SignatureSize = 64

// The BIP-340 tagged hashes.
var (
	tagAux       = tagged.New("BIP0340/aux")
	tagNonce     = tagged.New("BIP0340/nonce")
	tagChallenge = tagged.New("BIP0340/challenge")
)

var (
	// ErrInvalidAux: the auxiliary randomness is not 32 bytes.
	ErrInvalidAux = errors.New("schnorr: auxiliary randomness must be 32 bytes")
	// ErrSigningFailed: the nonce was zero (probability about 2^-256).
	ErrSigningFailed = errors.New("schnorr: signing failed")
)

// Sign returns a BIP-340 signature of msg by priv, using 32 bytes of fresh
// auxiliary randomness from crypto/rand, as BIP-340 recommends. It runs in
// constant time with respect to the key and the nonce. It returns an error
// wrapping secp256k1.ErrInvalidPrivateKey for a nil or zero-value key.
func Sign(priv *secp256k1.PrivateKey, msg []byte) ([]byte, error) {
	var aux [32]byte
	// crypto/rand.Read (not io.ReadFull on rand.Reader) keeps aux on the stack.
	if _, err := rand.Read(aux[:]); err != nil {
		return nil, fmt.Errorf("schnorr: reading randomness: %w", err)
	}
	ctcheck.Secret(&aux) // fresh randomness is secret (for the valgrind check)
	return SignWithAux(priv, msg, aux[:])
}

// SignWithAux returns the BIP-340 signature of msg by priv with the given
// auxiliary randomness aux, which must be exactly 32 bytes (all zeros is
// allowed and makes the signature deterministic, as in the BIP's test
// vectors). It runs in constant time with respect to the key and the nonce.
func SignWithAux(priv *secp256k1.PrivateKey, msg, aux []byte) ([]byte, error) {
	sig := make([]byte, SignatureSize)
	if err := signInto((*[64]byte)(sig), priv, msg, aux); err != nil {
		return nil, err
	}
	return sig, nil
}

// AppendSign appends to dst the BIP-340 signature of msg by priv with the
// auxiliary randomness aux (exactly 32 bytes) and returns the extended
// slice. It allocates only if dst lacks capacity.
func AppendSign(dst []byte, priv *secp256k1.PrivateKey, msg, aux []byte) ([]byte, error) {
	var sig [64]byte
	if err := signInto(&sig, priv, msg, aux); err != nil {
		return dst, err
	}
	return append(dst, sig[:]...), nil
}

func signInto(sig *[64]byte, priv *secp256k1.PrivateKey, msg, aux []byte) error {
	if len(aux) != 32 {
		return fmt.Errorf("%w (got %d)", ErrInvalidAux, len(aux))
	}
	// d = d' if P has even y, else n - d'.
	var d scalar.Scalar
	defer d.Zero()
	pub, err := (*keys.Private)(priv).EvenYScalar(&d)
	if err != nil {
		return err
	}
	p, err := pub.Point()
	if err != nil {
		return err
	}
	var px, t, nonce [32]byte
	p.X.PutBytes(&px)
	d.PutBytes(&t)
	defer clear(t[:])
	defer clear(nonce[:])

	// t = bytes(d) xor hash_aux(a); rand = hash_nonce(t ‖ P.x ‖ m).
	var ah [32]byte
	tagAux.Sum(&ah, aux, nil, nil)
	for i := range t {
		t[i] ^= ah[i]
	}
	tagNonce.Sum(&nonce, t[:], px[:], msg)
	var k scalar.Scalar
	defer k.Zero()
	k.SetBytes(&nonce)
	zero := k.IsZero()
	ctcheck.Public(&zero)
	if zero == 1 {
		return ErrSigningFailed
	}
	// R = k·G; k = n - k if R has odd y.
	var rp group.Projective
	var ra group.Affine
	ecmult.BaseMult(&rp, &k)
	ra.SetProjective(&rp)
	k.CondNegate(&k, ra.Y.IsOdd())
	rx := (*[32]byte)(sig[:32])
	ra.X.PutBytes(rx)
	ctcheck.Public(rx)

	// e = hash_challenge(R.x ‖ P.x ‖ m) mod n; s = k + e·d.
	var eh [32]byte
	tagChallenge.Sum(&eh, rx[:], px[:], msg)
	var e, s scalar.Scalar
	e.SetBytes(&eh)
	s.Multiply(&e, &d)
	s.Add(&s, &k)
	s.PutBytes((*[32]byte)(sig[32:]))
	ctcheck.Public(sig)
	return nil
}

// Verify reports whether sig is a valid BIP-340 signature of msg (of any
// length) by pub. A nil or zero-value key never verifies. Execution time
// depends on the inputs, which are public. It does not allocate.
func Verify(pub *secp256k1.XOnlyPublicKey, msg, sig []byte) bool {
	p, err := (*keys.XOnly)(pub).Point()
	if err != nil || len(sig) != SignatureSize {
		return false
	}
	var r field.Element
	if r.SetCanonicalBytes((*[32]byte)(sig[:32])) != 1 {
		return false
	}
	var s scalar.Scalar
	if s.SetCanonicalBytes((*[32]byte)(sig[32:])) != 1 {
		return false
	}
	var e scalar.Scalar
	challenge(&e, sig[:32], p, msg)
	return verifyChallenge(p, &r, &s, &e)
}

// challenge sets e = hash_challenge(r ‖ P.x ‖ msg) mod n.
func challenge(e *scalar.Scalar, r []byte, p *group.Affine, msg []byte) {
	var px, eh [32]byte
	p.X.PutBytes(&px)
	tagChallenge.Sum(&eh, r, px[:], msg)
	e.SetBytes(&eh)
}

// verifyChallenge reports whether s·G - e·P has x = r and even y: the
// BIP-340 check once the signature is parsed and the challenge e computed.
// Execution time depends on the inputs.
func verifyChallenge(p *group.Affine, r *field.Element, s, e *scalar.Scalar) bool {
	var ne scalar.Scalar
	ne.Negate(e)
	// R = s·G - e·P
	var rj group.Jacobian
	ecmult.DoubleMultVarTime(&rj, &ne, p, s)
	if rj.EqualXVarTime(r) != 1 {
		return false
	}
	var ra group.Affine
	ra.SetJacobianVarTime(&rj)
	return ra.Y.IsOdd() == 0
}
