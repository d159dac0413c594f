//go:build !cgo

package providers

import (
	"errors"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// Geth is unavailable without cgo: go-ethereum's crypto/secp256k1 is a cgo
// package.
type Geth struct{}

// Name implements harness.Provider.
func (Geth) Name() string { return "geth" }

// Available implements harness.Provider.
func (Geth) Available() error {
	return errors.New("built without cgo (CGO_ENABLED=0 or no C compiler); go-ethereum's crypto/secp256k1 needs cgo")
}

// Info implements harness.Provider.
func (Geth) Info() h.Info {
	return h.Info{Library: "go-ethereum crypto/secp256k1", Module: "github.com/ethereum/go-ethereum/crypto/secp256k1", Mode: "cgo"}
}

// Prepare implements harness.Provider.
func (Geth) Prepare(h.Case, *h.Dataset) (h.Op, error) { return nil, Geth{}.Available() }
