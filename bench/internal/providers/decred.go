package providers

import (
	"fmt"

	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
	dcrecdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

const decredModule = "github.com/decred/dcrd/dcrec/secp256k1/v4"

// Decred is github.com/decred/dcrd/dcrec/secp256k1/v4, pure Go.
type Decred struct{}

// Name implements harness.Provider.
func (Decred) Name() string { return "decred" }

// Available implements harness.Provider.
func (Decred) Available() error { return nil }

// Info implements harness.Provider.
func (Decred) Info() h.Info {
	return h.Info{
		Library: "decred dcrec/secp256k1",
		Module:  decredModule,
		Version: h.DepVersion(decredModule),
		Mode:    "pure Go",
		Legend:  "pure Go",
		Notes: map[h.Case]string{
			h.PubkeyCreate:         "PrivKeyFromBytes (reduces mod n without an error) + PubKey + SerializeCompressed",
			h.SchnorrSignPreparsed: "decred v4's schnorr package is EC-Schnorr-DCRv0, not BIP-340: unsupported",
			h.ECDSASignFromBytes:   "ModNScalar.SetBytes with the overflow and zero checks + NewPrivateKey + ecdsa.Sign (PrivKeyFromBytes would reduce mod n unchecked); variable time",
			h.ECDSASignPreparsed:   "variable-time signing (ScalarBaseMultNonConst on the nonce)",
			h.ECDH:                 "GenerateSharedSecret: ScalarMultNonConst on the secret key (variable time)",
			h.ECDSAVerify:          "accepts high-S signatures (libsecp256k1 rejects them); the dataset has low-S only",
			h.ECDSARecover:         "RecoverCompact (65-byte header||r||s)",
			h.PubkeyTweakAdd:       "no tweak API: ModNScalar.SetBytes (overflow rejected) + ScalarBaseMultNonConst + AddNonConst, as dcrutil/hdkeychain derives public children",
		},
	}
}

// Prepare implements harness.Provider.
func (Decred) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	n := ds.Len()
	items := ds.Items
	switch c {
	case h.PubkeyCreate:
		return func(i int) ([]byte, bool) {
			return dcr.PrivKeyFromBytes(items[i].Seckey[:]).PubKey().SerializeCompressed(), true
		}, nil
	case h.ECDSASignFromBytes:
		return func(i int) ([]byte, bool) {
			var d dcr.ModNScalar
			if d.SetBytes(&items[i].Seckey) != 0 || d.IsZero() {
				return nil, false
			}
			return dcrCompact(dcrecdsa.Sign(dcr.NewPrivateKey(&d), items[i].Hash[:])), true
		}, nil
	case h.ECDSASignPreparsed:
		privs := make([]*dcr.PrivateKey, n)
		for i := range privs {
			privs[i] = dcr.PrivKeyFromBytes(items[i].Seckey[:])
		}
		return func(i int) ([]byte, bool) {
			return dcrCompact(dcrecdsa.Sign(privs[i], items[i].Hash[:])), true
		}, nil
	case h.ECDSAVerify:
		return func(i int) ([]byte, bool) {
			it := &items[i]
			sig, err := dcrecdsa.ParseDERSignature(it.SigDER)
			if err != nil {
				return nil, false
			}
			pub, err := dcr.ParsePubKey(it.Pub[:])
			if err != nil {
				return nil, false
			}
			return nil, sig.Verify(it.Hash[:], pub)
		}, nil
	case h.ECDSAVerifyPreparsed:
		sigs := make([]*dcrecdsa.Signature, n)
		pubs := make([]*dcr.PublicKey, n)
		for i := range sigs {
			var err error
			if sigs[i], err = dcrecdsa.ParseDERSignature(items[i].SigDER); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
			if pubs[i], err = dcr.ParsePubKey(items[i].Pub[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			return nil, sigs[i].Verify(items[i].Hash[:], pubs[i])
		}, nil
	case h.ECDH:
		privs := make([]*dcr.PrivateKey, n)
		peers := make([]*dcr.PublicKey, n)
		for i := range privs {
			privs[i] = dcr.PrivKeyFromBytes(items[i].Seckey[:])
			var err error
			if peers[i], err = dcr.ParsePubKey(ds.PeerPub(i)); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			return dcr.GenerateSharedSecret(privs[i], peers[i]), true
		}, nil
	case h.ECDSARecover:
		sigs := make([][65]byte, n)
		for i := range sigs {
			sigs[i][0] = 27 + 4 + items[i].RecID
			copy(sigs[i][1:], items[i].SigCompact[:])
		}
		return func(i int) ([]byte, bool) {
			pub, _, err := dcrecdsa.RecoverCompact(sigs[i][:], items[i].Hash[:])
			if err != nil {
				return nil, false
			}
			return pub.SerializeCompressed(), true
		}, nil
	case h.PubkeyTweakAdd:
		pubs := make([]*dcr.PublicKey, n)
		for i := range pubs {
			var err error
			if pubs[i], err = dcr.ParsePubKey(items[i].Pub[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			var t dcr.ModNScalar
			if t.SetBytes(&items[i].Tweak) != 0 {
				return nil, false
			}
			var p, tg, r dcr.JacobianPoint
			pubs[i].AsJacobian(&p)
			dcr.ScalarBaseMultNonConst(&t, &tg)
			dcr.AddNonConst(&p, &tg, &r)
			if (r.X.IsZero() && r.Y.IsZero()) || r.Z.IsZero() {
				return nil, false
			}
			r.ToAffine()
			return dcr.NewPublicKey(&r.X, &r.Y).SerializeCompressed(), true
		}, nil
	case h.SchnorrSignPreparsed, h.SchnorrVerify, h.SchnorrVerifyPreparsed, h.XOnlyTweakAdd:
		return nil, fmt.Errorf("%w: decred v4 schnorr is EC-Schnorr-DCRv0, not BIP-340 (no x-only keys)", h.ErrUnsupported)
	}
	return nil, h.ErrUnsupported
}

// dcrCompact serializes a decred (or btcec) ECDSA signature as r||s.
func dcrCompact(sig *dcrecdsa.Signature) []byte {
	r, s := sig.R(), sig.S()
	out := make([]byte, 64)
	r.PutBytesUnchecked(out[:32])
	s.PutBytesUnchecked(out[32:])
	return out
}
