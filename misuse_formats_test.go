//lint:file-ignore SA1019 this file implements or exercises the crypto/ecdsa and crypto/elliptic bridge, whose big.Int API Go deprecates but callers (go-ethereum, x509-style code) still use

package secp256k1_test

import (
	"crypto"
	stdecdsa "crypto/ecdsa"
	"maps"
	"math/big"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
)

// fullMisuseTable is misuseTable with the entries of the recoverable and
// message signature formats (misuseTableFormats) and of the standard
// library bridge (misuseTableStdlib) added.
func fullMisuseTable(f *fixtures) map[string]func(t *testing.T) {
	table := misuseTable(f)
	for _, more := range []map[string]func(t *testing.T){misuseTableFormats(f), misuseTableStdlib(f)} {
		for name := range more {
			if _, dup := table[name]; dup {
				panic("misuse table: duplicate entry " + name)
			}
		}
		maps.Copy(table, more)
	}
	return table
}

// misuseTableFormats covers the Ethereum and BIP-137 formats of package
// ecdsa.
func misuseTableFormats(f *fixtures) map[string]func(t *testing.T) {
	invPriv, invPub := secp256k1.ErrInvalidPrivateKey, secp256k1.ErrInvalidPublicKey
	invSig, invID, invHash := ecdsa.ErrInvalidSignature, ecdsa.ErrInvalidRecoveryID, ecdsa.ErrInvalidHashLength
	eth, err := ecdsa.SignEthereum(f.priv, f.hash)
	if err != nil {
		panic(err)
	}
	msg := []byte("misuse")
	bip137, err := ecdsa.SignMessage(f.priv, msg, ecdsa.AddressP2PKH)
	if err != nil {
		panic(err)
	}
	badTypes := []ecdsa.AddressType{0, ecdsa.AddressP2WPKH + 1, 255}
	return map[string]func(t *testing.T){
		"ecdsa.SignEthereum": func(t *testing.T) {
			for _, k := range badPrivs() {
				b, err := ecdsa.SignEthereum(k, f.hash)
				wantNoBytes(t, "SignEthereum", b)
				wantErr(t, "SignEthereum", err, invPriv)
			}
			b, err := ecdsa.SignEthereum(f.priv, nil)
			wantNoBytes(t, "SignEthereum(nil hash)", b)
			wantErr(t, "SignEthereum(nil hash)", err, invHash)
		},
		"ecdsa.ParseEthereumSignature": func(t *testing.T) {
			for _, b := range [][]byte{nil, make([]byte, 65)} {
				s, id, err := ecdsa.ParseEthereumSignature(b)
				wantNoValue(t, "ParseEthereumSignature", s)
				wantErr(t, "ParseEthereumSignature", err, invSig)
				if id != 0 {
					t.Error("ParseEthereumSignature: recovery id for invalid input")
				}
			}
		},
		"ecdsa.ParseEthereumSignatureChainID": func(t *testing.T) {
			for _, b := range [][]byte{nil, make([]byte, 65)} {
				s, id, err := ecdsa.ParseEthereumSignatureChainID(b, 0)
				wantNoValue(t, "ParseEthereumSignatureChainID", s)
				wantErr(t, "ParseEthereumSignatureChainID", err, invSig)
				if id != 0 {
					t.Error("ParseEthereumSignatureChainID: recovery id for invalid input")
				}
			}
		},
		"ecdsa.EthereumRecoveryID": func(t *testing.T) {
			for _, v := range []uint64{2, 35, ^uint64(0)} {
				id, err := ecdsa.EthereumRecoveryID(v, 0)
				wantErr(t, "EthereumRecoveryID", err, invID)
				if id != 0 {
					t.Error("EthereumRecoveryID: recovery id for invalid input")
				}
			}
		},
		"ecdsa.RecoverEthereum": func(t *testing.T) {
			p, err := ecdsa.RecoverEthereum(f.hash, nil)
			wantNoValue(t, "RecoverEthereum(nil signature)", p)
			wantErr(t, "RecoverEthereum(nil signature)", err, invSig)
			p, err = ecdsa.RecoverEthereum(nil, eth)
			wantNoValue(t, "RecoverEthereum(nil hash)", p)
			wantErr(t, "RecoverEthereum(nil hash)", err, invHash)
		},
		"ecdsa.Signature.BytesEthereum": func(t *testing.T) {
			for _, s := range badSigs() {
				wantNoBytes(t, "BytesEthereum", s.BytesEthereum(0))
			}
			wantNoBytes(t, "BytesEthereum(id 2)", f.sig.BytesEthereum(2))
		},
		"ecdsa.Signature.BytesBIP137": func(t *testing.T) {
			for _, s := range badSigs() {
				wantNoBytes(t, "BytesBIP137", s.BytesBIP137(0, ecdsa.AddressP2PKH))
			}
			for _, typ := range badTypes {
				wantNoBytes(t, "BytesBIP137(invalid type)", f.sig.BytesBIP137(0, typ))
			}
			wantNoBytes(t, "BytesBIP137(id 4)", f.sig.BytesBIP137(4, ecdsa.AddressP2PKH))
		},
		"ecdsa.AddressType.String": func(t *testing.T) {
			for _, typ := range badTypes {
				if typ.String() == "" {
					t.Error("AddressType.String: empty")
				}
			}
		},
		"ecdsa.AddressType.Hash160": func(t *testing.T) {
			for _, p := range badPubs() {
				h, err := ecdsa.AddressP2PKH.Hash160(p)
				wantNoBytes(t, "Hash160(invalid key)", h)
				wantErr(t, "Hash160(invalid key)", err, invPub)
			}
			for _, typ := range badTypes {
				h, err := typ.Hash160(f.pub)
				wantNoBytes(t, "Hash160(invalid type)", h)
				wantErr(t, "Hash160(invalid type)", err, invSig)
			}
		},
		"ecdsa.BitcoinMessageHash": func(t *testing.T) {
			if ecdsa.BitcoinMessageHash(nil) != ecdsa.BitcoinMessageHash([]byte{}) {
				t.Error("BitcoinMessageHash: nil is not the empty message")
			}
		},
		"ecdsa.SignedMessageHash": func(t *testing.T) {
			if ecdsa.SignedMessageHash("", nil) == ecdsa.BitcoinMessageHash(nil) {
				t.Error("SignedMessageHash: an empty prefix hashes like Bitcoin's")
			}
		},
		"ecdsa.SignMessage": func(t *testing.T) {
			for _, k := range badPrivs() {
				b, err := ecdsa.SignMessage(k, msg, ecdsa.AddressP2PKH)
				wantNoBytes(t, "SignMessage", b)
				wantErr(t, "SignMessage", err, invPriv)
			}
			for _, typ := range badTypes {
				b, err := ecdsa.SignMessage(f.priv, msg, typ)
				wantNoBytes(t, "SignMessage(invalid type)", b)
				wantErr(t, "SignMessage(invalid type)", err, invSig)
			}
		},
		"ecdsa.SignBIP137": func(t *testing.T) {
			for _, k := range badPrivs() {
				b, err := ecdsa.SignBIP137(k, f.hash, ecdsa.AddressP2PKH)
				wantNoBytes(t, "SignBIP137", b)
				wantErr(t, "SignBIP137", err, invPriv)
			}
			b, err := ecdsa.SignBIP137(f.priv, nil, ecdsa.AddressP2PKH)
			wantNoBytes(t, "SignBIP137(nil hash)", b)
			wantErr(t, "SignBIP137(nil hash)", err, invHash)
		},
		"ecdsa.ParseBIP137Signature": func(t *testing.T) {
			for _, b := range [][]byte{nil, make([]byte, 65), append([]byte{31}, make([]byte, 64)...)} {
				s, id, typ, err := ecdsa.ParseBIP137Signature(b)
				wantNoValue(t, "ParseBIP137Signature", s)
				if err == nil || id != 0 || typ != 0 {
					t.Errorf("ParseBIP137Signature(%x): %d, %v, %v", b, id, typ, err)
				}
			}
		},
		"ecdsa.RecoverBIP137": func(t *testing.T) {
			p, typ, err := ecdsa.RecoverBIP137(f.hash, nil)
			wantNoValue(t, "RecoverBIP137(nil signature)", p)
			wantErr(t, "RecoverBIP137(nil signature)", err, invSig)
			p, _, err = ecdsa.RecoverBIP137(nil, bip137)
			wantNoValue(t, "RecoverBIP137(nil hash)", p)
			wantErr(t, "RecoverBIP137(nil hash)", err, invHash)
			if typ != 0 {
				t.Error("RecoverBIP137: an address type for invalid input")
			}
		},
		"ecdsa.RecoverMessage": func(t *testing.T) {
			p, typ, err := ecdsa.RecoverMessage(msg, nil)
			wantNoValue(t, "RecoverMessage", p)
			wantErr(t, "RecoverMessage", err, invSig)
			if typ != 0 {
				t.Error("RecoverMessage: an address type for invalid input")
			}
		},
		"ecdsa.VerifyMessage": func(t *testing.T) {
			for _, p := range badPubs() {
				typ, ok := ecdsa.VerifyMessage(p, msg, bip137)
				wantFalse(t, "VerifyMessage(invalid key)", ok || typ != 0)
			}
			typ, ok := ecdsa.VerifyMessage(f.pub, msg, nil)
			wantFalse(t, "VerifyMessage(nil signature)", ok || typ != 0)
		},
		"ecdsa.VerifyMessageHash160": func(t *testing.T) {
			typ, ok := ecdsa.VerifyMessageHash160(nil, msg, bip137)
			wantFalse(t, "VerifyMessageHash160(nil hash)", ok || typ != 0)
			typ, ok = ecdsa.VerifyMessageHash160(make([]byte, 20), msg, bip137)
			wantFalse(t, "VerifyMessageHash160(zero hash)", ok || typ != 0)
			h, _ := ecdsa.AddressP2PKH.Hash160(f.pub)
			typ, ok = ecdsa.VerifyMessageHash160(h, msg, nil)
			wantFalse(t, "VerifyMessageHash160(nil signature)", ok || typ != 0)
		},
	}
}

