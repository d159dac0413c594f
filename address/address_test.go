package address_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/address"
	"github.com/p256k1/secp256k1/internal/base58"
	"github.com/p256k1/secp256k1/internal/ripemd160"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// keyOne returns the key 1, whose public key is the generator G.
func keyOne(t *testing.T) *secp256k1.PrivateKey {
	t.Helper()
	k, err := secp256k1.NewPrivateKey(testutil.MustHex(t, "0000000000000000000000000000000000000000000000000000000000000001"))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestKnownAddresses: the addresses of the key 1 (public key G) that
// Bitcoin's documents and tools print: its P2PKH addresses (compressed and
// uncompressed), the P2WPKH address of BIP-173, the P2WSH address of
// BIP-173 for the script <G> OP_CHECKSIG, and the P2TR address of BIP-350
// whose output key is G.
func TestKnownAddresses(t *testing.T) {
	pub := keyOne(t).PublicKey()
	xG, _ := pub.XOnly()
	script := append(append([]byte{33}, pub.BytesCompressed()...), 0xac)
	for _, c := range []struct {
		name string
		make func() (*address.Address, error)
		want string
		typ  address.Type
	}{
		{"P2PKH", func() (*address.Address, error) { return address.P2PKH(pub, address.Mainnet) }, "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", address.TypeP2PKH},
		{"P2PKHUncompressed", func() (*address.Address, error) { return address.P2PKHUncompressed(pub, address.Mainnet) }, "1EHNa6Q4Jz2uvNExL497mE43ikXhwF6kZm", address.TypeP2PKH},
		{"P2WPKH", func() (*address.Address, error) { return address.P2WPKH(pub, address.Mainnet) }, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", address.TypeP2WPKH},
		{"P2WSH", func() (*address.Address, error) { return address.P2WSH(script, address.Testnet) }, "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", address.TypeP2WSH},
		{"P2TR", func() (*address.Address, error) { return address.P2TR(xG, address.Mainnet) }, "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", address.TypeP2TR},
	} {
		a, err := c.make()
		if err != nil || a.String() != c.want || a.Type() != c.typ {
			t.Errorf("%s = %v (%v), %v; want %s (%v)", c.name, a, a.Type(), err, c.want, c.typ)
		}
	}
}

// refScript builds a scriptPubKey by hand, from the templates of BIP-16,
// BIP-141 and BIP-341.
func refScript(typ address.Type, version int, program []byte) []byte {
	switch typ {
	case address.TypeP2PKH:
		return append(append([]byte{0x76, 0xa9, 0x14}, program...), 0x88, 0xac)
	case address.TypeP2SH:
		return append(append([]byte{0xa9, 0x14}, program...), 0x87)
	}
	op := byte(0)
	if version > 0 {
		op = byte(0x50 + version)
	}
	return append([]byte{op, byte(len(program))}, program...)
}

// prefixes of the addresses of each network: Base58 P2PKH, Base58 P2SH,
// bech32.
var prefixes = map[address.Network][3]string{
	address.Mainnet: {"1", "3", "bc1"},
	address.Testnet: {"mn", "2", "tb1"},
	address.Signet:  {"mn", "2", "tb1"},
	address.Regtest: {"mn", "2", "bcrt1"},
}

// TestRoundTrip: random programs of every type, witness version and length
// on every network: the address has the network's prefix and the
// hand-built scriptPubKey, and comes back from Decode and from
// FromScriptPubKey.
func TestRoundTrip(t *testing.T) {
	rng := testutil.Rand(t)
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	check := func(a *address.Address, err error, typ address.Type, version int, program []byte, net address.Network) {
		t.Helper()
		if err != nil {
			t.Fatalf("%v %d %x %v: %v", typ, version, program, net, err)
		}
		if a.Type() != typ || a.Network() != net || a.WitnessVersion() != version || !bytes.Equal(a.Program(), program) {
			t.Fatalf("%v: type %v, network %v, version %d, program %x; want %v %v %d %x", a, a.Type(), a.Network(), a.WitnessVersion(), a.Program(), typ, net, version, program)
		}
		s := a.String()
		p := prefixes[net]
		switch {
		case typ == address.TypeP2PKH && !strings.ContainsRune(p[0], rune(s[0])),
			typ == address.TypeP2SH && !strings.HasPrefix(s, p[1]),
			version >= 0 && !strings.HasPrefix(s, p[2]+string("qpzry9x8gf2tvdw0s3jn54khce6mua7l"[version])):
			t.Fatalf("%s: not a %v %v address", s, net, typ)
		}
		script, err := a.ScriptPubKey()
		if err != nil || !bytes.Equal(script, refScript(typ, version, program)) {
			t.Fatalf("%s: scriptPubKey %x, %v", s, script, err)
		}
		if b, err := address.Decode(s, net); err != nil || !b.Equal(a) {
			t.Fatalf("Decode(%s) = %v, %v", s, b, err)
		}
		if b, err := address.FromScriptPubKey(script, net); err != nil || !b.Equal(a) {
			t.Fatalf("FromScriptPubKey(%x) = %v, %v", script, b, err)
		}
	}
	for _, net := range allNets {
		for range testutil.Iters(4, 32) {
			for _, typ := range []address.Type{address.TypeP2PKH, address.TypeP2SH, address.TypeP2WPKH, address.TypeP2WSH, address.TypeP2TR} {
				n, version := 20, -1
				switch typ {
				case address.TypeP2WPKH:
					version = 0
				case address.TypeP2WSH:
					n, version = 32, 0
				case address.TypeP2TR:
					n, version = 32, 1
				}
				prog := random(n)
				a, err := address.New(typ, prog, net)
				check(a, err, typ, version, prog, net)
			}
		}
		for version := 0; version <= 16; version++ {
			for n := 2; n <= 40; n++ {
				if version == 0 && n != 20 && n != 32 {
					continue
				}
				typ := address.TypeWitnessUnknown
				switch {
				case version == 0 && n == 20:
					typ = address.TypeP2WPKH
				case version == 0:
					typ = address.TypeP2WSH
				case version == 1 && n == 32:
					typ = address.TypeP2TR
				}
				prog := random(n)
				a, err := address.NewWitness(version, prog, net)
				check(a, err, typ, version, prog, net)
			}
		}
	}
}

// TestFromKeys checks the key constructors against the hashes computed
// here: HASH160 of the compressed and uncompressed encodings, the BIP-49
// redeem script, SHA-256 of a witness script, the x-only output key.
func TestFromKeys(t *testing.T) {
	rng := testutil.Rand(t)
	for range testutil.Iters(8, 64) {
		var b [32]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		priv, err := secp256k1.NewPrivateKey(b[:])
		if err != nil {
			continue
		}
		pub := priv.PublicKey()
		for _, net := range allNets {
			hc := ripemd160.Hash160(pub.BytesCompressed())
			hu := ripemd160.Hash160(pub.BytesUncompressed())
			redeem := append([]byte{0, 20}, hc[:]...)
			hs := ripemd160.Hash160(redeem)
			ws := sha256.Sum256(redeem)
			x, _ := pub.XOnly()
			for _, c := range []struct {
				f    func(*secp256k1.PublicKey, address.Network) (*address.Address, error)
				typ  address.Type
				prog []byte
			}{
				{address.P2PKH, address.TypeP2PKH, hc[:]},
				{address.P2PKHUncompressed, address.TypeP2PKH, hu[:]},
				{address.P2SHP2WPKH, address.TypeP2SH, hs[:]},
				{address.P2WPKH, address.TypeP2WPKH, hc[:]},
			} {
				a, err := c.f(pub, net)
				if err != nil || a.Type() != c.typ || !bytes.Equal(a.Program(), c.prog) {
					t.Fatalf("%v %v: %v %x, %v; want %x", c.typ, net, a.Type(), a.Program(), err, c.prog)
				}
			}
			if a, err := address.P2WSH(redeem, net); err != nil || a.Type() != address.TypeP2WSH || !bytes.Equal(a.Program(), ws[:]) {
				t.Fatalf("P2WSH: %v %x, %v", a.Type(), a.Program(), err)
			}
			if a, err := address.P2TR(x, net); err != nil || a.Type() != address.TypeP2TR || !bytes.Equal(a.Program(), x.Bytes()) {
				t.Fatalf("P2TR: %v %x, %v", a.Type(), a.Program(), err)
			}
		}
	}
}

// TestWrongNetwork: an address of another network fails with
// ErrWrongNetwork naming the networks it is for; one whose encoding the
// networks share decodes for each of them.
func TestWrongNetwork(t *testing.T) {
	for _, c := range []struct {
		s     string
		ok    []address.Network
		names string
	}{
		{"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", []address.Network{address.Mainnet}, "mainnet"},
		{"1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", []address.Network{address.Mainnet}, "mainnet"},
		{"tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", []address.Network{address.Testnet, address.Signet}, "testnet or signet"},
		{"mzK2FFDEhxqHcmrJw1ysqFkVyhUULo45hZ", []address.Network{address.Testnet, address.Signet, address.Regtest}, "testnet, signet or regtest"},
		{"2NC2hEhe28ULKAJkW5MjZ3jtTMJdvXmByvK", []address.Network{address.Testnet, address.Signet, address.Regtest}, "testnet, signet or regtest"},
		{"bcrt1qdavt4j2sd7dlhqsavtnfxvzppw6k7qy97tmnu9", []address.Network{address.Regtest}, "regtest"},
	} {
		for _, net := range allNets {
			a, err := address.Decode(c.s, net)
			if contains(c.ok, net) {
				if err != nil || a.Network() != net || a.String() != c.s {
					t.Errorf("Decode(%s, %v) = %v (%v), %v", c.s, net, a, a.Network(), err)
				}
				continue
			}
			if a != nil || !errors.Is(err, address.ErrWrongNetwork) || !errors.Is(err, address.ErrInvalidAddress) ||
				!strings.Contains(err.Error(), "for "+c.names+", not "+net.String()) {
				t.Errorf("Decode(%s, %v) = %v, %v; want ErrWrongNetwork naming %s", c.s, net, a, err, c.names)
			}
		}
	}
}

func contains(nets []address.Network, n address.Network) bool {
	for _, m := range nets {
		if m == n {
			return true
		}
	}
	return false
}

// TestDecodeRejects: Base58Check strings that are not addresses (payload
// length, version byte), other corruptions, and their errors.
func TestDecodeRejects(t *testing.T) {
	h := bytes.Repeat([]byte{0x42}, 20)
	b58 := func(version byte, payload []byte) string {
		return base58.CheckEncode(append([]byte{version}, payload...))
	}
	good := b58(0x00, h)
	if a, err := address.Decode(good, address.Mainnet); err != nil || a.Type() != address.TypeP2PKH {
		t.Fatalf("Decode(%s) = %v, %v", good, a, err)
	}
	for _, c := range []struct{ s, why string }{
		{b58(0x00, h[:19]), "payload of 20 bytes"},
		{b58(0x00, append(h, 0)), "payload of 22 bytes"},
		{b58(0x30, h), "Litecoin's P2PKH version byte"},
		{b58(0x80, h), "the WIF version byte"},
		{good[:len(good)-1], "a character missing"},
		{good + "1", "a character added"},
		{strings.Replace(good, good[5:6], "0", 1), "a character outside the alphabet"},
		{" " + good, "a leading space"},
		{good + "\n", "a trailing newline"},
		{strings.Repeat("1", 36), "36 characters"},
		{"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3T4", "mixed case"},
		{"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "bad checksum"},
		{"BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4 ", "a trailing space"},
		{"", "the empty string"},
	} {
		for _, net := range allNets {
			if a, err := address.Decode(c.s, net); a != nil || !errors.Is(err, address.ErrInvalidAddress) || errors.Is(err, address.ErrWrongNetwork) {
				t.Errorf("Decode(%q, %v) (%s) = %v, %v", c.s, net, c.why, a, err)
			}
		}
	}
}

// TestFromScriptPubKeyRejects: scripts that have no address.
func TestFromScriptPubKeyRejects(t *testing.T) {
	pub := keyOne(t).PublicKey()
	h := bytes.Repeat([]byte{7}, 20)
	for _, c := range []struct{ script, why string }{
		{"", "empty"},
		{"21" + hex.EncodeToString(pub.BytesCompressed()) + "ac", "P2PK"},
		{"5121" + hex.EncodeToString(pub.BytesCompressed()) + "51ae", "bare 1-of-1 multisig"},
		{"6a0401020304", "OP_RETURN"},
		{"0015" + hex.EncodeToString(h) + "00", "version 0, 21 bytes"},
		{"0013" + hex.EncodeToString(h[:19]), "version 0, 19 bytes"},
		{"5101ff", "version 1, 1 byte"},
		{"5129" + strings.Repeat("00", 41), "version 1, 41 bytes"},
		{"0014" + hex.EncodeToString(h) + "00", "push shorter than the script"},
		{"4f14" + hex.EncodeToString(h), "OP_1NEGATE as a version"},
		{"6114" + hex.EncodeToString(h), "OP_NOP as a version"},
		{"76a915" + hex.EncodeToString(h) + "0088ac", "P2PKH pushing 21 bytes"},
		{"76a914" + hex.EncodeToString(h) + "88ad", "P2PKH with OP_CHECKSIGVERIFY"},
		{"a914" + hex.EncodeToString(h) + "88", "P2SH with OP_EQUALVERIFY"},
		{"a914" + hex.EncodeToString(h) + "8700", "P2SH with a byte after"},
	} {
		s := testutil.MustHex(t, c.script)
		if a, err := address.FromScriptPubKey(s, address.Mainnet); a != nil || !errors.Is(err, address.ErrInvalidScript) {
			t.Errorf("FromScriptPubKey(%s) (%s) = %v, %v", c.script, c.why, a, err)
		}
	}
}

// TestScriptLimits: the largest scripts that can be spent are accepted,
// one byte more is not.
func TestScriptLimits(t *testing.T) {
	for _, c := range []struct {
		f   func([]byte, address.Network) (*address.Address, error)
		max int
	}{{address.P2SH, 520}, {address.P2WSH, 10000}} {
		if _, err := c.f(make([]byte, c.max), address.Mainnet); err != nil {
			t.Errorf("%d-byte script: %v", c.max, err)
		}
		if a, err := c.f(make([]byte, c.max+1), address.Mainnet); a != nil || !errors.Is(err, address.ErrInvalidScript) {
			t.Errorf("%d-byte script = %v, %v", c.max+1, a, err)
		}
	}
}

func TestStrings(t *testing.T) {
	for v, want := range map[any]string{
		address.Mainnet: "mainnet", address.Testnet: "testnet", address.Signet: "signet", address.Regtest: "regtest",
		address.Network(0): "Network(0)", address.Network(5): "Network(5)",
		address.TypeP2PKH: "p2pkh", address.TypeP2SH: "p2sh", address.TypeP2WPKH: "p2wpkh", address.TypeP2WSH: "p2wsh",
		address.TypeP2TR: "p2tr", address.TypeWitnessUnknown: "witness_unknown", address.Type(0): "Type(0)", address.Type(7): "Type(7)",
	} {
		if got := v.(interface{ String() string }).String(); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
}
