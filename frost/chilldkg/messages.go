package chilldkg

import (
	"fmt"

	"github.com/p256k1/secp256k1/internal/group"
	"github.com/p256k1/secp256k1/internal/scalar"
)

// The message encodings of ChillDKG 0.3.0 (t the threshold, n the number of
// participants, points compressed in 33 bytes with 33 zero bytes for the
// point at infinity where allowed, scalars in 32 bytes below n):
//
//	pmsg1 (33t+32n+97): VSS commitment (t points) ‖ pop (64) ‖ pubnonce
//	  (33, unparsed) ‖ encrypted partial shares (n scalars)
//	cmsg1 (162n+33(t-1)): commitments to the secrets (n points) ‖ sums of
//	  the commitments to the other coefficients (t-1 points) ‖ pops (64n)
//	  ‖ pubnonces (33n, unparsed) ‖ encrypted shares (n scalars)
//	pmsg2 (64): the certeq signature
//	cmsg2 (64n): the certificate, the n signatures
//	cinv (65n): encrypted partial shares (n scalars) ‖ partial public
//	  shares (n points)
//	recovery data (4+33t+162n): t (4 bytes) ‖ summed VSS commitment (t
//	  points) ‖ host public keys (33n) ‖ pubnonces (33n) ‖ encrypted
//	  shares (n scalars) ‖ certificate (64n)

func pmsg1Len(t, n int) int { return 33*t + 32*n + 97 }

func cmsg1Len(t, n int) int { return 162*n + 33*(t-1) }

// pmsg1 is a parsed participant's first message.
type pmsg1 struct {
	com      []group.Affine
	pop      []byte
	pubnonce []byte
	enc      []scalar.Scalar
}

// errParse is the reference code's MsgParseError: the caller turns it into
// the error blaming the sender.
type errParse string

func (e errParse) Error() string { return string(e) }

// parsePoints parses k points (the point at infinity allowed).
func parsePoints(b []byte, k int, what string) ([]group.Affine, error) {
	out := make([]group.Affine, k)
	for i := range out {
		if !parsePointExt(&out[i], b[33*i:33*i+33]) {
			return nil, errParse(what)
		}
	}
	return out, nil
}

// parseScalars parses k scalars below n.
func parseScalars(b []byte, k int, what string) ([]scalar.Scalar, error) {
	out := make([]scalar.Scalar, k)
	for i := range out {
		if out[i].SetCanonicalBytes((*[32]byte)(b[32*i:])) != 1 {
			return nil, errParse(what)
		}
	}
	return out, nil
}

// parsePmsg1 parses a participant's first message: a wrong length is
// ErrInvalidInput, a malformed part an errParse.
func parsePmsg1(b []byte, t, n int) (*pmsg1, error) {
	if len(b) != pmsg1Len(t, n) {
		return nil, fmt.Errorf("%w: pmsg1 of %d bytes, want %d", ErrInvalidInput, len(b), pmsg1Len(t, n))
	}
	m := &pmsg1{}
	var err error
	if m.com, err = parsePoints(b, t, "invalid VSS commitment"); err != nil {
		return nil, err
	}
	b = b[33*t:]
	m.pop, m.pubnonce = b[:64], b[64:97]
	if m.enc, err = parseScalars(b[97:], n, "invalid encrypted secret share"); err != nil {
		return nil, err
	}
	return m, nil
}

// cmsg1 is the parsed coordinator's first message.
type cmsg1 struct {
	comsToSecrets []group.Affine
	sumNonconst   []group.Affine
	pops          [][]byte
	pubnonces     [][]byte
	encSecshares  []scalar.Scalar
	encBytes      []byte // the encrypted shares as sent
	pubnonceBytes []byte
}

func parseCmsg1(b []byte, t, n int) (*cmsg1, error) {
	if len(b) != cmsg1Len(t, n) {
		return nil, fmt.Errorf("%w: cmsg1 of %d bytes, want %d", ErrInvalidInput, len(b), cmsg1Len(t, n))
	}
	m := &cmsg1{pops: make([][]byte, n), pubnonces: make([][]byte, n)}
	var err error
	if m.comsToSecrets, err = parsePoints(b, n, "invalid commitment to secret"); err != nil {
		return nil, err
	}
	b = b[33*n:]
	if m.sumNonconst, err = parsePoints(b, t-1, "invalid sum commitment to non-constant term"); err != nil {
		return nil, err
	}
	b = b[33*(t-1):]
	for i := range n {
		m.pops[i] = b[64*i : 64*i+64]
	}
	b = b[64*n:]
	m.pubnonceBytes = b[:33*n]
	for i := range n {
		m.pubnonces[i] = b[33*i : 33*i+33]
	}
	m.encBytes = b[33*n:]
	if m.encSecshares, err = parseScalars(m.encBytes, n, "invalid encrypted secret shares"); err != nil {
		return nil, err
	}
	return m, nil
}
