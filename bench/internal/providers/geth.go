//go:build cgo

package providers

import (
	"fmt"
	"math/big"

	gethsecp "github.com/ethereum/go-ethereum/crypto/secp256k1"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

const gethModule = "github.com/ethereum/go-ethereum"

// gethBundledLibsecp is the libsecp256k1 snapshot bundled in
// go-ethereum/crypto/secp256k1/libsecp256k1 (its configure.ac) for the
// go-ethereum version pinned in bench/go.mod; TestGethBundledVersion keeps
// it honest.
const gethBundledLibsecp = "0.6.1-dev"

// Geth is github.com/ethereum/go-ethereum/crypto/secp256k1: cgo bindings
// to the libsecp256k1 copy go-ethereum compiles into the binary.
type Geth struct{}

// Name implements harness.Provider.
func (Geth) Name() string { return "geth" }

// Available implements harness.Provider.
func (Geth) Available() error { return nil }

// Info implements harness.Provider.
func (Geth) Info() h.Info {
	return h.Info{
		Library: "go-ethereum crypto/secp256k1",
		Module:  gethModule + "/crypto/secp256k1",
		Version: h.DepVersion(gethModule) + " (bundled libsecp256k1 " + gethBundledLibsecp + ")",
		Mode:    "cgo",
		Legend:  "cgo, bundled libsecp256k1 " + gethBundledLibsecp,
		Notes: map[h.Case]string{
			h.PubkeyCreate:         "S256().ScalarBaseMult (what crypto.ToECDSA uses): secp256k1_ext_scalar_mul = constant-time ecmult_const of G, not the generator comb; big.Int output compressed in Go",
			h.ECDSASignFromBytes:   "secp256k1.Sign: secret key bytes in, 65-byte r||s||v out (one cgo call; what crypto.Sign calls)",
			h.ECDSASignPreparsed:   "no parsed secret-key type (Sign takes the 32 bytes): unsupported, see ecdsa_sign_from_bytes",
			h.ECDSAVerify:          "VerifySignature takes the 64-byte compact signature (go-ethereum has no DER parser): parse compact + parse key + verify in one cgo call",
			h.ECDSAVerifyPreparsed: "no pre-parsed verify API: unsupported",
			h.SchnorrSignPreparsed: "no BIP-340 in go-ethereum: unsupported",
			h.PubkeyTweakAdd:       "no key tweaks in go-ethereum: unsupported",
			h.ECDH:                 "S256().ScalarMult on the pre-decompressed big.Int point (secp256k1_ext_scalar_mul, constant time)",
			h.ECDSARecover:         "RecoverPubkey: 65-byte uncompressed output",
			h.ECDSARecoverEthereum: "RecoverPubkey (what crypto.Ecrecover calls with cgo): r||s||v in, 65-byte uncompressed key out",
		},
		Extra: map[string]string{"context": "go-ethereum's package-global context (created once, not randomized)"},
	}
}

// Prepare implements harness.Provider.
func (Geth) Prepare(c h.Case, ds *h.Dataset) (h.Op, error) {
	n := ds.Len()
	items := ds.Items
	curve := gethsecp.S256()
	switch c {
	case h.PubkeyCreate:
		return func(i int) ([]byte, bool) {
			x, y := curve.ScalarBaseMult(items[i].Seckey[:])
			if x == nil {
				return nil, false
			}
			out := make([]byte, 33)
			out[0] = 2 | byte(y.Bit(0))
			x.FillBytes(out[1:])
			return out, true
		}, nil
	case h.ECDSASignFromBytes:
		return func(i int) ([]byte, bool) {
			sig, err := gethsecp.Sign(items[i].Hash[:], items[i].Seckey[:])
			if err != nil {
				return nil, false
			}
			return sig[:64], true
		}, nil
	case h.ECDSAVerify:
		return func(i int) ([]byte, bool) {
			it := &items[i]
			return nil, gethsecp.VerifySignature(it.Pub[:], it.Hash[:], it.SigCompact[:])
		}, nil
	case h.ECDH:
		px := make([]*big.Int, n)
		py := make([]*big.Int, n)
		for i := range px {
			px[i], py[i] = gethsecp.DecompressPubkey(ds.PeerPub(i))
			if px[i] == nil {
				return nil, fmt.Errorf("item %d: invalid peer key", i)
			}
		}
		return func(i int) ([]byte, bool) {
			x, _ := curve.ScalarMult(px[i], py[i], items[i].Seckey[:])
			if x == nil {
				return nil, false
			}
			out := make([]byte, 32)
			x.FillBytes(out)
			return out, true
		}, nil
	case h.ECDSARecover:
		sigs := make([][65]byte, n)
		for i := range sigs {
			copy(sigs[i][:64], items[i].SigCompact[:])
			sigs[i][64] = items[i].RecID
		}
		return func(i int) ([]byte, bool) {
			pub, err := gethsecp.RecoverPubkey(items[i].Hash[:], sigs[i][:])
			if err != nil {
				return nil, false
			}
			return pub, true
		}, nil
	case h.ECDSARecoverEthereum:
		sigs := ethSigs(items)
		return func(i int) ([]byte, bool) {
			pub, err := gethsecp.RecoverPubkey(items[i].Hash[:], sigs[i][:])
			if err != nil {
				return nil, false
			}
			return pub, true
		}, nil
	case h.ECDSASignPreparsed:
		return nil, fmt.Errorf("%w: go-ethereum has no parsed secret-key type (secp256k1.Sign takes the 32 bytes)", h.ErrUnsupported)
	case h.ECDSAVerifyPreparsed:
		return nil, fmt.Errorf("%w: go-ethereum has no pre-parsed verify API", h.ErrUnsupported)
	case h.SchnorrSignPreparsed, h.SchnorrVerify, h.SchnorrVerifyPreparsed, h.XOnlyTweakAdd:
		return nil, fmt.Errorf("%w: go-ethereum has no BIP-340", h.ErrUnsupported)
	case h.PubkeyTweakAdd:
		return nil, fmt.Errorf("%w: go-ethereum has no key tweaks", h.ErrUnsupported)
	}
	return nil, h.ErrUnsupported
}
