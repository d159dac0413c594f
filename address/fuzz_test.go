package address_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/address"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// FuzzDecode: Decode never panics, on any network; an address it accepts
// has a known type, encodes back to the input (bech32 in lowercase),
// decodes again to itself, and comes back from its scriptPubKey. Every
// error wraps ErrInvalidAddress.
func FuzzDecode(f *testing.F) {
	var valid [][3]any
	testutil.LoadJSON(f, "testdata/bitcoin-core/key_io_valid.json", &valid)
	for _, c := range valid {
		f.Add(c[0].(string), uint8(1))
	}
	var invalid [][]string
	testutil.LoadJSON(f, "testdata/bitcoin-core/key_io_invalid.json", &invalid)
	for _, c := range invalid {
		f.Add(c[0], uint8(2))
	}
	f.Add("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", uint8(1))
	f.Add("bcrt1qdavt4j2sd7dlhqsavtnfxvzppw6k7qy97tmnu9", uint8(4))
	f.Fuzz(func(t *testing.T, s string, n uint8) {
		net := address.Network(n % 6) // 0 and 5 are not networks
		a, err := address.Decode(s, net)
		if err != nil {
			if a != nil || !errors.Is(err, address.ErrInvalidAddress) && !errors.Is(err, address.ErrInvalidNetwork) {
				t.Fatalf("Decode(%q, %v) = %v, %v", s, net, a, err)
			}
			return
		}
		want := s
		if a.WitnessVersion() >= 0 {
			want = strings.ToLower(s)
		}
		if a.String() != want || a.Network() != net || a.Type() < address.TypeP2PKH || a.Type() > address.TypeWitnessUnknown {
			t.Fatalf("Decode(%q, %v) = %q (%v, %v)", s, net, a, a.Type(), a.Network())
		}
		if b, err := address.Decode(a.String(), net); err != nil || !b.Equal(a) {
			t.Fatalf("%q does not decode again: %v, %v", a, b, err)
		}
		script, err := a.ScriptPubKey()
		if err != nil {
			t.Fatal(err)
		}
		if b, err := address.FromScriptPubKey(script, net); err != nil || !b.Equal(a) {
			t.Fatalf("FromScriptPubKey(%x) = %v, %v; want %v", script, b, err, a)
		}
	})
}

// FuzzFromScriptPubKey: FromScriptPubKey never panics; an address it
// returns writes the same script back, and its string decodes to it.
// Every error wraps ErrInvalidScript.
func FuzzFromScriptPubKey(f *testing.F) {
	var valid [][3]any
	testutil.LoadJSON(f, "testdata/bitcoin-core/key_io_valid.json", &valid)
	for _, c := range valid {
		if !c[2].(map[string]any)["isPrivkey"].(bool) {
			f.Add(testutil.MustHex(f, c[1].(string)))
		}
	}
	f.Add([]byte{})
	f.Add([]byte{0x6a, 0x01, 0x00})
	f.Fuzz(func(t *testing.T, script []byte) {
		a, err := address.FromScriptPubKey(script, address.Regtest)
		if err != nil {
			if a != nil || !errors.Is(err, address.ErrInvalidScript) {
				t.Fatalf("FromScriptPubKey(%x) = %v, %v", script, a, err)
			}
			return
		}
		if s, err := a.ScriptPubKey(); err != nil || !bytes.Equal(s, script) {
			t.Fatalf("FromScriptPubKey(%x) gives %v with script %x, %v", script, a, s, err)
		}
		if b, err := address.Decode(a.String(), address.Regtest); err != nil || !b.Equal(a) {
			t.Fatalf("%v does not decode: %v, %v", a, b, err)
		}
	})
}
