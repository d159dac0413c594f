// Package providers holds the secp256k1 implementations secp256k1-bench
// compares, each behind harness.Provider.
package providers

import (
	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// All returns every built-in provider in report order. The native anchor
// is added by the command when --native is given.
func All() []h.Provider {
	return []h.Provider{P256k1{}, Signer{}, Libsecp{}, Geth{}, Decred{}, Btcec{}}
}

// Verifiers returns the reference chain for the correctness gate:
// libsecp256k1 when present, else p256k1 (itself gated against the
// decred/btcec-generated dataset), else decred and btcec.
func Verifiers() []h.Provider {
	return []h.Provider{Libsecp{}, P256k1{}, Decred{}, Btcec{}}
}
