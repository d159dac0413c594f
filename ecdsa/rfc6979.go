package ecdsa

import (
	"crypto/sha256"

	"github.com/p256k1/secp256k1/internal/scalar"
)

// Deterministic nonces (RFC 6979 section 3.2 with HMAC-SHA256), computed
// exactly as libsecp256k1's default nonce function nonce_function_rfc6979
// (src/secp256k1.c) with its secp256k1_rfc6979_hmac_sha256_* generator
// (src/hash_impl.h).
//
// Everything here handles the secret key and the nonce, so it runs in
// constant time (SHA-256 itself is constant time) and keeps its intermediate
// state in fixed-size stack buffers that are cleared before returning. It
// allocates nothing.

// rfc6979MaxTail is the longest tail rfc6979HMAC accepts: a separator byte
// followed by the key material seckey32 ‖ msg32 ‖ data32 ‖ algo16.
const rfc6979MaxTail = 1 + 32 + 32 + 32 + 16

// nonceRFC6979 sets out to the nonce candidate number counter (counting from
// 0) for the secret key key and the message hash msg, both 32-byte
// big-endian, with optional 32 bytes of additional data extra (RFC 6979
// section 3.6; libsecp256k1's ndata). It is byte-identical to libsecp256k1's
// nonce_function_rfc6979(out, msg, key, NULL, extra, counter):
//
//   - the key material is key ‖ (msg mod n) ‖ extra (if non-nil); the
//     algorithm tag that libsecp256k1 allows is always NULL for ECDSA;
//   - the HMAC-DRBG is instantiated as in RFC 6979 steps 3.2.b–f;
//   - counter+1 blocks of 32 bytes are generated, the generator being
//     reseeded (K = HMAC_K(V ‖ 0x00), V = HMAC_K(V), RFC 6979 step h.3)
//     before every block but the first, and the last block is the nonce.
//
// The caller retries with counter+1 when the result is zero or not below n
// (or when signing fails otherwise), which continues RFC 6979 step h exactly.
// key is used as given; the caller must have checked that it is in [1, n).
// Reducing msg modulo n is what RFC 6979's bits2octets does for a 256-bit
// hash, and what libsecp256k1 does (it feeds msgmod32 to the generator).
//
// out may alias key, msg or extra.
func nonceRFC6979(out *[32]byte, key, msg *[32]byte, extra *[32]byte, counter uint32) {
	// t holds the HMAC tail 0x00/0x01 ‖ key ‖ msg mod n ‖ extra.
	var t [rfc6979MaxTail]byte
	copy(t[1:33], key[:])
	rfc6979ReduceOrder((*[32]byte)(t[33:65]), msg)
	tlen := 65
	if extra != nil {
		copy(t[65:97], extra[:])
		tlen = 97
	}

	var k, v [32]byte
	// RFC 6979 3.2.b and c.
	for i := range v {
		v[i] = 0x01
	}
	// 3.2.d and e.
	t[0] = 0x00
	rfc6979HMAC(&k, &k, &v, t[:tlen])
	rfc6979HMAC(&v, &k, &v, nil)
	// 3.2.f and g.
	t[0] = 0x01
	rfc6979HMAC(&k, &k, &v, t[:tlen])
	rfc6979HMAC(&v, &k, &v, nil)

	// 3.2.h: one generate call per attempt.
	zero := [1]byte{0x00}
	for i := uint32(0); ; i++ {
		if i > 0 {
			// secp256k1_rfc6979_hmac_sha256_generate with retry set.
			rfc6979HMAC(&k, &k, &v, zero[:])
			rfc6979HMAC(&v, &k, &v, nil)
		}
		rfc6979HMAC(&v, &k, &v, nil)
		if i == counter {
			break
		}
	}
	*out = v

	clear(t[:])
	clear(k[:])
	clear(v[:])
}

// rfc6979HMAC sets out = HMAC-SHA256(key, v ‖ tail), where tail holds at most
// rfc6979MaxTail bytes. out may alias key or v.
//
// It hashes fixed-size stack buffers with sha256.Sum256, which keeps the
// computation free of heap allocations (a hash.Hash from sha256.New would
// escape). The ipad block is rehashed on every call; the nonce function makes
// few enough calls that caching midstates is not worth it.
func rfc6979HMAC(out, key, v *[32]byte, tail []byte) {
	if len(tail) > rfc6979MaxTail {
		panic("secp256k1: internal error: HMAC tail too long")
	}
	// Inner hash: SHA256((key ⊕ ipad) ‖ v ‖ tail), with the 32-byte key
	// zero-padded to the 64-byte block.
	var in [64 + 32 + rfc6979MaxTail]byte
	for i := range 32 {
		in[i] = key[i] ^ 0x36
	}
	for i := 32; i < 64; i++ {
		in[i] = 0x36
	}
	copy(in[64:96], v[:])
	n := 96 + copy(in[96:], tail)
	inner := sha256.Sum256(in[:n])

	// Outer hash: SHA256((key ⊕ opad) ‖ inner).
	var o [64 + 32]byte
	for i := range 32 {
		o[i] = key[i] ^ 0x5c
	}
	for i := 32; i < 64; i++ {
		o[i] = 0x5c
	}
	copy(o[64:], inner[:])
	*out = sha256.Sum256(o[:])

	clear(in[:])
	clear(inner[:])
	clear(o[:])
}

// rfc6979ReduceOrder sets out = x mod n for a 32-byte big-endian x, in
// constant time. out may alias x.
func rfc6979ReduceOrder(out, x *[32]byte) {
	var v scalar.Scalar
	v.SetBytes(x)
	v.PutBytes(out)
}
