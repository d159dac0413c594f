package ecdsasign

import (
	"github.com/p256k1/secp256k1/internal/hmacsha256"
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

// maxTail is the longest HMAC input after V: a separator byte
// followed by the key material seckey32 ‖ msg32 ‖ data32 ‖ algo16.
const maxTail = 1 + 32 + 32 + 32 + 16

// Nonce sets out to the nonce candidate number counter (counting from
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
func Nonce(out *[32]byte, key, msg *[32]byte, extra *[32]byte, counter uint32) {
	// t holds the HMAC tail 0x00/0x01 ‖ key ‖ msg mod n ‖ extra.
	var t [maxTail]byte
	copy(t[1:33], key[:])
	ReduceOrder((*[32]byte)(t[33:65]), msg)
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
	hmacsha256.Sum(&k, k[:], v[:], t[:tlen])
	hmacsha256.Sum(&v, k[:], v[:], nil)
	// 3.2.f and g.
	t[0] = 0x01
	hmacsha256.Sum(&k, k[:], v[:], t[:tlen])
	hmacsha256.Sum(&v, k[:], v[:], nil)

	// 3.2.h: one generate call per attempt.
	zero := [1]byte{0x00}
	for i := uint32(0); ; i++ {
		if i > 0 {
			// secp256k1_rfc6979_hmac_sha256_generate with retry set.
			hmacsha256.Sum(&k, k[:], v[:], zero[:])
			hmacsha256.Sum(&v, k[:], v[:], nil)
		}
		hmacsha256.Sum(&v, k[:], v[:], nil)
		if i == counter {
			break
		}
	}
	*out = v

	clear(t[:])
	clear(k[:])
	clear(v[:])
}

// ReduceOrder sets out = x mod n for a 32-byte big-endian x, in
// constant time. out may alias x.
func ReduceOrder(out, x *[32]byte) {
	var v scalar.Scalar
	v.SetBytes(x)
	v.PutBytes(out)
}
