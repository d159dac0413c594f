// Package difftest holds differential fuzz targets that compare p256k1 with
// decred dcrec/secp256k1, btcec/v2 and, where the system library can be
// loaded, libsecp256k1 (the reference): ECDSA verification of mutated
// signatures, BIP-340 verification, public-key parsing, strict DER parsing
// and ECDH; differential tests of the recoverable formats against
// go-ethereum's crypto package (Ethereum's r||s||v; cgo or, with
// CGO_ENABLED=0, its decred backend) and btcec (BIP-137), and of the
// crypto/elliptic bridge against go-ethereum's S256 and ECIES
// (formats_test.go); and BIP-32 derivation and extended-key parsing against
// btcutil's hdkeychain (hdkeychain_test.go). The *_libsecp_test.go and
// sequence_*_test.go files compare every operation and parser the library
// shares with libsecp256k1 0.8, and every API that keeps memory between
// calls (driven through sequences of calls), with libsecp256k1 0.8 alone
// (bench/README.md lists them; bench/fuzz-long.sh runs them for hours).
// They live in the bench module so that the library module keeps zero
// dependencies.
//
// Each target runs on its seed corpus with go test, and fuzzes with
//
//	go test -run '^$' -fuzz '^FuzzECDSAVerify$' -fuzztime 3s ./bench/difftest
package difftest
