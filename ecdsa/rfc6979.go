package ecdsa

import "github.com/p256k1/secp256k1/internal/ecdsasign"

// nonceRFC6979 is internal/ecdsasign.Nonce, the RFC 6979 nonce candidate
// number counter for key and msg with optional extra data, byte-identical
// to libsecp256k1's nonce_function_rfc6979 (the tests of this package
// check it against the RFC 6979 and libsecp256k1 vectors).
func nonceRFC6979(out *[32]byte, key, msg *[32]byte, extra *[32]byte, counter uint32) {
	ecdsasign.Nonce(out, key, msg, extra, counter)
}

// rfc6979ReduceOrder is internal/ecdsasign.ReduceOrder: out = x mod n in
// constant time.
func rfc6979ReduceOrder(out, x *[32]byte) { ecdsasign.ReduceOrder(out, x) }