// misuseTableStdlib covers the bridge to the standard library.
func misuseTableStdlib(f *fixtures) map[string]func(t *testing.T) {
	invPriv, invPub := secp256k1.ErrInvalidPrivateKey, secp256k1.ErrInvalidPublicKey
	return map[string]func(t *testing.T){
		"secp256k1.S256": func(t *testing.T) {
			c := secp256k1.S256()
			g := c.Params()
			for _, p := range [][2]*big.Int{{nil, nil}, {g.Gx, nil}, {nil, g.Gy}, {new(big.Int), new(big.Int)}} {
				wantFalse(t, "IsOnCurve", c.IsOnCurve(p[0], p[1]))
				for _, r := range [][2]*big.Int{
					pair(c.Add(p[0], p[1], g.Gx, g.Gy)), pair(c.Add(g.Gx, g.Gy, p[0], p[1])),
					pair(c.Double(p[0], p[1])), pair(c.ScalarMult(p[0], p[1], nil)),
				} {
					if r[0] == nil || r[1] == nil {
						t.Error("S256: a nil coordinate returned")
					}
				}
			}
			if x, y := c.ScalarBaseMult(nil); x == nil || y == nil || x.Sign() != 0 || y.Sign() != 0 {
				t.Error("ScalarBaseMult(nil) is not (0, 0)")
			}
		},
		"secp256k1.PrivateKey.ToECDSA": func(t *testing.T) {
			for _, k := range badPrivs() {
				wantNoValue(t, "PrivateKey.ToECDSA", k.ToECDSA())
			}
		},
		"secp256k1.PublicKey.ToECDSA": func(t *testing.T) {
			for _, k := range badPubs() {
				wantNoValue(t, "PublicKey.ToECDSA", k.ToECDSA())
			}
		},
		"secp256k1.PrivateKeyFromECDSA": func(t *testing.T) {
			for _, k := range []*stdecdsa.PrivateKey{nil, {}} {
				p, err := secp256k1.PrivateKeyFromECDSA(k)
				wantNoValue(t, "PrivateKeyFromECDSA", p)
				wantErr(t, "PrivateKeyFromECDSA", err, invPriv)
			}
		},
		"secp256k1.PublicKeyFromECDSA": func(t *testing.T) {
			for _, k := range []*stdecdsa.PublicKey{nil, {}} {
				p, err := secp256k1.PublicKeyFromECDSA(k)
				wantNoValue(t, "PublicKeyFromECDSA", p)
				wantErr(t, "PublicKeyFromECDSA", err, invPub)
			}
		},
		"secp256k1.PrivateKey.Sign": func(t *testing.T) {
			for _, k := range badPrivs() {
				sig, err := k.Sign(nil, f.hash, crypto.SHA256)
				wantNoBytes(t, "PrivateKey.Sign", sig)
				wantErr(t, "PrivateKey.Sign", err, invPriv)
			}
			sig, err := f.priv.Sign(nil, nil, nil)
			wantNoBytes(t, "PrivateKey.Sign(nil digest)", sig)
			if err == nil {
				t.Error("PrivateKey.Sign(nil digest): nil error")
			}
		},
		"secp256k1.PrivateKey.Zero": func(t *testing.T) {
			for _, k := range badPrivs() {
				k.Zero()
			}
		},
	}
}

func pair(x, y *big.Int) [2]*big.Int { return [2]*big.Int{x, y} }
