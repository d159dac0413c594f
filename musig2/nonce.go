package musig2

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
// scalars k1, k2 of BIP-327's secnonce and the public key it was generated
// for. Only NonceGen makes one, and Session.Sign consumes it: the first
// Sign call takes the scalars and overwrites them with zeros, whatever
// its outcome, and every later call returns ErrInvalidSecretNonce. Reusing
// a nonce in two sessions reveals the secret key; this type makes that
// impossible through the API:
//
//   - It cannot be serialized: it has no exported fields and no method that
//     returns its bytes, and fmt prints it as "musig2.SecretNonce{…}"
//     (String, GoString and Format). encoding/json sees no fields and
//     encoding/gob refuses it.
//   - Copies share the state: the scalars live behind a pointer, so a copy
//     of the struct (which go vet reports, through the noCopy field) is
//     consumed with the original; concurrent Sign calls on it let exactly
//     one succeed.
//   - It is bound to the public key passed to NonceGen: Sign with another
//     key returns ErrNonceKeyMismatch, as libsecp256k1 does.
//
// The zero value and nil are invalid (ErrInvalidSecretNonce). Keep a
// SecretNonce in memory only: a signer that must stop between the rounds
// should generate a fresh nonce after restarting, or use DeterministicSign.
type SecretNonce struct {
	_  noCopy
	st *secretNonceState
}

type secretNonceState struct {
	used   atomic.Bool
	k1, k2 scalar.Scalar
	pk     [33]byte
}

// noCopy makes go vet's copylocks check report copies of a SecretNonce.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

const secretNonceString = "musig2.SecretNonce{…}"

// String returns "musig2.SecretNonce{…}", never the secret.
func (n *SecretNonce) String() string { return secretNonceString }

// GoString returns "musig2.SecretNonce{…}", never the secret.
func (n *SecretNonce) GoString() string { return secretNonceString }

// Format writes "musig2.SecretNonce{…}" for every verb, so that no fmt
// verb (%v, %+v, %#v, %x, %s, ...) prints the secret.
func (n *SecretNonce) Format(f fmt.State, _ rune) { io.WriteString(f, secretNonceString) }

// take moves the scalars and public key out of n into the caller's
// variables and zeroes n; only the first call on a nonce (or any copy of
// it) succeeds. A zero scalar (a zero-value nonce, or BIP-327's "secnonce
// value is out of range") is ErrInvalidSecretNonce; whether it is zero is
// the only thing revealed about the secret.
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
	zero := k1.IsZero() | k2.IsZero()
	ctcheck.Public(&zero)
	if zero == 1 {
		return ErrInvalidSecretNonce
	}
	return nil
}

// NonceOptions holds the optional inputs of NonceGen. Each is hashed into
// the nonce; none is needed for security when Rand is fresh randomness, but
// each adds protection against a broken random source (the secret key
// most of all), as BIP-327 recommends.
type NonceOptions struct {
	// SecretKey is the signer's secret key (nil: absent); its public key
	// must be NonceGen's pubkey.
	SecretKey *secp256k1.PrivateKey
	// AggregateKey is the 32-byte x-only aggregate public key of the
	// session (KeyAggCache.XOnlyPublicKey) (nil: absent).
	AggregateKey []byte
	// Message is the message to sign, of any length. nil is absent; a
	// non-nil empty slice is the empty message, which BIP-327 hashes
	// differently.
	Message []byte
	// ExtraInput is any further input (nil or empty: absent), below 2^32
	// bytes.
	ExtraInput []byte
	// Rand is BIP-327's rand': 32 bytes of fresh randomness, never used
	// twice. nil draws 32 bytes from crypto/rand (recommended). Given
	// bytes must not be all zero, and NonceGen overwrites them with zeros
	// when it succeeds, as libsecp256k1 does, so that the buffer cannot
	// be used again by mistake.
	Rand []byte
}

