package halfagg

import (
	"errors"
	"fmt"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/scalar"
)

const (
	// RandomizerTag is the tag of BIP-458's randomizer hash in the draft
	// revision this package implements (bitcoin/bips PR #2205 at
	// ab5a023d). A newer revision renames it "BIP0458/randomizer".
	RandomizerTag = "HalfAgg/randomizer"

	// MaxSignatures is the largest number of signatures an aggregate may
	// hold here: 2^16 − 1, the limit of an earlier version of the draft
	// (the current one leaves the limit to implementations).
	MaxSignatures = 1<<16 - 1

	// MessageSize is the length of a message: BIP-458 aggregates
	// signatures of 32-byte messages only.
	MessageSize = 32

	// SignatureSize is the length of a BIP-340 signature.
	SignatureSize = 64
)

var (
	// ErrInvalidSignature: a signature that is not 64 bytes, or whose s is
	// not below the group order.
	ErrInvalidSignature = errors.New("halfagg: invalid signature")
	// ErrInvalidAggregate: an aggregate whose length is not 32·(v+1) for
	// the v pairs given with it, or whose s is not below the group order.
	ErrInvalidAggregate = errors.New("halfagg: invalid aggregate signature")
	// ErrInvalidMessage: a message that is not 32 bytes.
	ErrInvalidMessage = errors.New("halfagg: message must be 32 bytes")
	// ErrLengthMismatch: the slices of keys, messages (and signatures)
	// differ in length.
	ErrLengthMismatch = errors.New("halfagg: keys, messages and signatures differ in number")
	// ErrTooManySignatures: more than MaxSignatures signatures in all.
	ErrTooManySignatures = fmt.Errorf("halfagg: more than %d signatures", MaxSignatures)
)

// Aggregate returns the half-aggregate of the BIP-340 signatures sigs[i] of
// msgs[i] by pubkeys[i]: r_0 ‖ … ‖ r_(n-1) ‖ s, 32·(n+1) bytes in a new
// slice (32 zero bytes for n = 0). It returns an error wrapping
// ErrLengthMismatch if the slices differ in length, ErrTooManySignatures
// above MaxSignatures, secp256k1.ErrInvalidPublicKey for a nil or
// zero-value key, ErrInvalidMessage for a message that is not 32 bytes and
// ErrInvalidSignature for a signature that is not 64 bytes or whose s is
// not below the group order; the error names the index.
//
// Aggregate does not verify the signatures (see the package
// documentation). The inputs are only read. Execution time depends on the
// inputs, which are public.
func Aggregate(pubkeys []*secp256k1.XOnlyPublicKey, msgs, sigs [][]byte) ([]byte, error) {
	var empty [32]byte
	return IncAggregate(empty[:], nil, nil, pubkeys, msgs, sigs)
}

// IncAggregate adds the signatures newSigs[j] of newMsgs[j] by
// newPubkeys[j] to aggsig, an aggregate of the pairs (pubkeys[i],
// msgs[i]), and returns the aggregate of all of them, in that order: the
// pairs of aggsig first, then the new ones (a new slice of 32·(v+u+1)
// bytes for v old and u new signatures). It returns an error wrapping
// ErrInvalidAggregate if aggsig is not 32·(v+1) bytes or its s is not
// below the group order, and otherwise the errors of Aggregate.
//
// IncAggregate does not verify aggsig or the new signatures (see the
// package documentation). The inputs are only read, and the result never
// shares memory with aggsig. Execution time depends on the inputs, which
// are public.
func IncAggregate(aggsig []byte, pubkeys []*secp256k1.XOnlyPublicKey, msgs [][]byte, newPubkeys []*secp256k1.XOnlyPublicKey, newMsgs, newSigs [][]byte) ([]byte, error) {
	v, u := len(pubkeys), len(newPubkeys)
	if len(msgs) != v || len(newMsgs) != u || len(newSigs) != u {
		return nil, fmt.Errorf("%w: %d keys and %d messages aggregated, %d keys, %d messages and %d signatures new",
			ErrLengthMismatch, v, len(msgs), u, len(newMsgs), len(newSigs))
	}
	if v > MaxSignatures || u > MaxSignatures-v {
		return nil, ErrTooManySignatures
	}
	if len(aggsig) != 32*(v+1) {
		return nil, fmt.Errorf("%w: length %d for %d signatures, want %d", ErrInvalidAggregate, len(aggsig), v, 32*(v+1))
	}
	var s scalar.Scalar
	if s.SetCanonicalBytes((*[32]byte)(aggsig[32*v:])) != 1 {
		return nil, fmt.Errorf("%w: s >= n", ErrInvalidAggregate)
	}
	if err := checkPairs(pubkeys, msgs, 0); err != nil {
		return nil, err
	}
	if err := checkPairs(newPubkeys, newMsgs, v); err != nil {
		return nil, err
	}
	// The s values of the new signatures, checked before any work.
	si := make([]scalar.Scalar, u)
	for j, sig := range newSigs {
		if len(sig) != SignatureSize {
			return nil, fmt.Errorf("%w: signature %d: length %d, want %d", ErrInvalidSignature, v+j, len(sig), SignatureSize)
		}
		if si[j].SetCanonicalBytes((*[32]byte)(sig[32:])) != 1 {
			return nil, fmt.Errorf("%w: signature %d: s >= n", ErrInvalidSignature, v+j)
		}
	}

	out := make([]byte, 32*(v+u+1))
	copy(out, aggsig[:32*v])
	var h randomizerHash
	h.reset()
	for i := range v {
		h.add(aggsig[32*i:32*i+32], point(pubkeys[i]), msgs[i])
	}
	// s = s_agg + Σ z_i·s_i over the new signatures.
	var z scalar.Scalar
	for j := range u {
		i := v + j
		r := newSigs[j][:32]
		copy(out[32*i:], r)
		h.add(r, point(newPubkeys[j]), newMsgs[j])
		h.randomizer(&z, i)
		z.Multiply(&z, &si[j])
		s.Add(&s, &z)
	}
	s.PutBytes((*[32]byte)(out[32*(v+u):]))
	return out, nil
}

// point returns the point of a key that checkPairs accepted.
func point(k *secp256k1.XOnlyPublicKey) *group.Affine {
	p, err := (*keys.XOnly)(k).Point()
	if err != nil {
		panic("halfagg: internal error: unchecked key")
	}
	return p
}

// checkPairs checks that every key is valid and every message 32 bytes;
// the errors name the index, counted from first.
func checkPairs(pubkeys []*secp256k1.XOnlyPublicKey, msgs [][]byte, first int) error {
	for i, pk := range pubkeys {
		if !(*keys.XOnly)(pk).Valid() {
			return fmt.Errorf("%w: key %d is nil or the zero value", secp256k1.ErrInvalidPublicKey, first+i)
		}
		if len(msgs[i]) != MessageSize {
			return fmt.Errorf("%w: message %d: length %d", ErrInvalidMessage, first+i, len(msgs[i]))
		}
	}
	return nil
}
