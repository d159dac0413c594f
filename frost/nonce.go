package frost

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ctcheck"
	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// SecretNonce is a signer's secret nonce for one signing session: the two
// scalars k1, k2 of BIP-445's secnonce, and the public share it is bound to
// (if NonceGen was given one). Only NonceGen makes one, and Session.Sign
// consumes it: the first Sign call takes the scalars and overwrites them
// with zeros, whatever its outcome, and every later call returns
// ErrInvalidSecretNonce. Signing twice with one nonce reveals the secret
// share; this type makes that impossible through the API:
//
//   - It cannot be serialized: it has no exported fields and no method that
//     returns its bytes, and fmt prints it as "frost.SecretNonce{…}"
//     (String, GoString and Format). encoding/json sees no fields and
//     encoding/gob refuses it.
//   - Copies share the state: the scalars live behind a pointer, so a copy
//     of the struct (which go vet reports, through the noCopy field) is
//     consumed with the original; concurrent Sign calls on it let exactly
//     one succeed.
//   - When NonceGen got the signer's PublicShare or SecretShare, the nonce
//     signs only with that share: Sign with another returns
//     ErrNonceShareMismatch.
//
// The zero value and nil are invalid (ErrInvalidSecretNonce). Keep a
// SecretNonce in memory only: a signer that must stop between the rounds
// should generate a fresh nonce after restarting, or use
// DeterministicSign.
type SecretNonce struct {
	_  noCopy
	st *secretNonceState
}

type secretNonceState struct {
	used   atomic.Bool
	k1, k2 scalar.Scalar
	pk     [33]byte // the bound public share, or zeros
}

// noCopy makes go vet's copylocks check report copies of a SecretNonce.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

const secretNonceString = "frost.SecretNonce{…}"

// String returns "frost.SecretNonce{…}", never the secret.
func (n *SecretNonce) String() string { return secretNonceString }

// GoString returns "frost.SecretNonce{…}", never the secret.
func (n *SecretNonce) GoString() string { return secretNonceString }

// Format writes "frost.SecretNonce{…}" for every verb, so that no fmt verb
// (%v, %+v, %#v, %x, %s, ...) prints the secret.
func (n *SecretNonce) Format(f fmt.State, _ rune) { io.WriteString(f, secretNonceString) }

// take moves the scalars and the bound public share out of n into the
// caller's variables and zeroes n; only the first call on a nonce (or any
// copy of it) succeeds. A zero scalar (a zero-value nonce, or BIP-445's
// "first/second secnonce value is out of range.") is ErrInvalidSecretNonce;
// whether it is zero is the only thing revealed about the secret.
func (n *SecretNonce) take(k1, k2 *scalar.Scalar, pk *[33]byte) error {
	if n == nil || n.st == nil || !n.st.used.CompareAndSwap(false, true) {
		return ErrInvalidSecretNonce
	}
	st := n.st
	k1.Set(&st.k1)
	k2.Set(&st.k2)
	*pk = st.pk
	st.k1.Zero()
	st.k2.Zero()
	st.pk = [33]byte{}
	zero1, zero2 := k1.IsZero(), k2.IsZero()
	ctcheck.Public(&zero1)
	ctcheck.Public(&zero2)
	if zero1 == 1 {
		return fmt.Errorf("%w: first secnonce value is out of range", ErrInvalidSecretNonce)
	}
	if zero2 == 1 {
		return fmt.Errorf("%w: second secnonce value is out of range", ErrInvalidSecretNonce)
	}
	return nil
}

// NonceOptions holds the inputs of NonceGen. Each optional input is hashed
// into the nonce; none is needed for security when Rand is fresh
// randomness, but each adds protection against a broken random source
// (the secret share most of all), as BIP-445 recommends.
type NonceOptions struct {
	// SecretShare is the signer's secret share (nil: absent). NonceGen
	// binds the nonce to its public share.
	SecretShare *secp256k1.PrivateKey
	// PublicShare is the signer's 33-byte compressed public share (nil:
	// absent). With SecretShare, it must be SecretShare's public share.
	// NonceGen binds the nonce to it.
	PublicShare []byte
	// ThresholdKey is the 32-byte x-only threshold public key after every
	// tweak of the session (TweakContext.XOnlyPublicKey) (nil: absent).
	ThresholdKey []byte
	// Message is the message to sign, of any length. nil is absent; a
	// non-nil empty slice is the empty message, which BIP-445 hashes
	// differently.
	Message []byte
	// ExtraInput is any further input (nil or empty: absent), below 2^32
	// bytes.
	ExtraInput []byte
	// Rand is BIP-445's rand: 32 bytes of fresh randomness, never used
	// twice. nil draws 32 bytes from crypto/rand (recommended). Given
	// bytes must not be all zero, and NonceGen overwrites them with zeros
	// when it succeeds, so that the buffer cannot be used again by
	// mistake.
	Rand []byte
}

