package address_test

import (
	"errors"
	"testing"

	"github.com/p256k1/secp256k1"
	"github.com/p256k1/secp256k1/address"
	"github.com/p256k1/secp256k1/internal/testutil"
)

// The misuse table of package address: every exported function and method
// with nil and zero-value inputs and networks that are not networks. None
// may panic or return a value with an error. TestMisuseTableComplete
// fails when an exported function has no entry.

var badNets = []address.Network{0, address.Regtest + 1, 255}

func badAddrs() []*address.Address { return []*address.Address{nil, new(address.Address)} }

func misuseTable() map[string]func(t *testing.T) {
	badPubs := []*secp256k1.PublicKey{nil, new(secp256k1.PublicKey)}
	good := func(t *testing.T) (*secp256k1.PublicKey, *address.Address) {
		pub := keyOne(t).PublicKey()
		a, err := address.P2WPKH(pub, address.Mainnet)
		if err != nil {
			t.Fatal(err)
		}
		return pub, a
	}
	// keyFunc checks a constructor from a public key.
	keyFunc := func(f func(*secp256k1.PublicKey, address.Network) (*address.Address, error)) func(t *testing.T) {
		return func(t *testing.T) {
			for _, k := range badPubs {
				if a, err := f(k, address.Mainnet); a != nil || !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
					t.Errorf("bad key: %v, %v", a, err)
				}
			}
			pub, _ := good(t)
			for _, n := range badNets {
				if a, err := f(pub, n); a != nil || !errors.Is(err, address.ErrInvalidNetwork) {
					t.Errorf("network %v: %v, %v", n, a, err)
				}
			}
		}
	}
	// scriptFunc checks a constructor from a script.
	scriptFunc := func(f func([]byte, address.Network) (*address.Address, error)) func(t *testing.T) {
		return func(t *testing.T) {
			for _, s := range [][]byte{nil, {}} {
				if a, err := f(s, address.Mainnet); a != nil || !errors.Is(err, address.ErrInvalidScript) {
					t.Errorf("empty script: %v, %v", a, err)
				}
			}
			for _, n := range badNets {
				if a, err := f([]byte{0x51}, n); a != nil || !errors.Is(err, address.ErrInvalidNetwork) {
					t.Errorf("network %v: %v, %v", n, a, err)
				}
			}
		}
	}
	return map[string]func(t *testing.T){
		"address.P2PKH":             keyFunc(address.P2PKH),
		"address.P2PKHUncompressed": keyFunc(address.P2PKHUncompressed),
		"address.P2SHP2WPKH":        keyFunc(address.P2SHP2WPKH),
		"address.P2WPKH":            keyFunc(address.P2WPKH),
		"address.P2SH":              scriptFunc(address.P2SH),
		"address.P2WSH":             scriptFunc(address.P2WSH),
		"address.P2TR": func(t *testing.T) {
			for _, x := range []*secp256k1.XOnlyPublicKey{nil, new(secp256k1.XOnlyPublicKey)} {
				if a, err := address.P2TR(x, address.Mainnet); a != nil || !errors.Is(err, secp256k1.ErrInvalidPublicKey) {
					t.Errorf("P2TR(bad key) = %v, %v", a, err)
				}
			}
			pub, _ := good(t)
			x, _ := pub.XOnly()
			for _, n := range badNets {
				if a, err := address.P2TR(x, n); a != nil || !errors.Is(err, address.ErrInvalidNetwork) {
					t.Errorf("P2TR(network %v) = %v, %v", n, a, err)
				}
			}
		},
		"address.New": func(t *testing.T) {
			for _, typ := range []address.Type{0, address.TypeWitnessUnknown, address.TypeWitnessUnknown + 1, 255} {
				if a, err := address.New(typ, make([]byte, 20), address.Mainnet); a != nil || !errors.Is(err, address.ErrInvalidType) {
					t.Errorf("New(%v) = %v, %v", typ, a, err)
				}
			}
			sizes := map[address.Type]int{address.TypeP2PKH: 20, address.TypeP2SH: 20, address.TypeP2WPKH: 20, address.TypeP2WSH: 32, address.TypeP2TR: 32}
			for typ, size := range sizes {
				for _, p := range [][]byte{nil, {}, make([]byte, size-1), make([]byte, size+1)} {
					if a, err := address.New(typ, p, address.Mainnet); a != nil || !errors.Is(err, address.ErrInvalidAddress) {
						t.Errorf("New(%v, %d bytes) = %v, %v", typ, len(p), a, err)
					}
				}
				for _, n := range badNets {
					if a, err := address.New(typ, make([]byte, size), n); a != nil || !errors.Is(err, address.ErrInvalidNetwork) {
						t.Errorf("New(%v, network %v) = %v, %v", typ, n, a, err)
					}
				}
			}
		},
		"address.NewWitness": func(t *testing.T) {
			for _, v := range []int{-1, 17, 256} {
				if a, err := address.NewWitness(v, make([]byte, 32), address.Mainnet); a != nil || !errors.Is(err, address.ErrInvalidAddress) {
					t.Errorf("NewWitness(%d) = %v, %v", v, a, err)
				}
			}
			for _, p := range [][]byte{nil, {}, {1}, make([]byte, 41)} {
				if a, err := address.NewWitness(1, p, address.Mainnet); a != nil || !errors.Is(err, address.ErrInvalidAddress) {
					t.Errorf("NewWitness(1, %d bytes) = %v, %v", len(p), a, err)
				}
			}
			for _, n := range badNets {
				if a, err := address.NewWitness(1, make([]byte, 32), n); a != nil || !errors.Is(err, address.ErrInvalidNetwork) {
					t.Errorf("NewWitness(network %v) = %v, %v", n, a, err)
				}
			}
		},
		"address.Decode": func(t *testing.T) {
			_, a := good(t)
			for _, n := range badNets {
				if b, err := address.Decode(a.String(), n); b != nil || !errors.Is(err, address.ErrInvalidNetwork) {
					t.Errorf("Decode(network %v) = %v, %v", n, b, err)
				}
			}
			if b, err := address.Decode("", address.Mainnet); b != nil || !errors.Is(err, address.ErrInvalidAddress) {
				t.Errorf(`Decode("") = %v, %v`, b, err)
			}
		},
		"address.FromScriptPubKey": func(t *testing.T) {
			for _, s := range [][]byte{nil, {}} {
				if a, err := address.FromScriptPubKey(s, address.Mainnet); a != nil || !errors.Is(err, address.ErrInvalidScript) {
					t.Errorf("FromScriptPubKey(empty) = %v, %v", a, err)
				}
			}
			_, a := good(t)
			s, _ := a.ScriptPubKey()
			for _, n := range badNets {
				if b, err := address.FromScriptPubKey(s, n); b != nil || !errors.Is(err, address.ErrInvalidNetwork) {
					t.Errorf("FromScriptPubKey(network %v) = %v, %v", n, b, err)
				}
			}
		},
		"address.Network.String": func(t *testing.T) {
			for _, n := range badNets {
				if n.String() == "" {
					t.Errorf("Network(%d).String() is empty", uint8(n))
				}
			}
		},
		"address.Type.String": func(t *testing.T) {
			if address.Type(0).String() != "Type(0)" {
				t.Error(address.Type(0).String())
			}
		},
		"address.Address.Type": func(t *testing.T) {
			for _, a := range badAddrs() {
				if a.Type() != 0 {
					t.Errorf("Type = %v", a.Type())
				}
			}
		},
		"address.Address.Network": func(t *testing.T) {
			for _, a := range badAddrs() {
				if a.Network() != 0 {
					t.Errorf("Network = %v", a.Network())
				}
			}
		},
		"address.Address.Program": func(t *testing.T) {
			for _, a := range badAddrs() {
				if a.Program() != nil {
					t.Errorf("Program = %x", a.Program())
				}
			}
			// The program is a copy.
			_, a := good(t)
			before := a.String()
			a.Program()[0] ^= 1
			if a.String() != before {
				t.Error("changing Program's result changed the address")
			}
		},
		"address.Address.WitnessVersion": func(t *testing.T) {
			for _, a := range badAddrs() {
				if a.WitnessVersion() != -1 {
					t.Errorf("WitnessVersion = %d", a.WitnessVersion())
				}
			}
		},
		"address.Address.Equal": func(t *testing.T) {
			_, a := good(t)
			for _, x := range badAddrs() {
				for _, y := range badAddrs() {
					if x.Equal(y) || x.Equal(a) || a.Equal(x) {
						t.Errorf("Equal(%v, %v) or with a valid address is true", x, y)
					}
				}
			}
			if !a.Equal(a) {
				t.Error("a valid address is not Equal to itself")
			}
		},
		"address.Address.String": func(t *testing.T) {
			for _, a := range badAddrs() {
				if a.String() != "" {
					t.Errorf("String = %q", a.String())
				}
			}
		},
		"address.Address.ScriptPubKey": func(t *testing.T) {
			for _, a := range badAddrs() {
				if s, err := a.ScriptPubKey(); s != nil || !errors.Is(err, address.ErrInvalidAddress) {
					t.Errorf("ScriptPubKey = %x, %v", s, err)
				}
			}
		},
	}
}

func TestMisuse(t *testing.T) {
	testutil.RunMisuse(t, misuseTable())
}

func TestMisuseTableComplete(t *testing.T) {
	testutil.CheckMisuseTable(t, misuseTable(), ".")
}
