package ecdsa_test

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/ecdsa"
	"github.com/p256k1/secp256k1/internal/base58"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// bitcoinjsMessage is testdata/bitcoinjs-message/fixtures.json.
type bitcoinjsMessage struct {
	Networks map[string]string `json:"networks"`
	Valid    struct {
		Signature []struct {
			Signature  string `json:"signature"`
			Recovery   byte   `json:"recovery"`
			Compressed bool   `json:"compressed"`
			Hex        string `json:"hex"`
		} `json:"signature"`
		MagicHash []struct {
			Network   string `json:"network"`
			Message   string `json:"message"`
			MagicHash string `json:"magicHash"`
		} `json:"magicHash"`
		Sign []struct {
			Message    string `json:"message"`
			Network    string `json:"network"`
			D          string `json:"d"`
			Signature  string `json:"signature"`
			Compressed *struct {
				Signature string `json:"signature"`
			} `json:"compressed"`
			Segwit map[string]struct {
				Signature string `json:"signature"`
			} `json:"segwit"`
		} `json:"sign"`
		Verify []bip137VerifyCase `json:"verify"`
	} `json:"valid"`
	Invalid struct {
		Signature []struct {
			Exception string `json:"exception"`
			Hex       string `json:"hex"`
		} `json:"signature"`
		Verify []bip137VerifyCase `json:"verify"`
	} `json:"invalid"`
	RandomSig []struct {
		WIF        string `json:"wif"`
		Message    string `json:"message"`
		Signatures []struct {
			SigData   string `json:"sigData"`
			Signature string `json:"signature"`
		} `json:"signatures"`
	} `json:"randomSig"`
}

type bip137VerifyCase struct {
	Message    string `json:"message"`
	Network    string `json:"network"`
	Address    string `json:"address"`
	Signature  string `json:"signature"`
	Compressed *struct {
		Address   string `json:"address"`
		Signature string `json:"signature"`
	} `json:"compressed"`
	Segwit map[string]struct {
		Address   string `json:"address"`
		Signature string `json:"signature"`
	} `json:"segwit"`
}

func loadBitcoinjsMessage(t *testing.T) *bitcoinjsMessage {
	var f bitcoinjsMessage
	testutil.LoadJSON(t, "testdata/bitcoinjs-message/fixtures.json", &f)
	return &f
}

// prefix returns a network's message prefix without its length byte,
// checking that byte.
func (f *bitcoinjsMessage) prefix(t *testing.T, network string) string {
	t.Helper()
	if network == "" {
		network = "bitcoin"
	}
	p, ok := f.Networks[network]
	if !ok || len(p) == 0 || int(p[0]) != len(p)-1 {
		t.Fatalf("network %q: prefix %q", network, p)
	}
	return p[1:]
}

func b64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// addressHash160 decodes a P2PKH or P2SH address (Base58Check, version
// byte 0x00, 0x05 or Dogecoin's 0x1e) or a P2WPKH address (bech32 with
// witness version 0 and a 20-byte program) to its 20-byte hash, and
// returns the address types it can stand for.
func addressHash160(t *testing.T, addr string) ([]byte, []ecdsa.AddressType) {
	t.Helper()
	if strings.HasPrefix(addr, "bc1") {
		prog := bech32DecodeV0(t, addr)
		return prog, []ecdsa.AddressType{ecdsa.AddressP2WPKH}
	}
	b, err := base58.CheckDecode(addr)
	if err != nil || len(b) != 21 {
		t.Fatalf("address %s: %v (%d bytes)", addr, err, len(b))
	}
	switch b[0] {
	case 0x00, 0x1e: // Bitcoin, Dogecoin P2PKH
		return b[1:], []ecdsa.AddressType{ecdsa.AddressP2PKHUncompressed, ecdsa.AddressP2PKH}
	case 0x05:
		return b[1:], []ecdsa.AddressType{ecdsa.AddressP2SHP2WPKH}
	}
	t.Fatalf("address %s: version %#x", addr, b[0])
	return nil, nil
}

