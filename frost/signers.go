package frost

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/p256k1/secp256k1/internal/ecmult"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// SignersContext is BIP-445's signers context, validated: the number of
// participants n, the threshold t, and the signers of one signing session,
// each an identifier (0 <= id <= n-1; the Shamir x-coordinate of id i is
// i+1) with its 33-byte public share, and the threshold public key the
// shares interpolate to. Every party of the session (signers, coordinator,
// verifiers) makes the same context with NewSignersContext.
//
// A SignersContext holds only public data and is immutable: it is safe for
// concurrent use. It also holds what every session with these signers
// needs: the parsed shares, the signers' Lagrange coefficients and the
// sorted identifiers BIP-445 hashes. The zero value and nil are invalid
// (ErrInvalidSignersContext).
type SignersContext struct {
	n, t      int
	ids       []int
	pubshares []byte         // 33 bytes each, in the order of ids
	pts       []group.Affine // the same, parsed
	lambda    []scalar.Scalar
	serIDs    []byte // BIP-445's serialize_ids: the sorted ids, 4 bytes each
	threshPK  [33]byte
	q         group.Affine // the threshold public key
	valid     bool
}

func (c *SignersContext) ok() bool { return c != nil && c.valid }

// NewSignersContext validates and returns BIP-445's signers context
// (validate_signers_ctx): n participants with threshold t, the signers'
// identifiers ids and their 33-byte compressed public shares pubshares (in
// the same order), and the 33-byte compressed threshold public key
// threshPK. The lists are copied.
//
// Errors, checked in BIP-445's order: ErrInvalidThreshold unless
// 1 <= t <= n <= MaxParticipants; ErrSignerCount unless t <= len(ids) <= n;
// ErrLengthMismatch unless len(pubshares) == len(ids); for each position,
// ErrIDOutOfRange for an identifier outside [0, n-1] and ErrInvalidPubShare
// for a malformed public share (both name the position); ErrDuplicateID;
// ErrThresholdKeyInfinity when the shares interpolate to the point at
// infinity, ErrKeyMismatch when they interpolate to another key than
// threshPK. Variable time (public data): one multi-scalar multiplication
// of the shares.
func NewSignersContext(n, t int, ids []int, pubshares [][]byte, threshPK []byte) (*SignersContext, error) {
	if t < 1 || t > n || uint64(n) > MaxParticipants {
		return nil, fmt.Errorf("%w (t = %d, n = %d)", ErrInvalidThreshold, t, n)
	}
	if len(ids) < t || len(ids) > n {
		return nil, fmt.Errorf("%w (%d signers, t = %d, n = %d)", ErrSignerCount, len(ids), t, n)
	}
	if len(pubshares) != len(ids) {
		return nil, fmt.Errorf("%w: %d pubshares, %d ids", ErrLengthMismatch, len(pubshares), len(ids))
	}
	c := &SignersContext{
		n: n, t: t,
		ids:       slices.Clone(ids),
		pubshares: make([]byte, 0, 33*len(ids)),
		pts:       make([]group.Affine, len(ids)),
	}
	for i, id := range ids {
		if id < 0 || id > n-1 {
			return nil, fmt.Errorf("%w at index %d", ErrIDOutOfRange, i)
		}
		if !parsePoint(&c.pts[i], pubshares[i]) {
			return nil, fmt.Errorf("%w at index %d", ErrInvalidPubShare, i)
		}
		c.pubshares = append(c.pubshares, pubshares[i]...)
	}
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	c.serIDs = make([]byte, 0, 4*len(ids))
	for i, id := range sorted {
		if i > 0 && sorted[i-1] == id {
			return nil, ErrDuplicateID
		}
		c.serIDs = binary.BigEndian.AppendUint32(c.serIDs, uint32(id))
	}
	c.lambda = make([]scalar.Scalar, len(ids))
	lagrangeVarTime(c.lambda, ids)
	// Q = Σ λ_i·P_i
	terms := make([]ecmult.Term, len(ids))
	for i := range terms {
		terms[i].Set(&c.lambda[i], &c.pts[i])
	}
	var qj group.Jacobian
	ecmult.MultiScalarMultVarTime(&qj, nil, terms, nil)
	c.q.SetJacobianVarTime(&qj)
	if c.q.Infinity {
		return nil, ErrThresholdKeyInfinity
	}
	putPoint(c.threshPK[:], &c.q)
	if len(threshPK) != 33 || !bytes.Equal(threshPK, c.threshPK[:]) {
		return nil, ErrKeyMismatch
	}
	c.valid = true
	return c, nil
}

