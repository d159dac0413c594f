package silentpayments_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/internal/ripemd160"
	"github.com/p256k1/secp256k1/internal/testutil"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

// FuzzParseAddress: no panic; an accepted address is at most 1023
// characters, of version 0 to 30, and a version 0 address encodes back to
// itself in lowercase.
func FuzzParseAddress(f *testing.F) {
	for _, c := range loadVectors(f) {
		for _, s := range c.Sending {
			for _, r := range s.Given.Recipients {
				f.Add(r.Address)
			}
		}
	}
	f.Add("tsp1qqgste7k9hx0qftg6qmwlkqtwuy6cycyavzmzj85c6qdfhjdpdjtdgqjuexzk6murw56suy3e0rd2cgqvycxttddwsvgxe2usfpxumr70xc9pkqwv")
	f.Add("SP1QQ")
	f.Fuzz(func(t *testing.T, s string) {
		a, err := sp.ParseAddress(s)
		if err != nil {
			if a != nil || !errors.Is(err, sp.ErrInvalidAddress) {
				t.Fatalf("ParseAddress(%q) = %v, %v", s, a, err)
			}
			return
		}
		if len(s) > sp.MaxAddressLength || a.Version > 30 || a.ScanKey == nil || a.SpendKey == nil {
			t.Fatalf("ParseAddress(%q) accepted %+v", s, a)
		}
		enc, err := a.Encode()
		if a.Version == 0 && (err != nil || enc != strings.ToLower(s)) {
			t.Fatalf("ParseAddress(%q) encodes back as %q, %v", s, enc, err)
		}
		if a.Version != 0 && err == nil {
			t.Fatalf("Encode of version %d: %q", a.Version, enc)
		}
	})
}

// refInputKey is BIP-352's "Inputs For Shared Secret Derivation", written
// from the BIP's text: the key, or nil and whether the transaction must be
// skipped (segwit version above 1). P2SH-P2WPKH requires the scriptSig
// that a valid transaction has, the single push of the P2WPKH script.
func refInputKey(prevout, scriptSig []byte, witness [][]byte) (key []byte, skipTx bool) {
	compressed := func(b []byte) []byte {
		if k, err := secp256k1.NewPublicKey(b); err == nil && len(b) == 33 {
			return k.BytesCompressed()
		}
		return nil
	}
	last := func(w [][]byte) []byte {
		if len(w) == 0 {
			return nil
		}
		return w[len(w)-1]
	}
	switch {
	case len(prevout) == 25 && bytes.HasPrefix(prevout, []byte{0x76, 0xa9, 0x14}) && bytes.HasSuffix(prevout, []byte{0x88, 0xac}):
		for i := len(scriptSig); i >= 33; i-- {
			w := scriptSig[i-33 : i]
			if h := ripemd160.Hash160(w); bytes.Equal(h[:], prevout[3:23]) {
				if k := compressed(w); k != nil {
					return k, false
				}
			}
		}
		return nil, false
	case len(prevout) == 23 && prevout[0] == 0xa9 && prevout[1] == 0x14 && prevout[22] == 0x87:
		if len(scriptSig) == 23 && scriptSig[0] == 22 && scriptSig[1] == 0 && scriptSig[2] == 20 {
			return compressed(last(witness)), false
		}
		return nil, false
	case len(prevout) == 22 && prevout[0] == 0 && prevout[1] == 20:
		return compressed(last(witness)), false
	case len(prevout) == 34 && prevout[0] == 0x51 && prevout[1] == 0x20:
		w := witness
		if len(w) == 0 {
			return nil, false
		}
		if len(w) > 1 && len(last(w)) > 0 && last(w)[0] == 0x50 {
			w = w[:len(w)-1]
		}
		if len(w) > 1 && len(last(w)) >= 33 &&
			bytes.Equal(last(w)[1:33], refNUMS) {
			return nil, false
		}
		return compressed(append([]byte{2}, prevout[2:]...)), false
	}
	// A witness program of version 2 to 16: OP_2..OP_16, one push of 2 to
	// 40 bytes.
	if len(prevout) >= 4 && len(prevout) <= 42 && prevout[0] >= 0x52 && prevout[0] <= 0x60 && int(prevout[1]) == len(prevout)-2 {
		return nil, true
	}
	return nil, false
}

// refNUMS is BIP-341's NUMS point H (x coordinate).
var refNUMS, _ = hex.DecodeString("50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0")

// splitWitness cuts b into items at each 0xff byte (a fuzzer-friendly
// stack encoding); nil for an empty b.
func splitWitness(b []byte) [][]byte {
	if len(b) == 0 {
		return nil
	}
	return bytes.Split(b, []byte{0xff})
}

// FuzzInputPublicKey compares InputPublicKey with refInputKey on fuzzed
// scripts and witnesses, seeded with every input of the BIP-352 vectors.
func FuzzInputPublicKey(f *testing.F) {
	for _, c := range loadVectors(f) {
		for _, s := range c.Sending {
			for _, v := range s.Given.Vin {
				w := parseWitness(f, testutil.MustHex(f, v.TxInWitness))
				f.Add(testutil.MustHex(f, v.Prevout.ScriptPubKey.Hex), testutil.MustHex(f, v.ScriptSig), bytes.Join(w, []byte{0xff}))
			}
		}
	}
	f.Add([]byte{0x52, 0x02, 1, 2}, []byte(nil), []byte(nil))
	f.Fuzz(func(t *testing.T, prevout, scriptSig, witness []byte) {
		w := splitWitness(witness)
		k, err := sp.InputPublicKey(prevout, scriptSig, w)
		want, skip := refInputKey(prevout, scriptSig, w)
		switch {
		case skip:
			if k != nil || !errors.Is(err, sp.ErrSegwitVersion) {
				t.Fatalf("InputPublicKey = %v, %v; want ErrSegwitVersion", k, err)
			}
		case want == nil:
			if k != nil || !errors.Is(err, sp.ErrNotEligible) {
				t.Fatalf("InputPublicKey = %v, %v; want ErrNotEligible", k, err)
			}
		default:
			if err != nil || !bytes.Equal(k.BytesCompressed(), want) {
				t.Fatalf("InputPublicKey = %v, %v; want %x", k, err, want)
			}
		}
	})
}
