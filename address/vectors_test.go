package address_test

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"
	"unicode"

	"github.com/p256k1/secp256k1/address"
	"github.com/p256k1/secp256k1/internal/testutil"
)

var allNets = []address.Network{address.Mainnet, address.Testnet, address.Signet, address.Regtest}

// mustFailEverywhere checks that s is no address of any network, with an
// error that wraps ErrInvalidAddress and no address.
func mustFailEverywhere(t *testing.T, s, why string) {
	t.Helper()
	for _, net := range allNets {
		a, err := address.Decode(s, net)
		if err == nil || a != nil || !errors.Is(err, address.ErrInvalidAddress) {
			t.Errorf("Decode(%q, %v) (%s) = %v, %v", s, net, why, a, err)
		}
	}
}

// checkValid decodes s for net and checks the scriptPubKey, the
// re-encoding (lowercase) and FromScriptPubKey of the script.
func checkValid(t *testing.T, s string, net address.Network, scriptHex string) *address.Address {
	t.Helper()
	a, err := address.Decode(s, net)
	if err != nil {
		t.Errorf("Decode(%q, %v): %v", s, net, err)
		return nil
	}
	script, err := a.ScriptPubKey()
	if err != nil || hex.EncodeToString(script) != scriptHex {
		t.Errorf("%s: scriptPubKey %x, %v; want %s", s, script, err, scriptHex)
	}
	want := s
	if a.WitnessVersion() >= 0 {
		want = strings.ToLower(s)
	}
	if a.String() != want || a.Network() != net {
		t.Errorf("Decode(%q, %v) encodes back as %q for %v", s, net, a, a.Network())
	}
	b, err := address.FromScriptPubKey(script, net)
	if err != nil || !b.Equal(a) {
		t.Errorf("FromScriptPubKey(%x, %v) = %v, %v; want %v", script, net, b, err, a)
	}
	return a
}

type bip350File struct {
	ValidBech32       []string    `json:"valid_bech32"`
	ValidBech32m      []string    `json:"valid_bech32m"`
	InvalidBech32     [][2]string `json:"invalid_bech32"`
	InvalidBech32m    [][2]string `json:"invalid_bech32m"`
	ValidAddress      [][2]string `json:"valid_address"`
	InvalidAddress    [][2]string `json:"invalid_address"`
	InvalidAddressEnc [][3]any    `json:"invalid_address_enc"`
}

// TestBIP350Vectors runs the address vectors of BIP-173 and BIP-350 (the
// file internal/bech32 tests its encoding with): the valid addresses
// decode to their scriptPubKey and encode back; the invalid ones, and all
// the checksum test strings (none is an address), fail for every network;
// the invalid encodings fail in NewWitness.
func TestBIP350Vectors(t *testing.T) {
	var f bip350File
	testutil.LoadJSON(t, "../internal/bech32/testdata/bip350_vectors.json", &f)
	for _, c := range f.ValidAddress {
		net := address.Mainnet
		if strings.HasPrefix(strings.ToLower(c[0]), "tb1") {
			net = address.Testnet
		}
		checkValid(t, c[0], net, c[1])
	}
	for _, c := range f.InvalidAddress {
		mustFailEverywhere(t, c[0], c[1])
	}
	strs := append(append([]string(nil), f.ValidBech32...), f.ValidBech32m...)
	for _, c := range append(f.InvalidBech32, f.InvalidBech32m...) {
		strs = append(strs, c[0])
	}
	for _, s := range strs {
		mustFailEverywhere(t, s, "checksum test string")
	}
	enc := 0
	for _, c := range f.InvalidAddressEnc {
		hrp, ver, n := c[0].(string), int(c[1].(float64)), int(c[2].(float64))
		if hrp != "bc" {
			continue // an uppercase human-readable part: this API takes a Network
		}
		enc++
		if a, err := address.NewWitness(ver, make([]byte, n), address.Mainnet); a != nil || !errors.Is(err, address.ErrInvalidAddress) {
			t.Errorf("NewWitness(%d, %d bytes) = %v, %v", ver, n, a, err)
		}
	}
	if len(f.ValidAddress) != 8 || len(f.InvalidAddress) != 15 || len(strs) != 40 || enc != 4 {
		t.Errorf("ran %d valid, %d invalid addresses, %d checksum strings, %d encodings; want 8, 15, 40, 4",
			len(f.ValidAddress), len(f.InvalidAddress), len(strs), enc)
	}
}

// swapCase swaps the case of every letter of s.
func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, s)
}

var coreChains = map[string]address.Network{
	"main": address.Mainnet, "testnet4": address.Testnet, "signet": address.Signet, "regtest": address.Regtest,
}

// TestBitcoinCoreKeyIO runs Bitcoin Core's key_io_valid.json and
// key_io_invalid.json. Every address of the valid file decodes for its
// chain to its scriptPubKey, encodes back, comes back from the script,
// and, where the file says tryCaseFlip, decodes with its case swapped;
// every private key (WIF) of the valid file, and every string of the
// invalid file, is no address of any network.
func TestBitcoinCoreKeyIO(t *testing.T) {
	var valid [][3]any
	testutil.LoadJSON(t, "testdata/bitcoin-core/key_io_valid.json", &valid)
	addrs, keys, flips := 0, 0, 0
	for _, c := range valid {
		s, script, meta := c[0].(string), c[1].(string), c[2].(map[string]any)
		if meta["isPrivkey"].(bool) {
			keys++
			mustFailEverywhere(t, s, "a WIF private key")
			continue
		}
		addrs++
		net, ok := coreChains[meta["chain"].(string)]
		if !ok {
			t.Fatalf("%s: unknown chain %v", s, meta["chain"])
		}
		a := checkValid(t, s, net, script)
		if a == nil {
			continue
		}
		if flip, _ := meta["tryCaseFlip"].(bool); flip {
			flips++
			if b, err := address.Decode(swapCase(s), net); err != nil || !b.Equal(a) {
				t.Errorf("Decode(%q) = %v, %v; want %v", swapCase(s), b, err, a)
			}
		}
	}
	var invalid [][]string
	testutil.LoadJSON(t, "testdata/bitcoin-core/key_io_invalid.json", &invalid)
	for _, c := range invalid {
		mustFailEverywhere(t, c[0], "key_io_invalid.json")
	}
	if addrs != 54 || keys != 16 || flips != 32 || len(invalid) != 79 {
		t.Errorf("ran %d addresses (%d case-flipped), %d keys, %d invalid; want 54 (32), 16, 79", addrs, flips, keys, len(invalid))
	}
}
