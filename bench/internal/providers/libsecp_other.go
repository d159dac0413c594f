//go:build !cgo || !unix

package providers

import (
	"errors"
	"io"

	h "github.com/p256k1/secp256k1/bench/internal/harness"
)

// LibsecpPath is accepted for flag compatibility; it has no effect here.
var LibsecpPath string

// LibsecpCacheDir is accepted for flag compatibility; it has no effect here.
var LibsecpCacheDir string

// BuildLog is accepted for compatibility; nothing is built here.
var BuildLog io.Writer

var errNoLibsecp = errors.New("needs cgo on a unix system (built without cgo, or dlopen unavailable)")

// Libsecp (libsecp256k1 0.8 in-process) is unavailable in this build.
type Libsecp struct{}

// Name implements harness.Provider.
func (Libsecp) Name() string { return "libsecp256k1" }

// Available implements harness.Provider.
func (Libsecp) Available() error { return errNoLibsecp }

// Info implements harness.Provider.
func (Libsecp) Info() h.Info {
	return h.Info{Library: "libsecp256k1 (in-process, compiled from secp256k1-sys 0.14.1)", Mode: "cgo, dlopen, C -O2"}
}

// Prepare implements harness.Provider.
func (Libsecp) Prepare(h.Case, *h.Dataset) (h.Op, error) { return nil, errNoLibsecp }

// SystemLibsecp is unavailable in this build.
type SystemLibsecp struct{}

// Name implements harness.Provider.
func (SystemLibsecp) Name() string { return SystemLibsecpAlias }

// Available implements harness.Provider.
func (SystemLibsecp) Available() error { return errNoLibsecp }

// Info implements harness.Provider.
func (SystemLibsecp) Info() h.Info {
	return h.Info{Library: "libsecp256k1 (system shared library)", Mode: "cgo, dlopen"}
}

// Prepare implements harness.Provider.
func (SystemLibsecp) Prepare(h.Case, *h.Dataset) (h.Op, error) { return nil, errNoLibsecp }

// LibsecpRef is a libsecp256k1 copy for the differential tests; none can
// be loaded in this build.
type LibsecpRef struct{ name string }

// LibsecpRefs returns the two copies, both unavailable in this build.
func LibsecpRefs() []*LibsecpRef {
	return []*LibsecpRef{{"libsecp256k1"}, {SystemLibsecpAlias}}
}

// Name is the provider name of the library.
func (r *LibsecpRef) Name() string { return r.name }

// Version is empty in this build.
func (r *LibsecpRef) Version() string { return "" }

// Err says why the library is not loaded.
func (r *LibsecpRef) Err() error { return errNoLibsecp }

// Schnorr reports false in this build.
func (r *LibsecpRef) Schnorr() bool { return false }

// HasECDH reports false in this build.
func (r *LibsecpRef) HasECDH() bool { return false }

// ParseDER is unavailable in this build.
func (r *LibsecpRef) ParseDER([]byte) ([64]byte, bool) { return [64]byte{}, false }

// ParsePubkey is unavailable in this build.
func (r *LibsecpRef) ParsePubkey([]byte) ([33]byte, [65]byte, bool) {
	return [33]byte{}, [65]byte{}, false
}

// VerifyDER is unavailable in this build.
func (r *LibsecpRef) VerifyDER(der, pub, hash []byte) bool { return false }

// VerifyCompact is unavailable in this build.
func (r *LibsecpRef) VerifyCompact(sig, pub, hash []byte) bool { return false }

// SchnorrVerify is unavailable in this build.
func (r *LibsecpRef) SchnorrVerify(x32, msg, sig []byte) (valid, ok bool) { return false, false }

// ParseXOnly is unavailable in this build.
func (r *LibsecpRef) ParseXOnly([]byte) bool { return false }

// ECDH is unavailable in this build.
func (r *LibsecpRef) ECDH(sk, pub []byte) (x, hashed [32]byte, ok bool) { return x, hashed, false }

// PubkeyTweakAdd is unavailable in this build.
func (r *LibsecpRef) PubkeyTweakAdd(pub, tweak []byte) ([33]byte, bool) { return [33]byte{}, false }

// XOnlyTweakAdd is unavailable in this build.
func (r *LibsecpRef) XOnlyTweakAdd(x32, tweak []byte) ([33]byte, bool) { return [33]byte{}, false }
