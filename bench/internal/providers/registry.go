// Package providers holds the secp256k1 implementations secp256k1-bench
// compares, each behind harness.Provider.
package providers

import (
	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// SystemLibsecpAlias is the name of the system libsecp256k1 provider when
// its version is unknown; --provider accepts it whatever the version.
const SystemLibsecpAlias = "libsecp256k1-system"

// All returns every built-in provider in report order. The native anchor
// is added by the command when --native is given.
func All() []h.Provider {
	return []h.Provider{P256k1{}, Signer{}, Libsecp{}, SystemLibsecp{}, Geth{}, Decred{}, Btcec{}}
}

// Verifiers returns the reference chain for the correctness gate:
// libsecp256k1 0.8 in-process when it can be built, else the system
// libsecp256k1, else p256k1 (itself gated against the decred/btcec-generated
// dataset), else decred and btcec.
func Verifiers() []h.Provider {
	return []h.Provider{Libsecp{}, SystemLibsecp{}, P256k1{}, Decred{}, Btcec{}}
}

// AutoBaseline is the preference order of --baseline auto: libsecp256k1
// 0.8 in-process (the reference), else the system libsecp256k1, else geth.
// Call it after setting LibsecpPath: the system provider's name carries the
// version it finds.
func AutoBaseline() []string {
	return []string{Libsecp{}.Name(), SystemLibsecp{}.Name(), "geth"}
}

// StaticNames lists the provider names without loading any library (for
// flag help): the system libsecp256k1 appears under its alias.
func StaticNames() []string {
	return []string{"p256k1", "p256k1-signer", "libsecp256k1", SystemLibsecpAlias, "geth", "decred", "btcec"}
}