// NonceGen generates a signer's nonce for one signing session: BIP-445's
// NonceGen (nonce_gen_internal with Rand). opts may be nil. It returns the
// secret nonce, to keep in memory until Session.Sign consumes it, and the
// 66-byte public nonce to send to the coordinator.
//
// It runs in constant time with respect to Rand, the secret share and the
// nonce. Errors: an invalid SecretShare wraps ErrInvalidSecretShare, a
// PublicShare that is not a compressed point ErrInvalidPubShare, one that
// is not SecretShare's ErrNonceShareMismatch, optional inputs of the wrong
// length or an all-zero Rand ErrInvalidInput.
func NonceGen(opts *NonceOptions) (*SecretNonce, []byte, error) {
	var o NonceOptions
	if opts != nil {
		o = *opts
	}
	st := new(secretNonceState)
	if o.PublicShare != nil {
		var p group.Affine
		if !parsePoint(&p, o.PublicShare) {
			return nil, nil, fmt.Errorf("%w: NonceGen's PublicShare", ErrInvalidPubShare)
		}
		st.pk = [33]byte(o.PublicShare)
	}
	var d *scalar.Scalar
	if o.SecretShare != nil {
		var pk [33]byte
		var err error
		if d, err = shareScalar(o.SecretShare, &pk); err != nil {
			return nil, nil, err
		}
		if o.PublicShare != nil && pk != st.pk {
			return nil, nil, fmt.Errorf("%w: NonceGen's PublicShare is not SecretShare's", ErrNonceShareMismatch)
		}
		st.pk = pk
	}
	if o.ThresholdKey != nil && len(o.ThresholdKey) != 32 {
		return nil, nil, fmt.Errorf("%w: threshold key of %d bytes, want 32", ErrInvalidInput, len(o.ThresholdKey))
	}
	if uint64(len(o.ExtraInput)) >= 1<<32 {
		return nil, nil, fmt.Errorf("%w: extra input of 2^32 bytes or more", ErrInvalidInput)
	}
	var rnd [32]byte
	defer clear(rnd[:])
	if o.Rand == nil {
		if _, err := rand.Read(rnd[:]); err != nil {
			return nil, nil, fmt.Errorf("frost: reading randomness: %w", err)
		}
		ctcheck.Secret(&rnd) // fresh randomness is secret (for the valgrind check)
	} else {
		if len(o.Rand) != 32 {
			return nil, nil, fmt.Errorf("%w: rand of %d bytes, want 32", ErrInvalidInput, len(o.Rand))
		}
		copy(rnd[:], o.Rand)
		var acc byte
		for _, b := range rnd {
			acc |= b
		}
		allZero := (uint32(acc) - 1) >> 31 // 1 when acc = 0, without a branch
		ctcheck.Public(&allZero)
		if allZero == 1 {
			return nil, nil, fmt.Errorf("%w: rand is all zero", ErrInvalidInput)
		}
	}
	if d != nil {
		// rand' = bytes(secshare) xor hash_BIP0445/aux(rand)
		var sk, aux [32]byte
		d.PutBytes(&sk)
		tagAux.Sum(&aux, rnd[:], nil, nil)
		for i := range rnd {
			rnd[i] = sk[i] ^ aux[i]
		}
		clear(sk[:])
		clear(aux[:])
	}
	nonceHash(&st.k1, &rnd, o.PublicShare, o.ThresholdKey, o.Message, o.ExtraInput, 0)
	nonceHash(&st.k2, &rnd, o.PublicShare, o.ThresholdKey, o.Message, o.ExtraInput, 1)
	pubnonce := make([]byte, PubNonceSize)
	if err := noncePoints(pubnonce, &st.k1, &st.k2); err != nil {
		st.k1.Zero()
		st.k2.Zero()
		return nil, nil, err
	}
	if o.Rand != nil {
		clear(o.Rand)
	}
	return &SecretNonce{st: st}, pubnonce, nil
}

