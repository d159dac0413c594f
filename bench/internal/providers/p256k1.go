package providers

import (
	"fmt"

	secp "github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/bip32"
	"github.com/p256k1/secp256k1/curve"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/schnorr"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

const p256k1Module = "github.com/p256k1/secp256k1"

// P256k1 is this library, github.com/p256k1/secp256k1.
type P256k1 struct{}

// Name implements harness.Provider.
func (P256k1) Name() string { return "p256k1" }

// Available implements harness.Provider.
func (P256k1) Available() error { return nil }

// Mode reports whether the library runs its assembly or its purego path.
func (P256k1) Mode() string { return p256k1Mode() }

// Info implements harness.Provider.
func (P256k1) Info() h.Info {
	return h.Info{
		Library: "p256k1 (this library)",
		Module:  p256k1Module,
		Version: h.DepVersion(p256k1Module),
		Mode:    "pure Go (no cgo), " + p256k1Mode(),
		Legend:  p256k1Short(),
		Notes: map[h.Case]string{
			h.ECDSARecoverEthereum: "ecdsa.RecoverEthereum (parse r||s||v, recover) + BytesUncompressed",
			h.PubkeyCreate:         "NewPrivateKey + PublicKey().BytesCompressed()",
			h.ECDSASignFromBytes:   "NewPrivateKey + ecdsa.Sign + BytesCompact; NewPrivateKey only range-checks (the public key is computed on first use, and ECDSA signing never needs it)",
			h.SchnorrSignPreparsed: "schnorr.SignWithAux on a *PrivateKey parsed beforehand (p256k1 has no separate key-pair type)",
			h.ECDH:                 "PrivateKey.ECDH (raw x), constant time",
			h.PubkeyTweakAdd:       "PublicKey.TweakAdd + BytesCompressed",
			h.XOnlyTweakAdd:        "XOnlyPublicKey.TweakAdd (full key) + BytesCompressed",
			h.BIP32DeriveBIP86:     "bip32.ExtendedKey.DerivePath on a key from bip32.Parse, then PrivateKey().Bytes() and ChainCode(); constant time",
		},
		Extra: map[string]string{
			"schnorr_verify_batch":         "schnorr.BatchVerifier: Reset, Add of every signature and Verify in the timed call (Workers = 1 for cores1, 0 = GOMAXPROCS for coresall)",
			"schnorr_verify_batch_invalid": "schnorr.BatchVerifier (Workers = 1): Reset, Add of every signature, Verify and Invalid in the timed call",
			"msm":                          "curve.Point.VarTimeMultiScalarMult on parsed points and scalars (one core)",
		},
	}
}

// Prepare implements harness.Provider.
func (P256k1) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	n := ds.Len()
	items := ds.Items
	privs := func() ([]*secp.PrivateKey, error) {
		p := make([]*secp.PrivateKey, n)
		for i := range p {
			var err error
			if p[i], err = secp.NewPrivateKey(items[i].Seckey[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return p, nil
	}
	switch c {
	case h.PubkeyCreate:
		return func(i int) ([]byte, bool) {
			k, err := secp.NewPrivateKey(items[i].Seckey[:])
			if err != nil {
				return nil, false
			}
			return k.PublicKey().BytesCompressed(), true
		}, nil
	case h.ECDSASignFromBytes:
		return func(i int) ([]byte, bool) {
			k, err := secp.NewPrivateKey(items[i].Seckey[:])
			if err != nil {
				return nil, false
			}
			sig, err := ecdsa.Sign(k, items[i].Hash[:])
			if err != nil {
				return nil, false
			}
			return sig.BytesCompact(), true
		}, nil
	case h.ECDSASignPreparsed:
		pk, err := privs()
		if err != nil {
			return nil, err
		}
		return func(i int) ([]byte, bool) {
			sig, err := ecdsa.Sign(pk[i], items[i].Hash[:])
			if err != nil {
				return nil, false
			}
			return sig.BytesCompact(), true
		}, nil
	case h.ECDSAVerify:
		return func(i int) ([]byte, bool) {
			it := &items[i]
			sig, err := ecdsa.ParseDERSignature(it.SigDER)
			if err != nil {
				return nil, false
			}
			pub, err := secp.NewPublicKey(it.Pub[:])
			if err != nil {
				return nil, false
			}
			return nil, ecdsa.Verify(pub, it.Hash[:], sig)
		}, nil
	case h.ECDSAVerifyPreparsed:
		sigs := make([]*ecdsa.Signature, n)
		pubs := make([]*secp.PublicKey, n)
		for i := range sigs {
			var err error
			if sigs[i], err = ecdsa.ParseDERSignature(items[i].SigDER); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
			if pubs[i], err = secp.NewPublicKey(items[i].Pub[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			return nil, ecdsa.Verify(pubs[i], items[i].Hash[:], sigs[i])
		}, nil
	case h.SchnorrSignPreparsed:
		pk, err := privs()
		if err != nil {
			return nil, err
		}
		return func(i int) ([]byte, bool) {
			sig, err := schnorr.SignWithAux(pk[i], items[i].Hash[:], items[i].Aux[:])
			return sig, err == nil
		}, nil
	case h.SchnorrVerify:
		return func(i int) ([]byte, bool) {
			it := &items[i]
			pub, err := secp.NewXOnlyPublicKey(it.XOnly[:])
			if err != nil {
				return nil, false
			}
			return nil, schnorr.Verify(pub, it.Hash[:], it.Schnorr[:])
		}, nil
	case h.SchnorrVerifyPreparsed:
		pubs := make([]*secp.XOnlyPublicKey, n)
		for i := range pubs {
			var err error
			if pubs[i], err = secp.NewXOnlyPublicKey(items[i].XOnly[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			return nil, schnorr.Verify(pubs[i], items[i].Hash[:], items[i].Schnorr[:])
		}, nil
	case h.ECDH:
		pk, err := privs()
		if err != nil {
			return nil, err
		}
		peers := make([]*secp.PublicKey, n)
		for i := range peers {
			if peers[i], err = secp.NewPublicKey(ds.PeerPub(i)); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			out, err := pk[i].ECDH(peers[i])
			return out, err == nil
		}, nil
	case h.ECDSARecover:
		return func(i int) ([]byte, bool) {
			it := &items[i]
			sig, err := ecdsa.ParseCompactSignature(it.SigCompact[:])
			if err != nil {
				return nil, false
			}
			pub, err := ecdsa.RecoverPublicKey(it.Hash[:], sig, it.RecID)
			if err != nil {
				return nil, false
			}
			return pub.BytesCompressed(), true
		}, nil
	case h.ECDSARecoverEthereum:
		sigs := ethSigs(items)
		return func(i int) ([]byte, bool) {
			pub, err := ecdsa.RecoverEthereum(items[i].Hash[:], sigs[i][:])
			if err != nil {
				return nil, false
			}
			return pub.BytesUncompressed(), true
		}, nil
	case h.PubkeyTweakAdd:
		pubs := make([]*secp.PublicKey, n)
		for i := range pubs {
			var err error
			if pubs[i], err = secp.NewPublicKey(items[i].Pub[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			q, err := pubs[i].TweakAdd(items[i].Tweak[:])
			if err != nil {
				return nil, false
			}
			return q.BytesCompressed(), true
		}, nil
	case h.XOnlyTweakAdd:
		pubs := make([]*secp.XOnlyPublicKey, n)
		for i := range pubs {
			var err error
			if pubs[i], err = secp.NewXOnlyPublicKey(items[i].XOnly[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		return func(i int) ([]byte, bool) {
			q, err := pubs[i].TweakAdd(items[i].Tweak[:])
			if err != nil {
				return nil, false
			}
			return q.BytesCompressed(), true
		}, nil
	case h.BIP32DeriveBIP86:
		masters := make([]*bip32.ExtendedKey, n)
		for i := range masters {
			m, err := bip32.NewMaster(items[i].Seckey[:], bip32.Xprv)
			if err == nil {
				masters[i], err = bip32.Parse(m.String())
			}
			if err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		path := bip32.Path(h.BIP86Path)
		return func(i int) ([]byte, bool) {
			k, err := masters[i].DerivePath(path)
			if err != nil {
				return nil, false
			}
			sk, err := k.PrivateKey()
			if err != nil {
				return nil, false
			}
			return append(sk.Bytes(), k.ChainCode()...), true
		}, nil
	}
	if spec, ok := c.Batch(); ok {
		return p256k1Batch(spec, ds)
	}
	return nil, h.ErrUnsupported
}

// p256k1Batch prepares the batch cases: schnorr.BatchVerifier (Add and
// Verify in the timed call, Workers 1 or GOMAXPROCS; with Invalid too for
// the invalid-batch cases) and
// curve.Point.VarTimeMultiScalarMult. The parsed inputs are laid out twice
// around the dataset so that the window of every call is one slice.
func p256k1Batch(spec h.BatchSpec, ds *h.Dataset) (h.Op, error) {
	n, items := ds.Len(), ds.Items
	m := n + spec.N // item (i + j) % n for i < n, j < spec.N
	switch spec.Kind {
	case h.KindSchnorrVerifyBatch:
		pubs := make([]*secp.XOnlyPublicKey, n)
		for i := range pubs {
			var err error
			if pubs[i], err = secp.NewXOnlyPublicKey(items[i].XOnly[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
		}
		var b schnorr.BatchVerifier
		if !spec.AllCores {
			b.Workers = 1
		}
		return func(i int) ([]byte, bool) {
			b.Reset()
			for j := range spec.N {
				k := (i + j) % n
				if b.Add(pubs[k], items[k].Hash[:], items[k].Schnorr[:]) != nil {
					return nil, false
				}
			}
			return nil, b.Verify()
		}, nil
	case h.KindSchnorrVerifyBatchInvalid:
		pubs := make([]*secp.XOnlyPublicKey, n)
		bad := make([][32]byte, n) // each item's hash with its first byte flipped
		for i := range pubs {
			var err error
			if pubs[i], err = secp.NewXOnlyPublicKey(items[i].XOnly[:]); err != nil {
				return nil, fmt.Errorf("item %d: %w", i, err)
			}
			bad[i] = items[i].Hash
			bad[i][0] ^= 1
		}
		invalid := make([]bool, spec.N)
		for _, j := range h.InvalidPositions(spec.N, spec.Invalid) {
			invalid[j] = true
		}
		b := schnorr.BatchVerifier{Workers: 1}
		return func(i int) ([]byte, bool) {
			b.Reset()
			for j := range spec.N {
				k := (i + j) % n
				hash := items[k].Hash[:]
				if invalid[j] {
					hash = bad[k][:]
				}
				if b.Add(pubs[k], hash, items[k].Schnorr[:]) != nil {
					return nil, false
				}
			}
			rejected := !b.Verify()
			return h.EncodeIndices(b.Invalid()), rejected
		}, nil
	case h.KindMSM:
		if spec.AllCores {
			return nil, h.ErrUnsupported
		}
		points := make([]*curve.Point, m)
		scalars := make([]*curve.Scalar, m)
		for j := range m {
			it := &items[j%n]
			if j < n {
				var err error
				if points[j], err = new(curve.Point).SetBytes(it.Pub[:]); err != nil {
					return nil, fmt.Errorf("item %d: %w", j, err)
				}
				k := h.MSMScalar(it)
				if scalars[j], err = new(curve.Scalar).SetCanonicalBytes(k[:]); err != nil {
					return nil, fmt.Errorf("item %d: %w", j, err)
				}
			} else {
				points[j], scalars[j] = points[j-n], scalars[j-n]
			}
		}
		var v curve.Point
		return func(i int) ([]byte, bool) {
			if v.VarTimeMultiScalarMult(scalars[i:i+spec.N], points[i:i+spec.N]) == nil {
				return nil, false
			}
			return v.BytesCompressed(), true
		}, nil
	}
	return nil, h.ErrUnsupported
}