// lagrangeVarTime sets out[i] to the Lagrange coefficient of ids[i] at 0
// over the set ids (BIP-445's derive_interpolating_value, x = id+1):
// λ_i = Π_{j≠i} x_j / (x_j - x_i). The ids are distinct and public;
// variable time. The denominators are inverted together (Montgomery's
// trick), so the cost is one inversion and O(u²) multiplications.
func lagrangeVarTime(out []scalar.Scalar, ids []int) {
	u := len(ids)
	num := make([]scalar.Scalar, u) // Π_{j≠i} x_j
	den := make([]scalar.Scalar, u) // Π_{j≠i} (x_j - x_i)
	var x, d scalar.Scalar
	for i := range u {
		num[i].One()
		den[i].One()
		for j := range u {
			if j == i {
				continue
			}
			x.SetUint64(uint64(ids[j]) + 1)
			num[i].Multiply(&num[i], &x)
			d.SetUint64(uint64(absDiff(ids[j], ids[i])))
			if ids[j] < ids[i] {
				d.Negate(&d)
			}
			den[i].Multiply(&den[i], &d)
		}
	}
	batchInvertVarTime(den)
	for i := range u {
		out[i].Multiply(&num[i], &den[i])
	}
}

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}

// batchInvertVarTime replaces every element of v (all non-zero) by its
// inverse with one inversion (Montgomery's trick). Variable time.
func batchInvertVarTime(v []scalar.Scalar) {
	if len(v) == 0 {
		return
	}
	prefix := make([]scalar.Scalar, len(v))
	prefix[0] = v[0]
	for i := 1; i < len(v); i++ {
		prefix[i].Multiply(&prefix[i-1], &v[i])
	}
	var inv, t scalar.Scalar
	inv.InvertVarTime(&prefix[len(v)-1])
	for i := len(v) - 1; i > 0; i-- {
		t.Multiply(&inv, &prefix[i-1]) // 1/v[i]
		inv.Multiply(&inv, &v[i])
		v[i] = t
	}
	v[0] = inv
}

// N returns the number of participants n (0 for a nil or zero-value
// context).
func (c *SignersContext) N() int {
	if !c.ok() {
		return 0
	}
	return c.n
}

// T returns the threshold t (0 for a nil or zero-value context).
func (c *SignersContext) T() int {
	if !c.ok() {
		return 0
	}
	return c.t
}

// IDs returns a copy of the signers' identifiers, in the context's order
// (nil for a nil or zero-value context).
func (c *SignersContext) IDs() []int {
	if !c.ok() {
		return nil
	}
	return slices.Clone(c.ids)
}

// PublicShares returns copies of the signers' 33-byte public shares, in
// the context's order (nil for a nil or zero-value context).
func (c *SignersContext) PublicShares() [][]byte {
	if !c.ok() {
		return nil
	}
	out := make([][]byte, len(c.ids))
	for i := range out {
		out[i] = bytes.Clone(c.pubshares[33*i : 33*i+33])
	}
	return out
}

// ThresholdPublicKey returns the 33-byte compressed threshold public key,
// before any tweak (nil for a nil or zero-value context).
func (c *SignersContext) ThresholdPublicKey() []byte {
	if !c.ok() {
		return nil
	}
	return bytes.Clone(c.threshPK[:])
}

// index returns the position of id among the signers, or -1.
func (c *SignersContext) index(id int) int { return slices.Index(c.ids, id) }

// shareIndex returns the position of the 33-byte public share pk among
// the signers, or -1.
func (c *SignersContext) shareIndex(pk []byte) int {
	for i := 0; i < len(c.pubshares); i += 33 {
		if bytes.Equal(c.pubshares[i:i+33], pk) {
			return i / 33
		}
	}
	return -1
}