// shareScalar returns the secret of the signer's share and writes its
// 33-byte public share to pk. A nil or zero-value share is
// ErrInvalidSecretShare.
func shareScalar(share *secp256k1.PrivateKey, pk *[33]byte) (*scalar.Scalar, error) {
	kp := (*keys.Private)(share)
	d, err := kp.Scalar()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidSecretShare, err)
	}
	pub, err := kp.Public()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidSecretShare, err)
	}
	if err := pub.PutCompressed(pk); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidSecretShare, err)
	}
	return d, nil
}

// nonceHash sets k to BIP-445's nonce_hash(rand, pubshare, thresh_pk_xonly,
// i, msg_prefixed, extra_in) mod n: hash_BIP0445/nonce(rand ‖ len(pubshare)
// ‖ pubshare ‖ len(thresh_pk) ‖ thresh_pk ‖ msg_prefixed ‖ len(extra_in)
// (4 bytes) ‖ extra_in ‖ i), where msg_prefixed is 0x00 for no message and
// 0x01 ‖ len(msg) (8 bytes) ‖ msg otherwise.
func nonceHash(k *scalar.Scalar, rnd *[32]byte, pk, tpk, msg, extra []byte, i byte) {
	var buf [32 + 1 + 33 + 1 + 32 + 1 + 8]byte
	defer clear(buf[:])
	pre := append(buf[:0], rnd[:]...)
	pre = append(pre, byte(len(pk)))
	pre = append(pre, pk...)
	pre = append(pre, byte(len(tpk)))
	pre = append(pre, tpk...)
	if msg == nil {
		pre = append(pre, 0)
	} else {
		pre = append(pre, 1)
		pre = binary.BigEndian.AppendUint64(pre, uint64(len(msg)))
	}
	var sbuf [4 + 32 + 1]byte
	suf := binary.BigEndian.AppendUint32(sbuf[:0], uint32(len(extra)))
	suf = append(suf, extra...)
	suf = append(suf, i)
	hashToScalar(k, &tagNonce, pre, msg, suf)
}

// noncePoints writes cbytes(k1·G) ‖ cbytes(k2·G) to out (66 bytes), in
// constant time, and declassifies it (a public nonce is public). A zero
// scalar (probability 2^-255) is an error.
func noncePoints(out []byte, k1, k2 *scalar.Scalar) error {
	zero := k1.IsZero() | k2.IsZero()
	ctcheck.Public(&zero)
	if zero == 1 {
		return fmt.Errorf("%w: nonce is zero", ErrInvalidSecretNonce)
	}
	var rp group.Projective
	var ra group.Affine
	for i, k := range [2]*scalar.Scalar{k1, k2} {
		ecmult.BaseMult(&rp, k)
		ra.SetProjective(&rp)
		putPoint(out[33*i:], &ra)
	}
	ctcheck.PublicSlice(out)
	return nil
}

// NonceAgg aggregates the signers' 66-byte public nonces into the 66-byte
// aggregate nonce that every party's NewSession takes: BIP-445's NonceAgg.
// Each half of the result is the sum of the signers' corresponding points,
// encoded as 33 zero bytes when the sum is the point at infinity.
//
// An invalid nonce returns an *InvalidContributionError naming its index
// and ContribPubNonce; an empty list an error wrapping ErrInvalidInput.
// Variable time (public data).
func NonceAgg(pubnonces [][]byte) ([]byte, error) {
	if len(pubnonces) == 0 {
		return nil, fmt.Errorf("%w: no public nonces", ErrInvalidInput)
	}
	var sum [2]group.Jacobian
	sum[0].SetInfinity()
	sum[1].SetInfinity()
	var r group.Affine
	for i, pn := range pubnonces {
		if len(pn) != PubNonceSize {
			return nil, contribErr(i, ContribPubNonce)
		}
		for j := range 2 {
			if !parsePoint(&r, pn[33*j:33*j+33]) {
				return nil, contribErr(i, ContribPubNonce)
			}
			sum[j].AddMixedVarTime(&sum[j], &r)
		}
	}
	out := make([]byte, AggNonceSize)
	for j := range 2 {
		r.SetJacobianVarTime(&sum[j])
		putPointExt(out[33*j:], &r)
	}
	return out, nil
}