// bech32DecodeV0 decodes a BIP-173 bech32 segwit v0 address with its
// checksum and returns the witness program.
func bech32DecodeV0(t *testing.T, addr string) []byte {
	t.Helper()
	const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
	sep := strings.LastIndexByte(addr, '1')
	hrp, data := addr[:sep], addr[sep+1:]
	var values []byte
	for _, c := range []byte(data) {
		i := strings.IndexByte(charset, c)
		if i < 0 {
			t.Fatalf("%s: bad character %q", addr, c)
		}
		values = append(values, byte(i))
	}
	polymod := func(v []byte) uint32 {
		gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
		chk := uint32(1)
		for _, x := range v {
			b := chk >> 25
			chk = (chk&0x1ffffff)<<5 ^ uint32(x)
			for i := range 5 {
				if (b>>i)&1 == 1 {
					chk ^= gen[i]
				}
			}
		}
		return chk
	}
	var expanded []byte
	for _, c := range []byte(hrp) {
		expanded = append(expanded, c>>5)
	}
	expanded = append(expanded, 0)
	for _, c := range []byte(hrp) {
		expanded = append(expanded, c&31)
	}
	if polymod(append(expanded, values...)) != 1 {
		t.Fatalf("%s: bad bech32 checksum", addr)
	}
	values = values[:len(values)-6]
	if values[0] != 0 {
		t.Fatalf("%s: witness version %d", addr, values[0])
	}
	var prog []byte
	acc, nbits := 0, 0
	for _, v := range values[1:] {
		acc = acc<<5 | int(v)
		nbits += 5
		if nbits >= 8 {
			nbits -= 8
			prog = append(prog, byte(acc>>nbits))
		}
	}
	if nbits >= 5 || acc&(1<<nbits-1) != 0 || len(prog) != 20 {
		t.Fatalf("%s: bad program padding or length %d", addr, len(prog))
	}
	return prog
}

