package providers

import (
	"fmt"

	"github.com/btcsuite/btcd/btcec/v2"
	btcecdsa "github.com/btcsuite/btcd/btcec/v2/ecdsa"
	"github.com/btcsuite/btcd/btcec/v2/schnorr"
	"github.com/btcsuite/btcd/btcutil/hdkeychain"
	"github.com/btcsuite/btcd/chaincfg"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

const (
	btcecModule      = "github.com/btcsuite/btcd/btcec/v2"
	hdkeychainModule = "github.com/btcsuite/btcd/btcutil"
)

// Btcec is github.com/btcsuite/btcd/btcec/v2 with its BIP-340 schnorr
// package. Its keys and ECDSA are thin wrappers over decred v4.
type Btcec struct{}

// Name implements harness.Provider.
func (Btcec) Name() string { return "btcec" }

// Available implements harness.Provider.
func (Btcec) Available() error { return nil }

// Info implements harness.Provider.
func (Btcec) Info() h.Info {
	return h.Info{
		Library: "btcsuite btcec/v2",
		Module:  btcecModule,
		Version: h.DepVersion(btcecModule) + " (decred " + h.DepVersion(decredModule) + ")",
		Mode:    "pure Go",
		Legend:  "pure Go",
		Notes: map[h.Case]string{
			h.ECDSARecoverEthereum: "r||s||v reordered to (v+27)||r||s and RecoverCompact, as go-ethereum built without cgo does (crypto/signature_nocgo.go, decred's code); uncompressed output",
			h.PubkeyCreate:         "PrivKeyFromBytes (returns the key pair) + SerializeCompressed",
			h.SchnorrSignPreparsed: "schnorr.Sign with CustomNonce(aux) (BIP-340 nonce) and FastSign (skips btcec's default post-sign verification); variable time",
			h.ECDSASignFromBytes:   "ModNScalar.SetBytes with the overflow and zero checks + PrivKeyFromScalar + ecdsa.Sign (PrivKeyFromBytes would also compute the public key); variable time",
			h.ECDSASignPreparsed:   "btcec/v2/ecdsa.Sign = decred ecdsa.Sign (variable time)",
			h.ECDH:                 "btcec.GenerateSharedSecret = decred (variable time)",
			h.PubkeyTweakAdd:       "no tweak API: ModNScalar.SetBytes (overflow rejected) + ScalarBaseMultNonConst + AddNonConst, as btcutil/hdkeychain derives public children",
			h.XOnlyTweakAdd:        "no tweak API: on the key from schnorr.ParsePubKey, ScalarBaseMultNonConst + AddNonConst, as txscript.ComputeTaprootOutputKey does",
			h.BIP32DeriveBIP86:     "btcutil/hdkeychain " + h.DepVersion(hdkeychainModule) + ": Derive (the BIP-32-conforming one) five times on a key from NewKeyFromString, then ECPrivKey().Serialize() and ChainCode(); variable time",
		},
	}
}

// Prepare implements harness.Provider.
func (Btcec) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	n := ds.Len()
	items := ds.Items
	privs := func() []*btcec.PrivateKey {
		p := make([]*btcec.PrivateKey, n)
		for i := range p {
			p[i], _ = btcec.PrivKeyFromBytes(items[i].Seckey[:])
		}
		return p
	}
	switch c {
	case h.PubkeyCreate:
		return func(i int) ([]byte, bool) {
			_, pub := btcec.PrivKeyFromBytes(items[i].Seckey[:])
			return pub.SerializeCompressed(), true
		}, nil
	case h.ECDSASignFromBytes:
		return func(i int) ([]byte, bool) {
			var d btcec.ModNScalar
			if d.SetBytes(&items[i].Seckey) != 0 || d.IsZero() {
				return nil, false
			}
			return dcrCompact(btcecdsa.Sign(btcec.PrivKeyFromScalar(&d), items[i].Hash[:])), true
		}, nil
	case h.ECDSASignPreparsed:
		pk := privs()
		return func(i int) ([]byte, bool) {
			return dcrCompact(btcecdsa.Sign(pk[i], items[i].Hash[:])), true
		}, nil
	case h.ECDSAVerify:
		return func(i int) ([]byte, bool) {
			it := &items[i]
			sig, err := btcecdsa.ParseDERSignature(it.SigDER)
			if err != nil {
				return nil, false
			}
			pub, err := btcec.ParsePubKey(it.Pub[:])
			if err != nil {
				return nil, false
			}
			return nil, sig.Verify(it.Hash[:], pub)
		}, nil
	case h.ECDSAVerifyPreparsed:
		sigs := make([]*btcecdsa.Signature, n)
		pubs := make([]*btcec.PublicKey, n)
		for i := range sigs {
			var err error
			if sigs[i], err = btcecdsa.ParseDERSignature(items[i].SigDER); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
			if pubs[i], err = btcec.ParsePubKey(items[i].Pub[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			return nil, sigs[i].Verify(items[i].Hash[:], pubs[i])
		}, nil
	case h.SchnorrSignPreparsed:
		pk := privs()
		return func(i int) ([]byte, bool) {
			sig, err := schnorr.Sign(pk[i], items[i].Hash[:], schnorr.CustomNonce(items[i].Aux), schnorr.FastSign())
			if err != nil {
				return nil, false
			}
			return sig.Serialize(), true
		}, nil
	case h.SchnorrVerify:
		return func(i int) ([]byte, bool) {
			it := &items[i]
			pub, err := schnorr.ParsePubKey(it.XOnly[:])
			if err != nil {
				return nil, false
			}
			sig, err := schnorr.ParseSignature(it.Schnorr[:])
			if err != nil {
				return nil, false
			}
			return nil, sig.Verify(it.Hash[:], pub)
		}, nil
	case h.SchnorrVerifyPreparsed:
		sigs := make([]*schnorr.Signature, n)
		pubs := make([]*btcec.PublicKey, n)
		for i := range sigs {
			var err error
			if pubs[i], err = schnorr.ParsePubKey(items[i].XOnly[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
			if sigs[i], err = schnorr.ParseSignature(items[i].Schnorr[:]); err != nil {
				// A signature whose r or s is out of range cannot be
				// pre-parsed; the op reports it as invalid.
				sigs[i] = nil
			}
		}
		return func(i int) ([]byte, bool) {
			if sigs[i] == nil {
				return nil, false
			}
			return nil, sigs[i].Verify(items[i].Hash[:], pubs[i])
		}, nil
	case h.ECDH:
		pk := privs()
		peers := make([]*btcec.PublicKey, n)
		for i := range peers {
			var err error
			if peers[i], err = btcec.ParsePubKey(ds.PeerPub(i)); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			return btcec.GenerateSharedSecret(pk[i], peers[i]), true
		}, nil
	case h.ECDSARecover:
		sigs := make([][65]byte, n)
		for i := range sigs {
			sigs[i][0] = 27 + 4 + items[i].RecID
			copy(sigs[i][1:], items[i].SigCompact[:])
		}
		return func(i int) ([]byte, bool) {
			pub, _, err := btcecdsa.RecoverCompact(sigs[i][:], items[i].Hash[:])
			if err != nil {
				return nil, false
			}
			return pub.SerializeCompressed(), true
		}, nil
	case h.ECDSARecoverEthereum:
		sigs := ethSigs(items)
		return func(i int) ([]byte, bool) {
			// go-ethereum's build without cgo (crypto/signature_nocgo.go):
			// v + 27 moved to the front, decred's RecoverCompact.
			var b [65]byte
			b[0] = sigs[i][64] + 27
			copy(b[1:], sigs[i][:64])
			pub, _, err := btcecdsa.RecoverCompact(b[:], items[i].Hash[:])
			if err != nil {
				return nil, false
			}
			return pub.SerializeUncompressed(), true
		}, nil
	case h.PubkeyTweakAdd, h.XOnlyTweakAdd:
		pubs := make([]*btcec.PublicKey, n)
		for i := range pubs {
			var err error
			if c == h.PubkeyTweakAdd {
				pubs[i], err = btcec.ParsePubKey(items[i].Pub[:])
			} else {
				pubs[i], err = schnorr.ParsePubKey(items[i].XOnly[:])
			}
			if err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			var t btcec.ModNScalar
			if t.SetBytes(&items[i].Tweak) != 0 {
				return nil, false
			}
			var p, tg, r btcec.JacobianPoint
			pubs[i].AsJacobian(&p)
			btcec.ScalarBaseMultNonConst(&t, &tg)
			btcec.AddNonConst(&p, &tg, &r)
			if (r.X.IsZero() && r.Y.IsZero()) || r.Z.IsZero() {
				return nil, false
			}
			r.ToAffine()
			return btcec.NewPublicKey(&r.X, &r.Y).SerializeCompressed(), true
		}, nil
	case h.BIP32DeriveBIP86:
		masters := make([]*hdkeychain.ExtendedKey, n)
		for i := range masters {
			m, err := hdkeychain.NewMaster(items[i].Seckey[:], &chaincfg.MainNetParams)
			if err == nil {
				masters[i], err = hdkeychain.NewKeyFromString(m.String())
			}
			if err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			k := masters[i]
			for _, idx := range h.BIP86Path {
				var err error
				if k, err = k.Derive(idx); err != nil {
					return nil, false
				}
			}
			sk, err := k.ECPrivKey()
			if err != nil {
				return nil, false
			}
			return append(sk.Serialize(), k.ChainCode()...), true
		}, nil
	}
	return nil, h.ErrUnsupported
}
