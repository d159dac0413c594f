//go:build cgo && !gofuzz

package crypto_test

// gethCgo says which backend go-ethereum's crypto package was built with in
// this test binary: libsecp256k1 through cgo (its default), whose error
// messages this package reproduces.
const gethCgo = true

const gethBackend = "go-ethereum cgo (libsecp256k1)"