// TestVectorsBitcoinjsMessage runs every case of bitcoinjs-message's
// fixtures: header parsing (7 valid, 3 invalid), the magic hash (5, two
// networks), signing (2 cases, 5 signatures: every header range), verifying
// against addresses (2 cases, 5 address/signature pairs, the segwit ones
// included; 4 invalid) and signing with extra entropy (2 signatures).
func TestVectorsBitcoinjsMessage(t *testing.T) {
	f := loadBitcoinjsMessage(t)
	counts := map[string]int{}

	for _, c := range f.Valid.Signature {
		b := testutil.MustHex(t, c.Hex)
		sig, recID, typ, err := ecdsa.ParseBIP137Signature(b)
		if err != nil {
			t.Fatalf("%s: %v", c.Hex, err)
		}
		want := ecdsa.AddressP2PKHUncompressed
		if c.Compressed {
			want = ecdsa.AddressP2PKH
		}
		if recID != c.Recovery || typ != want || !bytes.Equal(sig.BytesCompact(), testutil.MustHex(t, c.Signature)) {
			t.Errorf("%s: recovery %d, type %v, r‖s %x", c.Hex, recID, typ, sig.BytesCompact())
		}
		if !bytes.Equal(sig.BytesBIP137(recID, typ), b) {
			t.Errorf("%s: re-encodes to %x", c.Hex, sig.BytesBIP137(recID, typ))
		}
		counts["valid.signature"]++
	}
	for _, c := range f.Invalid.Signature {
		b := testutil.MustHex(t, c.Hex)
		_, _, _, err := ecdsa.ParseBIP137Signature(b)
		switch c.Exception {
		case "Invalid signature parameter": // the header byte
			if !errors.Is(err, ecdsa.ErrInvalidRecoveryID) {
				t.Errorf("%s: %v, want ErrInvalidRecoveryID", c.Hex, err)
			}
		case "Invalid signature length":
			if !errors.Is(err, ecdsa.ErrInvalidSignature) || !strings.Contains(err.Error(), "length") {
				t.Errorf("%s: %v, want a length error", c.Hex, err)
			}
		default:
			t.Fatalf("%s: no policy for exception %q", c.Hex, c.Exception)
		}
		counts["invalid.signature"]++
	}

	for _, c := range f.Valid.MagicHash {
		h := ecdsa.SignedMessageHash(f.prefix(t, c.Network), []byte(c.Message))
		if fmt.Sprintf("%x", h) != c.MagicHash {
			t.Errorf("%s %q: %x, want %s", c.Network, c.Message, h, c.MagicHash)
		}
		if c.Network == "bitcoin" && ecdsa.BitcoinMessageHash([]byte(c.Message)) != h {
			t.Errorf("%q: BitcoinMessageHash differs from SignedMessageHash", c.Message)
		}
		counts["valid.magicHash"]++
	}

	for _, c := range f.Valid.Sign {
		d, ok := new(big.Int).SetString(c.D, 16)
		if !ok {
			t.Fatalf("d = %q", c.D)
		}
		priv, err := secp256k1.NewPrivateKey(d.FillBytes(make([]byte, 32)))
		if err != nil {
			t.Fatal(err)
		}
		h := ecdsa.SignedMessageHash(f.prefix(t, c.Network), []byte(c.Message))
		want := map[ecdsa.AddressType]string{ecdsa.AddressP2PKHUncompressed: c.Signature}
		if c.Compressed != nil {
			want[ecdsa.AddressP2PKH] = c.Compressed.Signature
		}
		for name, s := range c.Segwit {
			want[segwitType(t, name)] = s.Signature
		}
		for typ, s := range want {
			got, err := ecdsa.SignBIP137(priv, h[:], typ)
			if err != nil || !bytes.Equal(got, b64(t, s)) {
				t.Errorf("sign %s %q as %v: %x, %v; want %x", c.Network, c.Message, typ, got, err, b64(t, s))
			}
			if c.Network == "bitcoin" {
				if got, err := ecdsa.SignMessage(priv, []byte(c.Message), typ); err != nil || !bytes.Equal(got, b64(t, s)) {
					t.Errorf("SignMessage %q as %v: %x, %v", c.Message, typ, got, err)
				}
			}
			pub, rtyp, err := ecdsa.RecoverBIP137(h[:], b64(t, s))
			if err != nil || rtyp != typ || !pub.Equal(priv.PublicKey()) {
				t.Errorf("recover %s %q as %v: %v, %v", c.Network, c.Message, typ, rtyp, err)
			}
			counts["valid.sign signatures"]++
		}
		counts["valid.sign"]++
	}

	verify := func(c bip137VerifyCase, addr, sig string, wantOK bool) {
		t.Helper()
		hash160, types := addressHash160(t, addr)
		h := ecdsa.SignedMessageHash(f.prefix(t, c.Network), []byte(c.Message))
		ok := false
		if pub, typ, err := ecdsa.RecoverBIP137(h[:], b64(t, sig)); err == nil && slices.Contains(types, typ) {
			got, err := typ.Hash160(pub)
			ok = err == nil && bytes.Equal(got, hash160)
		}
		if ok != wantOK {
			t.Errorf("verify %s %q against %s: %v, want %v", c.Network, c.Message, addr, ok, wantOK)
		}
		if c.Network == "" || c.Network == "bitcoin" {
			typ, ok2 := ecdsa.VerifyMessageHash160(hash160, []byte(c.Message), b64(t, sig))
			if ok2 && !slices.Contains(types, typ) {
				ok2 = false // the address's own type must match the header's
			}
			if ok2 != wantOK {
				t.Errorf("VerifyMessageHash160 %q against %s: %v (%v), want %v", c.Message, addr, ok2, typ, wantOK)
			}
		}
	}
	for _, c := range f.Valid.Verify {
		verify(c, c.Address, c.Signature, true)
		pairs := 1
		if c.Compressed != nil {
			verify(c, c.Compressed.Address, c.Compressed.Signature, true)
			pairs++
		}
		for name, s := range c.Segwit {
			segwitType(t, name)
			verify(c, s.Address, s.Signature, true)
			pairs++
		}
		counts["valid.verify"]++
		counts["valid.verify pairs"] += pairs
	}
	for _, c := range f.Invalid.Verify {
		verify(c, c.Address, c.Signature, false)
		counts["invalid.verify"]++
	}

	for _, c := range f.RandomSig {
		// An uncompressed-key WIF: 0x80 ‖ key.
		b, err := base58.CheckDecode(c.WIF)
		if err != nil || len(b) != 33 || b[0] != 0x80 {
			t.Fatalf("WIF %s: %v", c.WIF, err)
		}
		priv, err := secp256k1.NewPrivateKey(b[1:])
		if err != nil {
			t.Fatal(err)
		}
		h := ecdsa.BitcoinMessageHash([]byte(c.Message))
		for _, s := range c.Signatures {
			sig, err := ecdsa.SignWithEntropy(priv, h[:], b64(t, s.SigData))
			if err != nil {
				t.Fatal(err)
			}
			want := b64(t, s.Signature)
			got := []byte(nil)
			for id := byte(0); id < 4; id++ {
				if pub, err := ecdsa.RecoverPublicKey(h[:], sig, id); err == nil && pub.Equal(priv.PublicKey()) {
					got = sig.BytesBIP137(id, ecdsa.AddressP2PKHUncompressed)
					break
				}
			}
			if !bytes.Equal(got, want) {
				t.Errorf("extra entropy %s: %x, want %x", s.SigData, got, want)
			}
			if typ, ok := ecdsa.VerifyMessage(priv.PublicKey(), []byte(c.Message), want); !ok || typ != ecdsa.AddressP2PKHUncompressed {
				t.Errorf("extra entropy %s: VerifyMessage = %v, %v", s.SigData, typ, ok)
			}
			counts["randomSig signatures"]++
		}
		counts["randomSig"]++
	}

	want := map[string]int{
		"valid.signature": 7, "invalid.signature": 3, "valid.magicHash": 5,
		"valid.sign": 2, "valid.sign signatures": 5, "valid.verify": 2, "valid.verify pairs": 5,
		"invalid.verify": 4, "randomSig": 1, "randomSig signatures": 2,
	}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("%s: %d cases run, want %d", k, counts[k], n)
		}
	}
	if len(counts) != len(want) {
		t.Errorf("counted %v, want %v", counts, want)
	}
}

func segwitType(t *testing.T, name string) ecdsa.AddressType {
	t.Helper()
	switch name {
	case "P2SH_P2WPKH":
		return ecdsa.AddressP2SHP2WPKH
	case "P2WPKH":
		return ecdsa.AddressP2WPKH
	}
	t.Fatalf("segwit type %q", name)
	return 0
}
