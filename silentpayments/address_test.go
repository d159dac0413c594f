package silentpayments_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1/internal/bech32"
	"github.com/p256k1/secp256k1/internal/testutil"
	sp "github.com/p256k1/secp256k1/silentpayments"
)

// The keys of BIP-352's test_address_decoding.py.
var (
	addrScan  = "0220bcfac5b99e04ad1a06ddfb016ee13582609d60b6291e98d01a9bc9a16c96d4"
	addrSpend = "025cc9856d6f8375350e123978daac200c260cb5b5ae83106cab90484dcd8fcf36"
)

func makeAddress(t *testing.T, hrp string, version byte, payload []byte, v bech32.Variant) string {
	t.Helper()
	data, err := bech32.ConvertBits(payload, 8, 5, true)
	if err != nil {
		t.Fatal(err)
	}
	s, err := bech32.EncodeLimit(hrp, append([]byte{version}, data...), v, 5000)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestParseAddress: the forward-compatibility rules of BIP-352's
// "Versions" (the cases of its test_address_decoding.py and more), the
// length limit, case, the human-readable parts and the keys.
func TestParseAddress(t *testing.T) {
	payload := append(testutil.MustHex(t, addrScan), testutil.MustHex(t, addrSpend)...)
	ok := func(name, s string, version byte, net sp.Network) {
		t.Helper()
		a, err := sp.ParseAddress(s)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		if a.Version != version || a.Network != net ||
			!bytes.Equal(a.ScanKey.BytesCompressed(), payload[:33]) || !bytes.Equal(a.SpendKey.BytesCompressed(), payload[33:]) {
			t.Errorf("%s: %+v", name, a)
		}
	}
	bad := func(name, s string) {
		t.Helper()
		if a, err := sp.ParseAddress(s); a != nil || !errors.Is(err, sp.ErrInvalidAddress) {
			t.Errorf("%s: ParseAddress = %+v, %v", name, a, err)
		}
	}
	v0 := makeAddress(t, "tsp", 0, payload, bech32.Bech32m)
	ok("version 0", v0, 0, sp.Testnet)
	ok("uppercase", strings.ToUpper(v0), 0, sp.Testnet)
	ok("mainnet", makeAddress(t, "sp", 0, payload, bech32.Bech32m), 0, sp.Mainnet)
	ok("version 17", makeAddress(t, "tsp", 17, payload, bech32.Bech32m), 17, sp.Testnet)
	ok("version 1 with extension data", makeAddress(t, "tsp", 1, append(bytes.Clone(payload), "extension"...), bech32.Bech32m), 1, sp.Testnet)
	ok("version 30", makeAddress(t, "sp", 30, payload, bech32.Bech32m), 30, sp.Mainnet)
	// A version 1 address of exactly 1023 characters: "sp1" + 1014 data
	// characters (the version and 1013 payload characters, 633 bytes) + 6.
	long := makeAddress(t, "sp", 1, append(bytes.Clone(payload), make([]byte, 633-66)...), bech32.Bech32m)
	if len(long) != 1023 {
		t.Fatalf("long address of %d characters", len(long))
	}
	ok("1023 characters", long, 1, sp.Mainnet)

	bad("bech32 checksum, version 0", makeAddress(t, "tsp", 0, payload, bech32.Bech32))
	bad("bech32 checksum, version 1", makeAddress(t, "tsp", 1, payload, bech32.Bech32))
	bad("version 0 with extension data", makeAddress(t, "tsp", 0, append(bytes.Clone(payload), "extension"...), bech32.Bech32m))
	bad("version 0, 65 bytes", makeAddress(t, "tsp", 0, payload[:65], bech32.Bech32m))
	bad("version 1, 65 bytes", makeAddress(t, "tsp", 1, payload[:65], bech32.Bech32m))
	bad("version 31", makeAddress(t, "tsp", 31, payload, bech32.Bech32m))
	bad("1024 characters", makeAddress(t, "sp", 1, append(bytes.Clone(payload), make([]byte, 634-66)...), bech32.Bech32m))
	bad("segwit hrp", makeAddress(t, "bc", 0, payload, bech32.Bech32m))
	bad("sprt hrp", makeAddress(t, "sprt", 0, payload, bech32.Bech32m))
	bad("mixed case", strings.ToUpper(v0[:10])+v0[10:])
	other := byte('q')
	if v0[20] == 'q' {
		other = 'p'
	}
	bad("changed character", v0[:20]+string(other)+v0[21:])
	bad("empty", "")
	noData, _ := bech32.EncodeLimit("sp", nil, bech32.Bech32m, 90)
	bad("no version", noData)
	uncompressed := bytes.Clone(payload)
	uncompressed[0] = 4
	bad("scan key prefix 04", makeAddress(t, "sp", 0, uncompressed, bech32.Bech32m))
	offCurve := bytes.Clone(payload)
	copy(offCurve[34:], bytes.Repeat([]byte{0xff}, 32)) // x >= p
	bad("spend key x >= p", makeAddress(t, "sp", 0, offCurve, bech32.Bech32m))
	// Non-zero padding: 66 bytes are 528 bits, 106 characters hold 530.
	data, _ := bech32.ConvertBits(payload, 8, 5, true)
	data[len(data)-1] |= 1
	s, _ := bech32.EncodeLimit("sp", append([]byte{0}, data...), bech32.Bech32m, 1023)
	bad("non-zero padding", s)
}

// TestAddressEncode: round trips, and what Encode refuses.
func TestAddressEncode(t *testing.T) {
	for _, s := range []string{
		"sp1qqgste7k9hx0qftg6qmwlkqtwuy6cycyavzmzj85c6qdfhjdpdjtdgqjuexzk6murw56suy3e0rd2cgqvycxttddwsvgxe2usfpxumr70xc9pkqwv",
		makeAddress(t, "tsp", 0, append(testutil.MustHex(t, addrScan), testutil.MustHex(t, addrSpend)...), bech32.Bech32m),
	} {
		a, err := sp.ParseAddress(s)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := a.Encode(); err != nil || got != s {
			t.Errorf("Encode = %q, %v; want %q", got, err, s)
		}
		a.Version = 1
		if got, err := a.Encode(); got != "" || !errors.Is(err, sp.ErrInvalidAddress) {
			t.Errorf("Encode of version 1 = %q, %v", got, err)
		}
		a.Version, a.Network = 0, 2
		if got, err := a.Encode(); got != "" || !errors.Is(err, sp.ErrInvalidAddress) {
			t.Errorf("Encode for network 2 = %q, %v", got, err)
		}
	}
	if sp.Mainnet.String() != "sp" || sp.Testnet.String() != "tsp" || sp.Network(7).String() != "Network(7)" {
		t.Error("Network.String")
	}
}
