//go:build !cgo || !unix

package providers

import (
	"errors"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// LibsecpPath is accepted for flag compatibility; it has no effect here.
var LibsecpPath string

var errNoLibsecp = errors.New("needs cgo on a unix system (built without cgo, or dlopen unavailable)")

// Libsecp is unavailable in this build.
type Libsecp struct{}

// Name implements harness.Provider.
func (Libsecp) Name() string { return "libsecp256k1" }

// Available implements harness.Provider.
func (Libsecp) Available() error { return errNoLibsecp }

// Info implements harness.Provider.
func (Libsecp) Info() h.Info {
	return h.Info{Library: "libsecp256k1 (system shared library)", Mode: "cgo, dlopen"}
}

// Prepare implements harness.Provider.
func (Libsecp) Prepare(h.Case, *h.Dataset) (h.Op, error) { return nil, errNoLibsecp }

// LibsecpParseDER is unavailable in this build.
func LibsecpParseDER([]byte) ([64]byte, bool) { return [64]byte{}, false }

// LibsecpParsePubkey is unavailable in this build.
func LibsecpParsePubkey([]byte) ([33]byte, [65]byte, bool) { return [33]byte{}, [65]byte{}, false }

// LibsecpVerifyDER is unavailable in this build.
func LibsecpVerifyDER(der, pub, hash []byte) bool { return false }

// LibsecpVerifyCompact is unavailable in this build.
func LibsecpVerifyCompact(sig, pub, hash []byte) bool { return false }

// LibsecpSchnorrVerify is unavailable in this build.
func LibsecpSchnorrVerify(x32, msg, sig []byte) (valid, ok bool) { return false, false }

// LibsecpECDH is unavailable in this build.
func LibsecpECDH(sk, pub []byte) (x, hashed [32]byte, ok bool) { return x, hashed, false }

// LibsecpParseXOnly is unavailable in this build.
func LibsecpParseXOnly([]byte) bool { return false }

// LibsecpAvailable reports that libsecp256k1 is not available in this build.
func LibsecpAvailable() (ok, schnorr, ecdh bool) { return false, false, false }
