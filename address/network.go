package address

import (
	"fmt"
	"strings"
)

// Network is a Bitcoin network: it fixes the Base58 version bytes and the
// bech32 prefix of its addresses. The zero value is not a network, and
// every function rejects it with an error wrapping ErrInvalidNetwork.
type Network uint8

// The networks. Testnet, Signet and Regtest share the Base58 version bytes,
// and Testnet and Signet the bech32 prefix: their addresses are the same
// strings.
const (
	Mainnet Network = 1 + iota // "bc1…", P2PKH "1…" (0x00), P2SH "3…" (0x05)
	Testnet                    // testnet3 and testnet4: "tb1…", P2PKH "m…"/"n…" (0x6f), P2SH "2…" (0xc4)
	Signet                     // as Testnet
	Regtest                    // "bcrt1…", Base58 as Testnet
)

// netParams are a network's prefixes.
type netParams struct {
	name    string
	hrp     string // bech32 human-readable part
	pkh, sh byte   // Base58 version bytes
}

var networks = [...]netParams{
	Mainnet: {"mainnet", "bc", 0x00, 0x05},
	Testnet: {"testnet", "tb", 0x6f, 0xc4},
	Signet:  {"signet", "tb", 0x6f, 0xc4},
	Regtest: {"regtest", "bcrt", 0x6f, 0xc4},
}

// params returns n's prefixes, or nil if n is not a network.
func (n Network) params() *netParams {
	if n < Mainnet || n > Regtest {
		return nil
	}
	return &networks[n]
}

// check returns an error wrapping ErrInvalidNetwork if n is not a network.
func (n Network) check() error {
	if n.params() == nil {
		return fmt.Errorf("%w: %v", ErrInvalidNetwork, n)
	}
	return nil
}

// String returns "mainnet", "testnet", "signet" or "regtest", or
// "Network(n)" for a value that is not a network.
func (n Network) String() string {
	if p := n.params(); p != nil {
		return p.name
	}
	return fmt.Sprintf("Network(%d)", uint8(n))
}

// networksOf returns the names of the networks other than n for which s is
// a valid address ("testnet, signet or regtest"), or "" if there is none.
func networksOf(s string, n Network) string {
	var names []string
	for o := Mainnet; o <= Regtest; o++ {
		if o == n {
			continue
		}
		if _, err := decode(s, o); err == nil {
			names = append(names, o.String())
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
