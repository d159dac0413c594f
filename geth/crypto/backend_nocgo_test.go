//go:build !cgo || gofuzz

package crypto_test

// gethCgo says which backend go-ethereum's crypto package was built with in
// this test binary: here its pure-Go backend (decred's secp256k1), whose
// error messages differ from the cgo backend's; results are compared, the
// messages only where both backends share them.
const gethCgo = false

const gethBackend = "go-ethereum nocgo (decred)"