// NonceGen generates a signer's nonce for one signing session: BIP-327's
// NonceGen (libsecp256k1's secp256k1_musig_nonce_gen). pubkey is the
// signer's 33-byte compressed public key, to which the secret nonce is
// bound; opts may be nil. It returns the secret nonce, to keep in memory
// until Session.Sign consumes it, and the 66-byte public nonce to send to
// the other signers (or to the nonce aggregator).
//
// It runs in constant time with respect to Rand, the secret key and the
// nonce. Errors: an invalid pubkey wraps ErrInvalidPublicKey, an invalid
// SecretKey ErrInvalidPrivateKey, a SecretKey whose public key is not
// pubkey ErrNonceKeyMismatch, optional inputs of the wrong length or an
// all-zero Rand ErrInvalidInput.
func NonceGen(pubkey []byte, opts *NonceOptions) (*SecretNonce, []byte, error) {
	var o NonceOptions
	if opts != nil {
		o = *opts
	}
	if o.SecretKey != nil {
		// The key pair must match (the public key is computed once and
		// kept in the PrivateKey): no need to parse pubkey.
		if err := checkKeyPair(o.SecretKey, pubkey); err != nil {
			return nil, nil, err
		}
	} else {
		var p group.Affine
		if !parsePoint(&p, pubkey) {
			return nil, nil, fmt.Errorf("%w: signer's key for NonceGen", ErrInvalidPublicKey)
		}
	}
	if o.AggregateKey != nil && len(o.AggregateKey) != 32 {
		return nil, nil, fmt.Errorf("%w: aggregate key of %d bytes, want 32", ErrInvalidInput, len(o.AggregateKey))
	}
	if uint64(len(o.ExtraInput)) >= 1<<32 {
		return nil, nil, fmt.Errorf("%w: extra input of 2^32 bytes or more", ErrInvalidInput)
	}
	var rnd [32]byte
	defer clear(rnd[:])
	if o.Rand == nil {
		if _, err := rand.Read(rnd[:]); err != nil {
			return nil, nil, fmt.Errorf("musig2: reading randomness: %w", err)
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
	if o.SecretKey != nil {
		d, err := (*keys.Private)(o.SecretKey).Scalar()
		if err != nil {
			return nil, nil, fmt.Errorf("%w: NonceGen's SecretKey: %w", ErrInvalidPrivateKey, err)
		}
		// rand = bytes(sk) xor hash_MuSig/aux(rand')
		var sk, aux [32]byte
		d.PutBytes(&sk)
		tagAux.Sum(&aux, rnd[:], nil, nil)
		for i := range rnd {
			rnd[i] = sk[i] ^ aux[i]
		}
		clear(sk[:])
		clear(aux[:])
	}

	st := new(secretNonceState)
	st.pk = [33]byte(pubkey)
	nonceHash(&st.k1, &rnd, pubkey, o.AggregateKey, o.Message, o.ExtraInput, 0)
	nonceHash(&st.k2, &rnd, pubkey, o.AggregateKey, o.Message, o.ExtraInput, 1)
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

// nonceHash sets k to BIP-327's nonce_hash(rand, pk, aggpk, i, msg_prefixed,
// extra_in) mod n:
// hash_MuSig/nonce(rand ‖ len(pk) ‖ pk ‖ len(aggpk) ‖ aggpk ‖ msg_prefixed ‖
// len(extra_in) (4 bytes) ‖ extra_in ‖ i), where msg_prefixed is 0x00 for
// no message and 0x01 ‖ len(msg) (8 bytes) ‖ msg otherwise.
func nonceHash(k *scalar.Scalar, rnd *[32]byte, pk, aggpk, msg, extra []byte, i byte) {
	var buf [32 + 1 + 33 + 1 + 32 + 1 + 8]byte
	defer clear(buf[:])
	pre := append(buf[:0], rnd[:]...)
	pre = append(pre, byte(len(pk)))
	pre = append(pre, pk...)
	pre = append(pre, byte(len(aggpk)))
	pre = append(pre, aggpk...)
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
// aggregate nonce that every signer's NewSession takes: BIP-327's NonceAgg
// (libsecp256k1's secp256k1_musig_nonce_agg). Each half of the result is
// the sum of the signers' corresponding points, encoded as 33 zero bytes
// when the sum is the point at infinity.
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

// checkKeyPair checks that pubkey is the 33-byte compressed public key of
// priv.
func checkKeyPair(priv *secp256k1.PrivateKey, pubkey []byte) error {
	pub, err := (*keys.Private)(priv).Public()
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidPrivateKey, err)
	}
	var pk [33]byte
	if err := pub.PutCompressed(&pk); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidPrivateKey, err)
	}
	if len(pubkey) != 33 || [33]byte(pubkey) != pk {
		return fmt.Errorf("%w: NonceGen's pubkey is not SecretKey's public key", ErrNonceKeyMismatch)
	}
	return nil
}
