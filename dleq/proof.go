package dleq

import (
	"crypto/rand"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// Sizes of the BIP-374 byte strings.
const (
	// ProofSize is the length of a proof, e ‖ s.
	ProofSize = 64
	// AuxSize is the length of the auxiliary randomness r.
	AuxSize = 32
	// MessageSize is the length of the optional message m.
	MessageSize = 32
)

// The tagged hashes of BIP-374.
var (
	tagAux       = tagged.New("BIP0374/aux")
	tagNonce     = tagged.New("BIP0374/nonce")
	tagChallenge = tagged.New("BIP0374/challenge")
)

// Options holds the optional inputs of BIP-374. A nil *Options means the
// defaults: the secp256k1 generator and no message.
type Options struct {
	// Generator is the base point G of A = a·G. nil means the secp256k1
	// generator; a zero-value key is invalid input.
	Generator *secp256k1.PublicKey
	// Message is the optional message m that the proof commits to: nil
	// for none, or exactly 32 bytes (an empty non-nil slice is invalid).
	Message []byte
}

// base is the resolved generator of a proof.
type base struct {
	p   group.Affine
	std bool // p is the secp256k1 generator: use the faster k·G
}

// resolve returns the generator and message of o, checking them.
func (o *Options) resolve() (g base, m []byte, err error) {
	g = base{p: group.Generator(), std: true}
	if o == nil {
		return g, nil, nil
	}
	if o.Message != nil && len(o.Message) != MessageSize {
		return g, nil, fmt.Errorf("%w: got %d bytes", ErrInvalidMessage, len(o.Message))
	}
	if o.Generator != nil {
		p, err := (*keys.Public)(o.Generator).Point()
		if err != nil {
			return g, nil, fmt.Errorf("dleq: generator: %w", err)
		}
		if p.Equal(&g.p) != 1 {
			g = base{p: *p}
		}
	}
	return g, o.Message, nil
}

// mul sets out = k·g in constant time with respect to k; g is public.
// k must not be zero, so that out is finite.
func (g *base) mul(out *group.Affine, k *scalar.Scalar) {
	if g.std {
		var p group.Projective
		ecmult.BaseMult(&p, k)
		out.SetProjective(&p)
		return
	}
	var j group.Jacobian
	ecmult.ScalarMult(&j, k, &g.p)
	out.SetJacobian(&j)
}

// putPoint writes the compressed encoding (BIP-374's cbytes) of the finite
// point p.
func putPoint(out []byte, p *group.Affine) {
	out[0] = 2 | byte(p.Y.IsOdd())
	p.X.PutBytes((*[32]byte)(out[1:33]))
}

// challenge sets e to BIP-374's challenge hash of A, B, C, G, R1, R2 and
// m' (finite points; m may be nil).
func challenge(e *[32]byte, a, b, c, g, r1, r2 *group.Affine, m []byte) {
	var buf [6 * 33]byte
	for i, p := range [...]*group.Affine{a, b, c, g, r1, r2} {
		putPoint(buf[33*i:], p)
	}
	tagChallenge.Sum(e, buf[:], m, nil)
}

// Prove returns a BIP-374 proof that A = a·G and C = a·B share the secret
// a, with G from opts (the secp256k1 generator by default) and the
// auxiliary randomness drawn from crypto/rand. a must be a valid private
// key and B a valid public key; opts may be nil. It runs in constant time
// with respect to a (see the package documentation).
func Prove(a *secp256k1.PrivateKey, b *secp256k1.PublicKey, opts *Options) ([]byte, error) {
	var aux [AuxSize]byte
	defer clear(aux[:])
	if _, err := rand.Read(aux[:]); err != nil {
		return nil, fmt.Errorf("dleq: reading randomness: %w", err)
	}
	ctcheck.Secret(&aux) // fresh randomness is secret (for the valgrind check)
	return prove(a, b, aux[:], opts)
}

// ProveWithAux is Prove with the 32-byte auxiliary randomness r given by
// the caller: the same inputs always give the same proof. aux should be
// fresh randomness for each proof (BIP-340's advice for its aux_rand
// applies); a fixed aux still gives a secure proof, whose nonce then
// depends only on a, A, C and the message.
func ProveWithAux(a *secp256k1.PrivateKey, b *secp256k1.PublicKey, aux []byte, opts *Options) ([]byte, error) {
	return prove(a, b, aux, opts)
}

func prove(a *secp256k1.PrivateKey, b *secp256k1.PublicKey, aux []byte, opts *Options) ([]byte, error) {
	if len(aux) != AuxSize {
		return nil, fmt.Errorf("%w: got %d bytes", ErrInvalidAux, len(aux))
	}
	g, m, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	d, err := (*keys.Private)(a).Scalar()
	if err != nil {
		return nil, fmt.Errorf("dleq: secret: %w", err)
	}
	bp, err := (*keys.Public)(b).Point()
	if err != nil {
		return nil, fmt.Errorf("dleq: point B: %w", err)
	}

	// A = a·G and C = a·B: finite, as 1 <= a < n and every point has
	// order n. Both are public outputs of the protocol.
	var pa, pc group.Affine
	g.mul(&pa, d)
	var j group.Jacobian
	ecmult.ScalarMult(&j, d, bp)
	pc.SetJacobian(&j)
	ctcheck.Public(&pa)
	ctcheck.Public(&pc)

	// t = bytes(a) xor hash_aux(r); k = hash_nonce(t ‖ A ‖ C ‖ m') mod n.
	var t, h [32]byte
	var ac [66]byte
	var k scalar.Scalar
	defer func() {
		clear(t[:])
		clear(h[:])
		k.Zero()
	}()
	d.PutBytes(&t)
	tagAux.Sum(&h, aux, nil, nil)
	for i := range t {
		t[i] ^= h[i]
	}
	putPoint(ac[:33], &pa)
	putPoint(ac[33:], &pc)
	tagNonce.Sum(&h, t[:], ac[:], m)
	k.SetBytes(&h)
	zero := k.IsZero()
	ctcheck.Public(&zero) // whether the nonce is zero is public
	if zero == 1 {
		return nil, fmt.Errorf("%w: the nonce is zero", ErrProofFailed)
	}

	// R1 = k·G, R2 = k·B (public: the verifier recomputes them), the
	// challenge e and s = k + e·a mod n.
	var r1, r2 group.Affine
	g.mul(&r1, &k)
	ecmult.ScalarMult(&j, &k, bp)
	r2.SetJacobian(&j)
	ctcheck.Public(&r1)
	ctcheck.Public(&r2)
	var e [32]byte
	challenge(&e, &pa, bp, &pc, &g.p, &r1, &r2, m)
	var s scalar.Scalar
	s.SetBytes(&e) // e mod n; the proof carries e itself
	s.Multiply(&s, d)
	s.Add(&s, &k)
	ctcheck.Public(&s) // s is the proof
	proof := make([]byte, ProofSize)
	copy(proof, e[:])
	s.PutBytes((*[32]byte)(proof[32:]))
	if !verify(&pa, bp, &pc, proof, &g, m) {
		return nil, fmt.Errorf("%w: the proof does not verify", ErrProofFailed)
	}
	return proof, nil
}

// Verify reports whether proof is a valid BIP-374 proof that A = a·G and
// C = a·B for one secret a, with G and the message from opts (opts may be
// nil). It returns false for a nil or zero-value point, invalid options or
// a proof that is not 64 bytes with s below n. Execution time depends on
// the inputs, which are public.
func Verify(a, b, c *secp256k1.PublicKey, proof []byte, opts *Options) bool {
	g, m, err := opts.resolve()
	if err != nil {
		return false
	}
	pa, err := (*keys.Public)(a).Point()
	if err != nil {
		return false
	}
	pb, err := (*keys.Public)(b).Point()
	if err != nil {
		return false
	}
	pc, err := (*keys.Public)(c).Point()
	if err != nil {
		return false
	}
	return verify(pa, pb, pc, proof, &g, m)
}

// verify is BIP-374's VerifyProof for finite points. Execution time
// depends on the inputs.
func verify(a, b, c *group.Affine, proof []byte, g *base, m []byte) bool {
	if len(proof) != ProofSize {
		return false
	}
	var e, s, ne scalar.Scalar
	e.SetBytes((*[32]byte)(proof[:32])) // e is compared unreduced below
	if s.SetCanonicalBytes((*[32]byte)(proof[32:])) != 1 {
		return false
	}
	ne.Negate(&e)
	var r1, r2 group.Affine
	var j group.Jacobian
	if g.std {
		ecmult.DoubleMultVarTime(&j, &ne, a, &s) // s·G - e·A
	} else {
		var terms [2]ecmult.Term
		terms[0].Set(&s, &g.p)
		terms[1].Set(&ne, a)
		ecmult.MultiScalarMultVarTime(&j, nil, terms[:], nil)
	}
	if r1.SetJacobianVarTime(&j); r1.Infinity {
		return false
	}
	var terms [2]ecmult.Term
	terms[0].Set(&s, b)
	terms[1].Set(&ne, c)
	ecmult.MultiScalarMultVarTime(&j, nil, terms[:], nil) // s·B - e·C
	if r2.SetJacobianVarTime(&j); r2.Infinity {
		return false
	}
	var want [32]byte
	challenge(&want, a, b, c, &g.p, &r1, &r2, m)
	return want == [32]byte(proof[:32])
}
