package providers

import (
	"fmt"

	"github.com/p256k1/secp256k1/signer"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// Signer is p256k1's nostr signer (github.com/p256k1/secp256k1/signer),
// measured through the method set nostr relays and clients call: it shows
// what the signer layer costs on top of the library. It offers BIP-340 only.
type Signer struct{}

// Name implements harness.Provider.
func (Signer) Name() string { return "p256k1-signer" }

// Available implements harness.Provider.
func (Signer) Available() error { return nil }

// Info implements harness.Provider.
func (Signer) Info() h.Info {
	return h.Info{
		Library: "p256k1 nostr signer (signer.Signer)",
		Module:  p256k1Module + "/signer",
		Version: h.DepVersion(p256k1Module),
		Mode:    "pure Go, " + p256k1Mode(),
		Legend:  "nostr signer on p256k1",
		Notes: map[h.Case]string{
			h.SchnorrSignPreparsed:   "Signer.AppendSignWithAux into a reused buffer, copied out (Sign itself draws fresh aux, which the gate cannot compare)",
			h.SchnorrVerify:          "Signer.InitPub + Signer.Verify on a zero-value Signer",
			h.SchnorrVerifyPreparsed: "Signer.Verify on a Signer set up with InitPub beforehand",
		},
	}
}

// Prepare implements harness.Provider.
func (Signer) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	n := ds.Len()
	items := ds.Items
	switch c {
	case h.SchnorrSignPreparsed:
		signers := make([]*signer.Signer, n)
		for i := range signers {
			var err error
			if signers[i], err = signer.New(items[i].Seckey[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		buf := make([]byte, 0, 64)
		return func(i int) ([]byte, bool) {
			var err error
			buf, err = signers[i].AppendSignWithAux(buf[:0], items[i].Hash[:], items[i].Aux[:])
			if err != nil {
				return nil, false
			}
			return append([]byte(nil), buf...), true
		}, nil
	case h.SchnorrVerify:
		return func(i int) ([]byte, bool) {
			var s signer.Signer
			if s.InitPub(items[i].XOnly[:]) != nil {
				return nil, false
			}
			ok, err := s.Verify(items[i].Hash[:], items[i].Schnorr[:])
			return nil, ok && err == nil
		}, nil
	case h.SchnorrVerifyPreparsed:
		signers := make([]*signer.Signer, n)
		for i := range signers {
			signers[i] = new(signer.Signer)
			if err := signers[i].InitPub(items[i].XOnly[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			ok, err := signers[i].Verify(items[i].Hash[:], items[i].Schnorr[:])
			return nil, ok && err == nil
		}, nil
	}
	return nil, h.ErrUnsupported
}
