package frost

import "github.com/p256k1/secp256k1/internal/scalar"

// SecretNonceFromBytesForTest builds a SecretNonce from BIP-445's 64-byte
// secnonce encoding k1 ‖ k2, not bound to a public share, for the test
// vectors only: the package has no way to load a secret nonce, so that one
// cannot be reused from storage. A k >= n is loaded as zero (rejected by
// Sign, as the BIP's "secnonce value is out of range").
func SecretNonceFromBytesForTest(b []byte) *SecretNonce {
	if len(b) != 64 {
		panic("secnonce must be 64 bytes")
	}
	st := new(secretNonceState)
	for i, k := range [2]*scalar.Scalar{&st.k1, &st.k2} {
		if k.SetCanonicalBytes((*[32]byte)(b[32*i:])) != 1 {
			k.Zero()
		}
	}
	return &SecretNonce{st: st}
}

// SecretNonceEqualForTest reports whether n holds BIP-445's 64-byte
// secnonce b, without consuming n.
func SecretNonceEqualForTest(n *SecretNonce, b []byte) bool {
	if n == nil || n.st == nil || len(b) != 64 {
		return false
	}
	k1, k2 := n.st.k1.Bytes(), n.st.k2.Bytes()
	return [32]byte(b[:32]) == k1 && [32]byte(b[32:]) == k2
}
