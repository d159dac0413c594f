package chilldkg

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/p256k1/secp256k1/internal/field"
	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/keys"
	"github.com/p256k1/secp256k1/internal/tagged"
)

// bipTag prefixes every tagged hash of ChillDKG.
const bipTag = "BIP DKG/"

var (
	tagParamsHash = tagged.New(bipTag + "params_hash")
	tagEncSeed    = tagged.New(bipTag + "encpedpop seed")
	tagSimplAux   = tagged.New(bipTag + "simplpedpop aux")
	tagEncNonce   = tagged.New(bipTag + "encpedpop secnonce")
	tagVSSCoeffs  = tagged.New(bipTag + "vss coeffs")
	tagSelfPad    = tagged.New(bipTag + "encaps_multi self_pad")
	tagECDH       = tagged.New(bipTag + "encpedpop ecdh")
	tagTapTweak   = tagged.New("TapTweak")
)

// MaxParticipants is the largest number of participants ChillDKG allows
// (identifiers are encoded in 4 bytes).
const MaxParticipants = 1<<32 - 1

// SessionParams holds the common parameters of a ChillDKG session: the
// host public keys of all participants, in an order that every participant
// and the coordinator agree on (participant i has identifier i, the
// identifier of FROST signing), and the threshold T, the number of
// participants needed to sign: 1 <= T <= len(HostPubkeys) <= 2^32 - 1.
//
// Every participant must have authentic copies of the others' host public
// keys before the session starts (compare ParamsHash out of band when they
// came over an unauthenticated channel). The session fails unless every
// party has the keys in the same order; sort them first (for example with
// musig2.KeySort) if the order carries no meaning.
type SessionParams struct {
	HostPubkeys [][]byte
	T           int
}

// params is validated SessionParams, with the parsed keys.
type params struct {
	hostpubkeys [][]byte // copies, 33 bytes each
	pts         []group.Affine
	t           int
}

func (p *params) n() int { return len(p.hostpubkeys) }

// export returns the parameters as SessionParams (copies).
func (p *params) export() *SessionParams {
	out := &SessionParams{T: p.t, HostPubkeys: make([][]byte, p.n())}
	for i, pk := range p.hostpubkeys {
		out.HostPubkeys[i] = bytes.Clone(pk)
	}
	return out
}

// validate is the reference code's params_validate: ErrThresholdOrCount,
// then *InvalidHostPubkeyError for the first malformed key, then
// *DuplicateHostPubkeyError for the first repeated key.
func (sp *SessionParams) validate() (*params, error) {
	n := len(sp.HostPubkeys)
	if sp.T < 1 || sp.T > n || uint64(n) > MaxParticipants {
		return nil, ErrThresholdOrCount
	}
	p := &params{t: sp.T, hostpubkeys: make([][]byte, n), pts: make([]group.Affine, n)}
	for i, pk := range sp.HostPubkeys {
		if !parsePoint(&p.pts[i], pk) {
			return nil, &InvalidHostPubkeyError{ParticipantID: i}
		}
		p.hostpubkeys[i] = bytes.Clone(pk)
	}
	seen := make(map[[33]byte]int, n)
	for i, pk := range p.hostpubkeys {
		if j, ok := seen[[33]byte(pk)]; ok {
			return nil, &DuplicateHostPubkeyError{ParticipantID1: j, ParticipantID2: i}
		}
		seen[[33]byte(pk)] = i
	}
	return p, nil
}

// index returns the identifier of the host public key pk, or -1.
func (p *params) index(pk []byte) int {
	return slices.IndexFunc(p.hostpubkeys, func(k []byte) bool { return bytes.Equal(k, pk) })
}

// ParamsHash returns the 32-byte hash of the session parameters
// (params_hash): a collision-resistant digest of the threshold and every
// host public key, which the participants compare out of band to confirm
// that they all have the same, authentic host public keys. Errors:
// ErrThresholdOrCount, *InvalidHostPubkeyError, *DuplicateHostPubkeyError.
func ParamsHash(sp SessionParams) ([]byte, error) {
	p, err := sp.validate()
	if err != nil {
		return nil, err
	}
	buf := binary.BigEndian.AppendUint32(make([]byte, 0, 4+33*p.n()), uint32(p.t))
	for _, pk := range p.hostpubkeys {
		buf = append(buf, pk...)
	}
	out := make([]byte, 32)
	tagParamsHash.Sum((*[32]byte)(out), buf, nil, nil)
	return out, nil
}

// HostPubkey returns the 33-byte compressed host public key of the 32-byte
// host secret key hostseckey (hostpubkey_gen): the participant's long-term
// identity, which may take part in many sessions. The host secret key must
// be 32 bytes of secure randomness, kept (and backed up) as long as any
// session's threshold key is in use: with a session's recovery data it
// recovers the participant's share. It runs in constant time with respect
// to the key. Errors: ErrInvalidInput for a key that is not 32 bytes,
// ErrHostSeckey for one not in [1, n-1].
func HostPubkey(hostseckey []byte) ([]byte, error) {
	k, pk, err := parseHostSeckey(hostseckey)
	if err != nil {
		return nil, err
	}
	k.Wipe()
	return bytes.Clone(pk[:]), nil
}

// parseHostSeckey parses a host secret key and returns it with its
// compressed public key. The caller wipes the key.
func parseHostSeckey(b []byte) (*keys.Private, [33]byte, error) {
	var pk [33]byte
	if len(b) != 32 {
		return nil, pk, fmt.Errorf("%w: host secret key of %d bytes, want 32", ErrInvalidInput, len(b))
	}
	k := new(keys.Private)
	if err := k.SetBytes(b); err != nil {
		return nil, pk, fmt.Errorf("%w: %w", ErrHostSeckey, err)
	}
	pub, err := k.Public()
	if err == nil {
		err = pub.PutCompressed(&pk)
	}
	if err != nil {
		k.Wipe()
		return nil, pk, fmt.Errorf("%w: %w", ErrHostSeckey, err)
	}
	return k, pk, nil
}

var zeroCompressed [33]byte

// parsePoint sets p to the point with the 33-byte compressed encoding b
// and reports whether b is one. Variable time (public data).
func parsePoint(p *group.Affine, b []byte) bool {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return false
	}
	var x field.Element
	if x.SetCanonicalBytes((*[32]byte)(b[1:])) != 1 {
		return false
	}
	return p.SetXO(&x, int(b[0]&1)) == 1
}

// parsePointExt is parsePoint that also accepts 33 zero bytes as the point
// at infinity.
func parsePointExt(p *group.Affine, b []byte) bool {
	if len(b) == 33 && [33]byte(b) == zeroCompressed {
		p.SetInfinity()
		return true
	}
	return parsePoint(p, b)
}

// appendPointExt appends the compressed encoding of p, or 33 zero bytes
// for the point at infinity.
func appendPointExt(out []byte, p *group.Affine) []byte {
	if p.Infinity {
		return append(out, zeroCompressed[:]...)
	}
	var b [33]byte
	b[0] = 2 | byte(p.Y.IsOdd())
	p.X.PutBytes((*[32]byte)(b[1:]))
	return append(out, b[:]...)
}
