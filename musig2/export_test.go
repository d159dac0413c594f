package musig2

import "github.com/p256k1/secp256k1/internal/scalar"

// SecretNonceFromBytesForTest builds a SecretNonce from BIP-327's 97-byte
// secnonce encoding k1 ‖ k2 ‖ pk, for the test vectors only: the package
// has no way to load a secret nonce, so that one cannot be reused from
// storage. A k >= n is loaded as zero (rejected by Sign, as the BIP's
// "secnonce value is out of range").
func SecretNonceFromBytesForTest(b []byte) *SecretNonce {
	if len(b) != 97 {
		panic("secnonce must be 97 bytes")
	}
	st := new(secretNonceState)
	for i, k := range [2]*scalar.Scalar{&st.k1, &st.k2} {
		if k.SetCanonicalBytes((*[32]byte)(b[32*i:])) != 1 {
			k.Zero()
		}
	}
	st.pk = [33]byte(b[64:])
	return &SecretNonce{st: st}
}

// SecretNonceEqualForTest reports whether n holds BIP-327's 97-byte
// secnonce b, without consuming n.
func SecretNonceEqualForTest(n *SecretNonce, b []byte) bool {
	if n == nil || n.st == nil || len(b) != 97 {
		return false
	}
	k1, k2 := n.st.k1.Bytes(), n.st.k2.Bytes()
	return [32]byte(b[:32]) == k1 && [32]byte(b[32:64]) == k2 && [33]byte(b[64:]) == n.st.pk
}
